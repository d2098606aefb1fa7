import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../src/config.js';
import { fixedClock } from '../../src/domain/clock.js';
import { createOwner } from '../../src/services/owners.js';
import { addFeed, listFeeds, refreshFeed, removeFeed } from '../../src/services/feeds.js';
import { ServiceError } from '../../src/domain/service-error.js';
import type { Store } from '../../src/store/db.js';
import { FEED_IMPORT, feedImportKind } from '../../src/services/feed-import.js';
import { outboundPolicy, type OutboundPolicy } from '../../src/net/public-address.js';
import { Worker } from '../../src/jobs/queue.js';
import { IcalWorkers } from '../../src/ical/workers.js';
import { ENGINES, openTestStore } from '../helpers/engines.js';
import { calendarText, series } from '../helpers/ical-text.js';
import { startHttpsServer, type TestHttpsServer } from '../helpers/https-server.js';
import { PATIENT_FETCH } from '../helpers/patience.js';

const T0 = '2026-03-29T00:30:00Z';
const MIN = 60_000;

/** An iCalendar file of UTC events; `transparent` ones block nothing. */
function ics(events: { start: string; end: string; transparent?: boolean; rrule?: string }[]): string {
  const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace('.000', '');
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//feed//EN'];
  events.forEach((e, i) => {
    lines.push('BEGIN:VEVENT', `UID:e${i}@feed.test`, `DTSTAMP:20260101T000000Z`, `DTSTART:${stamp(e.start)}`, `DTEND:${stamp(e.end)}`, 'SUMMARY:Private title');
    if (e.transparent) lines.push('TRANSP:TRANSPARENT');
    if (e.rrule) lines.push(`RRULE:${e.rrule}`);
    lines.push('END:VEVENT');
  });
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}

const FIRST = ics([
  { start: '2026-03-30T09:00:00Z', end: '2026-03-30T10:00:00Z' },
  { start: '2026-04-01T13:00:00Z', end: '2026-04-01T14:30:00Z' },
  { start: '2026-03-31T09:00:00Z', end: '2026-03-31T10:00:00Z', transparent: true },
  { start: '2025-01-01T09:00:00Z', end: '2025-01-01T10:00:00Z' },
  { start: '2026-04-06T08:00:00Z', end: '2026-04-06T09:00:00Z', rrule: 'FREQ=WEEKLY;COUNT=3' },
]);
const FIRST_BUSY = [
  ['2026-03-30T09:00:00.000Z', '2026-03-30T10:00:00.000Z'],
  ['2026-04-01T13:00:00.000Z', '2026-04-01T14:30:00.000Z'],
  ['2026-04-06T08:00:00.000Z', '2026-04-06T09:00:00.000Z'],
  ['2026-04-13T08:00:00.000Z', '2026-04-13T09:00:00.000Z'],
  ['2026-04-20T08:00:00.000Z', '2026-04-20T09:00:00.000Z'],
];
const SECOND = ics([{ start: '2026-05-04T15:00:00Z', end: '2026-05-04T16:00:00Z' }]);

/** What the test server answers: a calendar with an ETag (304 when it matches), or a failure. */
interface Answer {
  status: number;
  body: string;
  etag?: string;
  delayForever?: boolean;
}

for (const engine of ENGINES) {
  describe(`importing an owner's feed on ${engine}`, () => {
    let store: Store;
    let server: TestHttpsServer;
    let ownerId: string;
    let otherOwnerId: string;
    let answer: Answer;
    const ical = new IcalWorkers();
    const clock = fixedClock(T0);
    // The allow-list as the operator would set it; nothing else lets the worker reach 127.0.0.1.
    const config = loadConfig({ ALLOW_PRIVATE_HOSTS: ' LocalHost. ' });
    const policy = outboundPolicy(config);

    // The fetch waits with the tests' patience; the one test of a time-out sets its own.
    const workerWith = (p: OutboundPolicy, limits = {}) =>
      new Worker({ db: store.db, clock, id: 'feeds', kinds: { [FEED_IMPORT]: feedImportKind({ db: store.db, policy: p, ical, ca: server.ca, limits: { ...PATIENT_FETCH, ...limits } }) } });

    const busyRows = (feedId: string) =>
      store.db.selectFrom('imported_busy').select(['id', 'start_at', 'end_at']).where('feed_id', '=', feedId).orderBy('start_at').execute();
    const busyOf = async (feedId: string) => (await busyRows(feedId)).map((r) => [r.start_at.toISOString(), r.end_at.toISOString()]);
    const feedRow = (feedId: string) => store.db.selectFrom('calendar_feeds').selectAll().where('id', '=', feedId).executeTakeFirstOrThrow();
    const jobOf = (feedId: string) => store.db.selectFrom('jobs').selectAll().where('kind', '=', FEED_IMPORT).where('key', '=', feedId).executeTakeFirst();

    before(async () => {
      store = await openTestStore(engine);
      ownerId = (await createOwner(store.db, clock, { username: 'feeder', displayName: 'Feeder', timezone: 'Europe/Berlin' })).id;
      otherOwnerId = (await createOwner(store.db, clock, { username: 'other', displayName: 'Other', timezone: 'UTC' })).id;
      server = await startHttpsServer((req, res) => {
        if (answer.delayForever) return;
        if (answer.etag && req.headers['if-none-match'] === answer.etag) {
          res.writeHead(304, { etag: answer.etag });
          res.end();
          return;
        }
        res.writeHead(answer.status, { 'content-type': 'text/calendar', ...(answer.etag ? { etag: answer.etag } : {}) });
        res.end(answer.body);
      });
    });
    after(async () => {
      await server?.close();
      await ical.close();
      await store?.close();
    });

    it('refuses a feed on localhost unless the operator listed it', async () => {
      await assert.rejects(addFeed(store.db, clock, { allowPrivateHosts: [] }, { ownerId, url: server.url('localhost', '/cal.ics') }), (e: unknown) => {
        assert.ok(e instanceof ServiceError);
        assert.equal(e.kind, 'invalid');
        assert.match(e.message, /url: "localhost" is not a public domain name/);
        return true;
      });
      await assert.rejects(addFeed(store.db, clock, policy, { ownerId, url: `http://localhost:${server.port}/cal.ics` }), /only https/);
      await assert.rejects(addFeed(store.db, clock, policy, { ownerId, url: 'https://me:pw@calendar.example.com/cal.ics' }), /user name or password/);
    });

    describe('one feed through its life', () => {
      let feedId: string;

      it('stores the busy intervals of the first import, nothing else, and schedules the next fetch 15 minutes on', async () => {
        answer = { status: 200, body: FIRST, etag: '"v1"' };
        const feed = await addFeed(store.db, clock, policy, { ownerId, url: server.url('localhost', '/cal.ics'), name: 'Work' });
        feedId = feed.id;
        assert.equal(feed.nextFetchAt?.toISOString(), new Date(T0).toISOString(), 'the first import is due at once');
        await assert.rejects(addFeed(store.db, clock, policy, { ownerId, url: server.url('localhost', '/cal.ics') }), /already subscribed/);

        assert.equal(await workerWith(policy).runOnce(), 1);
        assert.deepEqual(await busyOf(feedId), FIRST_BUSY);
        const row = await feedRow(feedId);
        assert.equal(row.etag, '"v1"');
        assert.equal(row.last_error, null);
        assert.equal(row.last_success_at?.toISOString(), new Date(T0).toISOString());
        const job = await jobOf(feedId);
        assert.equal(job?.run_at.toISOString(), '2026-03-29T00:45:00.000Z');
        assert.equal(job?.attempts, 0);
        const columns = Object.keys((await store.db.selectFrom('imported_busy').selectAll().executeTakeFirstOrThrow()));
        assert.deepEqual(columns.sort(), ['end_at', 'feed_id', 'id', 'owner_id', 'start_at'], 'intervals only: no titles kept');
      });

      it('keeps the rows as they are when the feed answers 304 to the stored ETag', async () => {
        const before = await busyRows(feedId);
        clock.advance(15 * MIN);
        assert.equal(await workerWith(policy).runOnce(), 1);
        assert.equal(server.requests.at(-1)!.headers['if-none-match'], '"v1"');
        assert.deepEqual(await busyRows(feedId), before, 'the same rows, ids included');
        const row = await feedRow(feedId);
        assert.equal(row.last_success_at?.toISOString(), clock.now().toISOString());
        assert.equal((await jobOf(feedId))?.run_at.toISOString(), new Date(clock.now().getTime() + 15 * MIN).toISOString());
      });

      it('replaces the rows when the feed changed, on a refresh asked for by the owner', async () => {
        answer = { status: 200, body: SECOND, etag: '"v2"' };
        clock.advance(MIN);
        const refreshed = await refreshFeed(store.db, clock, ownerId, feedId);
        assert.equal(refreshed.nextFetchAt.toISOString(), clock.now().toISOString());
        assert.equal(await workerWith(policy).runOnce(), 1);
        assert.deepEqual(await busyOf(feedId), [['2026-05-04T15:00:00.000Z', '2026-05-04T16:00:00.000Z']]);
        assert.equal((await feedRow(feedId)).etag, '"v2"');
      });

      it('keeps the old rows and tells the owner why when the feed fails, then backs off', async () => {
        const kept = await busyOf(feedId);
        const failures: [Answer, RegExp][] = [
          [{ status: 500, body: 'oops' }, /the feed's server failed \(HTTP 500\)/],
          [{ status: 404, body: 'gone' }, /no longer exists at this address \(HTTP 404\)/],
          [{ status: 200, body: '<html>Sign in</html>' }, /did not return an iCalendar file/],
          [{ status: 200, body: '', delayForever: true }, /did not answer within 1 seconds/],
        ];
        let n = 0;
        for (const [a, reason] of failures) {
          answer = a;
          await refreshFeed(store.db, clock, ownerId, feedId);
          // Only the server that never answers meets a short time-out: a 500 read on a busy machine is still a 500.
          assert.equal(await workerWith(policy, a.delayForever ? { totalTimeoutMs: 1000 } : {}).runOnce(), 1);
          n++;
          assert.deepEqual(await busyOf(feedId), kept, `rows kept after: ${reason}`);
          const row = await feedRow(feedId);
          assert.match(row.last_error ?? '', reason);
          assert.equal(row.consecutive_failures, n);
          const job = await jobOf(feedId);
          assert.equal(job?.attempts, n);
          assert.equal(job?.run_at.toISOString(), new Date(clock.now().getTime() + 30_000 * 2 ** (n - 1)).toISOString(), 'backs off');
        }
        const [listed] = await listFeeds(store.db, ownerId);
        assert.match(listed!.lastError ?? '', /did not answer/);
        assert.equal(listed!.busyIntervals, 1);
        assert.equal(listed!.name, 'Work');
      });

      it('recovers on the next good answer: error cleared, failures reset', async () => {
        answer = { status: 200, body: FIRST, etag: '"v3"' };
        clock.advance(10 * MIN);
        assert.equal(await workerWith(policy).runOnce(), 1);
        assert.deepEqual(await busyOf(feedId), FIRST_BUSY);
        const row = await feedRow(feedId);
        assert.deepEqual([row.last_error, row.consecutive_failures], [null, 0]);
      });

      it('refuses to reach the local address without the allow-list, with a clear error, and never connects', async () => {
        const connections = server.connections;
        await refreshFeed(store.db, clock, ownerId, feedId);
        assert.equal(await workerWith({ allowPrivateHosts: [] }).runOnce(), 1);
        assert.match((await feedRow(feedId)).last_error ?? '', /"localhost" is not a public domain name/);

        // A public-looking name that resolves to loopback is refused at connect time.
        const sneaky = await addFeed(store.db, clock, { allowPrivateHosts: ['feed.test'] }, { ownerId, url: server.url('feed.test', '/cal.ics') });
        const resolve = async () => [{ address: '127.0.0.1', family: 4 }];
        assert.equal(await workerWith({ allowPrivateHosts: [], resolve }).runOnce(), 1);
        assert.match((await feedRow(sneaky.id)).last_error ?? '', /feed\.test resolves to 127\.0\.0\.1: loopback address, refused/);
        assert.equal(server.connections, connections, 'no connection reached the server');
        assert.deepEqual(await busyOf(feedId), FIRST_BUSY, 'the rows stay');
        await removeFeed(store.db, ownerId, sneaky.id);
      });

      it("removes the feed with its busy time and its job, and only that owner's", async () => {
        await store.db.insertInto('imported_busy').values({
          id: crypto.randomUUID(), owner_id: otherOwnerId, feed_id: null, start_at: new Date('2026-04-01T00:00:00Z'), end_at: new Date('2026-04-01T01:00:00Z'),
        }).execute();
        await assert.rejects(removeFeed(store.db, otherOwnerId, feedId), /no feed/);
        await removeFeed(store.db, ownerId, feedId);
        assert.deepEqual(await busyOf(feedId), []);
        assert.equal(await jobOf(feedId), undefined);
        assert.deepEqual(await listFeeds(store.db, ownerId), []);
        assert.equal((await store.db.selectFrom('imported_busy').select('id').where('owner_id', '=', otherOwnerId).execute()).length, 1);
      });
    });

    it('refuses a feed over a limit of one calendar whole, naming the limit, and keeps its rows', async () => {
      answer = { status: 200, body: FIRST };
      const feed = await addFeed(store.db, clock, policy, { ownerId, url: server.url('localhost', '/limits.ics') });
      assert.equal(await workerWith(policy).runOnce(), 1);
      assert.deepEqual(await busyOf(feed.id), FIRST_BUSY);
      const over: [Answer, string][] = [
        [{ status: 200, body: 'x'.repeat(10 * 1024 * 1024 + 1) }, 'the feed is too large to read: localhost sent more than 10 MiB, the most one calendar may have'],
        [
          { status: 200, body: calendarText([series('minutely@feed.test', '2026-03-29T00:00:00Z', 'FREQ=MINUTELY')]) },
          'the feed is too large to read: the series UID minutely@feed.test (RRULE FREQ=MINUTELY) has more than 10,000 occurrences between 2026-03-28 and 2027-05-03, the most one series may have',
        ],
      ];
      for (const [a, reason] of over) {
        answer = a;
        await refreshFeed(store.db, clock, ownerId, feed.id);
        assert.equal(await workerWith(policy).runOnce(), 1);
        assert.equal((await feedRow(feed.id)).last_error, reason);
        assert.deepEqual(await busyOf(feed.id), FIRST_BUSY, 'the rows of the last good answer stay');
      }
      await removeFeed(store.db, ownerId, feed.id);
    });
  });
}
