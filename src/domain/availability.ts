/**
 * The owner's free time: one pure function from booking rules, busy time, a range and `now` to the
 * slots offered. Written as range algebra (ranges.ts): working ranges per local date in the owner's
 * zone, minus blocked dates and holidays, minus buffered busy time, cut by notice and window, then
 * sliced by the step. No I/O, no clock, no environment.
 *
 * The rules, exactly (docs/availability.md says the same for owners):
 * 1. Working ranges. For each local date D in `timezone` not in `blockedDates`, each [a, b] of the
 *    date's own hours (`dateHours`) if it has them, else of its weekday's, becomes [D at a, D at b)
 *    as instants ('24:00' as b: the next date's 00:00). A
 *    local time that does not exist (a spring-forward gap) moves forward by the gap; a repeated one
 *    (fall-back) is the earlier. Overlapping or touching ranges are merged, across midnight too.
 * 2. Candidates start at each date's interval start and every `slotStepMinutes` of elapsed time
 *    after it, while the start lies in that interval (Cal.com's per-day grid: a query never changes
 *    the grid); the candidates of all intervals form one set. The whole slot must lie in the merged
 *    ranges, so a slot may run on past midnight into the next date's touching hours.
 * 3. A candidate [s, e) is offered when s >= now + minimumNotice; s is before the end of the owner's
 *    local date today + bookingWindowDays (today: the owner's date at `now`); and for every busy
 *    interval [bs, be) with be > bs: s - bufferBefore >= be or e + bufferAfter <= bs.
 * 4. The answer holds the offered slots whose start lies in [from, to), in start order.
 *
 * Rules 1 and 3's busy part are one cut, `freeRanges` (working time minus buffered busy time), which
 * GET /free-time returns without slicing (domain/free-time.ts): one engine, two answers.
 */
import { Temporal } from 'temporal-polyfill';
import { mergeRanges, subtractRanges, type TimeRange } from './ranges.js';

export type { TimeRange } from './ranges.js';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Intervals of local time per weekday: ['09:00', '12:00']; '24:00' may end an interval. */
export type WeeklyHours = Record<Weekday, ReadonlyArray<readonly [string, string]>>;

/** Everything the engine needs to know for one appointment type. */
export interface SlotRules {
  /** The owner's IANA zone: hours, blocked dates, holidays and the window are read in it. */
  timezone: string;
  weeklyHours: WeeklyHours;
  /** Local dates (YYYY-MM-DD, owner's zone) with no working time: blocked dates and holidays. */
  blockedDates: ReadonlySet<string>;
  /** Local dates with hours of their own, replacing the weekday's on that date (an empty list: closed). */
  dateHours?: ReadonlyMap<string, ReadonlyArray<readonly [string, string]>>;
  minimumNoticeMinutes: number;
  bookingWindowDays: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  slotStepMinutes: number;
  durationMinutes: number;
}

/** What working time depends on: the zone, the weekly hours, closed dates and dates with hours of their own. */
export type WorkingTime = Pick<SlotRules, 'timezone' | 'weeklyHours' | 'blockedDates' | 'dateHours'>;

/** Slot starts in [from, to), epoch milliseconds; `now` is the caller's clock. */
export interface SlotQuery {
  from: number;
  to: number;
  now: number;
}

const MINUTE = 60_000;

/** [date at a, date at b) in `zone`; '24:00' is the next date's midnight. */
function localRange(date: Temporal.PlainDate, [a, b]: readonly [string, string], zone: string): TimeRange {
  const at = (d: Temporal.PlainDate, hhmm: string) =>
    d.toZonedDateTime({ timeZone: zone, plainTime: Temporal.PlainTime.from(hhmm) }).epochMilliseconds;
  return { start: at(date, a), end: b === '24:00' ? at(date.add({ days: 1 }), '00:00') : at(date, b) };
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 → 'YYYY-MM-DD' (ISO 8601's '+YYYYYY-MM-DD' past year 9999: the day after 9999-12-31 is a bound). */
export function isoDate(day: number): string {
  const d = new Date(day * DAY_MS);
  const y = d.getUTCFullYear();
  const year = y >= 0 && y <= 9999 ? String(y).padStart(4, '0') : `${y < 0 ? '-' : '+'}${String(Math.abs(y)).padStart(6, '0')}`;
  return `${year}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
}

/** The local date of an instant in `zone`, as days since 1970-01-01. */
const localDays = new Map<string, number>();

/**
 * The local date of an instant in `zone`, as days since 1970-01-01. Memoized per minute: every
 * zone in use changes date on a whole minute (offsets are whole minutes since 1972), so all
 * instants of one minute share a date.
 */
export function localDay(ms: number, zone: string): number {
  const key = `${zone}|${Math.floor(ms / 60_000)}`;
  let day = localDays.get(key);
  if (day === undefined) {
    const d = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone);
    day = Math.floor(Date.UTC(d.year, d.month - 1, d.day) / DAY_MS);
    if (localDays.size >= 100_000) localDays.clear();
    localDays.set(key, day);
  }
  return day;
}

/**
 * A date's working ranges depend only on the rules and the date, so they are kept per rules object
 * (the service keeps one object per owner, type and version of the rules): a repeated question
 * costs no time-zone arithmetic. This is memoization of a pure function; answers are unchanged.
 */
const dayMemo = new WeakMap<object, Map<number, TimeRange[]>>();
const MAX_MEMO_DAYS = 4000;

function rangesOfDay(rules: WorkingTime, day: number): TimeRange[] {
  let memo = dayMemo.get(rules);
  if (!memo) dayMemo.set(rules, (memo = new Map()));
  let ranges = memo.get(day);
  if (ranges) return ranges;
  ranges = [];
  const text = isoDate(day);
  if (!rules.blockedDates.has(text)) {
    const date = Temporal.PlainDate.from(text);
    // 1970-01-01 was a Thursday: day 0 is index 3 of mon..sun.
    const hours = rules.dateHours?.get(text) ?? rules.weeklyHours[WEEKDAYS[(((day + 3) % 7) + 7) % 7]!];
    for (const interval of hours) {
      const r = localRange(date, interval, rules.timezone);
      if (r.end > r.start) ranges.push(r);
    }
  }
  if (memo.size >= MAX_MEMO_DAYS) memo.clear();
  memo.set(day, ranges);
  return ranges;
}

/** Each local date's own working intervals as instants, for every date that can touch [from, to), in order. */
export function workingIntervals(rules: WorkingTime, from: number, to: number): TimeRange[] {
  // A local date can hold working time from about 14 h before its UTC midnight to 38 h after it
  // ('24:00' plus the widest offsets); one date of margin on each side covers every zone.
  const first = localDay(from, rules.timezone) - 1;
  const last = localDay(to, rules.timezone) + 1;
  const ranges: TimeRange[] = [];
  for (let day = first; day <= last; day += 1) ranges.push(...rangesOfDay(rules, day));
  return ranges;
}

/** The merged working ranges of every local date that can touch [from, to). */
export function workingRanges(rules: WorkingTime, from: number, to: number): TimeRange[] {
  return mergeRanges(workingIntervals(rules, from, to));
}

/** The first instant after the bookable window: the end of the owner's date today + bookingWindowDays. */
export function windowEnd(rules: Pick<SlotRules, 'timezone' | 'bookingWindowDays'>, now: number): number {
  return startOfDate(isoDate(localDay(now, rules.timezone) + rules.bookingWindowDays + 1), rules.timezone);
}

/** Minutes of busy time's shadow: a slot may not end within `after` before it nor start within `before` after it. */
export interface Buffers {
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
}

const NO_BUFFERS: Buffers = { bufferBeforeMinutes: 0, bufferAfterMinutes: 0 };

/**
 * Busy time as seen by a slot of this type: each busy interval widened by the buffers, so a slot
 * [s, e) is clear exactly when it does not overlap any widened interval.
 */
function blockedBy(busy: readonly TimeRange[], buffers: Buffers, from: number, to: number): TimeRange[] {
  const before = buffers.bufferBeforeMinutes * MINUTE;
  const after = buffers.bufferAfterMinutes * MINUTE;
  // Only busy time that can meet [from, to) matters. Sorted, disjoint input (what the service's
  // cache holds) is searched and widened in one pass; anything else is merged first.
  const sorted = isSortedDisjoint(busy) ? busy : mergeRanges(busy);
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]!.end + before <= from) lo = mid + 1;
    else hi = mid;
  }
  const widened: TimeRange[] = [];
  for (let i = lo; i < sorted.length && sorted[i]!.start - after < to; i += 1) {
    const b = sorted[i]!;
    const start = b.start - after;
    const end = b.end + before;
    const last = widened[widened.length - 1];
    if (last && start <= last.end) last.end = Math.max(last.end, end);
    else widened.push({ start, end });
  }
  return widened;
}

/** Sorted, disjoint ranges cut to [from, to). */
function clipRanges(ranges: readonly TimeRange[], from: number, to: number): TimeRange[] {
  const out: TimeRange[] = [];
  for (const r of ranges) {
    if (r.end <= from) continue;
    if (r.start >= to) break;
    out.push({ start: Math.max(r.start, from), end: Math.min(r.end, to) });
  }
  return out;
}

/**
 * The free time inside `working` (sorted, disjoint: what mergeRanges returns): `working` minus busy
 * time widened by the buffers, sorted and disjoint. The one cut both answers are made of: GET
 * /availability slices it into slots of a type (with that type's buffers), GET /free-time returns
 * it as it is (no buffers: domain/free-time.ts).
 */
export function freeRanges(working: readonly TimeRange[], busy: readonly TimeRange[], buffers: Buffers = NO_BUFFERS): TimeRange[] {
  if (working.length === 0) return [];
  return subtractRanges(working, blockedBy(busy, buffers, working[0]!.start, working[working.length - 1]!.end));
}

/**
 * Free time in [from, to): the merged working time of `rules` (or, with null, all of [from, to))
 * cut to the span, minus busy time widened by the buffers.
 */
export function freeBetween(rules: WorkingTime | null, busy: readonly TimeRange[], from: number, to: number, buffers: Buffers = NO_BUFFERS): TimeRange[] {
  if (from >= to) return [];
  const working = rules ? clipRanges(workingRanges(rules, from, to), from, to) : [{ start: from, end: to }];
  return freeRanges(working, busy, buffers);
}

function isSortedDisjoint(ranges: readonly TimeRange[]): boolean {
  for (let i = 0; i < ranges.length; i += 1) {
    const r = ranges[i]!;
    if (!(r.end > r.start) || (i > 0 && r.start <= ranges[i - 1]!.end)) return false;
  }
  return true;
}

/** The slots offered for one appointment type with starts in [q.from, q.to), in start order. */
export function freeSlots(rules: SlotRules, busy: readonly TimeRange[], q: SlotQuery): TimeRange[] {
  const duration = rules.durationMinutes * MINUTE;
  const step = rules.slotStepMinutes * MINUTE;
  const earliest = Math.max(q.from, q.now + rules.minimumNoticeMinutes * MINUTE);
  const latestStart = Math.min(q.to, windowEnd(rules, q.now));
  if (earliest >= latestStart) return [];
  // Intervals are searched a day before the first start, so the interval holding it is found.
  const intervals = workingIntervals(rules, earliest - 86_400_000, latestStart + duration);
  // Every offered slot lies in [earliest, latestStart + duration): free time beyond it is not needed.
  const free = freeRanges(clipRanges(mergeRanges(intervals), earliest, latestStart + duration), busy, rules);
  // Every interval's grid, as one sorted set of starts: intervals of one date may overlap or come
  // in any order (and a spring-forward gap can move one into the next), so grids can interleave.
  const starts: number[] = [];
  for (const r of intervals) {
    // The first step of this interval's grid at or after `earliest`.
    let s = r.start < earliest ? r.start + Math.ceil((earliest - r.start) / step) * step : r.start;
    for (; s < latestStart && s < r.end; s += step) starts.push(s);
  }
  starts.sort((a, b) => a - b);
  const slots: TimeRange[] = [];
  let f = 0;
  for (let i = 0; i < starts.length; i += 1) {
    const s = starts[i]!;
    if (i > 0 && s === starts[i - 1]) continue;
    const e = s + duration;
    while (f < free.length && free[f]!.end < e) f += 1;
    const room = free[f];
    if (room && room.start <= s && e <= room.end) slots.push({ start: s, end: e });
  }
  return slots;
}

/** Whether [slot.start, slot.end) is a slot `freeSlots` offers at `now`: the check made when a request is created. */
export function isSlotOffered(rules: SlotRules, busy: readonly TimeRange[], slot: TimeRange, now: number): boolean {
  if (slot.end - slot.start !== rules.durationMinutes * MINUTE) return false;
  return freeSlots(rules, busy, { from: slot.start, to: slot.start + 1, now }).some((s) => s.start === slot.start);
}

/** What GET /availability answers, before the wire format: slots and one entry per date of `tz`. */
export interface AvailabilityDays {
  slots: TimeRange[];
  days: { date: string; hasSlots: boolean }[];
}

const midnights = new Map<string, number>();

/** The instant a local date begins in `zone` (a midnight in a gap moves forward). Memoized: pure. */
export function startOfDate(date: string, zone: string): number {
  const key = `${zone}|${date}`;
  let at = midnights.get(key);
  if (at === undefined) {
    at = Temporal.PlainDate.from(date).toZonedDateTime({ timeZone: zone }).epochMilliseconds;
    if (midnights.size >= 100_000) midnights.clear();
    midnights.set(key, at);
  }
  return at;
}

/**
 * Slots starting on the dates fromDate..toDate (inclusive) of `tz`, and for each of those dates
 * whether a slot starts on it there. The instants do not depend on `tz`; only the range and the
 * grouping into dates do.
 */
export function availabilityForDates(
  rules: SlotRules,
  busy: readonly TimeRange[],
  q: { fromDate: string; toDate: string; tz: string; now: number },
): AvailabilityDays {
  const first = Date.parse(`${q.fromDate}T00:00:00Z`) / DAY_MS;
  const count = Date.parse(`${q.toDate}T00:00:00Z`) / DAY_MS - first + 1;
  const dates = Array.from({ length: count + 1 }, (_, i) => isoDate(first + i));
  const bounds = dates.map((d) => startOfDate(d, q.tz));
  const slots = freeSlots(rules, busy, { from: bounds[0]!, to: bounds[count]!, now: q.now });
  const days = Array.from({ length: count }, (_, i) => ({ date: dates[i]!, hasSlots: false }));
  let d = 0;
  for (const s of slots) {
    while (s.start >= bounds[d + 1]!) d += 1;
    days[d]!.hasSlots = true;
  }
  return { slots, days };
}
