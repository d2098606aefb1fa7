import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { availabilityForDates, type SlotRules, type TimeRange, type WeeklyHours, type WorkingTime } from '../../src/domain/availability.js';
import { freeTimeForDates, freeTimeSpan, type FreeTimeQuery } from '../../src/domain/free-time.js';
import { addDays, DAY, HOUR, localDateTime, localInstant, MINUTE } from '../helpers/availability-oracle.js';
import { oracleFreeTime } from '../helpers/free-time-oracle.js';
import { propertyRuns } from '../helpers/property-runs.js';

const NO_HOURS: WeeklyHours = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
const every = (hours: [string, string][]): WeeklyHours => ({ mon: hours, tue: hours, wed: hours, thu: hours, fri: hours, sat: hours, sun: hours });
const working = (timezone: string, weeklyHours: WeeklyHours, extra: Partial<WorkingTime> = {}): WorkingTime => ({ timezone, weeklyHours, blockedDates: new Set(), ...extra });
const at = (instant: string) => Date.parse(instant);
const iso = (ms: number) => new Date(ms).toISOString().replace(':00.000Z', 'Z');
const shown = (free: readonly TimeRange[]) => free.map((r) => `${iso(r.start)}..${iso(r.end)}`);
const ask = (q: Partial<FreeTimeQuery> & Pick<FreeTimeQuery, 'fromDate' | 'toDate' | 'tz'>): FreeTimeQuery => ({ now: at('2026-01-01T00:00:00Z'), minMinutes: null, ...q });

describe('free time of any length', () => {
  it('is the working hours minus busy time, whole intervals however long, with no buffers, notice or window', () => {
    const w = working('Europe/Berlin', every([['09:00', '17:00']]));
    const busy = [{ start: at('2026-03-30T10:00:00Z'), end: at('2026-03-30T10:20:00Z') }];
    assert.deepEqual(shown(freeTimeForDates(w, busy, ask({ fromDate: '2026-03-30', toDate: '2026-03-30', tz: 'Europe/Berlin' }))), [
      '2026-03-30T07:00Z..2026-03-30T10:00Z',
      '2026-03-30T10:20Z..2026-03-30T15:00Z',
    ]);
  });

  it('keeps 09:00-17:00 local across the Berlin March change and the New York November change', () => {
    const berlin = working('Europe/Berlin', every([['09:00', '17:00']]));
    assert.deepEqual(shown(freeTimeForDates(berlin, [], ask({ fromDate: '2026-03-28', toDate: '2026-03-29', tz: 'Europe/Berlin' }))), [
      '2026-03-28T08:00Z..2026-03-28T16:00Z',
      '2026-03-29T07:00Z..2026-03-29T15:00Z',
    ]);
    const newYork = working('America/New_York', every([['09:00', '17:00']]));
    assert.deepEqual(shown(freeTimeForDates(newYork, [], ask({ fromDate: '2026-10-31', toDate: '2026-11-01', tz: 'America/New_York' }))), [
      '2026-10-31T13:00Z..2026-10-31T21:00Z',
      '2026-11-01T14:00Z..2026-11-01T22:00Z',
    ]);
  });

  it('gives a whole date without working hours: 23 hours on the Berlin spring-forward date, 25 on the New York fall-back date', () => {
    const spring = freeTimeForDates(null, [], ask({ fromDate: '2026-03-29', toDate: '2026-03-29', tz: 'Europe/Berlin' }));
    assert.deepEqual(spring.map((r) => (r.end - r.start) / HOUR), [23]);
    const fall = freeTimeForDates(null, [], ask({ fromDate: '2026-11-01', toDate: '2026-11-01', tz: 'America/New_York' }));
    assert.deepEqual(fall.map((r) => (r.end - r.start) / HOUR), [25]);
  });

  it("cuts Kolkata's half-hour-offset hours to the dates of Auckland, across the date line", () => {
    const kolkata = working('Asia/Kolkata', every([['09:00', '17:00']]));
    assert.deepEqual(shown(freeTimeForDates(kolkata, [], ask({ fromDate: '2026-03-31', toDate: '2026-03-31', tz: 'Pacific/Auckland' }))), [
      '2026-03-30T11:00Z..2026-03-30T11:30Z',
      '2026-03-31T03:30Z..2026-03-31T11:00Z',
    ]);
  });

  it('joins hours that cross midnight into one interval, and free time on both sides of a busy interval stays apart', () => {
    const w = working('Europe/Berlin', { ...NO_HOURS, mon: [['22:00', '24:00']], tue: [['00:00', '02:00']] });
    const q = ask({ fromDate: '2026-03-30', toDate: '2026-03-31', tz: 'Europe/Berlin' });
    assert.deepEqual(shown(freeTimeForDates(w, [], q)), ['2026-03-30T20:00Z..2026-03-31T00:00Z']);
    const busy = [{ start: at('2026-03-30T21:00:00Z'), end: at('2026-03-30T21:30:00Z') }];
    assert.deepEqual(shown(freeTimeForDates(w, busy, q)), ['2026-03-30T20:00Z..2026-03-30T21:00Z', '2026-03-30T21:30Z..2026-03-31T00:00Z']);
  });

  it('closes blocked dates and opens a date on its own hours', () => {
    const w = working('Europe/Berlin', every([['09:00', '17:00']]), { blockedDates: new Set(['2026-04-06']), dateHours: new Map([['2026-04-07', [['14:00', '15:00']] as [string, string][]]]) });
    assert.deepEqual(shown(freeTimeForDates(w, [], ask({ fromDate: '2026-04-06', toDate: '2026-04-07', tz: 'Europe/Berlin' }))), ['2026-04-07T12:00Z..2026-04-07T13:00Z']);
  });

  it('starts no earlier than now rounded up to the whole minute, and keeps only intervals at least minMinutes long', () => {
    const w = working('UTC', every([['09:00', '10:00'], ['11:00', '11:20']]));
    const q = ask({ fromDate: '2026-03-30', toDate: '2026-03-30', tz: 'UTC', now: at('2026-03-30T09:40:00.001Z') });
    assert.deepEqual(shown(freeTimeForDates(w, [], q)), ['2026-03-30T09:41Z..2026-03-30T10:00Z', '2026-03-30T11:00Z..2026-03-30T11:20Z']);
    assert.deepEqual(shown(freeTimeForDates(w, [], { ...q, minMinutes: 20 })), ['2026-03-30T11:00Z..2026-03-30T11:20Z']);
    assert.deepEqual(freeTimeSpan({ ...q, now: at('2026-03-31T00:00:00Z') }), { start: at('2026-03-31T00:00:00Z'), end: at('2026-03-31T00:00:00Z') });
    assert.deepEqual(freeTimeForDates(w, [], { ...q, now: at('2026-03-31T00:00:00Z') }), []);
  });
});

// Zones with whole, half and three-quarter hour offsets, a change at midnight, the date line, none at all.
const ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Pacific/Auckland', 'Pacific/Chatham', 'America/Santiago', 'Australia/Lord_Howe', 'Pacific/Kiritimati', 'UTC'] as const;
/** Dates of 2026 near the offset changes of those zones, where the cases are drawn. */
const DATES = ['2026-03-08', '2026-03-29', '2026-04-04', '2026-04-05', '2026-09-06', '2026-09-27', '2026-10-04', '2026-10-25', '2026-11-01', '2026-06-15'] as const;
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const hhmm = (minutes: number) => (minutes === 1440 ? '24:00' : `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`);

/** A day's hours as the settings allow them: sorted, not overlapping, on a 15-minute grid, '24:00' an end. */
const dayHoursArb = fc
  .uniqueArray(fc.integer({ min: 0, max: 96 }), { maxLength: 6 })
  .map((points) => {
    const sorted = [...points].sort((a, b) => a - b);
    const out: [string, string][] = [];
    for (let i = 0; i + 1 < sorted.length; i += 2) out.push([hhmm(sorted[i]! * 15), hhmm(sorted[i + 1]! * 15)]);
    return out;
  });
const weekArb = fc.oneof(
  { weight: 3, arbitrary: fc.tuple(...WEEKDAYS.map(() => dayHoursArb)).map((days) => Object.fromEntries(WEEKDAYS.map((d, i) => [d, days[i]!])) as unknown as WeeklyHours) },
  // Round the clock on some days: free time that runs across several midnights.
  { weight: 1, arbitrary: fc.subarray([...WEEKDAYS]).map((days) => Object.fromEntries(WEEKDAYS.map((d) => [d, days.includes(d) ? [['00:00', '24:00']] : [['22:00', '24:00']]])) as unknown as WeeklyHours) },
);

interface Case {
  working: WorkingTime | null;
  busy: TimeRange[];
  q: FreeTimeQuery;
}

const caseArb: fc.Arbitrary<Case> = fc
  .record({
    owner: fc.constantFrom(...ZONES),
    tz: fc.constantFrom(...ZONES),
    date: fc.constantFrom(...DATES),
    shift: fc.integer({ min: -2, max: 2 }),
    days: fc.oneof({ weight: 5, arbitrary: fc.integer({ min: 1, max: 4 }) }, { weight: 1, arbitrary: fc.integer({ min: 5, max: 14 }) }),
    withHours: fc.boolean(),
    week: weekArb,
    blocked: fc.array(fc.integer({ min: -2, max: 6 }), { maxLength: 2 }),
    own: fc.array(fc.tuple(fc.integer({ min: -2, max: 6 }), dayHoursArb), { maxLength: 2 }),
    // now: long before, or somewhere inside the asked dates (to the millisecond).
    nowAt: fc.oneof(fc.constant(null), fc.integer({ min: -DAY, max: 4 * DAY })),
    minMinutes: fc.oneof({ weight: 2, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 1440 }) }),
    busy: fc.array(fc.record({ at: fc.integer({ min: -2 * 288, max: 6 * 288 }), length: fc.integer({ min: -2, max: 60 }), odd: fc.boolean() }), { maxLength: 30 }),
    sortedBusy: fc.boolean(),
  })
  .map((c) => {
    const fromDate = addDays(c.date, c.shift);
    const toDate = addDays(fromDate, c.days - 1);
    const base = localInstant(c.tz, fromDate, '00:00');
    const blocked = new Set(c.blocked.map((d) => addDays(fromDate, d)));
    const dateHours = new Map(c.own.map(([d, hours]) => [addDays(fromDate, d), hours] as const).filter(([d]) => !blocked.has(d)));
    let busy = c.busy.map((b) => {
      const start = base + b.at * 5 * MINUTE + (b.odd ? 7_919 : 0);
      return { start, end: start + b.length * 5 * MINUTE };
    });
    if (c.sortedBusy) {
      const sorted = busy.filter((b) => b.end > b.start).sort((a, b) => a.start - b.start);
      busy = sorted.filter((b, i) => i === 0 || b.start > sorted[i - 1]!.end);
    }
    return {
      working: c.withHours ? { timezone: c.owner, weeklyHours: c.week, blockedDates: blocked, dateHours } : null,
      busy,
      q: { fromDate, toDate, tz: c.tz, now: c.nowAt === null ? at('2025-12-01T00:00:00Z') : base + c.nowAt, minMinutes: c.minMinutes },
    };
  });

const show = (free: readonly TimeRange[], zone: string) => free.map((r) => `${iso(r.start)}..${iso(r.end)} (${localDateTime(zone, r.start)}..${localDateTime(zone, r.end)} ${zone})`);

describe('free time properties', () => {
  it('finds exactly the free intervals the brute-force oracle finds (gaps, repeats, midnight, blocked dates, own hours, now, minMinutes)', () => {
    fc.assert(
      fc.property(caseArb, ({ working: w, busy, q }) => {
        assert.deepEqual(show(freeTimeForDates(w, busy, q), q.tz), show(oracleFreeTime(w, busy, q), q.tz));
      }),
      propertyRuns('free time: against the oracle', 200, { includeErrorInReport: true }),
    );
  });

  it('answers sorted intervals that never touch, inside the asked dates, never before now, free of busy time, each at least minMinutes', () => {
    fc.assert(
      fc.property(caseArb, ({ working: w, busy, q }) => {
        const free = freeTimeForDates(w, busy, q);
        const lo = Math.max(localInstant(q.tz, q.fromDate, '00:00'), q.now);
        const hi = localInstant(q.tz, q.toDate, '24:00');
        free.forEach((r, i) => {
          assert.ok(r.end > r.start && r.start >= lo && r.end <= hi, `${show([r], q.tz)[0]} outside ${iso(lo)}..${iso(hi)}`);
          if (i > 0) assert.ok(r.start > free[i - 1]!.end, `${show([r], q.tz)[0]} touches the one before`);
          if (q.minMinutes !== null) assert.ok(r.end - r.start >= q.minMinutes * MINUTE);
          for (const b of busy) if (b.end > b.start) assert.ok(r.end <= b.start || r.start >= b.end, `${show([r], q.tz)[0]} meets busy time`);
        });
      }),
      propertyRuns('free time: shape', 200, { includeErrorInReport: true }),
    );
  });

  it('holds every slot /availability offers with no buffers or notice inside one free interval: one engine, two answers', () => {
    const slotArb = fc.record({ c: caseArb, duration: fc.constantFrom(15, 30, 45, 60, 120), step: fc.constantFrom(15, 30, 60) });
    fc.assert(
      fc.property(slotArb, ({ c, duration, step }) => {
        if (!c.working) return;
        const rules: SlotRules = {
          ...c.working, minimumNoticeMinutes: 0, bookingWindowDays: 730, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, slotStepMinutes: step, durationMinutes: duration,
        };
        const free = freeTimeForDates(c.working, c.busy, { ...c.q, minMinutes: null });
        const end = localInstant(c.q.tz, c.q.toDate, '24:00');
        const { slots } = availabilityForDates(rules, c.busy, c.q);
        for (const s of slots.filter((x) => x.end <= end)) {
          assert.ok(free.some((r) => r.start <= s.start && s.end <= r.end), `slot ${show([s], c.q.tz)[0]} lies in no free interval`);
        }
      }),
      propertyRuns('free time: holds the slots', 150, { includeErrorInReport: true }),
    );
  });
});
