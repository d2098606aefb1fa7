/**
 * The owner's free time of any length, for GET /free-time: free intervals over dates of a zone.
 * Pure: working time (or none), busy time, the dates and `now` in; intervals out. The cut itself is
 * availability.ts's `freeBetween`, the same `freeRanges` that GET /availability slices into slots:
 * one engine, two answers (docs/free-time.md).
 *
 * The rules, exactly:
 * 1. The span is [fromDate at 00:00, the date after toDate at 00:00) in `tz` (a midnight in a gap
 *    moves forward), begun no earlier than `now` rounded up to the next whole minute: the past is not
 *    free, and an answer stays the same for the rest of a minute.
 * 2. With working time, the owner's working ranges inside the span (availability.ts rule 1: weekly
 *    hours, a date's own hours, blocked dates and holidays closed); without, the whole span.
 * 3. Minus busy time, as it is: no buffers (they belong to appointment types), no minimum notice and
 *    no booking window (they are the booking page's rules for requests).
 * 4. Sorted, disjoint, never touching: working ranges that touch (22:00-24:00 and 00:00-02:00) and
 *    free time across midnight are one interval. With `minMinutes`, only intervals at least that long
 *    as returned (after the cut to the span).
 */
import { freeBetween, isoDate, startOfDate, type TimeRange, type WorkingTime } from './availability.js';

const MINUTE = 60_000;
const DAY_MS = 86_400_000;

export interface FreeTimeQuery {
  /** The first and last dates of `tz`, both included. */
  fromDate: string;
  toDate: string;
  tz: string;
  now: number;
  /** Only intervals at least this long; null: every interval. */
  minMinutes: number | null;
}

/** The instants the answer can cover: [from, to), from no earlier than now (rule 1); from >= to when nothing can be free. */
export function freeTimeSpan(q: Pick<FreeTimeQuery, 'fromDate' | 'toDate' | 'tz' | 'now'>): TimeRange {
  const dayAfter = isoDate(Date.parse(`${q.toDate}T00:00:00Z`) / DAY_MS + 1);
  return { start: Math.max(startOfDate(q.fromDate, q.tz), Math.ceil(q.now / MINUTE) * MINUTE), end: startOfDate(dayAfter, q.tz) };
}

/** The owner's free intervals on fromDate..toDate of `tz`, in start order (rules 1-4). */
export function freeTimeForDates(working: WorkingTime | null, busy: readonly TimeRange[], q: FreeTimeQuery): TimeRange[] {
  const span = freeTimeSpan(q);
  const free = freeBetween(working, busy, span.start, span.end);
  if (q.minMinutes === null) return free;
  const least = q.minMinutes * MINUTE;
  return free.filter((r) => r.end - r.start >= least);
}
