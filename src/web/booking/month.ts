/**
 * The month view's dates, pure: 'YYYY-MM' months, their weeks as rows of 'YYYY-MM-DD' dates (null
 * outside the month), the week starting on Sunday where the visitor's region does (US, Canada,
 * Japan, ...), else on Monday (ISO 8601).
 */
import { dateFormat } from './formats.js';

const DAY_MS = 86_400_000;

export const isMonth = (s: string | undefined): s is string => !!s && /^\d{4}-(0[1-9]|1[0-2])$/.test(s);

export const monthOf = (date: string): string => date.slice(0, 7);

export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

export function firstDate(month: string): string {
  return `${month}-01`;
}

export function lastDate(month: string): string {
  const next = Date.parse(`${addMonths(month, 1)}-01T00:00:00Z`);
  return new Date(next - DAY_MS).toISOString().slice(0, 10);
}

const SUNDAY_REGIONS = new Set(['US', 'CA', 'JP', 'BR', 'MX', 'IL', 'PH', 'KR', 'TW', 'HK', 'ZA', 'AU', 'IN', 'SA']);

/** 0 when the locale's week starts on Sunday, 1 on Monday. */
export function weekStart(locale: string): 0 | 1 {
  let region: string | undefined;
  try {
    region = new Intl.Locale(locale).maximize().region;
  } catch {
    region = undefined;
  }
  return region && SUNDAY_REGIONS.has(region) ? 0 : 1;
}

/** The month's weeks: rows of 7, each a date of the month or null. */
export function monthWeeks(month: string, start: 0 | 1): (string | null)[][] {
  const first = Date.parse(`${firstDate(month)}T00:00:00Z`);
  const days = Number(lastDate(month).slice(8));
  const lead = (new Date(first).getUTCDay() - start + 7) % 7;
  const cells: (string | null)[] = [...Array<null>(lead).fill(null)];
  for (let i = 0; i < days; i++) cells.push(new Date(first + i * DAY_MS).toISOString().slice(0, 10));
  while (cells.length % 7) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** The weekday names in order from `start`, short and long, for the table's column heads. */
export function weekdayNames(locale: string, start: 0 | 1): { short: string; long: string }[] {
  const short = dateFormat(locale, { timeZone: 'UTC', weekday: 'short' });
  const long = dateFormat(locale, { timeZone: 'UTC', weekday: 'long' });
  // 2026-03-01 was a Sunday.
  return Array.from({ length: 7 }, (_, i) => {
    const at = new Date(Date.UTC(2026, 2, 1 + ((start + i) % 7), 12));
    return { short: short.format(at), long: long.format(at) };
  });
}
