import { Temporal } from 'temporal-polyfill';
import type { EventView } from '../domain/calendar-view.js';
import { isValidDate } from '../domain/instant.js';
import { expandSeries, MAX_OCCURRENCES_PER_CALL, type SeriesInput } from '../domain/recurrence.js';
import { ianaZone } from '../domain/zones.js';
import type { EventRowWithSlug } from '../store/repos/event-changes.js';
import type { EventOverrideRow } from '../store/schema.js';
import { ServiceError } from '../domain/service-error.js';

/**
 * What the owner gives for a calendar event, checked and turned into what is stored: times (local
 * in the event's zone, or all-day dates), the RRULE of a repeat choice, text limits (docs/spec-decisions.md §9),
 * and the times a whole-series edit made from one occurrence gives the series. No I/O.
 */
export const REPEATS = ['none', 'daily', 'weekly', 'monthly', 'yearly'] as const;
export type Repeat = (typeof REPEATS)[number];

/** Timed: local 'YYYY-MM-DDTHH:MM' in the event's zone. All-day: dates, the end exclusive (RFC 5545). */
export type EventTimes = { allDay: false; start: string; end: string } | { allDay: true; startDate: string; endDate: string };

export interface EventInput {
  title: string;
  /** Slug of one of the owner's calendars. */
  calendar: string;
  /** IANA zone of the times; the owner's zone when absent. */
  timezone?: string | null;
  times: EventTimes;
  showAs?: 'busy' | 'free';
  location?: string | null;
  url?: string | null;
  notes?: string | null;
  repeat?: Repeat;
  /** Last local date of a repeating event (inclusive). */
  until?: string | null;
}

/** `repeat: 'unchanged'` keeps a series' rule as it is (also a rule the form cannot express). */
export type EventUpdate = Omit<EventInput, 'repeat'> & { repeat?: Repeat | 'unchanged' };

export interface OccurrenceChange {
  title?: string;
  times?: EventTimes;
  location?: string | null;
  showAs?: 'busy' | 'free';
}

const LIMITS = { title: 500, location: 500, url: 2048, notes: 5000 };
const LOCAL_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const YEARS_10_MS = 10 * 366 * 86_400_000;

export const invalid = (field: string, message: string) => new ServiceError('invalid', message, field);

/** The repeat choice and until date of a stored rule; `custom` for one the choices cannot express. */
export function readRule(rrule: string | null, zone: string): { repeat: Repeat | 'custom'; until: string | null } {
  if (rrule === null) return { repeat: 'none', until: null };
  const m = /^(?:RRULE:)?FREQ=(DAILY|WEEKLY|MONTHLY|YEARLY)(?:;UNTIL=(\d{8})(T\d{6}Z)?)?$/i.exec(rrule.trim());
  if (!m) return { repeat: 'custom', until: null };
  const repeat = m[1]!.toLowerCase() as Repeat;
  if (!m[2]) return { repeat, until: null };
  const date = `${m[2].slice(0, 4)}-${m[2].slice(4, 6)}-${m[2].slice(6, 8)}`;
  if (!m[3]) return { repeat, until: date };
  const t = m[3];
  const ms = Date.parse(`${date}T${t.slice(1, 3)}:${t.slice(3, 5)}:${t.slice(5, 7)}Z`);
  return { repeat, until: Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone).toPlainDate().toString() };
}

/**
 * The RRULE of a repeat choice. UNTIL is a date for an all-day series and, as RFC 5545 asks of a
 * timed one, the UTC instant of the last second of that local date.
 */
export function ruleOf(repeat: Repeat, until: string | null, allDay: boolean, zone: string, startDate: Temporal.PlainDate): string | null {
  if (repeat === 'none') return null;
  let rule = `FREQ=${repeat.toUpperCase()}`;
  if (until) {
    if (!isValidDate(until)) throw invalid('until', 'Repeat until: a date such as 2026-06-30.');
    const last = Temporal.PlainDate.from(until);
    if (Temporal.PlainDate.compare(last, startDate) < 0) throw invalid('until', 'Repeat until: the last date cannot be before the event starts.');
    if (allDay) rule += `;UNTIL=${until.replace(/-/g, '')}`;
    else {
      const endMs = last.add({ days: 1 }).toZonedDateTime({ timeZone: zone }).epochMilliseconds - 1000;
      rule += `;UNTIL=${new Date(endMs).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`;
    }
  }
  return rule;
}

/** The rule without UNTIL: what decides the original starts (the keys of overrides) besides DTSTART. */
export const ruleKey = (rrule: string | null) => (rrule === null ? null : rrule.split(';').filter((p) => !/^UNTIL=/i.test(p)).join(';'));

function localDateTime(text: string, field: string): Temporal.PlainDateTime {
  if (LOCAL_RE.test(text)) {
    try {
      return Temporal.PlainDateTime.from(text, { overflow: 'reject' });
    } catch {
      // falls through to the message
    }
  }
  throw invalid(field, `${field === 'start' ? 'Start' : 'End'}: a date and a time such as 2026-04-02 and 10:00.`);
}

function plainDate(text: string, field: string): Temporal.PlainDate {
  if (!isValidDate(text)) throw invalid(field, `${field === 'start' ? 'Start' : 'End'} date: a date such as 2026-04-02.`);
  return Temporal.PlainDate.from(text);
}

/** Instants and dates of validated times; a local time in a DST gap moves forward by the gap. */
export interface ResolvedTimes {
  allDay: boolean;
  startLocal: Temporal.PlainDateTime;
  start: Date;
  end: Date;
  startDate: string | null;
  endDate: string | null;
}

export function resolveTimes(times: EventTimes, zone: string): ResolvedTimes {
  if (times.allDay) {
    const first = plainDate(times.startDate, 'start');
    const after = plainDate(times.endDate, 'end');
    if (Temporal.PlainDate.compare(after, first) <= 0) throw invalid('end', 'End: an all-day event ends on or after the day it starts.');
    const midnight = (d: Temporal.PlainDate) => new Date(d.toZonedDateTime({ timeZone: zone }).epochMilliseconds);
    return { allDay: true, startLocal: first.toPlainDateTime(), start: midnight(first), end: midnight(after), startDate: first.toString(), endDate: after.toString() };
  }
  const startLocal = localDateTime(times.start, 'start');
  const endLocal = localDateTime(times.end, 'end');
  const at = (t: Temporal.PlainDateTime) => new Date(t.toZonedDateTime(zone, { disambiguation: 'compatible' }).epochMilliseconds);
  const start = at(startLocal);
  const end = at(endLocal);
  if (end.getTime() <= start.getTime()) throw invalid('end', 'End: the event must end after it starts.');
  return { allDay: false, startLocal, start, end, startDate: null, endDate: null };
}

export function text(value: string | null | undefined, field: keyof typeof LIMITS, label: string): string | null {
  const v = (value ?? '').trim();
  if (v.length > LIMITS[field]) throw invalid(field, `${label}: at most ${LIMITS[field]} characters.`);
  return v === '' ? null : v;
}

export function title(value: string): string {
  const v = value.trim();
  if (v.length === 0 || v.length > LIMITS.title) throw invalid('title', `Title: 1 to ${LIMITS.title} characters.`);
  return v;
}

function webAddress(value: string | null | undefined): string | null {
  const v = text(value, 'url', 'Web address');
  if (v === null) return null;
  let ok = false;
  try {
    ok = ['http:', 'https:'].includes(new URL(v).protocol);
  } catch {
    ok = false;
  }
  if (!ok) throw invalid('url', 'Web address: a link starting with https:// or http://.');
  return v;
}

export function showAs(value: string | undefined): 'busy' | 'free' {
  if (value === undefined || value === 'busy' || value === 'free') return value ?? 'busy';
  throw invalid('showAs', 'Show as: busy or free.');
}

export function zoneOf(value: string | null | undefined, fallback: string): string {
  if (!value) return fallback;
  const zone = ianaZone(value);
  if (!zone) throw invalid('timezone', `Time zone: "${value}" is not a time zone such as Europe/Berlin.`);
  return zone;
}

export function seriesInput(row: { id: string; start_at: Date; end_at: Date; all_day: boolean; start_date: string | null; end_date: string | null; timezone: string; exdates: string[]; rdates?: string[] }, rrule: string): SeriesInput {
  return { id: row.id, start: row.start_at, end: row.end_at, allDay: row.all_day, startDate: row.start_date, endDate: row.end_date, timezone: row.timezone, rrule, exdates: row.exdates, rdates: row.rdates ?? [] };
}

/**
 * Last instant any occurrence can end (moved ones included); null when the rule repeats forever.
 * In 10-year steps past the 5,000 occurrences one expandSeries call returns; a rule still going after
 * 20 steps counts as endless (null is always safe: it only widens window queries).
 */
export function seriesUntil(input: SeriesInput, overrides: readonly Pick<EventOverrideRow, 'end_at' | 'deleted_at'>[]): Date | null {
  if (!/(^|;)(COUNT|UNTIL)=/i.test(input.rrule)) return null;
  let from = input.start;
  let last = input.end;
  let done = false;
  for (let step = 0; step < 20 && !done; step++) {
    const to = new Date(from.getTime() + YEARS_10_MS);
    const occurrences = expandSeries(input, [], { from, to });
    if (occurrences.length === 0) done = true;
    for (const o of occurrences) if (o.end > last) last = o.end;
    from = occurrences.length >= MAX_OCCURRENCES_PER_CALL ? new Date(occurrences.at(-1)!.start.getTime() + 1) : to;
  }
  if (!done) return null;
  for (const o of overrides) if (o.deleted_at === null && o.end_at !== null && o.end_at > last) last = o.end_at;
  return last;
}

export interface EventFields {
  title: string;
  timezone: string;
  times: ResolvedTimes;
  show_as: 'busy' | 'free';
  location: string | null;
  url: string | null;
  notes: string | null;
}

export function fields(input: EventUpdate, zone: string): EventFields {
  return {
    title: title(input.title),
    timezone: zone,
    times: resolveTimes(input.times, zone),
    show_as: showAs(input.showAs),
    location: text(input.location, 'location', 'Location'),
    url: webAddress(input.url),
    notes: text(input.notes, 'notes', 'Notes'),
  };
}

export const timeColumns = (t: ResolvedTimes) => ({ start_at: t.start, end_at: t.end, all_day: t.allDay, start_date: t.startDate, end_date: t.endDate });

/**
 * The times a whole-series edit made from one occurrence gives the series: the change made to that
 * occurrence's local start (days and wall-clock time) and to its length is applied to the series'
 * own start and length, so the series keeps its first date.
 */
export function shiftedSeries(row: EventRowWithSlug, view: EventView, wanted: ResolvedTimes, zone: string): ResolvedTimes {
  const localOf = (d: Date, allDay: boolean, date: string | null) =>
    allDay && date ? Temporal.PlainDate.from(date).toPlainDateTime() : Temporal.Instant.fromEpochMilliseconds(d.getTime()).toZonedDateTimeISO(row.timezone).toPlainDateTime();
  const shift = localOf(view.start, view.allDay, view.startDate).until(wanted.startLocal, { largestUnit: 'days' });
  const startLocal = localOf(row.start_at, row.all_day, row.start_date).add(shift);
  if (wanted.allDay) {
    const days = (a: string | null, b: string | null) => (a && b ? Temporal.PlainDate.from(a).until(Temporal.PlainDate.from(b)).days : 1);
    const length = days(wanted.startDate, wanted.endDate) + (row.all_day ? days(row.start_date, row.end_date) - days(view.startDate, view.endDate) : 0);
    if (length < 1) throw invalid('end', 'End: an all-day event ends on or after the day it starts.');
    const first = startLocal.toPlainDate();
    return resolveTimes({ allDay: true, startDate: first.toString(), endDate: first.add({ days: length }).toString() }, zone);
  }
  const lengthMs = wanted.end.getTime() - wanted.start.getTime() + (row.all_day ? 0 : row.end_at.getTime() - row.start_at.getTime() - (view.end.getTime() - view.start.getTime()));
  if (lengthMs <= 0) throw invalid('end', 'End: the event must end after it starts.');
  const start = new Date(startLocal.toZonedDateTime(zone, { disambiguation: 'compatible' }).epochMilliseconds);
  return { allDay: false, startLocal, start, end: new Date(start.getTime() + lengthMs), startDate: null, endDate: null };
}
