import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Temporal } from 'temporal-polyfill';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { seedEvent, seedOverride } from '../helpers/seed-events.js';
import { expandSeries, type SeriesInput } from '../../src/domain/recurrence.js';
import { deleteOccurrence, editOccurrence } from '../../src/services/calendar-events.js';

const SERIES_FIELDS = [
  'id', 'title', 'timezone', 'allDay', 'showAs', 'status', 'calendar', 'location', 'url', 'rule', 'rrule', 'firstOccurrence', 'lastOccurrence',
  'exceptionsCount', 'updatedAt',
];
const EVENT_FIELDS = [
  'id', 'title', 'start', 'end', 'allDay', 'startDate', 'endDate', 'timezone', 'showAs', 'status', 'calendar', 'location', 'url',
  'isAppointment', 'requestId', 'occurrenceOf', 'updatedAt',
];

interface Occ {
  id: string; start: string; end: string; allDay: boolean; startDate: string | null; endDate: string | null; status: string; title: string; occurrenceOf: string | null;
}

/**
 * The `rrule` text read back into the server's own recurrence engine: DTSTART (TZID or VALUE=DATE),
 * RRULE lines, RDATE and EXDATE lines, each value in the zone it names or in UTC.
 */
function seriesFromText(id: string, text: string, durationMs: number, timezone: string): SeriesInput {
  let start: Date | null = null;
  // A DATE value has no zone of its own: it is read in the series' zone.
  let zone = timezone;
  let allDay = false;
  const rules: string[] = [];
  const rdates: string[] = [];
  const exdates: string[] = [];
  const instant = (params: string, value: string): Date => {
    const tzid = /TZID=([^;:]+)/.exec(params)?.[1];
    if (/VALUE=DATE(?!-)/.test(params)) {
      return new Date(Temporal.PlainDate.from(`${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`).toZonedDateTime({ timeZone: zone }).epochMilliseconds);
    }
    const iso = `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}T${value.slice(9, 11)}:${value.slice(11, 13)}:${value.slice(13, 15)}`;
    if (value.endsWith('Z')) return new Date(`${iso}Z`);
    return new Date(Temporal.PlainDateTime.from(iso).toZonedDateTime(tzid ?? zone).epochMilliseconds);
  };
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    const [name, ...params] = line.slice(0, colon).split(';');
    const value = line.slice(colon + 1);
    const p = params.join(';');
    if (name === 'DTSTART') {
      allDay = p.includes('VALUE=DATE');
      zone = /TZID=([^;:]+)/.exec(p)?.[1] ?? zone;
      start = instant(p, value);
    } else if (name === 'RRULE') rules.push(value);
    else if (name === 'RDATE') rdates.push(p.includes('VALUE=PERIOD') ? value.split('/').map((v) => instant('', v).toISOString()).join('/') : instant(p, value).toISOString());
    else if (name === 'EXDATE') exdates.push(instant(p, value).toISOString());
    else assert.fail(`unexpected line ${line}`);
  }
  assert.ok(start);
  return { id, start, end: new Date(start.getTime() + durationMs), allDay, startDate: null, endDate: null, timezone: zone, rrule: rules.join('\n'), exdates, rdates };
}

for (const engine of ENGINES) {
  describe(`GET /series/{id} and its occurrences on ${engine}`, () => {
    const api = useApi(engine, '2026-03-20T12:00:00Z');
    const db = () => api.rt.store.db;

    async function ownerWithToken(timezone = 'Europe/Berlin') {
      const owner = await api.owner(timezone);
      return { owner, token: await api.token(owner, ['events:read']) };
    }

    async function occurrences(token: string, id: string, from: string, to: string, limit = 100): Promise<Occ[]> {
      const seen: Occ[] = [];
      let cursor: string | null = null;
      for (let pages = 0; pages < 100; pages++) {
        const res = await api.get(`/api/v1/series/${id}/occurrences?from=${from}&to=${to}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, token);
        assert.equal(res.statusCode, 200, res.body);
        const body: { data: Occ[]; nextCursor: string | null } = res.json();
        assert.deepEqual(Object.keys(body), ['data', 'nextCursor']);
        seen.push(...body.data);
        cursor = body.nextCursor;
        if (!cursor) return seen;
      }
      assert.fail('more than 100 pages');
    }

    async function eventsOf(token: string, id: string, from: string, to: string): Promise<Occ[]> {
      const seen: Occ[] = [];
      let cursor: string | null = null;
      for (let pages = 0; pages < 100; pages++) {
        const body: { data: Occ[]; nextCursor: string | null } = (await api.get(`/api/v1/events?from=${from}&to=${to}&limit=100${cursor ? `&cursor=${cursor}` : ''}`, token)).json();
        seen.push(...body.data.filter((e: Occ) => e.occurrenceOf === id));
        cursor = body.nextCursor;
        if (!cursor) return seen;
      }
      assert.fail('more than 100 pages');
    }

    it('shows a weekly Berlin series with its rule in words and as RRULE text, kept at 10:00 local across the March DST change', async () => {
      const { owner, token } = await ownerWithToken();
      const id = await seedEvent(db(), owner.id, {
        title: 'Stand-up', start: '2026-03-17T09:00:00Z', end: '2026-03-17T09:30:00Z', rrule: 'FREQ=WEEKLY;BYDAY=TU', timezone: 'Europe/Berlin',
        calendar: 'work', location: 'Room 4', notes: 'secret notes', participants: [{ email: 'x@example.com' }], updatedAt: '2026-03-02T08:00:00Z',
      });
      const res = await api.get(`/api/v1/series/${id}`, token);
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['cache-control'], 'no-store');
      assert.ok(res.headers['svc-request-id']);
      assert.deepEqual(Object.keys(res.json()), SERIES_FIELDS);
      assert.deepEqual(res.json(), {
        id, title: 'Stand-up', timezone: 'Europe/Berlin', allDay: false, showAs: 'busy', status: 'confirmed', calendar: 'work', location: 'Room 4', url: null,
        rule: 'Every Tuesday at 10:00',
        rrule: 'DTSTART;TZID=Europe/Berlin:20260317T100000\nRRULE:FREQ=WEEKLY;BYDAY=TU',
        firstOccurrence: { id: `${id}@2026-03-17T09:00:00Z`, start: '2026-03-17T09:00:00Z', end: '2026-03-17T09:30:00Z' },
        lastOccurrence: null,
        exceptionsCount: 0,
        updatedAt: '2026-03-02T08:00:00Z',
      });
      assert.equal(res.body.includes('secret notes'), false);
      assert.equal(res.body.includes('x@example.com'), false);

      const listed = await occurrences(token, id, '2026-03-20T00:00:00Z', '2026-04-10T00:00:00Z');
      // 29 March: +01:00 becomes +02:00, so 10:00 local moves from 09:00Z to 08:00Z.
      assert.deepEqual(listed.map((o) => [o.id, o.start, o.end]), [
        [`${id}@2026-03-24T09:00:00Z`, '2026-03-24T09:00:00Z', '2026-03-24T09:30:00Z'],
        [`${id}@2026-03-31T08:00:00Z`, '2026-03-31T08:00:00Z', '2026-03-31T08:30:00Z'],
        [`${id}@2026-04-07T08:00:00Z`, '2026-04-07T08:00:00Z', '2026-04-07T08:30:00Z'],
      ]);
      for (const o of listed) assert.deepEqual(Object.keys(o), EVENT_FIELDS);
      assert.deepEqual(listed, await eventsOf(token, id, '2026-03-20T00:00:00Z', '2026-04-10T00:00:00Z'));
      const page = await api.get(`/api/v1/series/${id}/occurrences?from=2026-03-20T00:00:00Z&to=2026-04-10T00:00:00Z`, token);
      assert.equal(page.body.includes('secret notes'), false);
      assert.equal(page.body.includes('x@example.com'), false);
    });

    it('keeps a New York series every 2 weeks on Monday and Wednesday at 09:30 across the November change, until its last date', async () => {
      const { owner, token } = await ownerWithToken('America/New_York');
      // UNTIL: the last second of 30 November in New York, as the console writes it.
      const id = await seedEvent(db(), owner.id, {
        title: 'Review', start: '2026-10-26T13:30:00Z', end: '2026-10-26T14:15:00Z', timezone: 'America/New_York',
        rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;UNTIL=20261201T045959Z',
      });
      const series = (await api.get(`/api/v1/series/${id}`, token)).json();
      assert.equal(series.rule, 'Every 2 weeks on Monday and Wednesday at 09:30, until 30 November 2026');
      assert.equal(series.rrule, 'DTSTART;TZID=America/New_York:20261026T093000\nRRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;UNTIL=20261201T045959Z');
      assert.deepEqual(series.firstOccurrence, { id: `${id}@2026-10-26T13:30:00Z`, start: '2026-10-26T13:30:00Z', end: '2026-10-26T14:15:00Z' });
      assert.deepEqual(series.lastOccurrence, { id: `${id}@2026-11-25T14:30:00Z`, start: '2026-11-25T14:30:00Z', end: '2026-11-25T15:15:00Z' });
      const listed = await occurrences(token, id, '2026-10-20T00:00:00Z', '2026-12-20T00:00:00Z', 2);
      // 1 November: -04:00 becomes -05:00, so 09:30 local moves from 13:30Z to 14:30Z.
      assert.deepEqual(listed.map((o) => o.start), [
        '2026-10-26T13:30:00Z', '2026-10-28T13:30:00Z', '2026-11-09T14:30:00Z', '2026-11-11T14:30:00Z', '2026-11-23T14:30:00Z', '2026-11-25T14:30:00Z',
      ]);
      assert.deepEqual(listed, await eventsOf(token, id, '2026-10-20T00:00:00Z', '2026-12-20T00:00:00Z'));
    });

    it('shows an all-day yearly series without a time, its dates in its zone, and its last of five years', async () => {
      const { owner, token } = await ownerWithToken('America/New_York');
      const id = await seedEvent(db(), owner.id, {
        title: 'Birthday', allDay: true, startDate: '2026-03-14', endDate: '2026-03-15', start: '2026-03-14T04:00:00Z', end: '2026-03-15T04:00:00Z',
        timezone: 'America/New_York', rrule: 'FREQ=YEARLY;COUNT=5', showAs: 'free',
      });
      const series = (await api.get(`/api/v1/series/${id}`, token)).json();
      assert.deepEqual(
        { rule: series.rule, rrule: series.rrule, allDay: series.allDay, showAs: series.showAs, first: series.firstOccurrence, last: series.lastOccurrence },
        {
          rule: 'Every year on 14 March, 5 times',
          rrule: 'DTSTART;VALUE=DATE:20260314\nRRULE:FREQ=YEARLY;COUNT=5',
          allDay: true,
          showAs: 'free',
          first: { id: `${id}@2026-03-14T04:00:00Z`, start: '2026-03-14T04:00:00Z', end: '2026-03-15T04:00:00Z' },
          // 2030: New York is on -04:00 from 10 March, so local midnight of 14 March is 04:00Z.
          last: { id: `${id}@2030-03-14T04:00:00Z`, start: '2030-03-14T04:00:00Z', end: '2030-03-15T04:00:00Z' },
        },
      );
      const listed = await occurrences(token, id, '2027-01-01T00:00:00Z', '2028-01-01T00:00:00Z');
      // 14 March 2027 is the day New York leaves -05:00 for -04:00: it starts at 05:00Z and lasts 23 hours.
      assert.deepEqual(listed.map((o) => [o.id, o.allDay, o.start, o.end]), [[`${id}@2027-03-14T05:00:00Z`, true, '2027-03-14T05:00:00Z', '2027-03-15T04:00:00Z']]);
      assert.deepEqual(listed.map((o) => [o.startDate, o.endDate]), [['2027-03-14', '2027-03-15']]);
    });

    it('ends a COUNT series at its last occurrence, an UNTIL series at its last date, and leaves an endless one without a last', async () => {
      const { owner, token } = await ownerWithToken();
      const counted = await seedEvent(db(), owner.id, { start: '2026-03-21T17:00:00Z', end: '2026-03-21T18:00:00Z', rrule: 'FREQ=DAILY;COUNT=10' });
      const until = await seedEvent(db(), owner.id, { start: '2026-03-06T12:00:00Z', end: '2026-03-06T12:30:00Z', rrule: 'FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20261231T225959Z' });
      const endless = await seedEvent(db(), owner.id, { start: '2026-03-16T07:30:00Z', end: '2026-03-16T08:00:00Z', rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR' });
      const get = async (id: string) => (await api.get(`/api/v1/series/${id}`, token)).json();
      const c = await get(counted);
      assert.equal(c.rule, 'Every day at 18:00, 10 times');
      // 21 March 18:00 CET, ten days on: 30 March 18:00 CEST.
      assert.deepEqual(c.lastOccurrence, { id: `${counted}@2026-03-30T16:00:00Z`, start: '2026-03-30T16:00:00Z', end: '2026-03-30T17:00:00Z' });
      const u = await get(until);
      assert.equal(u.rule, 'Monthly on the last Friday at 13:00, until 31 December 2026');
      // DTSTART (6 March, not a last Friday) is the first occurrence, as RFC 5545 says.
      assert.equal(u.firstOccurrence.start, '2026-03-06T12:00:00Z');
      assert.equal(u.lastOccurrence.start, '2026-12-25T12:00:00Z');
      const e = await get(endless);
      assert.equal(e.rule, 'Every weekday at 08:30');
      assert.equal(e.lastOccurrence, null);
      assert.equal(e.firstOccurrence.start, '2026-03-16T07:30:00Z');
    });

    it('writes EXDATEs for removed and deleted occurrences, keeps moved, cancelled and renamed ones as exceptions, and counts them', async () => {
      const { owner, token } = await ownerWithToken('Asia/Kolkata');
      // Daily at 10:00 India time (04:30Z), 21-27 March.
      const id = await seedEvent(db(), owner.id, {
        title: 'Yoga', start: '2026-03-21T04:30:00Z', end: '2026-03-21T05:30:00Z', rrule: 'FREQ=DAILY;COUNT=7', timezone: 'Asia/Kolkata',
        exdates: ['2026-03-22T04:30:00Z', '2026-03-22T09:00:00Z'], updatedAt: '2026-03-01T00:00:00Z',
      });
      await seedOverride(db(), owner.id, id, { originalStart: '2026-03-21T04:30:00Z', start: '2026-03-29T06:00:00Z', end: '2026-03-29T07:00:00Z', updatedAt: '2026-03-11T00:00:00Z' });
      await seedOverride(db(), owner.id, id, { originalStart: '2026-03-23T04:30:00Z', deletedAt: '2026-03-12T00:00:00Z' });
      await seedOverride(db(), owner.id, id, { originalStart: '2026-03-24T04:30:00Z', cancelled: true, updatedAt: '2026-03-13T00:00:00Z' });
      await seedOverride(db(), owner.id, id, { originalStart: '2026-03-25T04:30:00Z', title: 'Yoga outside', updatedAt: '2026-03-14T00:00:00Z' });
      // Names no occurrence of the rule: no exception, no EXDATE.
      await seedOverride(db(), owner.id, id, { originalStart: '2026-03-26T05:30:00Z', deletedAt: '2026-03-15T00:00:00Z' });
      const series = (await api.get(`/api/v1/series/${id}`, token)).json();
      assert.equal(series.rrule, [
        'DTSTART;TZID=Asia/Kolkata:20260321T100000',
        'RRULE:FREQ=DAILY;COUNT=7',
        'EXDATE;TZID=Asia/Kolkata:20260322T100000',
        'EXDATE;TZID=Asia/Kolkata:20260323T100000',
      ].join('\n'));
      // Removed (the EXDATE and the deleted one), moved, cancelled, renamed.
      assert.equal(series.exceptionsCount, 5);
      // The first that exists is the cancelled one of the 24th (the 21st moved to the 29th, the 22nd and 23rd are gone);
      // the last is the moved one, at its new time.
      assert.deepEqual(series.firstOccurrence, { id: `${id}@2026-03-24T04:30:00Z`, start: '2026-03-24T04:30:00Z', end: '2026-03-24T05:30:00Z' });
      assert.deepEqual(series.lastOccurrence, { id: `${id}@2026-03-21T04:30:00Z`, start: '2026-03-29T06:00:00Z', end: '2026-03-29T07:00:00Z' });
      assert.equal(series.updatedAt, '2026-03-15T00:00:00Z');

      const listed = await occurrences(token, id, '2026-03-20T00:00:00Z', '2026-04-01T00:00:00Z');
      assert.deepEqual(listed.map((o) => [o.id.split('@')[1], o.start, o.status, o.title]), [
        ['2026-03-24T04:30:00Z', '2026-03-24T04:30:00Z', 'cancelled', 'Yoga'],
        ['2026-03-25T04:30:00Z', '2026-03-25T04:30:00Z', 'confirmed', 'Yoga outside'],
        ['2026-03-26T04:30:00Z', '2026-03-26T04:30:00Z', 'confirmed', 'Yoga'],
        ['2026-03-27T04:30:00Z', '2026-03-27T04:30:00Z', 'confirmed', 'Yoga'],
        ['2026-03-21T04:30:00Z', '2026-03-29T06:00:00Z', 'confirmed', 'Yoga'],
      ]);
      assert.deepEqual(listed, await eventsOf(token, id, '2026-03-20T00:00:00Z', '2026-04-01T00:00:00Z'));
    });

    it('answers a series changed through the calendar with its new exceptions at once', async () => {
      const { owner, token } = await ownerWithToken();
      const env = { db: db(), clock: api.clock };
      const ref = { id: owner.id, timezone: owner.timezone };
      const id = await seedEvent(db(), owner.id, { title: 'Stand-up', start: '2026-03-16T08:00:00Z', end: '2026-03-16T08:30:00Z', rrule: 'FREQ=WEEKLY;BYDAY=MO' });
      const get = async () => (await api.get(`/api/v1/series/${id}`, token)).json();
      assert.equal((await get()).exceptionsCount, 0);
      await deleteOccurrence(env, ref, `${id}@2026-03-23T08:00:00Z`);
      const afterDelete = await get();
      assert.equal(afterDelete.exceptionsCount, 1);
      assert.equal(afterDelete.rrule, 'DTSTART;TZID=Europe/Berlin:20260316T090000\nRRULE:FREQ=WEEKLY;BYDAY=MO\nEXDATE;TZID=Europe/Berlin:20260323T090000');
      assert.equal(afterDelete.updatedAt, '2026-03-20T12:00:00Z');
      await editOccurrence(env, ref, `${id}@2026-03-30T07:00:00Z`, { title: 'Planning' });
      assert.equal((await get()).exceptionsCount, 2);
      const listed = await occurrences(token, id, '2026-03-20T00:00:00Z', '2026-04-10T00:00:00Z');
      assert.deepEqual(listed.map((o) => `${o.start} ${o.title}`), ['2026-03-30T07:00:00Z Planning', '2026-04-06T07:00:00Z Stand-up']);
    });

    it('pages the occurrences in start order, each once, as GET /events lists them, and refuses a cursor of another series', async () => {
      const { owner, token } = await ownerWithToken('Australia/Lord_Howe');
      // Lord Howe leaves +11:00 for +10:30 on 5 April 2026.
      const id = await seedEvent(db(), owner.id, { start: '2026-03-20T23:00:00Z', end: '2026-03-20T23:30:00Z', rrule: 'FREQ=DAILY', timezone: 'Australia/Lord_Howe' });
      const other = await seedEvent(db(), owner.id, { start: '2026-03-20T22:00:00Z', end: '2026-03-20T22:30:00Z', rrule: 'FREQ=DAILY', timezone: 'Australia/Lord_Howe' });
      await seedEvent(db(), owner.id, { start: '2026-03-25T01:00:00Z', end: '2026-03-25T02:00:00Z', timezone: 'Australia/Lord_Howe' });
      const from = '2026-03-21T00:00:00Z';
      const to = '2026-04-20T00:00:00Z';
      const listed = await occurrences(token, id, from, to, 7);
      assert.equal(listed.length, 30);
      assert.equal(new Set(listed.map((o) => o.id)).size, 30);
      assert.deepEqual(listed.map((o) => o.start), [...listed.map((o) => o.start)].sort());
      assert.ok(listed.every((o) => o.occurrenceOf === id));
      assert.ok(listed.some((o) => o.start === '2026-04-03T23:00:00Z') && listed.some((o) => o.start === '2026-04-04T23:30:00Z'));
      assert.deepEqual(listed, await eventsOf(token, id, from, to));

      const first = (await api.get(`/api/v1/series/${id}/occurrences?from=${from}&to=${to}&limit=7`, token)).json();
      assert.ok(first.nextCursor);
      const elsewhere = await api.get(`/api/v1/series/${other}/occurrences?from=${from}&to=${to}&limit=7&cursor=${first.nextCursor}`, token);
      assert.equal(elsewhere.statusCode, 422);
      assert.equal(elsewhere.json().error.field, 'cursor');
    });

    it('answers 404 alike for an unknown, deleted or another owner\'s series, a single event and an occurrence id, on both routes', async () => {
      const { owner, token } = await ownerWithToken();
      const other = await api.owner();
      const theirs = await seedEvent(db(), other.id, { start: '2026-03-21T10:00:00Z', end: '2026-03-21T11:00:00Z', rrule: 'FREQ=DAILY' });
      const gone = await seedEvent(db(), owner.id, { start: '2026-03-21T10:00:00Z', end: '2026-03-21T11:00:00Z', rrule: 'FREQ=DAILY', deletedAt: '2026-03-19T00:00:00Z' });
      const single = await seedEvent(db(), owner.id, { start: '2026-03-21T10:00:00Z', end: '2026-03-21T11:00:00Z' });
      const mine = await seedEvent(db(), owner.id, { start: '2026-03-21T09:00:00Z', end: '2026-03-21T10:00:00Z', rrule: 'FREQ=WEEKLY' });
      const window = 'from=2026-03-20T00:00:00Z&to=2026-04-01T00:00:00Z';
      for (const id of [theirs, gone, single, `${mine}@2026-03-21T09:00:00Z`, '00000000-0000-4000-8000-000000000000', 'nope']) {
        for (const url of [`/api/v1/series/${id}`, `/api/v1/series/${id}/occurrences?${window}`]) {
          const res = await api.get(url, token);
          assert.equal(res.statusCode, 404, url);
          assert.equal(res.json().error.code, 'not_found');
          assert.deepEqual(Object.keys(res.json().error).sort(), ['code', 'message', 'requestId']);
        }
      }
      assert.equal((await api.get(`/api/v1/series/${mine.toUpperCase()}`, token)).json().id, mine);
      const tasksOnly = await api.token(owner, ['tasks:read']);
      const refused = await api.get(`/api/v1/series/${mine}`, tasksOnly);
      assert.equal(refused.statusCode, 403);
      assert.equal(refused.json().error.code, 'insufficient_scope');
    });

    it('refuses unknown parameters, instants that are not instants, and a window reversed or longer than 366 days, naming the field', async () => {
      const { owner, token } = await ownerWithToken();
      const id = await seedEvent(db(), owner.id, { start: '2026-03-21T09:00:00Z', end: '2026-03-21T10:00:00Z', rrule: 'FREQ=WEEKLY' });
      const cases: [string, string][] = [
        ['from=2026-03-21T00:00:00Z&to=2026-03-21T00:00:00Z', 'to'],
        ['from=2026-01-01T00:00:00Z&to=2027-01-02T00:00:01Z', 'to'],
        ['to=2026-03-21T00:00:00Z', 'from'],
        ['from=2026-03-21T00:00:00+01:00&to=2026-03-22T00:00:00Z', 'from'],
        ['from=2026-02-30T00:00:00Z&to=2026-03-22T00:00:00Z', 'from'],
        ['from=2026-03-21T00:00:00Z&to=2026-03-22T00:00:00Z&includeDeleted=true', 'includeDeleted'],
        ['from=2026-03-21T00:00:00Z&to=2026-03-22T00:00:00Z&limit=101', 'limit'],
        ['from=2026-03-21T00:00:00Z&to=2026-03-22T00:00:00Z&cursor=forged', 'cursor'],
      ];
      for (const [qs, field] of cases) {
        const res = await api.get(`/api/v1/series/${id}/occurrences?${qs}`, token);
        assert.equal(res.statusCode, 422, qs);
        assert.equal(res.json().error.code, 'invalid_input');
        assert.equal(res.json().error.field, field, qs);
      }
      const unknown = await api.get(`/api/v1/series/${id}?expand=true`, token);
      assert.equal(unknown.statusCode, 422);
      assert.equal(unknown.json().error.field, 'expand');
      assert.equal((await api.get(`/api/v1/series/${id}/occurrences?from=2026-01-01T00:00:00Z&to=2027-01-02T00:00:00Z`, token)).statusCode, 200);
    });

    it('gives RRULE text whose expansion by the server\'s own engine has exactly the listed occurrences at their original starts', async () => {
      const { owner, token } = await ownerWithToken('America/New_York');
      const from = '2026-01-01T00:00:00Z';
      const to = '2026-12-31T00:00:00Z';
      const seeds = [
        { start: '2026-01-05T14:00:00Z', end: '2026-01-05T15:00:00Z', timezone: 'America/New_York', rrule: 'FREQ=WEEKLY;BYDAY=MO,TH', exdates: ['2026-03-09T13:00:00Z'] },
        { start: '2026-01-31T08:00:00Z', end: '2026-01-31T08:45:00Z', timezone: 'Europe/Berlin', rrule: 'FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=9\nFREQ=MONTHLY;BYDAY=2WE;UNTIL=20260930T215959Z', rdates: ['2026-07-04T10:00:00Z'] },
        { start: '2026-02-01T06:00:00Z', end: '2026-02-01T06:20:00Z', timezone: 'Asia/Kolkata', rrule: 'FREQ=DAILY;INTERVAL=3;BYMONTH=3,4,11' },
        { start: '2026-03-08T06:30:00Z', end: '2026-03-08T07:00:00Z', timezone: 'America/New_York', rrule: 'FREQ=HOURLY;INTERVAL=7;COUNT=40' },
        { start: '2026-10-25T00:30:00Z', end: '2026-10-25T01:00:00Z', timezone: 'Europe/Berlin', rrule: 'FREQ=HOURLY;COUNT=6' },
        { start: '2026-02-28T05:00:00Z', end: '2026-03-01T05:00:00Z', allDay: true, startDate: '2026-02-28', endDate: '2026-03-01', timezone: 'America/New_York', rrule: 'FREQ=MONTHLY;BYDAY=SA;BYSETPOS=-1' },
      ];
      for (const seed of seeds) {
        const id = await seedEvent(db(), owner.id, seed);
        const listed = await occurrences(token, id, from, to);
        // A deleted one, a moved one and a cancelled one of what the rule has.
        const [a, b, c] = [listed[1]!, listed[2]!, listed[3]!].map((o) => o.id.split('@')[1]!) as [string, string, string];
        await seedOverride(db(), owner.id, id, { originalStart: a, deletedAt: '2026-03-15T00:00:00Z' });
        await seedOverride(db(), owner.id, id, { originalStart: b, start: '2026-12-01T10:00:00Z', end: '2026-12-01T11:00:00Z', updatedAt: '2026-03-16T00:00:00Z' });
        await seedOverride(db(), owner.id, id, { originalStart: c, cancelled: true, updatedAt: '2026-03-17T00:00:00Z' });
        const series = (await api.get(`/api/v1/series/${id}`, token)).json();
        assert.equal(series.exceptionsCount, 3 + (seed.exdates?.length ?? 0), seed.rrule);
        const after = await occurrences(token, id, from, to);
        const input = seriesFromText(id, series.rrule, new Date(seed.end).getTime() - new Date(seed.start).getTime(), series.timezone);
        const expanded = expandSeries(input, [], { from: new Date(from), to: new Date(to) }).map((o) => o.originalStart).sort();
        assert.deepEqual(expanded, after.map((o) => o.id.split('@')[1]!).sort(), `${seed.rrule}\n${series.rrule}`);
        assert.ok(!expanded.includes(a) && expanded.includes(b) && expanded.includes(c));
      }
    });
  });
}
