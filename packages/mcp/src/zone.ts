/**
 * Wall time in a zone, with Intl alone (the package's only dependencies are the two SDKs and zod):
 * an instant shown in a zone, a zone's date and time read as an instant, the start of a zone's day.
 * Assistants misconvert UTC (an hour off across a DST change is the usual slip), so the tools show
 * and take times in the owner's zone and this file does the arithmetic.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export interface WallParts {
  date: string;
  /** HH:MM:SS, 00 to 23 hours. */
  time: string;
  weekday: string;
  /** `+02:00`, `-03:30`, `+00:00`. */
  offset: string;
  offsetMinutes: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function format(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit',
      hour: '2-digit', minute: '2-digit', second: '2-digit', weekday: 'long', timeZoneName: 'longOffset',
    });
    // A few hundred zones at most: the names the tz database has.
    formats.set(zone, f);
  }
  return f;
}

let spellings: Map<string, string> | undefined;

/**
 * The zone's name if Intl knows it, spelled as Intl lists it when it lists it in another case
 * (`europe/berlin` → `Europe/Berlin`), else as given: Intl's canonical form is ICU's, which keeps
 * names the tz database retired (Asia/Katmandu for Asia/Kathmandu), and the API answers the
 * database's. Null when it is no zone.
 */
export function zoneName(text: string): string | null {
  // Names only: Intl also takes offsets such as +02:00 on newer ICU, which the API refuses.
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(text) || text.length > 64) return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: text });
  } catch {
    return null;
  }
  spellings ??= new Map([...Intl.supportedValuesOf('timeZone'), 'UTC'].map((name) => [name.toLowerCase(), name]));
  return spellings.get(text.toLowerCase()) ?? text;
}

/** The date, time, weekday and UTC offset of an instant (epoch ms) in a zone. */
export function wallParts(ms: number, zone: string): WallParts {
  const p: Record<string, string> = {};
  for (const part of format(zone).formatToParts(new Date(ms))) p[part.type] = part.value;
  const m = /^GMT(?:([+-])(\d{2}):(\d{2}))?/.exec(p.timeZoneName ?? '');
  const offsetMinutes = m && m[1] ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
  const offset = m && m[1] ? `${m[1]}${m[2]}:${m[3]}` : '+00:00';
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}:${p.second}`, weekday: p.weekday ?? '', offset, offsetMinutes };
}

/** An instant (epoch ms) as RFC 3339 in the zone, to the second: `2026-03-30T09:00:00+02:00` (`Z` at offset zero). */
export function showInstant(ms: number, zone: string): string {
  const w = wallParts(ms, zone);
  return `${w.date}T${w.time}${w.offsetMinutes === 0 ? 'Z' : w.offset}`;
}

/** An instant of the API (`…Z`) shown in the zone; text that is no instant is given back as it is. */
export function showApiInstant(text: string, zone: string): string {
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? text : showInstant(ms, zone);
}

/** The API's form of an instant: UTC, to the second when there is no fraction. */
export function apiInstant(ms: number): string {
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|z|[+-]\d{2}:\d{2})?$/;

/** True for a real calendar date, YYYY-MM-DD. */
export function isDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text;
}

/** The date after `date` (YYYY-MM-DD). */
export function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** The wall time (as if it were UTC, epoch ms) that the instant reads in the zone. */
const wallAsUtc = (ms: number, zone: string): number => {
  const w = wallParts(ms, zone);
  return Date.parse(`${w.date}T${w.time}Z`);
};

/**
 * The instant a wall time (given as if it were UTC, epoch ms) names in the zone: of two (the hour a
 * clock is set back repeats) the earlier, and for a wall time the clock skips (the hour set forward)
 * the instant as late as the skip (02:30 on a spring-forward night reads 03:30): Temporal's
 * 'compatible', RFC 5545's rule too.
 */
function wallToInstant(wall: number, zone: string): number {
  // The offsets a day either side cover every transition near the wall time (none is closer than
  // a few weeks to the next, in the tz database).
  const before = wallParts(wall - DAY_MS, zone).offsetMinutes;
  const after = wallParts(wall + DAY_MS, zone).offsetMinutes;
  const candidates = [...new Set([before, after])].map((o) => wall - o * MINUTE_MS).filter((t) => wallAsUtc(t, zone) === wall);
  if (candidates.length > 0) return Math.min(...candidates);
  return wall - before * MINUTE_MS;
}

/** The first instant of the date in the zone (midnight, or when the day starts where midnight is skipped). */
export function startOfDay(date: string, zone: string): number {
  const wall = Date.parse(`${date}T00:00:00Z`);
  const t = wallToInstant(wall, zone);
  if (wallAsUtc(t, zone) === wall) return t;
  // Midnight skipped (America/Santiago's spring forward, for one): the day starts at the
  // transition, the first instant whose date is this one; found to the second between the
  // last instant of the day before and an instant of this one.
  let lo = wall - wallParts(wall + DAY_MS, zone).offsetMinutes * MINUTE_MS;
  let hi = t;
  while (hi - lo > 1000) {
    const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
    if (wallParts(mid, zone).date < date) lo = mid;
    else hi = mid;
  }
  return hi;
}

export type InstantInput = { ok: true; ms: number; kind: 'date' | 'instant' | 'local' } | { ok: false };

/**
 * What a tool takes for a time: an instant with `Z` or an offset (`2026-03-30T09:00:00+02:00`), a
 * wall time of the zone without one (`2026-03-30T09:00`), or a date (`2026-03-30`, the start of
 * that day in the zone; `endOfDate` makes it the start of the next, for an inclusive `to`).
 */
export function readTime(text: string, zone: string, o: { endOfDate?: boolean } = {}): InstantInput {
  if (DATE.test(text)) {
    if (!isDate(text)) return { ok: false };
    return { ok: true, ms: startOfDay(o.endOfDate ? nextDate(text) : text, zone), kind: 'date' };
  }
  const m = DATE_TIME.exec(text);
  if (!m || !isDate(`${m[1]}-${m[2]}-${m[3]}`)) return { ok: false };
  const [hh, mm, ss] = [Number(m[4]), Number(m[5]), Number(m[6] ?? '0')];
  if (hh > 23 || mm > 59 || ss > 59) return { ok: false };
  const fraction = m[7] ? Math.floor(Number(`0${m[7]}`) * 1000) : 0;
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), hh, mm, ss, fraction);
  const offset = m[8];
  if (offset === undefined) return { ok: true, ms: wallToInstant(wall, zone), kind: 'local' };
  if (offset === 'Z' || offset === 'z') return { ok: true, ms: wall, kind: 'instant' };
  const sign = offset[0] === '-' ? -1 : 1;
  const [oh, om] = [Number(offset.slice(1, 3)), Number(offset.slice(4, 6))];
  if (oh > 23 || om > 59) return { ok: false };
  return { ok: true, ms: wall - sign * (oh * 60 + om) * MINUTE_MS, kind: 'instant' };
}
