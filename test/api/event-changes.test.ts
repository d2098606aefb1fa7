import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { seedEvent } from '../helpers/seed-events.js';
import { encodeSyncToken, syncHolder } from '../../src/domain/sync-token.js';
import { createEvent, deleteEvent, deleteOccurrence, editOccurrence, updateEvent } from '../../src/services/calendar-events.js';

const EVENT_FIELDS = [
  'id', 'title', 'start', 'end', 'allDay', 'startDate', 'endDate', 'timezone', 'showAs', 'status', 'calendar', 'location', 'url',
  'isAppointment', 'requestId', 'occurrenceOf', 'updatedAt',
].sort();
const PAGE_FIELDS = ['events', 'series', 'deleted', 'nextCursor', 'nextSyncToken'];

interface Changes {
  events: { id: string; title: string; start: string; occurrenceOf: string | null; status: string }[];
  series: { id: string; title: string; rrule: string; exceptionsCount: number }[];
  deleted: { id: string; deletedAt: string }[];
  nextCursor: string | null;
  nextSyncToken: string | null;
}

for (const engine of ENGINES) {
  describe(`GET /events/changes on ${engine}`, () => {
    // Saturday 2026-03-28, the day before Europe/Berlin moves to summer time.
    const api = useApi(engine, '2026-03-28T09:00:00Z');
    const env = () => ({ db: api.rt.store.db, clock: api.clock });

    async function setUp(timezone = 'Europe/Berlin') {
      const owner = await api.owner(timezone);
      return { owner, token: await api.token(owner, ['events:read']) };
    }

    async function changes(token: string, query = ''): Promise<Changes> {
      const res = await api.get(`/api/v1/events/changes${query ? `?${query}` : ''}`, token);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.headers['cache-control'], 'no-store');
      const body = res.json() as Changes;
      assert.deepEqual(Object.keys(body), PAGE_FIELDS);
      return body;
    }

    /** Every page of one round, from `syncToken` (none: a full sync). */
    async function round(token: string, syncToken?: string, limit?: number) {
      const pages: Changes[] = [];
      let cursor: string | null = null;
      do {
        const q = new URLSearchParams();
        if (syncToken) q.set('syncToken', syncToken);
        if (limit) q.set('limit', String(limit));
        if (cursor) q.set('cursor', cursor);
        const page = await changes(token, q.toString());
        pages.push(page);
        cursor = page.nextCursor;
        if (cursor !== null) assert.equal(page.nextSyncToken, null, 'a page before the last hands out no sync token');
      } while (cursor !== null);
      const last = pages[pages.length - 1]!;
      assert.ok(last.nextSyncToken, 'the last page of a round hands out the next sync token');
      return {
        pages,
        token: last.nextSyncToken,
        events: pages.flatMap((p) => p.events),
        series: pages.flatMap((p) => p.series),
        deleted: pages.flatMap((p) => p.deleted),
      };
    }

    it('gives every live event and series on a full sync, in pages, with the sync token on the last page only', async () => {
      const { owner, token } = await setUp();
      const db = api.rt.store.db;
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        ids.push(await seedEvent(db, owner.id, { title: `Call ${i}`, start: `2026-04-0${i + 1}T08:00:00Z`, end: `2026-04-0${i + 1}T09:00:00Z`, notes: 'secret notes', participants: [{ email: 'x@example.com' }] }));
      }
      const series = await seedEvent(db, owner.id, { title: 'Stand-up', start: '2026-03-23T08:00:00Z', end: '2026-03-23T08:15:00Z', rrule: 'FREQ=WEEKLY;BYDAY=MO', timezone: 'Europe/Berlin' });
      await seedEvent(db, owner.id, { title: 'Gone', start: '2026-04-02T08:00:00Z', end: '2026-04-02T09:00:00Z', deletedAt: '2026-03-20T00:00:00Z' });

      const all = await round(token, undefined, 2);
      assert.equal(all.pages.length, 3, '6 rows in pages of 2: three pages (the last one read one row past its page)');
      assert.deepEqual(all.events.map((e) => e.id).sort(), [...ids].sort());
      assert.deepEqual(all.series.map((s) => s.id), [series]);
      assert.deepEqual(all.deleted, [], 'a full sync starts from nothing: no markers');
      for (const e of all.events) assert.deepEqual(Object.keys(e).sort(), EVENT_FIELDS);
      const text = JSON.stringify(all.pages);
      assert.equal(text.includes('secret notes') || text.includes('x@example.com'), false, 'notes and participants are never returned');
      // Nothing changed: the next round finds nothing and hands the same token back.
      const again = await round(token, all.token);
      assert.deepEqual([again.events, again.series, again.deleted], [[], [], []]);
      assert.equal(again.token, all.token);
    });

    it('returns what was created, changed and deleted since the token, and nothing twice', async () => {
      const { owner, token } = await setUp('America/New_York');
      const { id: dentist } = await createEvent(env(), owner, {
        title: 'Dentist', calendar: 'personal', timezone: 'America/New_York', times: { allDay: false, start: '2026-11-01T09:00', end: '2026-11-01T10:00' },
      });
      const start = await round(token);
      assert.deepEqual(start.events.map((e) => e.title), ['Dentist']);

      api.clock.advance(60_000);
      const lunch = await seedEvent(api.rt.store.db, owner.id, { title: 'Lunch', start: '2026-11-02T17:00:00Z', end: '2026-11-02T18:00:00Z', timezone: 'America/New_York' });
      await deleteEvent(env(), owner, dentist);
      const next = await round(token, start.token);
      assert.deepEqual(next.events.map((e) => e.id), [lunch]);
      assert.deepEqual(next.deleted.map((d) => d.id), [dentist]);
      assert.equal(next.deleted[0]!.deletedAt, api.clock.now().toISOString().replace('.000Z', 'Z'));
      assert.notEqual(next.token, start.token);

      const quiet = await round(token, next.token);
      assert.deepEqual([quiet.events, quiet.series, quiet.deleted], [[], [], []], 'each change is given once');
    });

    it('gives a changed series again with all its exceptions, and a deleted occurrence only as an EXDATE of its rule', async () => {
      const { owner, token } = await setUp();
      // Mondays 09:00 in Berlin across the March change: 08:00Z before the 29th, 07:00Z after.
      const series = await seedEvent(api.rt.store.db, owner.id, { title: 'Stand-up', start: '2026-03-23T08:00:00Z', end: '2026-03-23T08:15:00Z', rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=6', timezone: 'Europe/Berlin' });
      const start = await round(token);
      assert.equal(start.series[0]!.exceptionsCount, 0);
      assert.deepEqual(start.events, [], 'a series without exceptions brings no events');

      api.clock.advance(60_000);
      await editOccurrence(env(), owner, `${series}@2026-03-30T07:00:00Z`, { title: 'Stand-up (moved room)' });
      await deleteOccurrence(env(), owner, `${series}@2026-04-06T07:00:00Z`);
      const next = await round(token, start.token);
      assert.deepEqual(next.series.map((s) => s.id), [series]);
      assert.deepEqual(next.events.map((e) => [e.id, e.title, e.occurrenceOf]), [[`${series}@2026-03-30T07:00:00Z`, 'Stand-up (moved room)', series]]);
      assert.equal(next.series[0]!.exceptionsCount, 2);
      assert.match(next.series[0]!.rrule, /EXDATE[^\n]*20260406T090000/, 'the deleted Monday is an EXDATE in the zone\'s wall time');
      assert.deepEqual(next.deleted, [], 'a deleted occurrence is part of its series, not a marker');
    });

    it('gives a whole series once when it is deleted, as one marker', async () => {
      const { owner, token } = await setUp('Asia/Kolkata');
      const series = await seedEvent(api.rt.store.db, owner.id, { title: 'Yoga', start: '2026-03-28T01:30:00Z', end: '2026-03-28T02:30:00Z', rrule: 'FREQ=DAILY', timezone: 'Asia/Kolkata' });
      const start = await round(token);
      api.clock.advance(60_000);
      await deleteEvent(env(), owner, series);
      const next = await round(token, start.token);
      assert.deepEqual(next.deleted.map((d) => d.id), [series]);
      assert.deepEqual([next.events, next.series], [[], []]);
    });

    it('hands the same token back while nothing changes, and a fresh one once it is a day old, which still works', async () => {
      const { owner, token } = await setUp();
      await seedEvent(api.rt.store.db, owner.id, { title: 'Call', start: '2026-04-01T08:00:00Z', end: '2026-04-01T09:00:00Z' });
      const start = await round(token);
      // Other owners' writes change nothing for this owner: the token stays.
      const other = await api.owner('Pacific/Auckland');
      await seedEvent(api.rt.store.db, other.id, { title: 'Elsewhere', start: '2026-04-01T08:00:00Z', end: '2026-04-01T09:00:00Z' });
      assert.equal((await round(token, start.token)).token, start.token);
      api.clock.advance(25 * 3_600_000);
      const refreshed = await round(token, start.token);
      assert.notEqual(refreshed.token, start.token);
      assert.deepEqual([refreshed.events, refreshed.series, refreshed.deleted], [[], [], []]);
      const lunch = await seedEvent(api.rt.store.db, owner.id, { title: 'Lunch', start: '2026-04-02T10:00:00Z', end: '2026-04-02T11:00:00Z' });
      assert.deepEqual((await round(token, refreshed.token)).events.map((e) => e.id), [lunch]);
    });

    it('answers a quiet poll asked again with its ETag with 304, and a poll after a change with 200 and a new token', async () => {
      const { owner, token } = await setUp('America/New_York');
      await seedEvent(api.rt.store.db, owner.id, { title: 'Call', start: '2026-11-01T14:00:00Z', end: '2026-11-01T15:00:00Z', timezone: 'America/New_York' });
      const start = await round(token);
      const url = `/api/v1/events/changes?syncToken=${start.token}`;
      const first = await api.get(url, token);
      const etag = String(first.headers.etag);
      assert.match(etag, /^"[A-Za-z0-9_-]{22}"$/);
      const again = await api.get(url, token, { headers: { 'if-none-match': etag } });
      assert.equal(again.statusCode, 304);
      assert.equal(again.body, '');
      assert.equal(again.headers['cache-control'], 'no-store');
      await seedEvent(api.rt.store.db, owner.id, { title: 'Lunch', start: '2026-11-02T17:00:00Z', end: '2026-11-02T18:00:00Z', timezone: 'America/New_York' });
      const changed = await api.get(url, token, { headers: { 'if-none-match': etag } });
      assert.equal(changed.statusCode, 200);
      assert.deepEqual(changed.json().events.map((e: { title: string }) => e.title), ['Lunch']);
      assert.notEqual(changed.json().nextSyncToken, start.token);
    });

    it('answers 410 resync_required, naming syncToken, for a token older than 30 days', async () => {
      const { token } = await setUp();
      const start = await round(token);
      api.clock.advance(31 * 86_400_000);
      const res = await api.get(`/api/v1/events/changes?syncToken=${start.token}`, token);
      assert.equal(res.statusCode, 410);
      assert.equal(res.json().error.code, 'resync_required');
      assert.equal(res.json().error.field, 'syncToken');
      assert.equal(res.headers['cache-control'], 'no-store');
    });

    it('answers 410 resync_required for a token whose position this database never reached (a restored database)', async () => {
      const { owner, token } = await setUp();
      const tokenRow = await api.rt.store.db.selectFrom('tokens').select('id').where('owner_id', '=', owner.id).executeTakeFirstOrThrow();
      const future = encodeSyncToken(api.rt.secrets.cursor, syncHolder({ tokenId: tokenRow.id, ownerId: owner.id, appId: null }), { after: '999999999999', issuedAt: api.clock.now().getTime() });
      const res = await api.get(`/api/v1/events/changes?syncToken=${future}`, token);
      assert.equal(res.statusCode, 410);
      assert.equal(res.json().error.code, 'resync_required');
    });

    it("refuses another token's sync token, a forged one, and a cursor of another round, with 422 naming the parameter", async () => {
      const { owner, token } = await setUp();
      for (let i = 0; i < 3; i++) await seedEvent(api.rt.store.db, owner.id, { title: `E${i}`, start: '2026-04-01T08:00:00Z', end: '2026-04-01T09:00:00Z' });
      const other = await api.token(owner, ['events:read']);
      const start = await round(token);
      const theirs = await api.get(`/api/v1/events/changes?syncToken=${start.token}`, other);
      assert.equal(theirs.statusCode, 422);
      assert.equal(theirs.json().error.field, 'syncToken');
      const forged = await api.get(`/api/v1/events/changes?syncToken=${start.token!.slice(0, -2)}xx`, token);
      assert.equal(forged.statusCode, 422);
      assert.equal(forged.json().error.field, 'syncToken');
      const page = await changes(token, 'limit=1');
      const moved = await api.get(`/api/v1/events/changes?limit=1&syncToken=${start.token}&cursor=${page.nextCursor}`, token);
      assert.equal(moved.statusCode, 422);
      assert.equal(moved.json().error.field, 'cursor');
    });

    it('refuses unknown parameters and a limit outside 1 to 100, and needs events:read', async () => {
      const { owner, token } = await setUp();
      for (const [q, field] of [['from=2026-03-01T00:00:00Z', 'from'], ['limit=0', 'limit'], ['limit=101', 'limit'], ['syncToken=', 'syncToken']] as const) {
        const res = await api.get(`/api/v1/events/changes?${q}`, token);
        assert.equal(res.statusCode, 422, q);
        assert.equal(res.json().error.code, 'invalid_input');
        assert.equal(res.json().error.field, field, q);
      }
      const tasksOnly = await api.token(owner, ['tasks:read']);
      const res = await api.get('/api/v1/events/changes', tasksOnly);
      assert.equal(res.statusCode, 403);
      assert.match(String(res.headers['www-authenticate']), /scope="events:read"/);
    });

    it('gives an event that became a series as a series under the same id', async () => {
      const { owner, token } = await setUp('Europe/Berlin');
      const made = await seedEvent(api.rt.store.db, owner.id, { title: 'Gym', start: '2026-03-30T16:00:00Z', end: '2026-03-30T17:00:00Z', timezone: 'Europe/Berlin' });
      const start = await round(token);
      assert.deepEqual(start.events.map((e) => e.id), [made]);
      api.clock.advance(60_000);
      await updateEvent(env(), owner, made, {
        title: 'Gym', calendar: 'personal', timezone: 'Europe/Berlin', repeat: 'weekly', times: { allDay: false, start: '2026-03-30T18:00', end: '2026-03-30T19:00' },
      });
      const next = await round(token, start.token);
      assert.deepEqual(next.series.map((s) => s.id), [made]);
      assert.deepEqual(next.events, []);
    });
  });
}
