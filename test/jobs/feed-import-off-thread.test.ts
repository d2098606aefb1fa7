import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { IcalWorkers } from '../../src/ical/workers.js';
import { Worker } from '../../src/jobs/queue.js';
import { addFeed, listFeeds } from '../../src/services/feeds.js';
import { FEED_IMPORT, feedImportKind } from '../../src/services/feed-import.js';
import { useApi } from '../helpers/api.js';
import { calendarText, manyEvents } from '../helpers/ical-text.js';
import { startHttpsServer, type TestHttpsServer } from '../helpers/https-server.js';
import { PATIENT_FETCH } from '../helpers/patience.js';

// The feed of issue #11: about 9 MB of 50,000 events, which made GET /me wait 14.7 s while it was read.
const HOSTILE = calendarText(manyEvents(50_000, { descriptionBytes: 50 }));

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
};

// On PGlite, the engine whose queries run on the server's own thread too: the one case where nothing else may.
describe('a big feed being read while the API serves', () => {
  const api = useApi('pglite', '2026-03-29T00:30:00Z', { ALLOW_PRIVATE_HOSTS: 'localhost' });
  let server: TestHttpsServer;
  before(async () => {
    server = await startHttpsServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/calendar' });
      res.end(HOSTILE);
    });
  });
  after(() => server?.close());

  it('answers GET /me while the feed is read, then shows the feed refused for its number of events', async () => {
    assert.ok(Buffer.byteLength(HOSTILE) > 9_000_000);
    const owner = await api.owner();
    const token = await api.token(owner, ['events:read']);
    assert.equal((await api.get('/api/v1/me', token)).statusCode, 200);
    const feed = await addFeed(api.rt.db, api.clock, api.rt.outbound, { ownerId: owner.id, url: server.url('localhost', '/big.ics') });

    // The service's own reader, watched: when the reading has begun and when it has ended.
    const reading = { begun: false, ended: false };
    const watched: Pick<IcalWorkers, 'busyRead'> = {
      busyRead: async (text, options) => {
        reading.begun = true;
        try {
          return await api.rt.ical.busyRead(text, options);
        } finally {
          reading.ended = true;
        }
      },
    };
    const kind = feedImportKind({ db: api.rt.db, policy: api.rt.outbound, ical: watched, ca: server.ca, limits: PATIENT_FETCH });
    const worker = new Worker({ db: api.rt.db, clock: api.clock, id: 'feeds', kinds: { [FEED_IMPORT]: kind } });
    let settled = false;
    const importing = worker.runOnce().finally(() => (settled = true));

    await until(() => reading.begun || settled);
    assert.ok(reading.begun, 'the feed was fetched and handed to the reader');
    const me = await api.get('/api/v1/me', token);
    assert.equal(me.statusCode, 200);
    assert.equal(reading.ended, false, 'GET /me was answered while the feed was being read');

    assert.equal(await importing, 1);
    const [listed] = await listFeeds(api.rt.db, owner.id);
    assert.equal(listed!.id, feed.id);
    assert.equal(listed!.lastError, 'the feed is too large to read: the calendar has 50,000 events, more than the 20,000 one calendar may have');
    assert.equal(listed!.busyIntervals, 0);
  });
});
