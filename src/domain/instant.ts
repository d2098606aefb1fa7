/**
 * Wire formats of the spec: instants are RFC 3339 UTC with an optional 1-9 digit fraction and `Z`,
 * dates are YYYY-MM-DD, times of day HH:MM.
 */
// Years 0001-9999 (PostgreSQL has no year 0: '0000-01-01' is out of its range), months and days in
// range, hours, minutes and seconds in range (no 24:00, no leap second). Which days a month has is
// beyond a pattern: parseInstant and isValidDate check it, as does the validator's `date`/`date-time`.
const YEAR = '(000[1-9]|00[1-9]\\d|0[1-9]\\d{2}|[1-9]\\d{3})';
const DATE = `${YEAR}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])`;
export const INSTANT_PATTERN = `^${DATE}T([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d{1,9})?Z$`;
export const DATE_PATTERN = `^${DATE}$`;
export const TIME_OF_DAY_PATTERN = '^([01]\\d|2[0-3]):[0-5]\\d$';

const INSTANT_RE = new RegExp(INSTANT_PATTERN);
const DATE_RE = new RegExp(DATE_PATTERN);

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Proleptic Gregorian, as RFC 3339 says, for every year 0001-9999. */
function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

function validDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  return d <= (m === 2 && isLeapYear(y) ? 29 : DAYS_IN_MONTH[m - 1]!);
}

/** Parses a wire instant; null when the text is not one or names an impossible time (2026-02-30, 24:00). */
export function parseInstant(text: string): Date | null {
  if (!INSTANT_RE.test(text)) return null;
  const y = Number(text.slice(0, 4)), mo = Number(text.slice(5, 7)), d = Number(text.slice(8, 10));
  const h = Number(text.slice(11, 13)), mi = Number(text.slice(14, 16)), s = Number(text.slice(17, 19));
  if (!validDate(y, mo, d) || h > 23 || mi > 59 || s > 59) return null;
  const frac = text.length > 20 ? text.slice(20, -1) : '';
  const ms = frac ? Math.floor(Number(`0.${frac}`) * 1000) : 0;
  const date = new Date(Date.UTC(2000, mo - 1, d, h, mi, s, ms));
  // Date.UTC reads years 0-99 as 1900-1999; set the year on its own.
  date.setUTCFullYear(y, mo - 1, d);
  return date;
}

export function isValidDate(text: string): boolean {
  if (!DATE_RE.test(text)) return false;
  return validDate(Number(text.slice(0, 4)), Number(text.slice(5, 7)), Number(text.slice(8, 10)));
}

/** Formats an instant for the wire: whole seconds without a fraction, otherwise milliseconds. */
export function formatInstant(d: Date): string {
  const iso = d.toISOString();
  return iso.endsWith('.000Z') ? `${iso.slice(0, 19)}Z` : iso;
}

export function addDays(d: Date, days: number): Date {
  return new Date(d.getTime() + days * 86_400_000);
}
