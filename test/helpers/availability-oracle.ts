/**
 * A brute-force oracle for the availability engine, written from the rules in the top comment of
 * src/domain/availability.ts and NOT from its code: it imports neither that file, nor ranges.ts, nor
 * temporal-polyfill. Wall-clock time comes from Intl.DateTimeFormat alone and local times are found
 * by walking instants minute by minute, so a mistake in the engine's use of Temporal or of the
 * range algebra cannot be repeated here. Slow on purpose; correctness is the only goal.
 *
 * The rules, restated as this file implements them:
 * 1. For each local date D of the owner's zone that is not blocked, each [a, b] of the weekday's
 *    hours is the interval [D at a, D at b) ('24:00' = the next date at 00:00). A wall time that
 *    does not exist moves forward by the gap (it is read with the offset in force just before the
 *    gap); a wall time that exists twice is the earlier instant. Empty or reversed intervals are
 *    dropped. The working ranges are the union of all intervals (overlapping or touching ones
 *    joined, across midnight too).
 * 2. Candidates: each interval's start plus k * step (elapsed time) while the candidate's start lies
 *    in that interval; a candidate counts only if the whole slot lies in one working range (so it
 *    may run on into touching hours, past midnight too).
 * 3. Offered when s >= now + notice, s < start of (owner's today + window + 1), and for every busy
 *    [bs, be) with be > bs: s - before >= be or e + after <= bs.
 * 4. Kept when from <= s < to; each slot once, in start order.
 */

export interface OracleRange {
  start: number;
  end: number;
}

/** The same shape as the engine's SlotRules, declared here so the oracle shares no code with it. */
export interface OracleRules {
  timezone: string;
  weeklyHours: Record<'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun', ReadonlyArray<readonly [string, string]>>;
  blockedDates: ReadonlySet<string>;
  minimumNoticeMinutes: number;
  bookingWindowDays: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  slotStepMinutes: number;
  durationMinutes: number;
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

// getUTCDay() order: Sunday first.
const WEEKDAY_BY_UTC_DAY = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/**
 * The wall-clock reading of `instant` in `zone`, encoded as the epoch milliseconds that reading
 * would be in UTC (so two readings compare and subtract like instants). Straight from Intl.
 */
export function readWall(zone: string, instant: number): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(instant)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  // Some engines print midnight as hour 24 even with h23; treat it as 0 of the same printed date.
  const hour = parts.hour === 24 ? 0 : parts.hour!;
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, hour, parts.minute!, parts.second!) + (instant % 1000 + 1000) % 1000;
}

/**
 * readWall for whole minutes, cached per UTC hour. An hour whose wall readings at both ends are
 * exactly one hour apart holds no offset change (a change would make them differ by 60 min plus
 * the change; two changes cancelling within one hour do not occur in the time zone database), so
 * its minutes are filled in from the offset at its start; any other hour is read minute by minute.
 */
const hourCache = new Map<string, number[] | number>();
function wallAtMinute(zone: string, instant: number): number {
  const hour = Math.floor(instant / HOUR) * HOUR;
  const key = `${zone}|${hour}`;
  let chunk = hourCache.get(key);
  if (chunk === undefined) {
    const a = readWall(zone, hour);
    const b = readWall(zone, hour + HOUR);
    if (b - a === HOUR) chunk = a - hour;
    else chunk = Array.from({ length: 60 }, (_, i) => readWall(zone, hour + i * MINUTE) - (hour + i * MINUTE));
    hourCache.set(key, chunk);
  }
  const offset = typeof chunk === 'number' ? chunk : chunk[Math.floor((instant - hour) / MINUTE)]!;
  return instant + offset;
}

/** 'YYYY-MM-DD' of a wall reading (as returned by readWall). */
function dateOfWall(wall: number): string {
  return new Date(wall).toISOString().slice(0, 10);
}

/** The owner's local date (YYYY-MM-DD) at `instant`. */
export function localDate(zone: string, instant: number): string {
  return dateOfWall(readWall(zone, instant));
}

/** The local date and time (YYYY-MM-DD HH:MM) at `instant`, for messages. */
export function localDateTime(zone: string, instant: number): string {
  return new Date(readWall(zone, instant)).toISOString().slice(0, 16).replace('T', ' ');
}

/** Plain calendar arithmetic on YYYY-MM-DD (no zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

function weekdayOf(date: string): (typeof WEEKDAY_BY_UTC_DAY)[number] {
  const [y, m, d] = date.split('-').map(Number);
  return WEEKDAY_BY_UTC_DAY[new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay()]!;
}

/**
 * Every wall reading of local `date` (and the hours around it) mapped to the first instant that
 * shows it, found by walking every minute from 16 hours before that date's 00:00 read as UTC to
 * 16 hours after its 24:00 (every offset in use lies within ±14 h); plus each place where the
 * reading jumps forward by more than a minute (a gap).
 */
interface DateTable {
  firstAt: Map<number, number>;
  jumps: { instant: number; wall: number; nextWall: number }[];
}
const dateTables = new Map<string, DateTable>();
function dateTable(zone: string, date: string): DateTable {
  const key = `${zone}|${date}`;
  let table = dateTables.get(key);
  if (!table) {
    table = { firstAt: new Map(), jumps: [] };
    const midnight = Date.parse(`${date}T00:00:00Z`);
    let prev: { instant: number; wall: number } | undefined;
    for (let t = midnight - 16 * HOUR; t <= midnight + 40 * HOUR; t += MINUTE) {
      const wall = wallAtMinute(zone, t);
      if (!table.firstAt.has(wall)) table.firstAt.set(wall, t);
      if (prev && wall - prev.wall > MINUTE) table.jumps.push({ instant: prev.instant, wall: prev.wall, nextWall: wall });
      prev = { instant: t, wall };
    }
    dateTables.set(key, table);
  }
  return table;
}

/**
 * The instant of wall time `hhmm` on local `date` in `zone`:
 * - the first minute whose wall reading equals it (a repeated time: the earlier instant);
 * - if none does, the reading was skipped by a gap: between two consecutive minutes it jumps from
 *   below the wanted time to above it, and the wanted time read with the offset in force before the
 *   jump is the earlier minute plus the wall time still missing, i.e. the time moved forward by the
 *   gap (02:30 in a 02:00-03:00 gap is the instant that reads 03:30).
 * '24:00' is the next date's 00:00.
 */
export function localInstant(zone: string, date: string, hhmm: string): number {
  if (hhmm === '24:00') return localInstant(zone, addDays(date, 1), '00:00');
  const wanted = Date.parse(`${date}T${hhmm}:00Z`);
  if (Number.isNaN(wanted)) throw new Error(`oracle: bad local time ${date} ${hhmm}`);
  const table = dateTable(zone, date);
  const exact = table.firstAt.get(wanted);
  if (exact !== undefined) return exact;
  const jump = table.jumps.find((j) => j.wall < wanted && wanted < j.nextWall);
  if (!jump) throw new Error(`oracle: no instant for ${date} ${hhmm} in ${zone}`);
  return jump.instant + (wanted - jump.wall);
}

/** Plain sort-and-sweep merge of overlapping or touching ranges; empty ones dropped. */
function merge(ranges: OracleRange[]): OracleRange[] {
  const sorted = ranges.filter((r) => r.end > r.start).sort((a, b) => a.start - b.start);
  const out: OracleRange[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else out.push({ ...r });
  }
  return out;
}

/** The unmerged working ranges of every local date from `first` to `last` inclusive. */
export function dateRanges(rules: OracleRules, first: string, last: string): OracleRange[] {
  const out: OracleRange[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) {
    if (rules.blockedDates.has(date)) continue;
    for (const [a, b] of rules.weeklyHours[weekdayOf(date)]) {
      const r = { start: localInstant(rules.timezone, date, a), end: localInstant(rules.timezone, date, b) };
      if (r.end > r.start) out.push(r);
    }
  }
  return out;
}

/** The working ranges (rule 1, merged) that hold any instant of [from, to), each whole. */
export function oracleWorkingRanges(rules: OracleRules, from: number, to: number): OracleRange[] {
  const intervals = dateRanges(rules, addDays(localDate(rules.timezone, from), -1), addDays(localDate(rules.timezone, to), 1));
  return merge(intervals).filter((r) => r.end > from && r.start < to);
}

/** The end of the owner's local date today + bookingWindowDays: the next date's first instant. */
export function oracleWindowEnd(rules: OracleRules, now: number): number {
  return localInstant(rules.timezone, addDays(localDate(rules.timezone, now), rules.bookingWindowDays + 1), '00:00');
}

/** Slots offered with starts in [from, to), each once, in start order. */
export function oracleSlots(
  rules: OracleRules,
  busy: readonly OracleRange[],
  q: { from: number; to: number; now: number },
): OracleRange[] {
  const duration = rules.durationMinutes * MINUTE;
  const step = rules.slotStepMinutes * MINUTE;
  // Every interval that can hold a start in [from, to), and every range such a slot can lie in.
  const intervals = dateRanges(rules, addDays(localDate(rules.timezone, q.from), -2), addDays(localDate(rules.timezone, q.to + duration), 1));
  const working = merge(intervals);
  const notBefore = q.now + rules.minimumNoticeMinutes * MINUTE;
  const windowEnds = oracleWindowEnd(rules, q.now);
  const found = new Map<number, OracleRange>();
  for (const interval of intervals) {
    for (let s = interval.start; s < interval.end; s += step) {
      const e = s + duration;
      if (s < q.from || s >= q.to) continue;
      if (s < notBefore || s >= windowEnds) continue;
      if (!working.some((r) => r.start <= s && e <= r.end)) continue;
      const clear = busy.every(
        (b) => !(b.end > b.start) || s - rules.bufferBeforeMinutes * MINUTE >= b.end || e + rules.bufferAfterMinutes * MINUTE <= b.start,
      );
      if (clear) found.set(s, { start: s, end: e });
    }
  }
  return [...found.values()].sort((a, b) => a.start - b.start);
}
