/**
 * The owner's booking rules: their shape, their checks, and the rules one appointment type gets.
 * Stored as JSON in booking_settings.rules, as local dates and times, never as UTC instants.
 * Pure: data in, data out (docs/availability.md, "Booking settings", describes the same shape for people).
 */
import { WEEKDAYS, type Weekday, type WeeklyHours } from './availability.js';
import { isValidDate } from './instant.js';

export const HOLIDAY_TYPES = ['public', 'bank', 'school', 'optional', 'observance'] as const;
export type HolidayType = (typeof HOLIDAY_TYPES)[number];

export interface HolidayRule {
  /** ISO 3166-1 alpha-2 country code, as date-holidays knows it (DE, US, ...). */
  country: string;
  /** A state or region of that country (BE, CA, ...), or null for the whole country. */
  region: string | null;
  /** Which kinds of holiday block the day; public ones by default. */
  types: HolidayType[];
}

/** What may differ per appointment type; anything left out comes from the owner's rules. */
export interface TypeRules {
  weeklyHours?: WeeklyHours;
  slotStepMinutes?: number;
  bufferBeforeMinutes?: number;
  bufferAfterMinutes?: number;
}

export interface BookingRules {
  weeklyHours: WeeklyHours;
  minimumNoticeMinutes: number;
  bookingWindowDays: number;
  slotStepMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  holidays: HolidayRule | null;
  blockedDates: string[];
  /**
   * Local dates with hours of their own (YYYY-MM-DD → intervals), replacing the weekday's hours on
   * that date for every type, and a holiday's closing; never also a blocked date.
   */
  dateHours: Record<string, [string, string][]>;
  /** Per appointment type id. */
  appointmentTypes: Record<string, TypeRules>;
}

export const NO_HOURS: WeeklyHours = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };

/** The rules of an owner who has set nothing yet: no hours, so no slots. */
export const DEFAULT_RULES: BookingRules = {
  weeklyHours: NO_HOURS,
  minimumNoticeMinutes: 0,
  bookingWindowDays: 60,
  slotStepMinutes: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  holidays: null,
  blockedDates: [],
  dateHours: {},
  appointmentTypes: {},
};

/** Bounds of every number, in one place (the docs quote them). */
export const LIMITS = {
  minimumNoticeMinutes: [0, 525_600],
  bookingWindowDays: [1, 730],
  slotStepMinutes: [5, 1440],
  bufferBeforeMinutes: [0, 1440],
  bufferAfterMinutes: [0, 1440],
  blockedDates: 1000,
  dateHours: 1000,
  intervalsPerDay: 12,
} as const;

/** A rule the owner broke: `path` names the place (`weeklyHours.mon[1]`), `message` says what is wrong. */
export class RulesError extends Error {
  constructor(readonly path: string, message: string) {
    super(`${path}: ${message}`);
  }
}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const minutesOf = (t: string) => (t === '24:00' ? 1440 : Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5)));
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function onlyKeys(v: Record<string, unknown>, allowed: readonly string[], path: string): void {
  for (const key of Object.keys(v)) {
    if (!allowed.includes(key)) throw new RulesError(path ? `${path}.${key}` : key, `unknown field (known: ${allowed.join(', ')})`);
  }
}

function integerIn(v: unknown, [min, max]: readonly [number, number], path: string): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) throw new RulesError(path, `a whole number from ${min} to ${max}`);
  return v;
}

/** Weekly hours: every weekday optional (missing: no hours), each a list of ['HH:MM', 'HH:MM'] that do not overlap. */
export function parseWeeklyHours(v: unknown, path: string): WeeklyHours {
  if (!isObject(v)) throw new RulesError(path, `an object with the weekdays ${WEEKDAYS.join(', ')}`);
  onlyKeys(v, WEEKDAYS, path);
  const hours = { ...NO_HOURS } as Record<Weekday, [string, string][]>;
  for (const day of WEEKDAYS) {
    if (v[day] !== undefined) hours[day] = parseIntervals(v[day], `${path}.${day}`);
  }
  return hours;
}

/** One day's intervals: a list of ['HH:MM', 'HH:MM'] that do not overlap, returned in order. */
function parseIntervals(list: unknown, at: string): [string, string][] {
  if (!Array.isArray(list) || list.length > LIMITS.intervalsPerDay) throw new RulesError(at, `a list of at most ${LIMITS.intervalsPerDay} ["HH:MM", "HH:MM"] intervals`);
  const intervals = list.map((item, i): [string, string] => {
    const where = `${at}[${i}]`;
    if (!Array.isArray(item) || item.length !== 2 || typeof item[0] !== 'string' || typeof item[1] !== 'string') {
      throw new RulesError(where, 'an interval ["HH:MM", "HH:MM"], e.g. ["09:00", "17:00"]');
    }
    const [start, end] = item as [string, string];
    if (!HHMM.test(start)) throw new RulesError(where, `the start "${start}" is not a time HH:MM from 00:00 to 23:59`);
    if (!HHMM.test(end) && end !== '24:00') throw new RulesError(where, `the end "${end}" is not a time HH:MM from 00:01 to 24:00`);
    if (minutesOf(end) <= minutesOf(start)) throw new RulesError(where, `ends at ${end}, not after its start ${start}`);
    return [start, end];
  });
  const sorted = [...intervals].sort((a, b) => minutesOf(a[0]) - minutesOf(b[0]));
  for (let i = 1; i < sorted.length; i += 1) {
    if (minutesOf(sorted[i]![0]) < minutesOf(sorted[i - 1]![1])) throw new RulesError(at, `${sorted[i - 1]!.join('-')} and ${sorted[i]!.join('-')} overlap`);
  }
  return sorted;
}

/** Country and region are checked against the holiday data by the caller (holidays.ts), not here. */
function parseHolidayRule(v: unknown): HolidayRule | null {
  if (v === null || v === undefined) return null;
  if (!isObject(v)) throw new RulesError('holidays', 'null, or {"country": "DE", "region": "BE", "types": ["public"]}');
  onlyKeys(v, ['country', 'region', 'types'], 'holidays');
  if (typeof v.country !== 'string' || !/^[A-Z]{2}$/.test(v.country)) throw new RulesError('holidays.country', 'a two-letter country code such as "DE" or "US"');
  if (v.region !== undefined && v.region !== null && (typeof v.region !== 'string' || !/^[A-Za-z0-9]{1,10}$/.test(v.region))) {
    throw new RulesError('holidays.region', 'a region code such as "BE" or "CA", or null');
  }
  const types = v.types === undefined ? ['public'] : v.types;
  if (!Array.isArray(types) || types.length === 0 || !types.every((t) => (HOLIDAY_TYPES as readonly unknown[]).includes(t))) {
    throw new RulesError('holidays.types', `a non-empty list of ${HOLIDAY_TYPES.join(', ')}`);
  }
  return { country: v.country, region: (v.region as string | null | undefined) ?? null, types: [...new Set(types as HolidayType[])] };
}

function parseBlockedDates(v: unknown): string[] {
  if (v === undefined) return [];
  if (!Array.isArray(v) || v.length > LIMITS.blockedDates) throw new RulesError('blockedDates', `a list of at most ${LIMITS.blockedDates} dates YYYY-MM-DD`);
  v.forEach((d, i) => {
    if (typeof d !== 'string' || !isValidDate(d)) throw new RulesError(`blockedDates[${i}]`, `"${String(d)}" is not a date YYYY-MM-DD`);
  });
  return [...new Set(v as string[])].sort();
}

/** Dates with hours of their own: {"2026-12-24": [["10:00", "14:00"]]}; `[]` closes the date like a blocked one. */
function parseDateHours(v: unknown, blocked: readonly string[]): Record<string, [string, string][]> {
  if (v === undefined) return {};
  const entries = isObject(v) ? Object.entries(v) : null;
  if (!entries || entries.length > LIMITS.dateHours) {
    throw new RulesError('dateHours', `an object of at most ${LIMITS.dateHours} dates YYYY-MM-DD, each with its own ["HH:MM", "HH:MM"] intervals`);
  }
  const out: Record<string, [string, string][]> = {};
  for (const [date, list] of entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (!isValidDate(date)) throw new RulesError(`dateHours.${date}`, `"${date}" is not a date YYYY-MM-DD`);
    if (blocked.includes(date)) throw new RulesError(`dateHours.${date}`, 'also a blocked date: a date is either closed or has hours of its own');
    out[date] = parseIntervals(list, `dateHours.${date}`);
  }
  return out;
}

const TYPE_KEYS = ['weeklyHours', 'slotStepMinutes', 'bufferBeforeMinutes', 'bufferAfterMinutes'] as const;

export function parseTypeRules(v: unknown, path: string): TypeRules {
  if (!isObject(v)) throw new RulesError(path, 'an object');
  onlyKeys(v, TYPE_KEYS, path);
  const out: TypeRules = {};
  if (v.weeklyHours !== undefined) out.weeklyHours = parseWeeklyHours(v.weeklyHours, `${path}.weeklyHours`);
  for (const key of ['slotStepMinutes', 'bufferBeforeMinutes', 'bufferAfterMinutes'] as const) {
    if (v[key] !== undefined) out[key] = integerIn(v[key], LIMITS[key], `${path}.${key}`);
  }
  return out;
}

const RULE_KEYS = [
  'weeklyHours', 'minimumNoticeMinutes', 'bookingWindowDays', 'slotStepMinutes', 'bufferBeforeMinutes', 'bufferAfterMinutes',
  'holidays', 'blockedDates', 'dateHours', 'appointmentTypes',
] as const;

/**
 * Checks rules as the owner gives them (the console, `booking set`): unknown fields are refused,
 * left-out ones take their defaults. Throws RulesError naming the first fault.
 */
export function parseBookingRules(v: unknown, extraKeys: readonly string[] = []): BookingRules {
  if (!isObject(v)) throw new RulesError('(settings)', 'a JSON object');
  onlyKeys(v, [...RULE_KEYS, ...extraKeys], '');
  const types: Record<string, TypeRules> = {};
  if (v.appointmentTypes !== undefined) {
    if (!isObject(v.appointmentTypes)) throw new RulesError('appointmentTypes', 'an object keyed by appointment type id');
    for (const [id, rules] of Object.entries(v.appointmentTypes)) types[id] = parseTypeRules(rules, `appointmentTypes.${id}`);
  }
  const number = (key: keyof typeof LIMITS & keyof BookingRules) =>
    v[key] === undefined ? (DEFAULT_RULES[key] as number) : integerIn(v[key], LIMITS[key] as readonly [number, number], key);
  const blockedDates = parseBlockedDates(v.blockedDates);
  return {
    weeklyHours: v.weeklyHours === undefined ? NO_HOURS : parseWeeklyHours(v.weeklyHours, 'weeklyHours'),
    minimumNoticeMinutes: number('minimumNoticeMinutes'),
    bookingWindowDays: number('bookingWindowDays'),
    slotStepMinutes: number('slotStepMinutes'),
    bufferBeforeMinutes: number('bufferBeforeMinutes'),
    bufferAfterMinutes: number('bufferAfterMinutes'),
    holidays: parseHolidayRule(v.holidays),
    blockedDates,
    dateHours: parseDateHours(v.dateHours, blockedDates),
    appointmentTypes: types,
  };
}

/**
 * Reads what is stored. Stored rules were checked when written; should a row be damaged anyway
 * (edited by hand in the database), the owner gets no slots rather than a failing page.
 */
export function storedRules(v: unknown): BookingRules {
  try {
    return parseBookingRules(v ?? {});
  } catch {
    return DEFAULT_RULES;
  }
}

/** The rules one appointment type gets: its own where it has them, the owner's otherwise. */
export function rulesForType(rules: BookingRules, typeId: string): Required<TypeRules> {
  const own = rules.appointmentTypes[typeId] ?? {};
  return {
    weeklyHours: own.weeklyHours ?? rules.weeklyHours,
    slotStepMinutes: own.slotStepMinutes ?? rules.slotStepMinutes,
    bufferBeforeMinutes: own.bufferBeforeMinutes ?? rules.bufferBeforeMinutes,
    bufferAfterMinutes: own.bufferAfterMinutes ?? rules.bufferAfterMinutes,
  };
}
