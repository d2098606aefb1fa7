import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { ENGINES } from '../helpers/engines.js';
import { useApi, type ApiHarness } from '../helpers/api.js';
import { seedRequest } from '../helpers/seed.js';
import { seedEvent, seedOverride } from '../helpers/seed-events.js';
import { setBookingSettings } from '../../src/services/booking.js';
import { assertError, keys } from './expect.js';

const EVERY_DAY_9_TO_17 = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [['09:00', '17:00']]]));

interface Slot {
  start: string;
  end: string;
}

/** An owner with booking on and one 60-minute type, hours 09:00-17:00 every day, step 60, no notice. */
async function bookableOwner(api: ApiHarness, zone = 'Europe/Berlin', extra: Record<string, unknown> = {}, type: Record<string, unknown> = {}) {
  const owner = await api.owner(zone);
  const settings = await setBookingSettings(api.rt.store.db, api.clock, owner.id, {
    enabled: true,
    weeklyHours: EVERY_DAY_9_TO_17,
    slotStepMinutes: 60,
    bookingWindowDays: 60,
    ...extra,
    appointmentTypes: [{ name: 'Consultation', durationMinutes: 60, ...type }],
  });
  const typeId = settings.appointmentTypes[0]!.id;
  const token = await api.token(owner, ['availability:read']);
  return { owner, typeId, token };
}

function availability(api: ApiHarness, token: string, query: Record<string, string>) {
  return api.get(`/api/v1/availability?${new URLSearchParams(query)}`, token);
}

async function slotsOf(api: ApiHarness, token: string, query: Record<string, string>): Promise<Slot[]> {
  const res = await availability(api, token, query);
  assert.equal(res.statusCode, 200, res.body);
  return res.json().slots as Slot[];
}

const startsOn = (slots: Slot[], prefix: string) => slots.filter((s) => s.start.startsWith(prefix)).map((s) => s.start.slice(11, 16));

for (const engine of ENGINES) {
  describe(`GET /availability on ${engine}`, () => {
    // 2026-03-29T00:30:00Z: the night Europe moves its clocks forward.
    const api = useApi(engine, '2026-03-29T00:30:00Z');

    it('answers exactly appointmentTypeId, timezone, slots and days, one day entry per asked date', async () => {
      const { typeId, token } = await bookableOwner(api);
      const res = await availability(api, token, { appointmentTypeId: typeId, from: '2026-03-28', to: '2026-03-30', tz: 'Europe/Berlin' });
      assert.equal(res.statusCode, 200, res.body);
      const body = res.json();
      assert.deepEqual(keys(body), ['appointmentTypeId', 'days', 'slots', 'timezone']);
      assert.equal(body.appointmentTypeId, typeId);
      assert.equal(body.timezone, 'Europe/Berlin');
      for (const s of body.slots) assert.deepEqual(keys(s), ['end', 'start']);
      // The 28th is over by now (00:30 UTC on the 29th), so it has no slots.
      assert.deepEqual(body.days, [
        { date: '2026-03-28', hasSlots: false },
        { date: '2026-03-29', hasSlots: true },
        { date: '2026-03-30', hasSlots: true },
      ]);
      assert.equal(res.headers['ratelimit-limit'], '60');
    });

    it('keeps working hours at 09:00-17:00 local across the March DST change in Berlin (08:00Z before, 07:00Z after)', async () => {
      api.clock.set('2026-03-27T00:00:00Z');
      const { typeId, token } = await bookableOwner(api);
      const slots = await slotsOf(api, token, { appointmentTypeId: typeId, from: '2026-03-28', to: '2026-03-29', tz: 'Europe/Berlin' });
      assert.deepEqual(startsOn(slots, '2026-03-28'), ['08:00', '09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00']);
      assert.deepEqual(startsOn(slots, '2026-03-29'), ['07:00', '08:00', '09:00', '10:00', '11:00', '12:00', '13:00', '14:00']);
      api.clock.set('2026-03-29T00:30:00Z');
    });

    it('keeps New York hours at 09:00 local across the November change (14:00Z before, 15:00Z after)', async () => {
      api.clock.set('2026-10-30T00:00:00Z');
      const { typeId, token } = await bookableOwner(api, 'America/New_York');
      const slots = await slotsOf(api, token, { appointmentTypeId: typeId, from: '2026-10-31', to: '2026-11-02', tz: 'America/New_York' });
      assert.equal(startsOn(slots, '2026-10-31')[0], '13:00');
      assert.equal(startsOn(slots, '2026-11-02')[0], '14:00');
      assert.equal(slots.length, 24);
      api.clock.set('2026-03-29T00:30:00Z');
    });

    it('returns the same instants whatever tz is asked; only the dates they are grouped by differ', async () => {
      const { typeId, token } = await bookableOwner(api, 'Asia/Kolkata');
      const inKolkata = await availability(api, token, { appointmentTypeId: typeId, from: '2026-03-30', to: '2026-03-31', tz: 'Asia/Kolkata' });
      const inLosAngeles = await availability(api, token, { appointmentTypeId: typeId, from: '2026-03-29', to: '2026-03-31', tz: 'America/Los_Angeles' });
      const kolkata = inKolkata.json().slots as Slot[];
      const la = new Set((inLosAngeles.json().slots as Slot[]).map((s) => s.start));
      assert.equal(kolkata.length, 16);
      for (const s of kolkata) assert.ok(la.has(s.start), `${s.start} is offered whatever the zone`);
      // 09:00 in Kolkata on the 30th is 03:30Z, which is 20:30 on the 29th in Los Angeles.
      assert.equal(kolkata[0]!.start, '2026-03-30T03:30:00Z');
      assert.deepEqual(inLosAngeles.json().days, [
        { date: '2026-03-29', hasSlots: true },
        { date: '2026-03-30', hasSlots: true },
        { date: '2026-03-31', hasSlots: true },
      ]);
    });

    it('takes a zone in any case and answers it as the tz database spells it, a link under its own name, on the night Berlin skips an hour', async () => {
      const { typeId, token } = await bookableOwner(api);
      const ask = (tz: string) => availability(api, token, { appointmentTypeId: typeId, from: '2026-03-29', to: '2026-03-30', tz });
      const asSpelled = (await ask('Europe/Berlin')).json();
      for (const [asked, answered] of [
        ['europe/berlin', 'Europe/Berlin'],
        ['EUROPE/BERLIN', 'Europe/Berlin'],
        ['utc', 'UTC'],
        ['us/eastern', 'US/Eastern'],
        ['asia/calcutta', 'Asia/Calcutta'],
        ['america/argentina/buenos_aires', 'America/Argentina/Buenos_Aires'],
        ['etc/gmt+5', 'Etc/GMT+5'],
        ['antarctica/dumontdurville', 'Antarctica/DumontDUrville'],
      ]) {
        const res = await ask(asked!);
        assert.equal(res.statusCode, 200, `${asked}: ${res.body}`);
        assert.equal(res.json().timezone, answered, asked);
      }
      // Lower case is the same zone: the same slots on the same dates (Berlin's 29th has 23 hours).
      assert.deepEqual({ ...((await ask('europe/berlin')).json() as object), timezone: 'Europe/Berlin' }, asSpelled);
      // A link is its zone's rules under the name the caller chose: US/Eastern offers New York's dates.
      const eastern = (await ask('us/eastern')).json();
      assert.deepEqual({ ...(eastern as object), timezone: 'America/New_York' }, (await ask('America/New_York')).json());
    });

    it('refuses, naming tz, what is not a name of the tz database in any case: offsets, abbreviations, names only ICU knows', async () => {
      const { typeId, token } = await bookableOwner(api);
      for (const tz of ['+01:00', 'BST', 'SystemV/PST8', 'systemv/pst8', 'US/Pacific-New', 'Europe/Berlín', 'Europe/\u212Aiev', 'Factory', ' Europe/Berlin', 'Europe/Berlin/']) {
        const res = await availability(api, token, { appointmentTypeId: typeId, from: '2026-03-30', to: '2026-03-30', tz });
        assertError(res, 422, 'invalid_input', 'tz');
        assert.match(res.json().error.message, /^"tz" must be an IANA time zone name in any case .*, like Europe\/Berlin\.$/, tz);
      }
    });

    it('takes busy events, busy occurrences, all-day busy days, imported busy time and accepted appointments away, at once after each change', async () => {
      const { owner, typeId, token } = await bookableOwner(api);
      const db = api.rt.store.db;
      const q = { appointmentTypeId: typeId, from: '2026-03-30', to: '2026-04-03', tz: 'Europe/Berlin' };
      assert.equal((await slotsOf(api, token, q)).length, 40);

      await seedEvent(db, owner.id, { start: '2026-03-30T07:30:00Z', end: '2026-03-30T08:15:00Z' });
      assert.deepEqual(startsOn(await slotsOf(api, token, q), '2026-03-30'), ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00']);

      await seedEvent(db, owner.id, { title: 'Free', start: '2026-03-31T07:00:00Z', end: '2026-03-31T15:00:00Z', showAs: 'free' });
      assert.equal(startsOn(await slotsOf(api, token, q), '2026-03-31').length, 8, 'time shown as free stays free');

      const series = await seedEvent(db, owner.id, { start: '2026-03-31T10:00:00Z', end: '2026-03-31T11:00:00Z', rrule: 'FREQ=DAILY;COUNT=3' });
      await seedOverride(db, owner.id, series, { originalStart: '2026-04-01T10:00:00Z', cancelled: true });
      const afterSeries = await slotsOf(api, token, q);
      assert.equal(startsOn(afterSeries, '2026-03-31').includes('10:00'), false);
      assert.equal(startsOn(afterSeries, '2026-04-01').includes('10:00'), true, 'a cancelled occurrence is not busy');
      assert.equal(startsOn(afterSeries, '2026-04-02').includes('10:00'), false);

      await seedEvent(db, owner.id, { start: '2026-04-01T22:00:00Z', end: '2026-04-02T22:00:00Z', allDay: true, startDate: '2026-04-02', endDate: '2026-04-03' });
      assert.deepEqual(startsOn(await slotsOf(api, token, q), '2026-04-02'), []);

      await db.insertInto('imported_busy').values({ id: randomUUID(), owner_id: owner.id, feed_id: null, start_at: new Date('2026-04-03T07:00:00Z'), end_at: new Date('2026-04-03T09:00:00Z') }).execute();
      await seedRequest(db, owner.id, { kind: 'appointment', status: 'accepted', appointmentTypeId: typeId, slot: { start: '2026-04-03T12:00:00Z', end: '2026-04-03T13:00:00Z' } });
      await seedRequest(db, owner.id, { kind: 'appointment', status: 'pending', appointmentTypeId: typeId, slot: { start: '2026-04-03T14:00:00Z', end: '2026-04-03T15:00:00Z' } });
      assert.deepEqual(startsOn(await slotsOf(api, token, q), '2026-04-03'), ['09:00', '10:00', '11:00', '13:00', '14:00'], 'a pending request does not take the slot');
    });

    it("applies the type's buffers around busy time, and lets a slot touch a buffer's edge", async () => {
      const { owner, typeId, token } = await bookableOwner(api, 'Europe/Berlin', {}, { bufferBeforeMinutes: 15, bufferAfterMinutes: 30, slotStepMinutes: 15 });
      await seedEvent(api.rt.store.db, owner.id, { start: '2026-03-30T10:00:00Z', end: '2026-03-30T11:00:00Z' });
      const slots = startsOn(await slotsOf(api, token, { appointmentTypeId: typeId, from: '2026-03-30', to: '2026-03-30', tz: 'Europe/Berlin' }), '2026-03-30');
      // Busy 10:00-11:00Z: a slot must end by 09:30Z (30 minutes after it) and start from 11:15Z.
      assert.equal(slots.includes('08:30'), true);
      assert.equal(slots.includes('08:45'), false);
      assert.equal(slots.includes('11:00'), false);
      assert.equal(slots.includes('11:15'), true);
    });

    it('offers nothing on public holidays of the chosen region, nor on blocked dates', async () => {
      const { typeId, token } = await bookableOwner(api, 'Europe/Berlin', { holidays: { country: 'DE', region: 'BE' }, blockedDates: ['2026-04-08'] });
      const res = await availability(api, token, { appointmentTypeId: typeId, from: '2026-04-02', to: '2026-04-08', tz: 'Europe/Berlin' });
      // Good Friday 2026-04-03 and Easter Monday 2026-04-06 are public holidays in Berlin;
      // Easter Sunday is not a public holiday in Berlin's data, so it keeps its hours.
      assert.deepEqual(res.json().days.filter((d: { hasSlots: boolean }) => !d.hasSlots).map((d: { date: string }) => d.date), ['2026-04-03', '2026-04-06', '2026-04-08']);
    });

    it('opens a date on its own hours, over its weekday\'s and over a holiday; a date both blocked and with hours is refused', async () => {
      // Good Friday 2026-04-03 (a Berlin holiday) opens 10:00–12:00; Tuesday 2026-04-07 has 14:00–15:00 only.
      const { typeId, token } = await bookableOwner(api, 'Europe/Berlin', {
        holidays: { country: 'DE', region: 'BE' },
        dateHours: { '2026-04-07': [['14:00', '15:00']], '2026-04-03': [['10:00', '12:00']] },
      });
      const slots = await slotsOf(api, token, { appointmentTypeId: typeId, from: '2026-04-03', to: '2026-04-08', tz: 'Europe/Berlin' });
      assert.deepEqual(startsOn(slots, '2026-04-03'), ['08:00', '09:00'], '10:00 and 11:00 in Berlin (UTC+2)');
      assert.deepEqual(startsOn(slots, '2026-04-06'), [], 'Easter Monday stays closed');
      assert.deepEqual(startsOn(slots, '2026-04-07'), ['12:00'], '14:00 in Berlin (UTC+2) only');
      assert.equal(startsOn(slots, '2026-04-08').length, 8, 'the next day keeps its weekday hours');
      const owner = await api.owner('Europe/Berlin');
      await assert.rejects(
        setBookingSettings(api.rt.store.db, api.clock, owner.id, { blockedDates: ['2026-04-07'], dateHours: { '2026-04-07': [['14:00', '15:00']] } }),
        /dateHours\.2026-04-07: also a blocked date/,
      );
      await assert.rejects(setBookingSettings(api.rt.store.db, api.clock, owner.id, { dateHours: { '2026-02-30': [] } }), /dateHours\.2026-02-30: "2026-02-30" is not a date/);
    });

    it('respects minimum notice and the booking window', async () => {
      api.clock.set('2026-03-30T09:10:00Z');
      const { typeId, token } = await bookableOwner(api, 'Europe/Berlin', { minimumNoticeMinutes: 120, bookingWindowDays: 2 });
      const res = await availability(api, token, { appointmentTypeId: typeId, from: '2026-03-30', to: '2026-04-02', tz: 'Europe/Berlin' });
      const slots = res.json().slots as Slot[];
      assert.equal(slots[0]!.start, '2026-03-30T12:00:00Z', 'the first whole hour at least two hours ahead');
      assert.deepEqual(res.json().days.map((d: { hasSlots: boolean }) => d.hasSlots), [true, true, true, false]);
      api.clock.set('2026-03-29T00:30:00Z');
    });

    it('answers 404 alike for an unknown type, a deleted one, another owner\'s, and while booking is off', async () => {
      const { owner, typeId, token } = await bookableOwner(api);
      const other = await bookableOwner(api);
      const q = (id: string) => ({ appointmentTypeId: id, from: '2026-03-30', to: '2026-03-30', tz: 'Europe/Berlin' });
      const messages = new Set<string>();
      for (const id of [randomUUID(), other.typeId]) messages.add(assertError(await availability(api, token, q(id)), 404, 'not_found').message);
      await setBookingSettings(api.rt.store.db, api.clock, owner.id, { enabled: true, weeklyHours: EVERY_DAY_9_TO_17, appointmentTypes: [] });
      messages.add(assertError(await availability(api, token, q(typeId)), 404, 'not_found').message);
      await setBookingSettings(api.rt.store.db, api.clock, other.owner.id, { enabled: false, weeklyHours: EVERY_DAY_9_TO_17, appointmentTypes: [{ id: other.typeId, name: 'Consultation', durationMinutes: 60 }] });
      messages.add(assertError(await availability(api, other.token, q(other.typeId)), 404, 'not_found').message);
      assert.equal(messages.size, 1);
    });

    it('refuses every bad parameter with 422 invalid_input naming it', async () => {
      const { typeId, token } = await bookableOwner(api);
      const good = { appointmentTypeId: typeId, from: '2026-03-30', to: '2026-03-31', tz: 'Europe/Berlin' };
      const cases: [Record<string, string>, string][] = [
        [{ ...good, appointmentTypeId: 'not-a-uuid' }, 'appointmentTypeId'],
        [{ ...good, from: '2026-02-30' }, 'from'],
        [{ ...good, from: '30.03.2026' }, 'from'],
        [{ ...good, to: '2026-03-29' }, 'to'],
        [{ ...good, to: '2026-04-13' }, 'to'],
        [{ ...good, tz: 'Mars/Olympus_Mons' }, 'tz'],
        [{ ...good, tz: '+01:00' }, 'tz'],
        [{ ...good, tz: 'x'.repeat(65) }, 'tz'],
        [{ ...good, extra: '1' }, 'extra'],
      ];
      for (const field of ['appointmentTypeId', 'from', 'to', 'tz']) {
        const { [field]: _, ...rest } = good as Record<string, string>;
        cases.push([rest, field]);
      }
      for (const [query, field] of cases) assertError(await availability(api, token, query), 422, 'invalid_input', field);
      // 14 dates is the most: the 30th to the 12th of April.
      assert.equal((await availability(api, token, { ...good, to: '2026-04-12' })).statusCode, 200);
    });

    it('answers the first and last dates the format allows with no slots, never a fault', async () => {
      const { typeId, token } = await bookableOwner(api, 'Asia/Kolkata');
      for (const [from, to] of [['9999-12-31', '9999-12-31'], ['0001-01-01', '0001-01-14']]) {
        const res = await availability(api, token, { appointmentTypeId: typeId, from: from!, to: to!, tz: 'Pacific/Kiritimati' });
        assert.equal(res.statusCode, 200, res.body);
        assert.deepEqual(res.json().slots, []);
        assert.equal(res.json().days[0].date, from);
      }
    });

    it('needs availability:read, named in WWW-Authenticate', async () => {
      const { owner, typeId } = await bookableOwner(api);
      const token = await api.token(owner, ['events:read']);
      const res = await availability(api, token, { appointmentTypeId: typeId, from: '2026-03-30', to: '2026-03-30', tz: 'Europe/Berlin' });
      assertError(res, 403, 'insufficient_scope');
      assert.equal(res.headers['www-authenticate'], 'Bearer error="insufficient_scope", scope="availability:read"');
    });

    it('allows 60 calls a minute per token, then 429 rate_limited with Retry-After', async () => {
      const { typeId, token } = await bookableOwner(api);
      const q = { appointmentTypeId: typeId, from: '2026-03-30', to: '2026-03-30', tz: 'Europe/Berlin' };
      for (let i = 0; i < 60; i += 1) assert.equal((await availability(api, token, q)).statusCode, 200);
      const res = await availability(api, token, q);
      assertError(res, 429, 'rate_limited');
      assert.ok(Number(res.headers['retry-after']) >= 1);
      assert.equal(res.headers['ratelimit-remaining'], '0');
    });
  });
}

