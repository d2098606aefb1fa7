/**
 * The owner's free time: one pure function from booking rules, busy time, a range and `now` to the
 * slots offered. Written as range algebra (ranges.ts): working ranges per local date in the owner's
 * zone, minus blocked dates and holidays, minus buffered busy time, cut by notice and window, then
 * sliced by the step. No I/O, no clock, no environment.
 *
 * The rules, exactly (docs/availability.md says the same for owners):
 * 1. Working ranges. For each local date D in `timezone` not in `blockedDates`, each [a, b] of the
 *    weekday's hours becomes [D at a, D at b) as instants ('24:00' as b: the next date's 00:00). A
 *    local time that does not exist (a spring-forward gap) moves forward by the gap; a repeated one
 *    (fall-back) is the earlier. Overlapping or touching ranges are merged, across midnight too.
 * 2. Candidates start at each merged range's start and every `slotStepMinutes` of elapsed time after
 *    it, while start + duration stays within the range.
 * 3. A candidate [s, e) is offered when s >= now + minimumNotice; s is before the end of the owner's
 *    local date today + bookingWindowDays (today: the owner's date at `now`); and for every busy
 *    interval [bs, be) with be > bs: s - bufferBefore >= be or e + bufferAfter <= bs.
 * 4. The answer holds the offered slots whose start lies in [from, to), in start order.
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
  minimumNoticeMinutes: number;
  bookingWindowDays: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  slotStepMinutes: number;
  durationMinutes: number;
}

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

/** The merged working ranges of every local date that can touch [from, to). */
export function workingRanges(rules: Pick<SlotRules, 'timezone' | 'weeklyHours' | 'blockedDates'>, from: number, to: number): TimeRange[] {
  const zone = rules.timezone;
  // A local date can hold working time from about 14 h before its UTC midnight to 38 h after it
  // ('24:00' plus the widest offsets); one date of margin on each side covers every zone.
  let date = Temporal.Instant.fromEpochMilliseconds(from).toZonedDateTimeISO(zone).toPlainDate().subtract({ days: 1 });
  const last = Temporal.Instant.fromEpochMilliseconds(to).toZonedDateTimeISO(zone).toPlainDate().add({ days: 1 });
  const ranges: TimeRange[] = [];
  for (; Temporal.PlainDate.compare(date, last) <= 0; date = date.add({ days: 1 })) {
    if (rules.blockedDates.has(date.toString())) continue;
    for (const interval of rules.weeklyHours[WEEKDAYS[date.dayOfWeek - 1]!]) {
      const r = localRange(date, interval, zone);
      if (r.end > r.start) ranges.push(r);
    }
  }
  return mergeRanges(ranges);
}

/** The first instant after the bookable window: the end of the owner's date today + bookingWindowDays. */
export function windowEnd(rules: Pick<SlotRules, 'timezone' | 'bookingWindowDays'>, now: number): number {
  const today = Temporal.Instant.fromEpochMilliseconds(now).toZonedDateTimeISO(rules.timezone).toPlainDate();
  return today.add({ days: rules.bookingWindowDays + 1 }).toZonedDateTime({ timeZone: rules.timezone }).epochMilliseconds;
}

/**
 * Busy time as seen by a slot of this type: each busy interval widened by the buffers, so a slot
 * [s, e) is clear exactly when it does not overlap any widened interval.
 */
function blockedBy(busy: readonly TimeRange[], rules: SlotRules): TimeRange[] {
  const before = rules.bufferBeforeMinutes * MINUTE;
  const after = rules.bufferAfterMinutes * MINUTE;
  const widened: TimeRange[] = [];
  for (const b of busy) if (b.end > b.start) widened.push({ start: b.start - after, end: b.end + before });
  return mergeRanges(widened);
}

/** The slots offered for one appointment type with starts in [q.from, q.to), in start order. */
export function freeSlots(rules: SlotRules, busy: readonly TimeRange[], q: SlotQuery): TimeRange[] {
  const duration = rules.durationMinutes * MINUTE;
  const step = rules.slotStepMinutes * MINUTE;
  const earliest = Math.max(q.from, q.now + rules.minimumNoticeMinutes * MINUTE);
  const latestStart = Math.min(q.to, windowEnd(rules, q.now));
  if (earliest >= latestStart) return [];
  // Working ranges are searched a day beyond the asked starts, so a range that began earlier still
  // aligns its steps to its own start.
  const working = workingRanges(rules, earliest - 86_400_000, latestStart + duration);
  const free = subtractRanges(working, blockedBy(busy, rules));
  const slots: TimeRange[] = [];
  let f = 0;
  for (const r of working) {
    // The first step at or after `earliest`.
    let s = r.start < earliest ? r.start + Math.ceil((earliest - r.start) / step) * step : r.start;
    for (; s < latestStart && s + duration <= r.end; s += step) {
      const e = s + duration;
      while (f < free.length && free[f]!.end < e) f += 1;
      const room = free[f];
      if (room && room.start <= s && e <= room.end) slots.push({ start: s, end: e });
    }
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

/** The instant a local date begins in `zone` (a midnight in a gap moves forward). */
export function startOfDate(date: string, zone: string): number {
  return Temporal.PlainDate.from(date).toZonedDateTime({ timeZone: zone }).epochMilliseconds;
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
  const first = Temporal.PlainDate.from(q.fromDate);
  const count = first.until(Temporal.PlainDate.from(q.toDate), { largestUnit: 'days' }).days + 1;
  const bounds = Array.from({ length: count + 1 }, (_, i) => startOfDate(first.add({ days: i }).toString(), q.tz));
  const slots = freeSlots(rules, busy, { from: bounds[0]!, to: bounds[count]!, now: q.now });
  const days = Array.from({ length: count }, (_, i) => ({ date: first.add({ days: i }).toString(), hasSlots: false }));
  let d = 0;
  for (const s of slots) {
    while (s.start >= bounds[d + 1]!) d += 1;
    days[d]!.hasSlots = true;
  }
  return { slots, days };
}
