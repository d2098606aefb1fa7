import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { availabilityForDates, freeSlots, isSlotOffered, workingRanges, type SlotRules, type TimeRange, type WeeklyHours } from '../../src/domain/availability.js';
import {
  DAY,
  HOUR,
  MINUTE,
  addDays,
  dateRanges,
  localDate,
  localDateTime,
  localInstant,
  oracleSlots,
  oracleWindowEnd,
  oracleWorkingRanges,
} from '../helpers/availability-oracle.js';
import { propertyRuns } from '../helpers/property-runs.js';

// Zones with every kind of offset: whole, half and three-quarter hours, 30-minute changes, a change
// at midnight (Santiago), southern-hemisphere summers, none at all.
const ZONES = [
  'Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata', 'Pacific/Chatham', 'America/Santiago',
  'America/St_Johns', 'Asia/Kathmandu', 'Europe/London', 'Australia/Adelaide', 'America/Sao_Paulo', 'Pacific/Apia',
  'America/Los_Angeles', 'UTC',
] as const;
type Zone = (typeof ZONES)[number];
/**
 * Each zone's offset changes in 2026 (from the time zone database): the local date and the wall-time
 * window, in minutes of that date, that is skipped (spring forward) or repeated (fall back). Instants
 * and hours are pulled toward them. Zones without changes get harmless stand-ins.
 */
interface Change {
  date: string;
  window: readonly [number, number];
}
const h = (hours: number) => hours * 60;
const CHANGES: Record<Zone, Change[]> = {
  'Europe/Berlin': [{ date: '2026-03-29', window: [h(2), h(3)] }, { date: '2026-10-25', window: [h(2), h(3)] }],
  'Europe/London': [{ date: '2026-03-29', window: [h(1), h(2)] }, { date: '2026-10-25', window: [h(1), h(2)] }],
  'America/New_York': [{ date: '2026-03-08', window: [h(2), h(3)] }, { date: '2026-11-01', window: [h(1), h(2)] }],
  'America/Los_Angeles': [{ date: '2026-03-08', window: [h(2), h(3)] }, { date: '2026-11-01', window: [h(1), h(2)] }],
  'America/St_Johns': [{ date: '2026-03-08', window: [h(2), h(3)] }, { date: '2026-11-01', window: [h(1), h(2)] }],
  'Australia/Lord_Howe': [{ date: '2026-04-05', window: [h(1.5), h(2)] }, { date: '2026-10-04', window: [h(2), h(2.5)] }],
  'Australia/Adelaide': [{ date: '2026-04-05', window: [h(2), h(3)] }, { date: '2026-10-04', window: [h(2), h(3)] }],
  'Pacific/Chatham': [{ date: '2026-04-05', window: [h(2.75), h(3.75)] }, { date: '2026-09-27', window: [h(2.75), h(3.75)] }],
  // Santiago changes at midnight: 23:00-24:00 of 04-04 happens twice, 00:00-01:00 of 09-06 never.
  'America/Santiago': [{ date: '2026-04-04', window: [h(23), h(24)] }, { date: '2026-09-06', window: [h(0), h(1)] }],
  'Asia/Kolkata': [{ date: '2026-03-29', window: [h(2), h(3)] }, { date: '2026-10-25', window: [h(2), h(3)] }],
  'Asia/Kathmandu': [{ date: '2026-03-08', window: [h(2), h(3)] }, { date: '2026-11-01', window: [h(1), h(2)] }],
  'America/Sao_Paulo': [{ date: '2026-04-05', window: [h(0), h(1)] }, { date: '2026-10-04', window: [h(0), h(1)] }],
  'Pacific/Apia': [{ date: '2026-04-05', window: [h(3), h(4)] }, { date: '2026-09-27', window: [h(3), h(4)] }],
  UTC: [{ date: '2026-03-29', window: [h(1), h(2)] }, { date: '2026-10-25', window: [h(1), h(2)] }],
};
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

const hhmm = (minutes: number) => (minutes === 1440 ? '24:00' : `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`);

/** An interval on the 5-minute grid, biased toward whole days, '24:00' ends and the small hours (where gaps are). */
const intervalArb: fc.Arbitrary<readonly [string, string]> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 287 }).chain((a) => fc.integer({ min: a + 1, max: 288 }).map((b) => [hhmm(a * 5), hhmm(b * 5)] as const)) },
  { weight: 1, arbitrary: fc.constant(['00:00', '24:00'] as const) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 287 }).map((a) => [hhmm(a * 5), '24:00'] as const) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 48 }).chain((a) => fc.integer({ min: a + 1, max: a + 30 }).map((b) => [hhmm(a * 5), hhmm(b * 5)] as const)) },
);
const dayArb = fc.array(intervalArb, { maxLength: 3 });
const plainWeekArb: fc.Arbitrary<WeeklyHours> = fc.record({ mon: dayArb, tue: dayArb, wed: dayArb, thu: dayArb, fri: dayArb, sat: dayArb, sun: dayArb });
/**
 * Sometimes a run of 2-5 weekdays worked round the clock after a day worked to midnight: one merged
 * range several days long, where each date keeps its own step grid and slots run on past midnight
 * (rule 2), and where an answer must not depend on how far back the engine looks.
 */
const weekArb: fc.Arbitrary<WeeklyHours> = fc.oneof(
  { weight: 4, arbitrary: plainWeekArb },
  {
    weight: 1,
    arbitrary: fc.tuple(plainWeekArb, fc.integer({ min: 0, max: 6 }), fc.integer({ min: 2, max: 5 }), fc.integer({ min: 0, max: 287 })).map(([week, first, length, start]) => {
      const out: Record<string, ReadonlyArray<readonly [string, string]>> = { ...week };
      out[WEEKDAYS[first]!] = [[hhmm(start * 5), '24:00']];
      for (let i = 1; i <= length; i++) out[WEEKDAYS[(first + i) % 7]!] = [['00:00', '24:00']];
      return out as WeeklyHours;
    }),
  },
);

/** An interval whose ends lie within an hour of a change window, so they fall in, before and after it. */
const hotIntervalArb = (change: Change) => {
  const lo = Math.max(0, change.window[0] - 60) / 5;
  const hi = Math.min(1440, change.window[1] + 60) / 5;
  return fc
    .integer({ min: lo, max: hi - 1 })
    .chain((a) => fc.integer({ min: a + 1, max: hi }).map((b) => [hhmm(a * 5), hhmm(b * 5)] as const));
};
const weekdayOf = (date: string) => WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
const busyItemArb = fc.record({
  at: fc.integer({ min: -288, max: 864 }),
  length: fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 1, max: 48 }) }, { weight: 1, arbitrary: fc.integer({ min: -3, max: 0 }) }),
  raw: fc.boolean(),
});

interface Case {
  rules: SlotRules;
  busy: TimeRange[];
  q: { from: number; to: number; now: number };
}

const caseArb: fc.Arbitrary<Case> = fc
  .constantFrom(...ZONES)
  .chain((timezone) =>
    fc.constantFrom(...CHANGES[timezone]).chain((change) =>
      fc.record({
        timezone: fc.constant(timezone),
        change: fc.constant(change),
        weeklyHours: weekArb,
        // Usually the change date's weekday also gets hours around the change window.
        hot: fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 2, arbitrary: fc.array(hotIntervalArb(change), { minLength: 1, maxLength: 2 }) }),
        // Usually near the change date; sometimes any date of 2026.
        otherDay: fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 364 }) }),
        jitter: fc.integer({ min: -576, max: 576 }).map((n) => n * 5 * MINUTE),
        // Often `now` is placed so that now + notice falls near the change, else anywhere nearby.
        noticeLeads: fc.boolean(),
        ms: fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 5 * MINUTE - 1 }) }),
        blocked: fc.array(fc.integer({ min: -3, max: 5 }), { maxLength: 3 }),
        minimumNoticeMinutes: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 576 }).map((n) => n * 5), fc.integer({ min: 0, max: 2880 })),
        bookingWindowDays: fc.integer({ min: 1, max: 60 }),
        bufferBeforeMinutes: fc.integer({ min: 0, max: 120 }),
        bufferAfterMinutes: fc.integer({ min: 0, max: 120 }),
        slotStepMinutes: fc.constantFrom(5, 10, 15, 20, 30, 60),
        // Mostly short, so that short ranges (such as those around a change) can hold a slot.
        durationMinutes: fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 5, max: 60 }) }, { weight: 1, arbitrary: fc.integer({ min: 5, max: 240 }) }),
        // Where `from` lies: usually near `now`, sometimes near the end of the booking window.
        nearWindowEnd: fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
        fromOffset: fc.oneof(
          { weight: 3, arbitrary: fc.integer({ min: -36, max: 12 }) },
          { weight: 1, arbitrary: fc.integer({ min: -288, max: 288 }) },
        ).map((n) => n * 5 * MINUTE),
        span: fc.oneof(
          { weight: 1, arbitrary: fc.integer({ min: 12, max: 72 }).map((n) => n * 5 * MINUTE) },
          { weight: 2, arbitrary: fc.integer({ min: 72, max: 864 }).map((n) => n * 5 * MINUTE) },
          { weight: 1, arbitrary: fc.integer({ min: HOUR, max: 3 * DAY }) },
        ),
        // Busy time as it comes, or sorted and disjoint (as the service's cache holds it, which the
        // engine takes by a faster path); a zero-length interval may survive into the latter.
        sortedBusy: fc.boolean(),
        busy: fc.oneof(
          { weight: 3, arbitrary: fc.array(busyItemArb, { maxLength: 40 }) },
          { weight: 1, arbitrary: fc.array(busyItemArb, { minLength: 20, maxLength: 40 }) },
        ),
      }),
    ),
  )
  .map((c) => {
    // `from` and `now` an hour before the change (give or take two days), or anywhere in 2026.
    const base =
      c.otherDay === null
        ? localInstant(c.timezone, c.change.date, hhmm(c.change.window[0])) - HOUR
        : Date.parse('2026-01-01T00:00:00Z') + c.otherDay * DAY;
    const now = base + c.jitter / (c.noticeLeads ? 8 : 1) - (c.noticeLeads ? c.minimumNoticeMinutes * MINUTE : 0) + c.ms;
    const anchorDate = new Date(now).toISOString().slice(0, 10);
    const from = c.nearWindowEnd ? now + c.bookingWindowDays * DAY + c.fromOffset - DAY : base + c.fromOffset;
    const weeklyHours = c.hot === null ? c.weeklyHours : { ...c.weeklyHours, [weekdayOf(c.change.date)]: c.hot };
    const rules: SlotRules = {
      timezone: c.timezone,
      weeklyHours,
      blockedDates: new Set(c.blocked.map((d) => addDays(anchorDate, d))),
      minimumNoticeMinutes: c.minimumNoticeMinutes,
      bookingWindowDays: c.bookingWindowDays,
      bufferBeforeMinutes: c.bufferBeforeMinutes,
      bufferAfterMinutes: c.bufferAfterMinutes,
      slotStepMinutes: c.slotStepMinutes,
      durationMinutes: c.durationMinutes,
    };
    // Busy intervals around [from, to): on the 5-minute grid, or off it by a few seconds.
    let busy = c.busy.map((b) => {
      const start = from + b.at * 5 * MINUTE + (b.raw ? 7_919 : 0);
      return { start, end: start + b.length * 5 * MINUTE };
    });
    if (c.sortedBusy) {
      const sorted = busy.filter((b) => b.end >= b.start).sort((a, b) => a.start - b.start);
      busy = sorted.filter((b, i) => i === 0 || b.start > sorted[i - 1]!.end);
    }
    return { rules, busy, q: { from, to: from + c.span, now } };
  });

/** Slots as readable text: UTC instant, owner's wall time and length, for failure messages. */
const show = (slots: readonly TimeRange[], zone: string) =>
  slots.map((s) => `${new Date(s.start).toISOString()} (${localDateTime(zone, s.start)} ${zone}) +${(s.end - s.start) / MINUTE}m`);

describe('availability engine properties', () => {
  it('finds the same working time as the oracle within the asked span (gaps, repeats, midnight, blocked dates)', () => {
    // Working time alone, before notice, window, busy time and steps thin it out: the most direct
    // check of how local times become instants.
    const clip = (ranges: readonly TimeRange[], from: number, to: number) =>
      ranges.map((r) => ({ start: Math.max(r.start, from), end: Math.min(r.end, to) })).filter((r) => r.end > r.start);
    fc.assert(
      fc.property(caseArb, ({ rules, q }) => {
        const expected = oracleWorkingRanges(rules, q.from, q.to);
        const shown = (ranges: readonly TimeRange[]) =>
          clip(ranges, q.from, q.to).map((r) => `${localDateTime(rules.timezone, r.start)} .. ${localDateTime(rules.timezone, r.end)} (${new Date(r.start).toISOString()}..${new Date(r.end).toISOString()})`);
        assert.deepEqual(shown(workingRanges(rules, q.from, q.to)), shown(expected));
      }),
      propertyRuns('availability: working time', 200, { includeErrorInReport: true }),
    );
  });

  it('offers exactly the slots the brute-force oracle offers', () => {
    fc.assert(
      fc.property(caseArb, ({ rules, busy, q }) => {
        const expected = oracleSlots(rules, busy, q);
        assert.deepEqual(show(freeSlots(rules, busy, q), rules.timezone), show(expected, rules.timezone));
      }),
      propertyRuns('availability: slots against the oracle', 150, { includeErrorInReport: true }),
    );
  });

  it('never offers a slot that overlaps busy time widened by the buffers', () => {
    fc.assert(
      fc.property(caseArb, ({ rules, busy, q }) => {
        for (const s of freeSlots(rules, busy, q)) {
          for (const b of busy) {
            if (b.end <= b.start) continue;
            const clear = s.start - rules.bufferBeforeMinutes * MINUTE >= b.end || s.end + rules.bufferAfterMinutes * MINUTE <= b.start;
            assert.ok(clear, `slot ${show([s], rules.timezone)[0]} meets busy ${new Date(b.start).toISOString()}..${new Date(b.end).toISOString()}`);
          }
        }
      }),
      propertyRuns('availability: no slot overlaps busy time', 200, { includeErrorInReport: true }),
    );
  });

  it('offers only slots lying wholly inside the working hours of their local dates', () => {
    fc.assert(
      fc.property(caseArb, ({ rules, busy, q }) => {
        for (const s of freeSlots(rules, busy, q)) {
          // The slot's own local dates, and the one before (whose '24:00' may carry into them).
          const ranges = dateRanges(rules, addDays(localDate(rules.timezone, s.start), -1), localDate(rules.timezone, s.end))
            .sort((a, b) => a.start - b.start);
          let covered = s.start;
          for (const r of ranges) if (r.start <= covered && r.end > covered) covered = r.end;
          assert.ok(covered >= s.end, `slot ${show([s], rules.timezone)[0]} leaves working hours at ${localDateTime(rules.timezone, covered)}`);
        }
      }),
      propertyRuns('availability: slots inside working hours', 200, { includeErrorInReport: true }),
    );
  });

  it('offers only slots of the right length, starting in [from, to), after the notice and inside the window', () => {
    fc.assert(
      fc.property(caseArb, ({ rules, busy, q }) => {
        const windowEnds = oracleWindowEnd(rules, q.now);
        for (const s of freeSlots(rules, busy, q)) {
          const label = show([s], rules.timezone)[0];
          assert.equal(s.end - s.start, rules.durationMinutes * MINUTE, label);
          assert.ok(s.start >= q.from && s.start < q.to, `${label} outside the asked range`);
          assert.ok(s.start >= q.now + rules.minimumNoticeMinutes * MINUTE, `${label} inside the notice`);
          assert.ok(s.start < windowEnds, `${label} after the window ends at ${localDateTime(rules.timezone, windowEnds)}`);
        }
      }),
      propertyRuns('availability: slot length, span, notice, window', 200, { includeErrorInReport: true }),
    );
  });

  it('gives the same slot instants whatever zone availabilityForDates is asked in, and days that match them', () => {
    const askArb = fc.record({
      c: caseArb,
      tzA: fc.constantFrom(...ZONES),
      tzB: fc.constantFrom(...ZONES),
      fromShift: fc.integer({ min: -1, max: 2 }),
      days: fc.integer({ min: 1, max: 3 }),
    });
    fc.assert(
      fc.property(askArb, ({ c, tzA, tzB, fromShift, days }) => {
        const { rules, busy, q } = c;
        const fromDate = addDays(new Date(q.from).toISOString().slice(0, 10), fromShift);
        const toDate = addDays(fromDate, days - 1);
        const bounds = (tz: string) => [localInstant(tz, fromDate, '00:00'), localInstant(tz, toDate, '24:00')] as const;
        const a = availabilityForDates(rules, busy, { fromDate, toDate, tz: tzA, now: q.now });
        const b = availabilityForDates(rules, busy, { fromDate, toDate, tz: tzB, now: q.now });
        for (const [tz, result] of [[tzA, a], [tzB, b]] as const) {
          const [lo, hi] = bounds(tz);
          assert.ok(result.slots.every((s) => s.start >= lo && s.start < hi), `a slot outside ${fromDate}..${toDate} in ${tz}`);
          const dates = Array.from({ length: days }, (_, i) => addDays(fromDate, i));
          const withSlots = new Set(result.slots.map((s) => localDate(tz, s.start)));
          assert.deepEqual(result.days, dates.map((date) => ({ date, hasSlots: withSlots.has(date) })), `days in ${tz}`);
        }
        const lo = Math.max(bounds(tzA)[0], bounds(tzB)[0]);
        const hi = Math.min(bounds(tzA)[1], bounds(tzB)[1]);
        const within = (slots: TimeRange[]) => show(slots.filter((s) => s.start >= lo && s.start < hi), rules.timezone);
        assert.deepEqual(within(a.slots), within(b.slots), `asked in ${tzA} vs ${tzB}`);
      }),
      propertyRuns('availability: the same instants in every zone', 100, { includeErrorInReport: true }),
    );
  });

  it('lists slots in strictly increasing start order, so none is repeated', () => {
    fc.assert(
      fc.property(caseArb, ({ rules, busy, q }) => {
        const slots = freeSlots(rules, busy, q);
        for (let i = 1; i < slots.length; i++) {
          assert.ok(slots[i]!.start > slots[i - 1]!.start, `slot ${i} at ${show([slots[i]!], rules.timezone)[0]} after ${show([slots[i - 1]!], rules.timezone)[0]}`);
        }
      }),
      propertyRuns('availability: increasing order', 200, { includeErrorInReport: true }),
    );
  });

  it('has isSlotOffered agree with the oracle, for listed slots and for arbitrary starts', () => {
    const offeredArb = fc.record({ c: caseArb, pick: fc.nat(), stray: fc.integer({ min: -288, max: 864 }), listed: fc.boolean() });
    fc.assert(
      fc.property(offeredArb, ({ c, pick, stray, listed }) => {
        const { rules, busy, q } = c;
        const slots = freeSlots(rules, busy, q);
        const start = listed && slots.length > 0 ? slots[pick % slots.length]!.start : q.from + stray * 5 * MINUTE;
        const slot = { start, end: start + rules.durationMinutes * MINUTE };
        const expected = oracleSlots(rules, busy, { from: start, to: start + 1, now: q.now });
        assert.equal(isSlotOffered(rules, busy, slot, q.now), expected.length === 1, `isSlotOffered(${show([slot], rules.timezone)[0]})`);
      }),
      propertyRuns('availability: isSlotOffered', 150, { includeErrorInReport: true }),
    );
  });
});
