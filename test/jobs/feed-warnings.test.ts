import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.js';
import { fixedClock } from '../../src/domain/clock.js';
import { IcalWorkers } from '../../src/ical/workers.js';
import { Worker } from '../../src/jobs/queue.js';
import { outboundPolicy } from '../../src/net/public-address.js';
import { FEED_IMPORT, feedImportKind } from '../../src/services/feed-import.js';
import { addFeed, listFeeds, refreshFeed } from '../../src/services/feeds.js';
import { createOwner } from '../../src/services/owners.js';
import type { Store } from '../../src/store/db.js';
import { ENGINES, openTestStore } from '../helpers/engines.js';
import { calendarText } from '../helpers/ical-text.js';
import { startHttpsServer, type TestHttpsServer } from '../helpers/https-server.js';
import { PATIENT_FETCH } from '../helpers/patience.js';

const T0 = '2026-10-20T00:30:00Z';

/**
 * A feed as the issue met them: one event's rule written `BYDAY= TU`, a line broken off its property,
 * an END nothing opened, a stray VERSION line after the calendar. Times in New York, across the
 * November change.
 */
const DAMAGED = calendarText([
  ['UID:standup@feed.test', 'DTSTART;TZID=America/New_York:20261027T090000', 'DTEND;TZID=America/New_York:20261027T093000', 'RRULE:FREQ=WEEKLY;BYDAY= TU;COUNT=2', 'X-APPLE-RADIUS=70.5'],
  ['UID:lunch@feed.test', 'DTSTART:20261029T160000Z', 'DTEND:20261029T170000Z'],
]).replace('END:VCALENDAR', 'END:VEVENT\r\nEND:VCALENDAR\r\nVERSION:2.0');

const BUSY = [
  ['2026-10-27T13:00:00.000Z', '2026-10-27T13:30:00.000Z'],
  ['2026-10-29T16:00:00.000Z', '2026-10-29T17:00:00.000Z'],
  ['2026-11-03T14:00:00.000Z', '2026-11-03T14:30:00.000Z'],
];

for (const engine of ENGINES) {
  describe(`a feed's warnings on ${engine}`, () => {
    let store: Store;
    let server: TestHttpsServer;
    let body = DAMAGED;
    const ical = new IcalWorkers();
    const clock = fixedClock(T0);
    const policy = outboundPolicy(loadConfig({ ALLOW_PRIVATE_HOSTS: 'localhost' }));
    const run = () => new Worker({ db: store.db, clock, id: 'feeds', kinds: { [FEED_IMPORT]: feedImportKind({ db: store.db, policy, ical, ca: server.ca, limits: PATIENT_FETCH }) } }).runOnce();
    const busyOf = async (feedId: string) =>
      (await store.db.selectFrom('imported_busy').select(['start_at', 'end_at']).where('feed_id', '=', feedId).orderBy('start_at').execute()).map((r) => [r.start_at.toISOString(), r.end_at.toISOString()]);

    before(async () => {
      store = await openTestStore(engine);
      server = await startHttpsServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/calendar' });
        res.end(body);
      });
    });
    after(async () => {
      await server?.close();
      await ical.close();
      await store?.close();
    });

    it('imports the busy time of every readable event, and shows the reading\'s warnings by line; an unreadable answer later keeps both', async () => {
      const owner = await createOwner(store.db, clock, { username: 'warned', displayName: 'Warned', timezone: 'America/New_York' });
      const feed = await addFeed(store.db, clock, policy, { ownerId: owner.id, url: server.url('localhost', '/damaged.ics') });
      assert.equal(await run(), 1);
      assert.deepEqual(await busyOf(feed.id), BUSY);
      const expected = [
        'line 9: "X-APPLE-RADIUS=70.5" skipped: it has no colon between name and value',
        'line 16: END:VEVENT skipped: no BEGIN:VEVENT is open',
        'line 18: VERSION skipped: it is outside any calendar',
      ];
      let [listed] = await listFeeds(store.db, owner.id);
      assert.deepEqual([listed!.lastError, listed!.lastWarnings], [null, expected]);

      body = '<!DOCTYPE html><html><body>Sign in</body></html>';
      await refreshFeed(store.db, clock, owner.id, feed.id);
      assert.equal(await run(), 1);
      [listed] = await listFeeds(store.db, owner.id);
      assert.equal(listed!.lastError, 'the address did not return an iCalendar file: it is a web page (HTML) or XML, not a calendar');
      assert.deepEqual(listed!.lastWarnings, expected, 'the last good reading\'s warnings stay');
      assert.deepEqual(await busyOf(feed.id), BUSY, 'and its busy time');
    });
  });
}
