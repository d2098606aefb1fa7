/**
 * A brute-force oracle for GET /free-time's engine (src/domain/free-time.ts), written from the rules
 * in that file's top comment and NOT from its code: it imports neither the engine nor ranges.ts nor
 * temporal-polyfill. Local times come from availability-oracle.ts (Intl alone, minute by minute).
 * Instead of range algebra it cuts the span at every boundary any interval has and asks, for each
 * piece, whether its middle lies in working time and in no busy interval; free pieces next to each
 * other are then joined. Slow on purpose; correctness is the only goal.
 */
import { addDays, localDate, localInstant, MINUTE, type OracleRange } from './availability-oracle.js';

export interface OracleWorkingTime {
  timezone: string;
  weeklyHours: Record<'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun', ReadonlyArray<readonly [string, string]>>;
  blockedDates: ReadonlySet<string>;
  dateHours?: ReadonlyMap<string, ReadonlyArray<readonly [string, string]>>;
}

const BY_UTC_DAY = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/** Every working interval of the local dates first..last: a date's own hours when it has them, else its weekday's; none when blocked. */
export function oracleWorkingIntervals(w: OracleWorkingTime, first: string, last: string): OracleRange[] {
  const out: OracleRange[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) {
    if (w.blockedDates.has(date)) continue;
    const hours = w.dateHours?.get(date) ?? w.weeklyHours[BY_UTC_DAY[new Date(`${date}T00:00:00Z`).getUTCDay()]!];
    for (const [a, b] of hours) {
      const r = { start: localInstant(w.timezone, date, a), end: localInstant(w.timezone, date, b) };
      if (r.end > r.start) out.push(r);
    }
  }
  return out;
}

/** Free intervals on fromDate..toDate of tz (rules 1-4 of src/domain/free-time.ts). */
export function oracleFreeTime(
  w: OracleWorkingTime | null,
  busy: readonly OracleRange[],
  q: { fromDate: string; toDate: string; tz: string; now: number; minMinutes: number | null },
): OracleRange[] {
  const start = Math.max(localInstant(q.tz, q.fromDate, '00:00'), Math.ceil(q.now / MINUTE) * MINUTE);
  const end = localInstant(q.tz, q.toDate, '24:00');
  if (start >= end) return [];
  // Working intervals of every owner's date that can reach into the span (offsets differ by < 27 h).
  const working = w ? oracleWorkingIntervals(w, addDays(localDate(w.timezone, start), -2), addDays(localDate(w.timezone, end), 1)) : [{ start, end }];
  const cuts = new Set<number>([start, end]);
  for (const r of [...working, ...busy]) {
    if (r.start > start && r.start < end) cuts.add(r.start);
    if (r.end > start && r.end < end) cuts.add(r.end);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const joined: OracleRange[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const [a, b] = [points[i]!, points[i + 1]!];
    const mid = (a + b) / 2;
    const works = working.some((r) => r.start <= mid && mid < r.end);
    const isBusy = busy.some((r) => r.end > r.start && r.start <= mid && mid < r.end);
    if (!works || isBusy) continue;
    const last = joined[joined.length - 1];
    if (last && last.end === a) last.end = b;
    else joined.push({ start: a, end: b });
  }
  return q.minMinutes === null ? joined : joined.filter((r) => r.end - r.start >= q.minMinutes! * MINUTE);
}
