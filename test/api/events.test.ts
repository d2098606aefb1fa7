import { describe, it } from 'node:test';
import fastJson from 'fast-json-stringify';
import assert from 'node:assert/strict';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { seedEvent, seedOverride } from '../helpers/seed-events.js';
import { Page } from '../../src/http/schemas/common.js';
import { CalendarEvent } from '../../src/http/schemas/resources.js';
import { createEvent, deleteEvent, deleteOccurrence, editOccurrence } from '../../src/services/calendar-events.js';

const EVENT_FIELDS = [
  'id', 'title', 'start', 'end', 'allDay', 'startDate', 'endDate', 'timezone', 'showAs', 'status', 'calendar', 'location', 'url',
  'isAppointment', 'requestId', 'occurrenceOf', 'updatedAt',
].sort();

for (const engine of ENGINES) {
  describe(`GET /events on ${engine}`, () => {
    // 2026-03-29 is the day Europe/Berlin moves from +01:00 to +02:00.
    const api = useApi(engine, '2026-03-20T12:00:00Z');

    async function ownerWithToken(timezone = 'Europe/Berlin') {
      const owner = await api.owner(timezone);
      return { owner, token: await api.token(owner, ['events:read']) };
    }

    it('expands a weekly Berlin meeting at 09:00 local time across the March DST change', async () => {
      const { owner, token } = await ownerWithToken();
      const id = await seedEvent(api.rt.store.db, owner.id, {
        title: 'Stand-up', start: '2026-03-16T08:00:00Z', end: '2026-03-16T08:30:00Z', rrule: 'FREQ=WEEKLY;BYDAY=MO', timezone: 'Europe/Berlin',
        notes: 'secret notes', participants: [{ email: 'x@example.com' }],
      });
      const res = await api.get('/api/v1/events?from=2026-03-20T00:00:00Z&to=2026-04-10T00:00:00Z', token);
      assert.equal(res.statusCode, 200);
      const body = res.json();
      assert.deepEqual(body.data.map((e: { id: string; start: string; end: string }) => [e.id, e.start, e.end]), [
        [`${id}@2026-03-23T08:00:00Z`, '2026-03-23T08:00:00Z', '2026-03-23T08:30:00Z'],
        [`${id}@2026-03-30T07:00:00Z`, '2026-03-30T07:00:00Z', '2026-03-30T07:30:00Z'],
        [`${id}@2026-04-06T07:00:00Z`, '2026-04-06T07:00:00Z', '2026-04-06T07:30:00Z'],
      ]);
      assert.equal(body.nextCursor, null);
      assert.equal('deleted' in body, false);
      for (const e of body.data) {
        assert.deepEqual(Object.keys(e).sort(), EVENT_FIELDS);
        assert.equal(e.occurrenceOf, id);
        assert.equal(e.calendar, 'personal');
      }
      assert.equal(res.body.includes('secret notes'), false);
      assert.equal(res.body.includes('x@example.com'), false);
    });

    it('keeps a New York 18:00 series at 18:00 local across the November change and merges it in start order', async () => {
      const { owner, token } = await ownerWithToken('America/New_York');
      const series = await seedEvent(api.rt.store.db, owner.id, {
        title: 'Dinner', start: '2026-10-29T22:00:00Z', end: '2026-10-29T23:00:00Z', rrule: 'FREQ=DAILY;COUNT=5', timezone: 'America/New_York',
      });
      const single = await seedEvent(api.rt.store.db, owner.id, { title: 'Call', start: '2026-11-01T22:30:00Z', end: '2026-11-01T23:00:00Z', timezone: 'America/New_York' });
      const res = await api.get('/api/v1/events?from=2026-10-31T00:00:00Z&to=2026-11-05T00:00:00Z', token);
      const starts = res.json().data.map((e: { id: string; start: string }) => [e.id, e.start]);
      assert.deepEqual(starts, [
        [`${series}@2026-10-31T22:00:00Z`, '2026-10-31T22:00:00Z'],
        [`${series}@2026-11-01T23:00:00Z`, '2026-11-01T23:00:00Z'],
        [single, '2026-11-01T22:30:00Z'],
        [`${series}@2026-11-02T23:00:00Z`, '2026-11-02T23:00:00Z'],
      ].sort((a, b) => (a[1]! < b[1]! ? -1 : 1)));
    });

    it('lists a moved occurrence under its original id at its new time, and a cancelled one with status cancelled', async () => {
      const { owner, token } = await ownerWithToken('Asia/Kolkata');
      const id = await seedEvent(api.rt.store.db, owner.id, {
        start: '2026-04-01T04:30:00Z', end: '2026-04-01T05:30:00Z', rrule: 'FREQ=DAILY;COUNT=4', timezone: 'Asia/Kolkata',
      });
      await seedOverride(api.rt.store.db, owner.id, id, { originalStart: '2026-04-02T04:30:00Z', start: '2026-04-10T06:00:00Z', end: '2026-04-10T07:00:00Z' });
      await seedOverride(api.rt.store.db, owner.id, id, { originalStart: '2026-04-03T04:30:00Z', cancelled: true });
      const res = await api.get('/api/v1/events?from=2026-04-01T00:00:00Z&to=2026-04-15T00:00:00Z', token);
      const rows = res.json().data.map((e: { id: string; start: string; status: string }) => [e.id.split('@')[1], e.start, e.status]);
      assert.deepEqual(rows, [
        ['2026-04-01T04:30:00Z', '2026-04-01T04:30:00Z', 'confirmed'],
        ['2026-04-03T04:30:00Z', '2026-04-03T04:30:00Z', 'cancelled'],
        ['2026-04-04T04:30:00Z', '2026-04-04T04:30:00Z', 'confirmed'],
        ['2026-04-02T04:30:00Z', '2026-04-10T06:00:00Z', 'confirmed'],
      ]);
      const moved = await api.get(`/api/v1/events/${id}@2026-04-02T04:30:00Z`, token);
      assert.equal(moved.statusCode, 200);
      assert.equal(moved.json().start, '2026-04-10T06:00:00Z');
      assert.equal(moved.json().end, '2026-04-10T07:00:00Z');
    });

    it('lists an occurrence moved out of its series\' span, before its first or after its last, inside the kept horizon and beyond it', async () => {
      const { owner, token } = await ownerWithToken();
      // Inside the horizon (to 2028-03-20): three days from 2026-04-10 09:00 Berlin, the first moved 5 days earlier.
      const early = await seedEvent(api.rt.store.db, owner.id, { title: 'Early', start: '2026-04-10T07:00:00Z', end: '2026-04-10T07:00:00Z', rrule: 'FREQ=DAILY;COUNT=3', timezone: 'Europe/Berlin' });
      await seedOverride(api.rt.store.db, owner.id, early, { originalStart: '2026-04-10T07:00:00Z', start: '2026-04-05T07:00:00Z', end: '2026-04-05T07:00:00Z' });
      // Two New York occurrences on 2026-05-01 and 02, the second moved to 05-20.
      const late = await seedEvent(api.rt.store.db, owner.id, { title: 'Late', start: '2026-05-01T13:00:00Z', end: '2026-05-01T14:00:00Z', rrule: 'FREQ=DAILY;COUNT=2', timezone: 'America/New_York' });
      await seedOverride(api.rt.store.db, owner.id, late, { originalStart: '2026-05-02T13:00:00Z', start: '2026-05-20T13:00:00Z', end: '2026-05-20T14:00:00Z' });
      // Beyond the horizon, read by expansion: Sydney, from 2029-01-10, the first moved to 2029-01-05.
      const far = await seedEvent(api.rt.store.db, owner.id, { title: 'Far', start: '2029-01-09T22:00:00Z', end: '2029-01-09T23:00:00Z', rrule: 'FREQ=WEEKLY', timezone: 'Australia/Sydney' });
      await seedOverride(api.rt.store.db, owner.id, far, { originalStart: '2029-01-09T22:00:00Z', start: '2029-01-04T22:00:00Z', end: '2029-01-04T23:00:00Z' });
      const ids = async (from: string, to: string) =>
        (await api.get(`/api/v1/events?from=${from}&to=${to}`, token)).json().data.map((e: { id: string; start: string }) => `${e.id} ${e.start}`);
      assert.deepEqual(await ids('2026-04-01T00:00:00Z', '2026-04-08T00:00:00Z'), [`${early}@2026-04-10T07:00:00Z 2026-04-05T07:00:00Z`]);
      assert.deepEqual(await ids('2026-05-15T00:00:00Z', '2026-05-25T00:00:00Z'), [`${late}@2026-05-02T13:00:00Z 2026-05-20T13:00:00Z`]);
      assert.deepEqual(await ids('2029-01-01T00:00:00Z', '2029-01-08T00:00:00Z'), [`${far}@2029-01-09T22:00:00Z 2029-01-04T22:00:00Z`]);
    });

    it('shows an all-day event with an exclusive end date and starts at local midnight in its zone', async () => {
      const { owner, token } = await ownerWithToken('Pacific/Chatham');
      // 2026-04-05 03:45 local: Chatham leaves +13:45 for +12:45, so 2026-04-05 lasts 25 hours.
      const id = await seedEvent(api.rt.store.db, owner.id, {
        title: 'Holiday', allDay: true, startDate: '2026-04-04', endDate: '2026-04-06', start: '2026-04-03T10:15:00Z', end: '2026-04-05T11:15:00Z', timezone: 'Pacific/Chatham',
      });
      const res = await api.get(`/api/v1/events/${id}`, token);
      assert.equal(res.statusCode, 200);
      assert.deepEqual(
        (({ allDay, startDate, endDate, start, end, occurrenceOf }) => ({ allDay, startDate, endDate, start, end, occurrenceOf }))(res.json()),
        { allDay: true, startDate: '2026-04-04', endDate: '2026-04-06', start: '2026-04-03T10:15:00Z', end: '2026-04-05T11:15:00Z', occurrenceOf: null },
      );
    });

    it('leaves out deleted events and occurrences, and lists their markers with includeDeleted=true', async () => {
      const { owner, token } = await ownerWithToken();
      const gone = await seedEvent(api.rt.store.db, owner.id, { start: '2026-03-21T10:00:00Z', end: '2026-03-21T11:00:00Z', deletedAt: '2026-03-19T00:00:00Z' });
      const series = await seedEvent(api.rt.store.db, owner.id, { start: '2026-03-21T09:00:00Z', end: '2026-03-21T09:15:00Z', rrule: 'FREQ=DAILY;COUNT=3' });
      await seedOverride(api.rt.store.db, owner.id, series, { originalStart: '2026-03-22T09:00:00Z', deletedAt: '2026-03-18T00:00:00Z' });
      const plain = await api.get('/api/v1/events?from=2026-03-21T00:00:00Z&to=2026-03-25T00:00:00Z', token);
      assert.deepEqual(plain.json().data.map((e: { id: string }) => e.id), [`${series}@2026-03-21T09:00:00Z`, `${series}@2026-03-23T09:00:00Z`]);
      const withDeleted = await api.get('/api/v1/events?from=2026-03-21T00:00:00Z&to=2026-03-25T00:00:00Z&includeDeleted=true', token);
      assert.deepEqual(withDeleted.json().deleted, [
        { id: gone, deletedAt: '2026-03-19T00:00:00Z' },
        { id: `${series}@2026-03-22T09:00:00Z`, deletedAt: '2026-03-18T00:00:00Z' },
      ]);
      assert.equal((await api.get(`/api/v1/events/${gone}`, token)).statusCode, 404);
      assert.equal((await api.get(`/api/v1/events/${series}@2026-03-22T09:00:00Z`, token)).statusCode, 404);
    });

    it('pages through occurrences in start order, each exactly once', async () => {
      const { owner, token } = await ownerWithToken('Australia/Lord_Howe');
      await seedEvent(api.rt.store.db, owner.id, { start: '2026-03-20T23:00:00Z', end: '2026-03-20T23:30:00Z', rrule: 'FREQ=DAILY', timezone: 'Australia/Lord_Howe' });
      const seen: string[] = [];
      let url = '/api/v1/events?from=2026-03-21T00:00:00Z&to=2026-04-20T00:00:00Z&limit=7';
      for (let pages = 0; pages < 10; pages++) {
        const body = (await api.get(url, token)).json();
        seen.push(...body.data.map((e: { start: string }) => e.start));
        if (!body.nextCursor) break;
        url = `/api/v1/events?from=2026-03-21T00:00:00Z&to=2026-04-20T00:00:00Z&limit=7&cursor=${body.nextCursor}`;
      }
      assert.equal(seen.length, 30);
      assert.deepEqual([...seen].sort(), seen);
      assert.equal(new Set(seen).size, 30);
      // Lord Howe leaves +11:00 for +10:30 at 02:00 on 2026-04-05: 10:00 local is 23:00Z the day
      // before until then (2026-04-04 local), 23:30Z after (2026-04-05 local).
      assert.ok(seen.includes('2026-04-03T23:00:00Z'));
      assert.ok(seen.includes('2026-04-04T23:30:00Z'));
      assert.ok(!seen.includes('2026-04-04T23:00:00Z'));
    });

    it('refuses a window that is reversed, longer than 62 days, or missing a bound, naming the field', async () => {
      const { token } = await ownerWithToken();
      const cases: [string, string][] = [
        ['from=2026-03-21T00:00:00Z&to=2026-03-21T00:00:00Z', 'to'],
        ['from=2026-01-01T00:00:00Z&to=2026-03-04T00:00:01Z', 'to'],
        ['to=2026-03-21T00:00:00Z', 'from'],
        ['from=2026-03-21T00:00:00+01:00&to=2026-03-22T00:00:00Z', 'from'],
        ['from=2026-02-30T00:00:00Z&to=2026-03-22T00:00:00Z', 'from'],
        ['from=2026-03-21T00:00:00Z&to=2026-03-22T00:00:00Z&calendar=work', 'calendar'],
      ];
      for (const [qs, field] of cases) {
        const res = await api.get(`/api/v1/events?${qs}`, token);
        assert.equal(res.statusCode, 422, qs);
        assert.equal(res.json().error.code, 'invalid_input');
        assert.equal(res.json().error.field, field, qs);
      }
      assert.equal((await api.get('/api/v1/events?from=2026-01-01T00:00:00Z&to=2026-03-04T00:00:00Z', token)).statusCode, 200);
    });

    it('answers 404 alike for an unknown id, another owner\'s event and an occurrence the rule does not have', async () => {
      const { owner, token } = await ownerWithToken();
      const other = await api.owner();
      const theirs = await seedEvent(api.rt.store.db, other.id, { start: '2026-03-21T10:00:00Z', end: '2026-03-21T11:00:00Z' });
      const series = await seedEvent(api.rt.store.db, owner.id, { start: '2026-03-21T09:00:00Z', end: '2026-03-21T10:00:00Z', rrule: 'FREQ=WEEKLY' });
      // Saturday 10:00 Berlin: 09:00Z on 2026-03-28 (+01:00), 08:00Z from 2026-04-04 (+02:00).
      for (const id of [theirs, '00000000-0000-4000-8000-000000000000', `${series}@2026-03-22T09:00:00Z`, `${series}@2026-04-04T09:00:00Z`, 'nope']) {
        const res = await api.get(`/api/v1/events/${id}`, token);
        assert.equal(res.statusCode, 404, id);
        assert.deepEqual(Object.keys(res.json().error).sort(), ['code', 'message', 'requestId']);
      }
      assert.equal((await api.get(`/api/v1/events/${series}@2026-03-28T09:00:00Z`, token)).statusCode, 200);
      assert.equal((await api.get(`/api/v1/events/${series}@2026-04-04T08:00:00Z`, token)).statusCode, 200);
      assert.equal((await api.get(`/api/v1/events/${series.toUpperCase()}`, token)).json().id, series);
    });

    it('with updatedSince returns only what changed since then', async () => {
      const { owner, token } = await ownerWithToken();
      await seedEvent(api.rt.store.db, owner.id, { title: 'old', start: '2026-03-21T10:00:00Z', end: '2026-03-21T11:00:00Z', updatedAt: '2026-03-01T00:00:00Z' });
      await seedEvent(api.rt.store.db, owner.id, { title: 'new', start: '2026-03-22T10:00:00Z', end: '2026-03-22T11:00:00Z', updatedAt: '2026-03-15T00:00:00Z' });
      const res = await api.get('/api/v1/events?from=2026-03-21T00:00:00Z&to=2026-03-25T00:00:00Z&updatedSince=2026-03-10T00:00:00Z', token);
      assert.deepEqual(res.json().data.map((e: { title: string }) => e.title), ['new']);
    });
    it('writes a page, kept in memory or not, byte for byte as the response schema\'s serializer does', async () => {
      const { owner, token } = await ownerWithToken('America/New_York');
      await seedEvent(api.rt.store.db, owner.id, { title: 'Quote " and \\ and ü', start: '2026-03-21T14:00:00Z', end: '2026-03-21T15:00:00Z', rrule: 'FREQ=DAILY;COUNT=4', timezone: 'America/New_York' });
      await seedEvent(api.rt.store.db, owner.id, { title: 'Trip', start: '2026-03-22T04:00:00Z', end: '2026-03-24T04:00:00Z', allDay: true, timezone: 'America/New_York' });
      await seedEvent(api.rt.store.db, owner.id, { start: '2026-03-21T10:00:00Z', end: '2026-03-21T11:00:00Z', deletedAt: '2026-03-19T00:00:00Z' });
      const write = fastJson(Page(CalendarEvent));
      for (const query of ['limit=3', 'limit=3&includeDeleted=true', 'limit=50&includeDeleted=true', 'limit=50']) {
        const url = `/api/v1/events?from=2026-03-21T00:00:00Z&to=2026-03-26T00:00:00Z&${query}`;
        const first = await api.get(url, token);
        const again = await api.get(url, token);
        assert.equal(first.statusCode, 200, query);
        assert.equal(first.headers['content-type'], 'application/json; charset=utf-8');
        assert.equal(again.body, first.body, query);
        assert.equal(first.body, write(first.json()), query);
        assert.equal(first.json().nextCursor === null, query.startsWith('limit=50'), query);
        assert.equal('deleted' in first.json(), query.includes('includeDeleted'), query);
      }
    });

    it('answers a repeated query with every change made since: a renamed, moved or deleted occurrence, a new event', async () => {
      const { owner, token } = await ownerWithToken();
      const ref = { id: owner.id, timezone: owner.timezone };
      const env = { db: api.rt.store.db, clock: api.clock };
      const series = await seedEvent(api.rt.store.db, owner.id, { title: 'Stand-up', start: '2026-03-16T08:00:00Z', end: '2026-03-16T08:30:00Z', rrule: 'FREQ=WEEKLY;BYDAY=MO', timezone: 'Europe/Berlin' });
      const url = '/api/v1/events?from=2026-03-20T00:00:00Z&to=2026-04-10T00:00:00Z&limit=2';
      const read = async () => (await api.get(url, token)).json().data.map((e: { id: string; title: string; start: string }) => `${e.id.includes('@') ? e.id.split('@')[1] : 'single'} ${e.title} ${e.start}`);
      assert.deepEqual(await read(), ['2026-03-23T08:00:00Z Stand-up 2026-03-23T08:00:00Z', '2026-03-30T07:00:00Z Stand-up 2026-03-30T07:00:00Z']);
      assert.deepEqual(await read(), ['2026-03-23T08:00:00Z Stand-up 2026-03-23T08:00:00Z', '2026-03-30T07:00:00Z Stand-up 2026-03-30T07:00:00Z']);
      await editOccurrence(env, ref, `${series}@2026-03-23T08:00:00Z`, { title: 'Planning' });
      assert.deepEqual(await read(), ['2026-03-23T08:00:00Z Planning 2026-03-23T08:00:00Z', '2026-03-30T07:00:00Z Stand-up 2026-03-30T07:00:00Z']);
      await deleteOccurrence(env, ref, `${series}@2026-03-23T08:00:00Z`);
      assert.deepEqual(await read(), ['2026-03-30T07:00:00Z Stand-up 2026-03-30T07:00:00Z', '2026-04-06T07:00:00Z Stand-up 2026-04-06T07:00:00Z']);
      const added = await createEvent(env, ref, { title: 'Dentist', calendar: 'personal', times: { allDay: false, start: '2026-03-24T10:00', end: '2026-03-24T11:00' } });
      assert.deepEqual(await read(), ['single Dentist 2026-03-24T09:00:00Z', '2026-03-30T07:00:00Z Stand-up 2026-03-30T07:00:00Z']);
      await deleteEvent(env, ref, added.id);
      assert.deepEqual(await read(), ['2026-03-30T07:00:00Z Stand-up 2026-03-30T07:00:00Z', '2026-04-06T07:00:00Z Stand-up 2026-04-06T07:00:00Z']);
    });
  });
}
