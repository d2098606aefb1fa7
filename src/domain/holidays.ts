/**
 * Public holidays as local dates, from the date-holidays data (offline, shipped with the package).
 * The owner picks a country, optionally a region, and which kinds of holiday block a day: the data
 * lists commemorative days (Valentine's Day, ...) as `observance`, which should not close a practice.
 * A holiday blocks its whole local date(s), whatever hour the data says it starts.
 */
import { createRequire } from 'node:module';
import type HolidaysData from 'date-holidays';
import type { HolidayRule } from './booking-rules.js';
import { RulesError } from './booking-rules.js';

const require = createRequire(import.meta.url);
let data: typeof HolidaysData | null = null;

/** The date-holidays data (about 20 MB in memory), loaded the first time a holiday rule is read. */
export function holidayData(): typeof HolidaysData {
  return (data ??= require('date-holidays') as typeof HolidaysData);
}

const cache = new Map<string, string[]>();
const MAX_CACHED = 2000;

function holidaysOf(rule: HolidayRule): HolidaysData {
  return rule.region ? new (holidayData())(rule.country, rule.region) : new (holidayData())(rule.country);
}

/** Refuses a country or region the data does not know, naming it and what it does know. */
export function checkHolidayRule(rule: HolidayRule): void {
  const countries = new (holidayData())().getCountries('en');
  if (!countries[rule.country]) throw new RulesError('holidays.country', `"${rule.country}" is not a country with holiday data`);
  if (rule.region) {
    const regions = new (holidayData())().getStates(rule.country, 'en') ?? {};
    if (!regions[rule.region]) {
      const known = Object.keys(regions);
      throw new RulesError('holidays.region', `"${rule.region}" is not a region of ${rule.country}${known.length ? ` (known: ${known.join(', ')})` : ' (it has none)'}`);
    }
  }
}

/** The dates (YYYY-MM-DD) of one year that the rule blocks. Computed once per rule and year. */
export function holidayDates(rule: HolidayRule, year: number): string[] {
  const key = `${rule.country}|${rule.region ?? ''}|${[...rule.types].sort().join(',')}|${year}`;
  let dates = cache.get(key);
  if (!dates) {
    const kinds = new Set<string>(rule.types);
    dates = [...new Set(holidaysOf(rule).getHolidays(year).filter((h) => kinds.has(h.type)).map((h) => h.date.slice(0, 10)))];
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
    cache.set(key, dates);
  }
  return dates;
}

/** Every blocked date of the years firstYear..lastYear. */
export function holidayDatesBetween(rule: HolidayRule, firstYear: number, lastYear: number): string[] {
  const out: string[] = [];
  for (let y = firstYear; y <= lastYear; y += 1) out.push(...holidayDates(rule, y));
  return out;
}
