/**
 * Readers of the iCalendar values the service uses (RFC 5545 3.3), liberal the way the big calendars
 * are: a date without `VALUE=DATE` is a date, spaces inside lists are ignored, lower case is upper
 * case, ISO 8601's extended forms (`2026-07-01T09:00:00Z`) are read. Each returns the value in the
 * canonical form ical.js reads, or the reason (in words) it cannot be read. Pure.
 *
 * `readDateList` is the one reader of EXDATE and RDATE values (DATE, DATE-TIME and PERIOD).
 */

export type DateKind = 'date' | 'date-time';

export interface DateValue {
  kind: DateKind;
  /** 'YYYYMMDD' or 'YYYYMMDDThhmmss' with a trailing 'Z' when in UTC. */
  text: string;
}

export interface PeriodValue {
  kind: 'period';
  /** 'start/end' or 'start/duration', canonical. */
  text: string;
}

const DATE = /^(\d{4})-?(\d{2})-?(\d{2})$/;
const DATE_TIME = /^(\d{4})-?(\d{2})-?(\d{2})T(\d{2}):?(\d{2})(?::?(\d{2}))?(?:[.,]\d+)?(Z)?$/;

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** A DATE or DATE-TIME value, its kind taken from its form (a VALUE parameter that disagrees loses). */
export function readDateValue(raw: string): DateValue | string {
  const text = raw.trim().toUpperCase();
  const d = DATE.exec(text) ?? DATE_TIME.exec(text);
  if (d === null) return `"${shown(raw)}" is not a date or a date-time`;
  const [year, month, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return `"${shown(raw)}" is not a date of the calendar`;
  const date = `${pad(year, 4)}${pad(month)}${pad(day)}`;
  if (d[4] === undefined) return { kind: 'date', text: date };
  const [hour, minute, second] = [Number(d[4]), Number(d[5]), Number(d[6] ?? 0)];
  if (hour > 23 || minute > 59 || second > 60) return `"${shown(raw)}" is not a time of day`;
  return { kind: 'date-time', text: `${date}T${pad(hour)}${pad(minute)}${pad(second)}${d[7] ?? ''}` };
}

const DURATION = /^([+-])?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;
/** Longer than this is out of range: no event lasts a century, and dates past it cannot be placed. */
export const MAX_DURATION_DAYS = 36_525;

/** A DURATION ('PT1H30M', 'P1W', '-P1D'); weeks mixed with days (ISO 8601) are read too. */
export function readDuration(raw: string): string | { text: string } {
  const text = raw.replace(/\s+/g, '').toUpperCase();
  const d = DURATION.exec(text);
  if (d === null || text === 'P' || text.endsWith('T') || /^[+-]?P$/.test(text)) return `"${shown(raw)}" is not a duration`;
  const [w, dd, h, m, s] = [d[2], d[3], d[4], d[5], d[6]].map((x) => Number(x ?? 0)) as [number, number, number, number, number];
  const days = w * 7 + dd + (h + (m + s / 60) / 60) / 24;
  if (!(days <= MAX_DURATION_DAYS)) return `"${shown(raw)}" is longer than 100 years`;
  const sign = d[1] === '-' ? '-' : '';
  if (w > 0 && dd === 0 && h === 0 && m === 0 && s === 0) return { text: `${sign}P${w}W` };
  const time = h || m || s ? `T${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s ? `${s}S` : ''}` : '';
  const dayPart = w * 7 + dd;
  return { text: `${sign}P${dayPart || !time ? `${dayPart}D` : ''}${time}` };
}

function readPeriod(raw: string): PeriodValue | string {
  const [a, b, ...rest] = raw.split('/');
  if (b === undefined || rest.length > 0) return `"${shown(raw)}" is not a period`;
  const start = readDateValue(a!);
  if (typeof start === 'string' || start.kind !== 'date-time') return `"${shown(raw)}" is not a period: its start is not a date-time`;
  const end = /^[+-]?P/i.test(b.trim()) ? readDuration(b) : readDateValue(b);
  if (typeof end === 'string') return `"${shown(raw)}" is not a period: ${end}`;
  if ('kind' in end && end.kind !== 'date-time') return `"${shown(raw)}" is not a period: its end is not a date-time`;
  return { kind: 'period', text: `${start.text}/${end.text}` };
}

/**
 * The values of an EXDATE or RDATE line: comma-separated, spaces ignored; each a DATE, a DATE-TIME or
 * (`periods`, RDATE only) a PERIOD, by its own form. Values that cannot be read come back in `bad`.
 */
export function readDateList(raw: string, opts: { periods: boolean }): { values: (DateValue | PeriodValue)[]; bad: string[] } {
  const values: (DateValue | PeriodValue)[] = [];
  const bad: string[] = [];
  for (const part of raw.split(',')) {
    if (part.trim() === '') continue;
    const v = opts.periods && part.includes('/') ? readPeriod(part) : readDateValue(part);
    if (typeof v === 'string') bad.push(v);
    else values.push(v);
  }
  return { values, bad };
}

export function readInteger(raw: string): number | string {
  const text = raw.trim();
  if (!/^[+-]?\d{1,15}$/.test(text)) return `"${shown(raw)}" is not a whole number`;
  return Number(text);
}

// ---------------------------------------------------------------------------------------------
// RRULE (RFC 5545 3.3.10; RSCALE and SKIP of RFC 7529 are passed on for the expander to refuse)

const FREQS = new Set(['SECONDLY', 'MINUTELY', 'HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY']);
const WEEKDAY = /^([+-]?)(\d{1,2})?(SU|MO|TU|WE|TH|FR|SA)$/;
/** Each BYxxx list part: its values' range, and whether they may be negative. */
const LISTS: Record<string, [number, number, boolean]> = {
  BYSECOND: [0, 60, false],
  BYMINUTE: [0, 59, false],
  BYHOUR: [0, 23, false],
  BYMONTHDAY: [1, 31, true],
  BYYEARDAY: [1, 366, true],
  BYWEEKNO: [1, 53, true],
  BYMONTH: [1, 12, false],
  BYSETPOS: [1, 366, true],
};
const OTHERS = new Set(['FREQ', 'UNTIL', 'COUNT', 'INTERVAL', 'BYDAY', 'WKST', 'RSCALE', 'SKIP']);

export interface RecurValue {
  /** The rule, canonical: upper case, no spaces, parts that are not RFC 5545's left out. */
  text: string;
  /** Parts left out, each with why. */
  ignored: string[];
}

function checkList(name: string, value: string, rscale: boolean): string | null {
  if (value === '') return `${name} has no value`;
  const [min, max, negative] = LISTS[name]!;
  for (const v of value.split(',')) {
    const m = /^([+-]?)(\d{1,3})(L?)$/.exec(v);
    // RFC 7529: a leap month ('5L') is a month of another calendar scale.
    if (m === null || (m[3] === 'L' && !(rscale && name === 'BYMONTH'))) return `${name}=${shown(value)} is not a list of numbers`;
    const n = Number(m[2]);
    if (n < min || n > max || (m[1] === '-' && !negative)) return `${name}=${shown(value)} is out of range (${negative ? `${min} to ${max}, or -${max} to -${min}` : `${min} to ${max}`})`;
  }
  return null;
}

/** An RRULE's value; the reason when the rule cannot be read (no FREQ, a value out of range). */
export function readRecur(raw: string): RecurValue | string {
  const parts = raw.split(';').map((p) => p.replace(/\s+/g, '')).filter((p) => p !== '');
  const ignored: string[] = [];
  const kept = new Map<string, string>();
  for (const part of parts) {
    const eq = part.indexOf('=');
    const name = (eq === -1 ? part : part.slice(0, eq)).toUpperCase();
    const value = eq === -1 ? '' : part.slice(eq + 1).toUpperCase();
    if (!(name in LISTS) && !OTHERS.has(name)) {
      ignored.push(`part ${shown(part)} ignored: RFC 5545 rules have no such part`);
      continue;
    }
    if (kept.has(name)) {
      ignored.push(`part ${shown(part)} ignored: ${name} is given twice, the first is read`);
      continue;
    }
    kept.set(name, value);
  }
  const freq = kept.get('FREQ');
  if (freq === undefined) return 'the rule has no FREQ';
  if (!FREQS.has(freq)) return `FREQ=${shown(freq)} is not a frequency`;
  const rscale = kept.has('RSCALE');
  for (const [name, value] of kept) {
    let why: string | null = null;
    if (name in LISTS) why = checkList(name, value, rscale);
    else if (name === 'COUNT' || name === 'INTERVAL') {
      if (!/^\d{1,12}$/.test(value) || Number(value) < 1) why = `${name}=${shown(value)} is not a whole number of at least 1`;
    } else if (name === 'UNTIL') {
      const until = readDateValue(value);
      if (typeof until === 'string') why = `UNTIL: ${until}`;
      else kept.set(name, until.text);
    } else if (name === 'BYDAY') {
      for (const v of value.split(',')) {
        const m = WEEKDAY.exec(v);
        if (m === null || (m[2] !== undefined && (Number(m[2]) < 1 || Number(m[2]) > 53))) {
          why = `BYDAY=${shown(value)} is not a list of weekdays`;
          break;
        }
      }
    } else if (name === 'WKST') {
      if (!/^(SU|MO|TU|WE|TH|FR|SA)$/.test(value)) why = `WKST=${shown(value)} is not a weekday`;
    }
    if (why !== null) return why;
  }
  if (kept.has('COUNT') && kept.has('UNTIL')) {
    // RFC 5545 forbids both (some exporters write both): COUNT is read.
    ignored.push('part UNTIL ignored: the rule has COUNT too');
    kept.delete('UNTIL');
  }
  return { text: [...kept].map(([n, v]) => `${n}=${v}`).join(';'), ignored };
}

/** A value as quoted in a warning: at most 40 characters. */
function shown(v: string): string {
  const flat = v.trim().replace(/[\u0000-\u001f\u007f"]/g, ' ');
  return flat.length > 40 ? `${flat.slice(0, 39)}…` : flat;
}
