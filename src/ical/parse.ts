/**
 * iCalendar text (RFC 5545) → the events it holds, in the shapes the rest of the service uses. Pure:
 * no I/O, no clock. ical.js reads the syntax; times are placed in IANA zones with Temporal, the way
 * src/domain/recurrence.ts (expandSeries, the one recurrence implementation) places them, so that
 * EXDATEs and RECURRENCE-IDs give exactly the occurrence keys expandSeries produces.
 *
 * Zones: a TZID is read as an IANA name (also behind a path prefix, as Thunderbird writes it) or a
 * Windows name (Outlook); any other TZID with a VTIMEZONE in the file (Outlook's custom zones, Lotus
 * Notes) as the IANA zone whose offsets match that definition over the file's years (./vtimezone.ts);
 * anything else, and floating times, are read in the calendar's zone: X-WR-TIMEZONE, else
 * options.defaultTimezone, else UTC. Reading every time in one IANA zone keeps a series' times and its
 * EXDATE/RECURRENCE-ID keys consistent.
 *
 * Recurrence (RFC 5545 3.8.5): every RRULE, RDATE (DATE, DATE-TIME, PERIOD, each with its TZID) and
 * EXDATE of any value type; RECURRENCE-ID with RANGE=THISANDFUTURE; instances that turn timed or
 * all-day. RFC 7529 RSCALE (other calendars than the Gregorian) refuses its event, with a warning.
 */
import ICAL from 'ical.js';
import { Temporal } from 'temporal-polyfill';
import type { EventTimes } from '../domain/event-times.js';
import { expandSeries, formatInstantSeconds, rulesEndingBeforeStart, type SeriesInput } from '../domain/recurrence.js';
import { lineOf, readCalendarText } from './calendar-text.js';
import { checkEventCount, checkSize, ICAL_LIMITS, type IcalLimits } from './limits.js';
import { ianaZoneOfDefinition } from './vtimezone.js';
import { duplicateWarning, reportWarnings } from './warnings.js';
import { resolveZone } from './zones.js';

export { ICalendarError } from './errors.js';

export interface ImportedOverride {
  /** The occurrence's original start, 'YYYY-MM-DDThh:mm:ssZ' (its identity in expandSeries). */
  originalStart: string;
  start: Date;
  end: Date;
  title: string;
  location: string | null;
  showAs: 'busy' | 'free';
  cancelled: boolean;
  /** The instance is all-day (true) or timed (false) unlike its series, with its dates when all-day; null: as the series. */
  allDay: boolean | null;
  startDate: string | null;
  endDate: string | null;
  /** RECURRENCE-ID;RANGE=THISANDFUTURE: the change holds for this and every later occurrence. */
  thisAndFuture: boolean;
}

export interface ImportedEvent extends EventTimes {
  uid: string;
  title: string;
  showAs: 'busy' | 'free';
  cancelled: boolean;
  location: string | null;
  url: string | null;
  description: string | null;
  /**
   * The RRULE values, one per line, e.g. 'FREQ=WEEKLY;BYDAY=MO;UNTIL=20261231T000000Z'; '' for a series
   * of RDATEs only; null for a single event.
   */
  rrule: string | null;
  /** Original starts left out, 'YYYY-MM-DDThh:mm:ssZ', sorted. */
  exdates: string[];
  /** RDATEs as SeriesInput.rdates: 'YYYY-MM-DDThh:mm:ssZ', or 'start/end' for a PERIOD; sorted. */
  rdates: string[];
  overrides: ImportedOverride[];
}

export interface ParsedCalendar {
  events: ImportedEvent[];
  /** Events the file holds that could not be read (no DTSTART, no UID, bad times); each has a warning. */
  skipped: number;
  warnings: string[];
}

export interface ParseOptions {
  /** Zone for floating times and all-day dates when the file has no X-WR-TIMEZONE (default UTC). */
  defaultTimezone?: string;
  /** ICAL_LIMITS unless a test says otherwise. */
  limits?: Pick<IcalLimits, 'maxBytes' | 'maxEvents'>;
}

type Component = ICAL.Component;
type Property = ICAL.Property;
type Time = ICAL.Time;

const DAY_MS = 86_400_000;

interface Context {
  /** Zone of floating times, all-day dates and TZIDs we cannot read. */
  zone: string;
  warnings: string[];
  /** TZIDs read in `zone` instead, each with the first line that uses it (warned about once the calendar is read). */
  unknownTzids: Map<string, number | null>;
  /** TZIDs of the file's own VTIMEZONEs that no name resolves: the IANA zone matching the definition, or null. */
  customZones: Map<string, CustomZone>;
  /** Shared by every calendar of the file. */
  stats: { skipped: number };
}

/** A VTIMEZONE of the file whose TZID no name resolves: its line, the years compared, the IANA zone of the same offsets or null. */
interface CustomZone {
  line: number | null;
  years: [number, number];
  zone: string | null;
}

/** Where a series' occurrences are: what EXDATE and RECURRENCE-ID keys are computed against. */
interface SeriesFrame {
  allDay: boolean;
  timezone: string;
  /** Local time of day of DTSTART, for a DATE-valued EXDATE or RECURRENCE-ID of a timed series. */
  time: Temporal.PlainTime;
}

// ---------------------------------------------------------------------------------------------
// Values

function text(c: Component, name: string): string | null {
  const v = c.getFirstPropertyValue(name);
  if (v === null || v === undefined) return null;
  const s = String(v).trim();
  return s === '' ? null : s;
}

function describe(c: Component): string {
  const uid = text(c, 'uid');
  const summary = text(c, 'summary');
  const line = lineOf(c);
  return [line === null ? null : `line ${line}:`, uid ? `UID ${uid}` : 'an event without UID', summary ? `"${summary}"` : null].filter(Boolean).join(' ');
}

function isUtc(t: Time): boolean {
  return t.zone === ICAL.Timezone.utcTimezone || t.zone?.tzid === 'UTC';
}

function plainDate(t: Time): Temporal.PlainDate {
  return Temporal.PlainDate.from({ year: t.year, month: t.month, day: t.day });
}

function plainDateTime(t: Time): Temporal.PlainDateTime {
  // 'constrain' turns a leap second (:60) into :59 instead of failing.
  return Temporal.PlainDateTime.from(
    { year: t.year, month: t.month, day: t.day, hour: t.hour, minute: t.minute, second: t.second },
    { overflow: 'constrain' },
  );
}

/** A wall time in a zone as an instant; a gap time moves forward, a repeated one takes the earlier (as expandSeries). */
function at(wall: Temporal.PlainDateTime, zone: string): Date {
  return new Date(wall.toZonedDateTime(zone, { disambiguation: 'compatible' }).epochMilliseconds);
}

function midnight(date: Temporal.PlainDate, zone: string): Date {
  return new Date(date.toZonedDateTime({ timeZone: zone }).epochMilliseconds);
}

function dateIn(d: Date, zone: string): Temporal.PlainDate {
  return Temporal.Instant.fromEpochMilliseconds(d.getTime()).toZonedDateTimeISO(zone).toPlainDate();
}

/** The zone a date-time value of this property is read in: UTC, its TZID's IANA zone, or `floating`. */
function zoneOf(prop: Property, t: Time, floating: string, ctx: Context): string {
  if (isUtc(t)) return 'UTC';
  const tzid = prop.getParameter('tzid');
  const name = typeof tzid === 'string' ? tzid : null;
  if (name === null) return floating;
  const zone = resolveZone(name) ?? ctx.customZones.get(name)?.zone ?? null;
  if (zone !== null) return zone;
  // Events are read by UID, not in line order: the warning names the first line that uses the TZID.
  const line = lineOf(prop);
  const seen = ctx.unknownTzids.get(name);
  if (seen === undefined || (line !== null && (seen === null || line < seen))) ctx.unknownTzids.set(name, line);
  return ctx.zone;
}

/** One warning per TZID read in the calendar's zone: at its VTIMEZONE when the file defines it, else at the first line using it. */
function unknownZoneWarnings(ctx: Context): void {
  for (const [name, line] of ctx.unknownTzids) {
    const custom = ctx.customZones.get(name);
    if (custom !== undefined) {
      ctx.warnings.push(`${linePrefix(custom.line)}TZID "${name}" is not a zone name, and its VTIMEZONE has the offsets of no IANA zone in ${custom.years[0]}-${custom.years[1]}; its times are read in ${ctx.zone}`);
    } else {
      ctx.warnings.push(`${linePrefix(line)}TZID "${name}" is not a time zone we know; its times are read in ${ctx.zone}`);
    }
  }
}

/** 'line N: ', or nothing for a line not known. */
function linePrefix(line: number | null): string {
  return line === null ? '' : `line ${line}: `;
}

function instantOf(prop: Property, t: Time, floating: string, ctx: Context): Date {
  return at(plainDateTime(t), zoneOf(prop, t, floating, ctx));
}

function firstTime(c: Component, name: string): { prop: Property; time: Time } | null {
  const prop = c.getFirstProperty(name);
  if (!prop) return null;
  const time = prop.getFirstValue();
  return time instanceof ICAL.Time ? { prop, time } : null;
}

// ---------------------------------------------------------------------------------------------
// Times of one VEVENT

/** The zone an event is shown in. A UTC series repeats in UTC (RFC 5545); a UTC single event is shown in the calendar's zone. */
function eventZone(prop: Property, t: Time, series: boolean, ctx: Context): string {
  if (isUtc(t)) return series ? 'UTC' : ctx.zone;
  return zoneOf(prop, t, ctx.zone, ctx);
}

/**
 * DTSTART and DTEND/DURATION as EventTimes; null without DTSTART. Without DTEND or DURATION a date lasts
 * one day and a date-time no time (RFC 5545 3.6.1), unless `fallback` (the master's length, for an
 * overriding instance) says otherwise.
 */
function readTimes(c: Component, ctx: Context, opts: { series: boolean; fallback?: { days: number; ms: number } }): EventTimes | null {
  const dtstart = firstTime(c, 'dtstart');
  if (!dtstart) return null;
  const dtend = firstTime(c, 'dtend');
  const duration = c.getFirstPropertyValue('duration');
  const dur = duration instanceof ICAL.Duration ? duration : null;
  if (dur?.isNegative) ctx.warnings.push(`${describe(c)}: negative DURATION read as none`);

  if (dtstart.time.isDate) {
    const zone = ctx.zone;
    const startDate = plainDate(dtstart.time);
    let endDate: Temporal.PlainDate;
    if (dtend) endDate = plainDate(dtend.time);
    else if (dur) endDate = startDate.add({ days: dur.isNegative ? 0 : dur.weeks * 7 + dur.days });
    else endDate = startDate.add({ days: opts.fallback?.days ?? 1 });
    // An all-day event lasts at least its day (some producers write DTEND = DTSTART).
    if (Temporal.PlainDate.compare(endDate, startDate) <= 0) endDate = startDate.add({ days: 1 });
    return {
      start: midnight(startDate, zone), end: midnight(endDate, zone), allDay: true,
      startDate: startDate.toString(), endDate: endDate.toString(), timezone: zone,
    };
  }

  const timezone = eventZone(dtstart.prop, dtstart.time, opts.series, ctx);
  const startZone = zoneOf(dtstart.prop, dtstart.time, ctx.zone, ctx);
  const start = at(plainDateTime(dtstart.time), startZone);
  let end: Date;
  if (dtend) {
    end = dtend.time.isDate ? midnight(plainDate(dtend.time), timezone) : instantOf(dtend.prop, dtend.time, ctx.zone, ctx);
  } else if (dur && !dur.isNegative) {
    // Days and weeks are nominal (same wall time on a later day), hours and less are exact (RFC 5545 3.3.6).
    const wall = Temporal.Instant.fromEpochMilliseconds(start.getTime()).toZonedDateTimeISO(startZone).toPlainDateTime();
    const dayEnd = at(wall.add({ days: dur.weeks * 7 + dur.days }), startZone);
    end = new Date(dayEnd.getTime() + ((dur.hours * 60 + dur.minutes) * 60 + dur.seconds) * 1000);
  } else {
    end = new Date(start.getTime() + (opts.fallback?.ms ?? 0));
  }
  if (end.getTime() < start.getTime()) {
    ctx.warnings.push(`${describe(c)}: ends before it starts; read as ending at its start`);
    end = start;
  }
  return { start, end, allDay: false, startDate: null, endDate: null, timezone };
}

/** The occurrence key ('YYYY-MM-DDThh:mm:ssZ') an EXDATE or RECURRENCE-ID value names in a series. */
function occurrenceKey(prop: Property, t: Time, frame: SeriesFrame, ctx: Context): string {
  if (frame.allDay) {
    // The date of the value: a DATE as is, a date-time on the local calendar of the series.
    const date = t.isDate || !isUtc(t) ? plainDate(t) : dateIn(instantOf(prop, t, frame.timezone, ctx), frame.timezone);
    return formatInstantSeconds(midnight(date, frame.timezone));
  }
  if (t.isDate) return formatInstantSeconds(at(plainDate(t).toPlainDateTime(frame.time), frame.timezone));
  return formatInstantSeconds(instantOf(prop, t, frame.timezone, ctx));
}

function showAs(c: Component): 'busy' | 'free' {
  // TRANSP defaults to OPAQUE (RFC 5545 3.8.2.7), all-day events included.
  return text(c, 'transp')?.toUpperCase() === 'TRANSPARENT' ? 'free' : 'busy';
}

function isCancelled(c: Component): boolean {
  return text(c, 'status')?.toUpperCase() === 'CANCELLED';
}

function sequence(c: Component): number {
  const v = Number(c.getFirstPropertyValue('sequence'));
  return Number.isFinite(v) ? v : 0;
}

// ---------------------------------------------------------------------------------------------
// Events

function singleEvent(uid: string, c: Component, times: EventTimes): ImportedEvent {
  return {
    uid,
    title: text(c, 'summary') ?? '(No title)',
    ...times,
    showAs: showAs(c),
    cancelled: isCancelled(c),
    location: text(c, 'location'),
    url: text(c, 'url'),
    description: text(c, 'description'),
    rrule: null,
    exdates: [],
    rdates: [],
    overrides: [],
  };
}

/** Thrown for an event this service must not import (its whole event is skipped, with the message). */
class RefusedEvent extends Error {}

/**
 * RFC 7529 calendars: an RSCALE other than GREGORIAN (or a SKIP other than OMIT) gives dates this
 * expander would get wrong (ical.js drops RSCALE, SKIP and leap months such as BYMONTH=5L).
 */
function checkRscale(c: Component, prop: Property): void {
  const recur = prop.getFirstValue() as { rscale?: string; skip?: string } | null;
  const rscale = recur?.rscale ? String(recur.rscale).toUpperCase() : null;
  const skip = recur?.skip ? String(recur.skip).toUpperCase() : null;
  if (rscale === null && skip === null) return;
  if (rscale === 'GREGORIAN' && (skip === null || skip === 'OMIT')) return;
  throw new RefusedEvent(
    `${describe(c)} skipped: its RRULE uses RSCALE=${rscale ?? '(none)'}${skip ? `;SKIP=${skip}` : ''} (RFC 7529 calendars other than the Gregorian are not supported)`,
  );
}

/** The RRULE values expandSeries can read, one per line; the others are dropped with a warning. null: none. */
function readRules(c: Component, times: EventTimes, ctx: Context): string | null {
  const props = c.getAllProperties('rrule');
  if (props.length === 0) return null;
  const kept: string[] = [];
  for (const prop of props) {
    checkRscale(c, prop);
    const rrule = String(prop.getFirstValue());
    const probe: SeriesInput = { id: 'probe', ...times, rrule, exdates: [] };
    try {
      expandSeries(probe, [], { from: times.start, to: new Date(times.start.getTime() + DAY_MS) });
      if (!kept.includes(rrule)) kept.push(rrule);
      if (rulesEndingBeforeStart(probe).length > 0) ctx.warnings.push(untilWarning(c, prop, rrule, times, props.length > 1 || c.getFirstProperty('rdate') !== null));
    } catch (e) {
      ctx.warnings.push(`${describe(c)}: RRULE ${rrule} cannot be expanded (${(e as Error).message}); ${props.length > 1 ? 'the other RRULEs are imported' : 'imported as a single event'}`);
    }
  }
  return kept.length === 0 ? null : kept.join('\n');
}

/**
 * An RRULE whose UNTIL lies before DTSTART gives DTSTART alone (RFC 5545 3.8.5.1: DTSTART always
 * counts as the first occurrence): said at the RRULE's line, since the owner may expect more.
 */
function untilWarning(c: Component, prop: Property, rrule: string, times: EventTimes, others: boolean): string {
  const until = /(?:^|;)UNTIL=([^;]*)/i.exec(rrule)?.[1] ?? '';
  const wall = Temporal.Instant.fromEpochMilliseconds(times.start.getTime()).toZonedDateTimeISO(times.timezone);
  const start = times.allDay ? times.startDate! : `${wall.toPlainDateTime().toString()} (${times.timezone})`;
  return `${linePrefix(lineOf(prop))}UID ${text(c, 'uid')}: RRULE UNTIL=${until} is before DTSTART ${start}; ${others ? 'that rule gives only the first occurrence' : 'only the first occurrence is kept'}`;
}

/** RDATE values as SeriesInput.rdates: DATE (the series' time of day on a timed series), DATE-TIME (its TZID), PERIOD. */
function readRDates(c: Component, times: EventTimes, frame: SeriesFrame, ctx: Context): string[] {
  const out = new Set<string>();
  for (const prop of c.getAllProperties('rdate')) {
    for (const v of prop.getValues()) {
      if (v instanceof ICAL.Time) {
        out.add(occurrenceKey(prop, v, frame, ctx));
      } else if (v instanceof ICAL.Period) {
        const start = occurrenceKey(prop, v.start, frame, ctx);
        if (frame.allDay) {
          out.add(start);
          continue;
        }
        const end = v.end ? instantOf(prop, v.end, frame.timezone, ctx) : new Date(Date.parse(start) + v.getDuration().toSeconds() * 1000);
        if (end.getTime() < Date.parse(start)) {
          ctx.warnings.push(`${describe(c)}: RDATE period ${v.toString()} ends before it starts; read as its start alone`);
          out.add(start);
        } else {
          out.add(`${start}/${formatInstantSeconds(end)}`);
        }
      }
    }
  }
  const sorted = [...out].sort();
  const first = formatInstantSeconds(times.start);
  const early = sorted.filter((r) => r.slice(0, 20) < first);
  if (early.length > 0) ctx.warnings.push(`${describe(c)}: ${early.length} RDATE(s) before DTSTART left out (DTSTART is the first occurrence of a series)`);
  return sorted.filter((r) => r.slice(0, 20) >= first);
}

function isOccurrence(series: SeriesInput, key: string): boolean {
  if (series.rdates?.some((r) => r === key || r.startsWith(`${key}/`))) return true;
  const ms = Date.parse(key);
  return expandSeries(series, [], { from: new Date(ms), to: new Date(ms + 1000) }).some((o) => o.originalStart === key);
}

/** A series (or single event) with its EXDATEs and overriding instances; instances that fit no occurrence come back as orphans. */
function seriesEvent(uid: string, master: Component, instances: Component[], ctx: Context): { event: ImportedEvent; orphans: Component[] } | null {
  const hasRule = master.getFirstProperty('rrule') !== null || master.getFirstProperty('rdate') !== null;
  const times = readTimes(master, ctx, { series: hasRule });
  if (times === null) return null;
  const event = singleEvent(uid, master, times);
  const wall = Temporal.Instant.fromEpochMilliseconds(times.start.getTime()).toZonedDateTimeISO(times.timezone);
  const frame: SeriesFrame = { allDay: times.allDay, timezone: times.timezone, time: wall.toPlainTime() };
  const rules = readRules(master, times, ctx);
  event.rdates = readRDates(master, times, frame, ctx);
  // A series of DTSTART and RDATEs only has the rule text '' (SeriesInput.rrule).
  event.rrule = rules ?? (event.rdates.length > 0 ? '' : null);
  if (event.rrule === null) return { event, orphans: instances };

  const exdates = new Set<string>();
  for (const prop of master.getAllProperties('exdate')) {
    for (const v of prop.getValues()) if (v instanceof ICAL.Time) exdates.add(occurrenceKey(prop, v, frame, ctx));
  }
  event.exdates = [...exdates].sort();
  // Without the EXDATEs: an instance of an excluded start is dropped (EXDATE wins), not made an event of its own.
  const rule: SeriesInput = { id: 'probe', ...times, rrule: event.rrule, exdates: [], rdates: event.rdates };

  const fallback = {
    days: times.allDay ? Temporal.PlainDate.from(times.startDate!).until(Temporal.PlainDate.from(times.endDate!)).days : 1,
    ms: times.end.getTime() - times.start.getTime(),
  };
  const chosen = new Map<string, { c: Component; override: ImportedOverride }>();
  const orphans: Component[] = [];
  for (const c of instances) {
    const rid = firstTime(c, 'recurrence-id')!;
    const range = String(rid.prop.getParameter('range') ?? '').toUpperCase();
    if (range !== '' && range !== 'THISANDFUTURE') ctx.warnings.push(`${describe(c)}: RANGE=${range} is not supported (RFC 5545 knows THISANDFUTURE only); only the one occurrence is changed`);
    const key = occurrenceKey(rid.prop, rid.time, frame, ctx);
    const t = readTimes(c, ctx, { series: true, fallback });
    if (t === null) {
      ctx.warnings.push(`${describe(c)}: an instance (RECURRENCE-ID ${key}) skipped: no DTSTART`);
      ctx.stats.skipped += 1;
      continue;
    }
    // EXDATE wins over the instance; a THISANDFUTURE one still changes the later occurrences.
    if (exdates.has(key) && range !== 'THISANDFUTURE') continue;
    if (!isOccurrence(rule, key)) {
      orphans.push(c);
      continue;
    }
    const switched = t.allDay !== times.allDay;
    if (switched && range === 'THISANDFUTURE') ctx.warnings.push(`${describe(c)}: RANGE=THISANDFUTURE on an instance that turns ${t.allDay ? 'all-day' : 'timed'}; only the one occurrence is changed`);
    // An all-day instance of a timed series starts at local midnight in the series' zone.
    const start = switched && t.allDay ? midnight(Temporal.PlainDate.from(t.startDate!), times.timezone) : t.start;
    const end = switched && t.allDay ? midnight(Temporal.PlainDate.from(t.endDate!), times.timezone) : t.end;
    const override: ImportedOverride = {
      originalStart: key, start, end, title: text(c, 'summary') ?? event.title,
      location: text(c, 'location'), showAs: showAs(c), cancelled: isCancelled(c),
      allDay: switched ? t.allDay : null, startDate: switched ? t.startDate : null, endDate: switched ? t.endDate : null,
      thisAndFuture: range === 'THISANDFUTURE' && !switched,
    };
    const previous = chosen.get(key);
    if (!previous || sequence(c) >= sequence(previous.c)) chosen.set(key, { c, override });
  }
  event.overrides = [...chosen.values()].map((v) => v.override).sort((a, b) => (a.originalStart < b.originalStart ? -1 : 1));
  return { event, orphans };
}

/**
 * An instance whose series is not in the file (Google exports the one occurrence you were invited
 * to), or whose RECURRENCE-ID names no occurrence of the rule: imported as a single event of its
 * own, with uid '<UID>@<original start>'. A cancelled one, or one without DTSTART, is skipped.
 */
function orphanEvent(uid: string, c: Component, ctx: Context): ImportedEvent | null {
  const rid = firstTime(c, 'recurrence-id')!;
  const times = readTimes(c, ctx, { series: false });
  const frame: SeriesFrame = { allDay: rid.time.isDate, timezone: times?.timezone ?? ctx.zone, time: Temporal.PlainTime.from('00:00') };
  const key = occurrenceKey(rid.prop, rid.time, frame, ctx);
  if (times === null || isCancelled(c)) {
    const why = times === null ? 'no DTSTART' : 'cancelled, and its series is not in the file';
    ctx.warnings.push(`${describe(c)}: the instance of ${key} skipped: ${why}`);
    ctx.stats.skipped += 1;
    return null;
  }
  ctx.warnings.push(`${describe(c)}: the instance of ${key} matches no occurrence of a series in the file; imported as a single event`);
  return singleEvent(`${uid}@${key}`, c, times);
}

/** The years of the calendar's DTSTARTs, and the one after the last: what a VTIMEZONE is compared over. */
function yearsOf(cal: Component): [number, number] | null {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const c of cal.getAllSubcomponents('vevent')) {
    const t = c.getFirstPropertyValue('dtstart');
    if (t instanceof ICAL.Time && t.year >= 1900 && t.year <= 2200) {
      lo = Math.min(lo, t.year);
      hi = Math.max(hi, t.year);
    }
  }
  return lo <= hi ? [lo, hi + 1] : null;
}

/** The calendar's VTIMEZONEs that no name resolves, each mapped to the IANA zone matching its definition (./vtimezone.ts). */
function customZonesOf(cal: Component, warnings: string[]): Map<string, CustomZone> {
  const out = new Map<string, CustomZone>();
  const years = yearsOf(cal);
  for (const vtz of cal.getAllSubcomponents('vtimezone')) {
    const tzid = text(vtz, 'tzid');
    if (tzid === null || out.has(tzid) || resolveZone(tzid) !== null || years === null) continue;
    const zone = ianaZoneOfDefinition(vtz, years[0], years[1]);
    const line = lineOf(vtz);
    out.set(tzid, { line, years, zone });
    if (zone !== null) warnings.push(`${linePrefix(line)}TZID "${tzid}" is not a zone name; its VTIMEZONE has the offsets of ${zone} in ${years[0]}-${years[1]}, which is used`);
  }
  return out;
}

interface Group {
  masters: Component[];
  instances: Component[];
  ctx: Context;
}

/**
 * The events of the text. Throws ICalendarError when it is not iCalendar, ICalendarLimitError when it
 * is larger (bytes, VEVENTs) than options.limits (ICAL_LIMITS) allow.
 */
export function parseICalendar(input: string, options: ParseOptions = {}): ParsedCalendar {
  const limits = options.limits ?? ICAL_LIMITS;
  checkSize(Buffer.byteLength(input, 'utf8'), limits);
  const warnings: string[] = [];
  const fallbackZone = resolveZone(options.defaultTimezone) ?? 'UTC';
  const groups = new Map<string, Group>();
  const contexts: Context[] = [];
  const stats = { skipped: 0 };

  const { calendars, warnings: textWarnings } = readCalendarText(input);
  warnings.push(...textWarnings);
  checkEventCount(calendars.reduce((n, cal) => n + cal.getAllSubcomponents('vevent').length, 0), limits);
  for (const cal of calendars) {
    const wr = text(cal, 'x-wr-timezone');
    const zone = wr === null ? fallbackZone : resolveZone(wr);
    if (wr !== null && zone === null) warnings.push(`${linePrefix(lineOf(cal.getFirstProperty('x-wr-timezone')))}X-WR-TIMEZONE "${wr}" is not a time zone we know; ${fallbackZone} is used`);
    const ctx: Context = { zone: zone ?? fallbackZone, warnings, unknownTzids: new Map(), customZones: customZonesOf(cal, warnings), stats };
    contexts.push(ctx);
    for (const c of cal.getAllSubcomponents('vevent')) {
      const uid = text(c, 'uid');
      if (uid === null) {
        warnings.push(`${describe(c)} skipped: no UID`);
        stats.skipped += 1;
        continue;
      }
      const group = groups.get(uid) ?? { masters: [], instances: [], ctx };
      groups.set(uid, group);
      if (c.getFirstProperty('recurrence-id')) group.instances.push(c);
      else group.masters.push(c);
    }
    for (const kind of ['vtodo', 'vjournal', 'vfreebusy']) {
      const others = cal.getAllSubcomponents(kind);
      if (others.length > 0) warnings.push(`${linePrefix(lineOf(others[0]))}${others.length} ${kind.toUpperCase()} component(s) not imported: only VEVENTs are`);
    }
  }

  const events: ImportedEvent[] = [];
  for (const [uid, group] of groups) {
    const { ctx } = group;
    try {
      let orphans = group.instances;
      if (group.masters.length > 0) {
        // The same event twice: the highest SEQUENCE (then the later one in the file) wins.
        const master = group.masters.reduce((a, b) => (sequence(b) >= sequence(a) ? b : a));
        if (group.masters.length > 1) warnings.push(duplicateWarning(uid, group.masters, master));
        const result = seriesEvent(uid, master, group.instances, ctx);
        if (result === null) {
          warnings.push(`${describe(master)} skipped: no DTSTART`);
          stats.skipped += 1;
          continue;
        }
        events.push(result.event);
        orphans = result.orphans;
      }
      for (const c of orphans) {
        const event = orphanEvent(uid, c, ctx);
        if (event) events.push(event);
      }
    } catch (e) {
      // A value that cannot be read costs that event only, said in words (never a runtime error's text).
      warnings.push(e instanceof RefusedEvent ? e.message : `${describe(group.masters[0] ?? group.instances[0]!)} skipped: its times cannot be placed on the calendar`);
      stats.skipped += 1;
    }
  }
  for (const ctx of contexts) unknownZoneWarnings(ctx);
  return { events, skipped: stats.skipped, warnings: reportWarnings(warnings) };
}
