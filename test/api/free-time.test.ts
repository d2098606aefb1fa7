import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { ENGINES } from '../helpers/engines.js';
import { useApi, type ApiHarness } from '../helpers/api.js';
import { seedRequest } from '../helpers/seed.js';
import { seedEvent, seedOverride } from '../helpers/seed-events.js';
import { setBookingSettings } from '../../src/services/booking.js';
import { assertEnvelope, assertError, keys, withoutRequestId } from './expect.js';

const EVERY_DAY_9_TO_17 = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [['09:00', '17:00']]]));

interface Interval {
  start: string;
  end: string;
}

/** An owner with booking on, hours 09:00-17:00 every day (unless `extra` says otherwise) and one type. */
async function bookableOwner(api: ApiHarness, zone = 'Europe/Berlin', extra: Record<string, unknown> = {}, type: Record<string, unknown> = {}) {
  const owner = await api.owner(zone);
  await setBookingSettings(api.rt.store.db, api.clock, owner.id, {
    enabled: true,
    weeklyHours: EVERY_DAY_9_TO_17,
    ...extra,
    appointmentTypes: [{ name: 'Consultation', durationMinutes: 60, ...type }],
  });
  const token = await api.token(owner, ['availability:read']);
  return { owner, token };
}

function freeTime(api: ApiHarness, token: string, query: Record<string, string>) {
  return api.get(`/api/v1/free-time?${new URLSearchParams(query)}`, token);
}

async function freeOf(api: ApiHarness, token: string, query: Record<string, string>): Promise<Interval[]> {
  const res = await freeTime(api, token, query);
  assert.equal(res.statusCode, 200, res.body);
  return res.json().free as Interval[];
}

/** Intervals as 'start..end' with the instants' seconds and Z dropped when whole, for short expectations. */
const short = (free: Interval[]) => free.map((f) => `${f.start.replace(':00Z', '')}..${f.end.replace(':00Z', '')}`);

for (const engine of ENGINES) {
  describe(`GET /free-time on ${engine}`, () => {
    // 2026-03-29T00:30:00Z: the night Europe moves its clocks forward.
    const api = useApi(engine, '2026-03-29T00:30:00Z');

    it('answers exactly timezone, from, to, workingHours and free, each interval exactly start and end, with no-store and the availability limit', async () => {
      const { token } = await bookableOwner(api);
      const res = await freeTime(api, token, { from: '2026-03-30', to: '2026-03-31', tz: 'europe/berlin' });
      assert.equal(res.statusCode, 200, res.body);
      assertEnvelope(res, 'free-time');
      assert.equal(res.headers['cache-control'], 'no-store');
      assert.equal(res.headers['ratelimit-limit'], '60');
      const body = res.json();
      assert.deepEqual(keys(body), ['free', 'from', 'timezone', 'to', 'workingHours']);
      for (const f of body.free) assert.deepEqual(keys(f), ['end', 'start']);
      assert.deepEqual(body, {
        timezone: 'Europe/Berlin',
        from: '2026-03-30',
        to: '2026-03-31',
        workingHours: true,
        free: [
          { start: '2026-03-30T07:00:00Z', end: '2026-03-30T15:00:00Z' },
          { start: '2026-03-31T07:00:00Z', end: '2026-03-31T15:00:00Z' },
        ],
      });
    });

    it('keeps working hours at 09:00-17:00 local across the March change in Berlin, and gives the whole 23-hour date without them', async () => {
      api.clock.set('2026-03-27T00:00:00Z');
      const { token } = await bookableOwner(api);
      assert.deepEqual(short(await freeOf(api, token, { from: '2026-03-28', to: '2026-03-29', tz: 'Europe/Berlin' })), [
        '2026-03-28T08:00..2026-03-28T16:00',
        '2026-03-29T07:00..2026-03-29T15:00',
      ]);
      assert.deepEqual(short(await freeOf(api, token, { from: '2026-03-29', to: '2026-03-29', tz: 'Europe/Berlin', workingHours: 'false' })), [
        '2026-03-28T23:00..2026-03-29T22:00',
      ]);
      api.clock.set('2026-03-29T00:30:00Z');
    });

    it('keeps New York hours at 09:00 local across the November change, and gives the whole 25-hour date without them', async () => {
      api.clock.set('2026-10-30T00:00:00Z');
      const { token } = await bookableOwner(api, 'America/New_York');
      assert.deepEqual(short(await freeOf(api, token, { from: '2026-10-31', to: '2026-11-02', tz: 'America/New_York' })), [
        '2026-10-31T13:00..2026-10-31T21:00',
        '2026-11-01T14:00..2026-11-01T22:00',
        '2026-11-02T14:00..2026-11-02T22:00',
      ]);
      assert.deepEqual(short(await freeOf(api, token, { from: '2026-11-01', to: '2026-11-01', tz: 'America/New_York', workingHours: 'false' })), [
        '2026-11-01T04:00..2026-11-02T05:00',
      ]);
      api.clock.set('2026-03-29T00:30:00Z');
    });

    it("reads the hours in the owner's zone and the dates in tz: Kolkata's half-hour offset cut to Auckland's dates, and Auckland's 25-hour April date", async () => {
      const { token } = await bookableOwner(api, 'Asia/Kolkata');
      // Kolkata 09:00-17:00 is 03:30Z-11:30Z; Auckland's 31 March (NZDT, UTC+13) is 30 March 11:00Z to 31 March 11:00Z.
      assert.deepEqual(short(await freeOf(api, token, { from: '2026-03-31', to: '2026-03-31', tz: 'Pacific/Auckland' })), [
        '2026-03-30T11:00..2026-03-30T11:30',
        '2026-03-31T03:30..2026-03-31T11:00',
      ]);
      // Auckland leaves summer time on 5 April 2026 at 03:00: that date runs from 11:00Z to 12:00Z the next day.
      assert.deepEqual(short(await freeOf(api, token, { from: '2026-04-05', to: '2026-04-05', tz: 'Pacific/Auckland', workingHours: 'false' })), [
        '2026-04-04T11:00..2026-04-05T12:00',
      ]);
    });

    it('takes busy events, busy occurrences, all-day busy days, imported busy time, accepted appointments and holidays away, at once after each change', async () => {
      const { owner, token } = await bookableOwner(api, 'Europe/Berlin', { holidays: { country: 'DE', region: 'BE' } });
      const db = api.rt.store.db;
      const q = { from: '2026-03-30', to: '2026-04-03', tz: 'Europe/Berlin' };
      // Good Friday, 3 April 2026, is a public holiday in Berlin: no working time.
      assert.deepEqual((await freeOf(api, token, q)).length, 4);

      await seedEvent(db, owner.id, { start: '2026-03-30T07:30:00Z', end: '2026-03-30T08:15:00Z' });
      assert.deepEqual(short(await freeOf(api, token, { ...q, to: '2026-03-30' })), ['2026-03-30T07:00..2026-03-30T07:30', '2026-03-30T08:15..2026-03-30T15:00']);

      await seedEvent(db, owner.id, { title: 'Free', start: '2026-03-31T07:00:00Z', end: '2026-03-31T15:00:00Z', showAs: 'free' });
      const series = await seedEvent(db, owner.id, { start: '2026-03-31T10:00:00Z', end: '2026-03-31T11:00:00Z', rrule: 'FREQ=DAILY;COUNT=3' });
      await seedOverride(db, owner.id, series, { originalStart: '2026-04-01T10:00:00Z', cancelled: true });
      await seedEvent(db, owner.id, { start: '2026-04-01T22:00:00Z', end: '2026-04-02T22:00:00Z', allDay: true, startDate: '2026-04-02', endDate: '2026-04-03' });
      await db.insertInto('imported_busy').values({ id: randomUUID(), owner_id: owner.id, feed_id: null, start_at: new Date('2026-04-01T07:00:00Z'), end_at: new Date('2026-04-01T09:00:00Z') }).execute();
      await seedRequest(db, owner.id, { kind: 'appointment', status: 'accepted', slot: { start: '2026-04-01T12:00:00Z', end: '2026-04-01T13:00:00Z' } });
      await seedRequest(db, owner.id, { kind: 'appointment', status: 'pending', slot: { start: '2026-04-01T14:00:00Z', end: '2026-04-01T15:00:00Z' } });
      assert.deepEqual(short(await freeOf(api, token, q)), [
        '2026-03-30T07:00..2026-03-30T07:30',
        '2026-03-30T08:15..2026-03-30T15:00',
        // Time shown as free stays free; the series takes 10:00-11:00 on the 31st.
        '2026-03-31T07:00..2026-03-31T10:00',
        '2026-03-31T11:00..2026-03-31T15:00',
        // The 1st: imported busy until 09:00, the accepted appointment at 12:00; the cancelled
        // occurrence and the pending request take nothing.
        '2026-04-01T09:00..2026-04-01T12:00',
        '2026-04-01T13:00..2026-04-01T15:00',
        // The 2nd is a busy all-day event, the 3rd a holiday.
      ]);
      // Without working hours the holiday is free, and so are the nights; busy time stays busy.
      assert.deepEqual(short(await freeOf(api, token, { ...q, workingHours: 'false' })), [
        '2026-03-29T22:00..2026-03-30T07:30',
        '2026-03-30T08:15..2026-03-31T10:00',
        '2026-03-31T11:00..2026-04-01T07:00',
        '2026-04-01T09:00..2026-04-01T12:00',
        '2026-04-01T13:00..2026-04-01T22:00',
        '2026-04-02T22:00..2026-04-03T22:00',
      ]);
    });

    it('opens a date on its own hours, over a holiday too, and closes blocked dates, with working hours only', async () => {
      const { token } = await bookableOwner(api, 'Europe/Berlin', {
        holidays: { country: 'DE', region: 'BE' },
        blockedDates: ['2026-04-08'],
        dateHours: { '2026-04-03': [['10:00', '12:00']], '2026-04-07': [['14:00', '15:00']] },
      });
      const q = { from: '2026-04-03', to: '2026-04-08', tz: 'Europe/Berlin' };
      assert.deepEqual(short(await freeOf(api, token, q)), [
        '2026-04-03T08:00..2026-04-03T10:00',
        '2026-04-04T07:00..2026-04-04T15:00',
        '2026-04-05T07:00..2026-04-05T15:00',
        // Easter Monday (the 6th) is closed, the 7th has 14:00-15:00 only, the 8th is blocked.
        '2026-04-07T12:00..2026-04-07T13:00',
      ]);
      assert.deepEqual(short(await freeOf(api, token, { ...q, workingHours: 'false' })), ['2026-04-02T22:00..2026-04-08T22:00']);
    });

    it("never tells why a time is busy: an event, an imported interval and an accepted appointment give the same answer, with no event's words", async () => {
      const q = { from: '2026-03-30', to: '2026-03-30', tz: 'Europe/Berlin' };
      const answers: unknown[] = [];
      const a = await bookableOwner(api);
      await seedEvent(api.rt.store.db, a.owner.id, { title: 'Dentist', location: 'Secret Street 1', notes: 'private', start: '2026-03-30T10:00:00Z', end: '2026-03-30T11:00:00Z' });
      const withEvent = await freeTime(api, a.token, q);
      answers.push(withEvent.json());
      assert.doesNotMatch(withEvent.body, /Dentist|Secret|private|busy/i);
      const b = await bookableOwner(api);
      await api.rt.store.db.insertInto('imported_busy').values({ id: randomUUID(), owner_id: b.owner.id, feed_id: null, start_at: new Date('2026-03-30T10:00:00Z'), end_at: new Date('2026-03-30T11:00:00Z') }).execute();
      answers.push((await freeTime(api, b.token, q)).json());
      const c = await bookableOwner(api);
      await seedRequest(api.rt.store.db, c.owner.id, { kind: 'appointment', status: 'accepted', slot: { start: '2026-03-30T10:00:00Z', end: '2026-03-30T11:00:00Z' } });
      answers.push((await freeTime(api, c.token, q)).json());
      assert.deepEqual(answers[1], answers[0]);
      assert.deepEqual(answers[2], answers[0]);
      assert.deepEqual(short((answers[0] as { free: Interval[] }).free), ['2026-03-30T07:00..2026-03-30T10:00', '2026-03-30T11:00..2026-03-30T15:00']);
    });

    it('joins working hours that cross midnight into one interval, cut only at the edges of the asked dates', async () => {
      const { token } = await bookableOwner(api, 'Europe/Berlin', { weeklyHours: { mon: [['22:00', '24:00']], tue: [['00:00', '02:00'], ['09:00', '10:00']] } });
      // Monday 30 March 22:00 to Tuesday 02:00 in Berlin (UTC+2): one interval.
      assert.deepEqual(short(await freeOf(api, token, { from: '2026-03-30', to: '2026-03-31', tz: 'Europe/Berlin' })), [
        '2026-03-30T20:00..2026-03-31T00:00',
        '2026-03-31T07:00..2026-03-31T08:00',
      ]);
      // Asked for Monday alone, it ends at Berlin's midnight; asked in UTC, at UTC's.
      assert.deepEqual(short(await freeOf(api, token, { from: '2026-03-30', to: '2026-03-30', tz: 'Europe/Berlin' })), ['2026-03-30T20:00..2026-03-30T22:00']);
      assert.deepEqual(short(await freeOf(api, token, { from: '2026-03-30', to: '2026-03-30', tz: 'UTC' })), ['2026-03-30T20:00..2026-03-31T00:00']);
    });

    it('never offers the past: an interval under way starts at the next whole minute, and dates gone by are answered empty', async () => {
      api.clock.set('2026-03-30T10:15:30.500Z');
      const { token } = await bookableOwner(api);
      assert.deepEqual(short(await freeOf(api, token, { from: '2026-03-30', to: '2026-03-30', tz: 'Europe/Berlin' })), ['2026-03-30T10:16..2026-03-30T15:00']);
      assert.deepEqual(await freeOf(api, token, { from: '2026-03-20', to: '2026-03-29', tz: 'Europe/Berlin', workingHours: 'false' }), []);
      assert.deepEqual(short(await freeOf(api, token, { from: '2026-03-30', to: '2026-03-30', tz: 'Europe/Berlin', workingHours: 'false' })), ['2026-03-30T10:16..2026-03-30T22:00']);
      api.clock.set('2026-03-29T00:30:00Z');
    });

    it("leaves minimum notice, the booking window, buffers and a type's own hours to the slots: free time is the owner's hours minus busy time", async () => {
      const { owner, token } = await bookableOwner(
        api,
        'Europe/Berlin',
        { minimumNoticeMinutes: 2880, bookingWindowDays: 1, bufferBeforeMinutes: 60, bufferAfterMinutes: 60 },
        { weeklyHours: { mon: [['18:00', '20:00']] }, bufferBeforeMinutes: 30 },
      );
      await seedEvent(api.rt.store.db, owner.id, { start: '2026-03-30T10:00:00Z', end: '2026-03-30T11:00:00Z' });
      const free = short(await freeOf(api, token, { from: '2026-03-30', to: '2026-04-10', tz: 'Europe/Berlin' }));
      assert.deepEqual(free.slice(0, 2), ['2026-03-30T07:00..2026-03-30T10:00', '2026-03-30T11:00..2026-03-30T15:00']);
      assert.equal(free.length, 13);
      assert.equal(free.at(-1), '2026-04-10T07:00..2026-04-10T15:00');
    });

    it('keeps only intervals at least minMinutes long, measured as answered', async () => {
      const { owner, token } = await bookableOwner(api);
      const db = api.rt.store.db;
      // Free on the 30th (07:00Z-15:00Z): 20, 30, 29 and 60 minutes.
      for (const [start, end] of [['07:20', '08:00'], ['08:30', '09:00'], ['09:29', '14:00']]) {
        await seedEvent(db, owner.id, { start: `2026-03-30T${start}:00Z`, end: `2026-03-30T${end}:00Z` });
      }
      const q = { from: '2026-03-30', to: '2026-03-30', tz: 'Europe/Berlin' };
      assert.deepEqual(short(await freeOf(api, token, q)).length, 4);
      assert.deepEqual(short(await freeOf(api, token, { ...q, minMinutes: '20' })).length, 4);
      assert.deepEqual(short(await freeOf(api, token, { ...q, minMinutes: '30' })), ['2026-03-30T08:00..2026-03-30T08:30', '2026-03-30T14:00..2026-03-30T15:00']);
      assert.deepEqual(await freeOf(api, token, { ...q, minMinutes: '61' }), []);
      // The 31st without working hours is one free day of 1,440 minutes; it is cut at the asked dates,
      // so asked alone it is exactly 1,440 long, and the evening of the 30th before it is not counted.
      assert.deepEqual(short(await freeOf(api, token, { from: '2026-03-31', to: '2026-03-31', tz: 'Europe/Berlin', workingHours: 'false', minMinutes: '1440' })), [
        '2026-03-30T22:00..2026-03-31T22:00',
      ]);
    });

    it('covers at most 62 dates, from and to included, and answers every one of them', async () => {
      const { token } = await bookableOwner(api);
      const free = await freeOf(api, token, { from: '2026-03-30', to: '2026-05-30', tz: 'Europe/Berlin' });
      assert.equal(free.length, 62);
      assert.equal(free.at(-1)!.start, '2026-05-30T07:00:00Z');
      const res = await freeTime(api, token, { from: '2026-03-30', to: '2026-05-31', tz: 'Europe/Berlin' });
      assert.match(assertError(res, 422, 'invalid_input', 'to').message, /63 days; at most 62/);
    });

    it('refuses every bad parameter with 422 invalid_input naming it, unknown ones and an appointment type included', async () => {
      const { token } = await bookableOwner(api);
      const good = { from: '2026-03-30', to: '2026-03-31', tz: 'Europe/Berlin' };
      const cases: [Record<string, string>, string][] = [
        [{ ...good, from: '2026-02-30' }, 'from'],
        [{ ...good, from: '30.03.2026' }, 'from'],
        [{ ...good, to: '2026-03-29' }, 'to'],
        [{ ...good, to: '2026-3-31' }, 'to'],
        [{ ...good, tz: 'Mars/Olympus_Mons' }, 'tz'],
        [{ ...good, tz: '+01:00' }, 'tz'],
        [{ ...good, tz: 'x'.repeat(65) }, 'tz'],
        [{ ...good, workingHours: 'yes' }, 'workingHours'],
        [{ ...good, workingHours: 'TRUE' }, 'workingHours'],
        [{ ...good, workingHours: '' }, 'workingHours'],
        [{ ...good, minMinutes: '0' }, 'minMinutes'],
        [{ ...good, minMinutes: '1441' }, 'minMinutes'],
        [{ ...good, minMinutes: '20.5' }, 'minMinutes'],
        [{ ...good, minMinutes: 'twenty' }, 'minMinutes'],
        [{ ...good, appointmentTypeId: randomUUID() }, 'appointmentTypeId'],
        [{ ...good, extra: '1' }, 'extra'],
      ];
      for (const field of ['from', 'to', 'tz']) {
        const { [field]: _, ...rest } = good as Record<string, string>;
        cases.push([rest, field]);
      }
      for (const [query, field] of cases) assertError(await freeTime(api, token, query), 422, 'invalid_input', field);
      for (const minMinutes of ['1', '1440']) assert.equal((await freeTime(api, token, { ...good, minMinutes })).statusCode, 200, minMinutes);
    });

    it('answers 404 not_found while booking is off, with or without working hours, as /appointment-types does', async () => {
      const owner = await api.owner('Europe/Berlin');
      await setBookingSettings(api.rt.store.db, api.clock, owner.id, { enabled: false, weeklyHours: EVERY_DAY_9_TO_17, appointmentTypes: [] });
      const token = await api.token(owner, ['availability:read']);
      const q = { from: '2026-03-30', to: '2026-03-30', tz: 'Europe/Berlin' };
      const types = await api.get('/api/v1/appointment-types', token);
      assertError(types, 404, 'not_found');
      for (const workingHours of ['true', 'false']) {
        const res = await freeTime(api, token, { ...q, workingHours });
        assertError(res, 404, 'not_found');
        assert.deepEqual(withoutRequestId(res), withoutRequestId(types));
      }
      // A new owner's booking is off too.
      const fresh = await api.owner('Europe/Berlin');
      assertError(await freeTime(api, await api.token(fresh, ['availability:read']), q), 404, 'not_found');
      // Switched on, free time is answered at once.
      await setBookingSettings(api.rt.store.db, api.clock, owner.id, { enabled: true, weeklyHours: EVERY_DAY_9_TO_17, appointmentTypes: [] });
      assert.deepEqual(short(await freeOf(api, token, q)), ['2026-03-30T07:00..2026-03-30T15:00']);
    });

    it('needs availability:read, named in WWW-Authenticate', async () => {
      const { owner } = await bookableOwner(api);
      const token = await api.token(owner, ['events:read', 'profile:read']);
      const res = await freeTime(api, token, { from: '2026-03-30', to: '2026-03-30', tz: 'Europe/Berlin' });
      assertError(res, 403, 'insufficient_scope');
      assert.equal(res.headers['www-authenticate'], 'Bearer error="insufficient_scope", scope="availability:read"');
      assertError(await freeTime(api, 'svc_pat_nope', { from: '2026-03-30', to: '2026-03-30', tz: 'Europe/Berlin' }), 401, 'invalid_token');
    });

    it("shares /availability's 60 calls a minute per token, then 429 rate_limited with Retry-After", async () => {
      const { token } = await bookableOwner(api);
      const q = { from: '2026-03-30', to: '2026-03-30', tz: 'Europe/Berlin' };
      for (let i = 0; i < 30; i += 1) assert.equal((await freeTime(api, token, q)).statusCode, 200);
      const types = await api.get('/api/v1/appointment-types', token);
      const typeId = types.json().data[0].id as string;
      for (let i = 0; i < 30; i += 1) {
        assert.equal((await api.get(`/api/v1/availability?${new URLSearchParams({ ...q, appointmentTypeId: typeId })}`, token)).statusCode, 200);
      }
      const res = await freeTime(api, token, q);
      assertError(res, 429, 'rate_limited');
      assert.ok(Number(res.headers['retry-after']) >= 1);
    });

    it('reads busy time of dates far beyond the booking window, and answers the last date the format allows, never a fault', async () => {
      const { owner, token } = await bookableOwner(api, 'Europe/Berlin', { bookingWindowDays: 30, holidays: { country: 'DE', region: 'BE' } });
      const db = api.rt.store.db;
      await seedEvent(db, owner.id, { start: '2027-06-01T12:00:00Z', end: '2027-06-01T13:00:00Z' });
      await seedEvent(db, owner.id, { start: '2026-03-30T08:00:00Z', end: '2026-03-30T09:00:00Z', rrule: 'FREQ=WEEKLY;BYDAY=TU' });
      // 1 June 2027 is a Tuesday: the weekly series and the single event, both in summer time (UTC+2).
      assert.deepEqual(short(await freeOf(api, token, { from: '2027-06-01', to: '2027-06-01', tz: 'Europe/Berlin' })), [
        '2027-06-01T07:00..2027-06-01T08:00',
        '2027-06-01T09:00..2027-06-01T12:00',
        '2027-06-01T13:00..2027-06-01T15:00',
      ]);
      // Christmas Day 2027 is a Berlin holiday, far from today's year too.
      assert.deepEqual(short(await freeOf(api, token, { from: '2027-12-25', to: '2027-12-26', tz: 'Europe/Berlin' })), []);
      for (const workingHours of ['true', 'false']) {
        const res = await freeTime(api, token, { from: '9999-12-31', to: '9999-12-31', tz: 'Pacific/Kiritimati', workingHours });
        assert.equal(res.statusCode, 200, res.body);
        assert.equal(res.json().to, '9999-12-31');
      }
      assert.deepEqual(await freeOf(api, token, { from: '0001-01-01', to: '0001-01-31', tz: 'Pacific/Kiritimati' }), []);
    });
  });
}
