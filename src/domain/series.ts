import { Temporal } from 'temporal-polyfill';
import { occurrenceViews, type EventView, type StoredEvent, type StoredOverride } from './calendar-view.js';
import { compileSeries, formatInstantSeconds, parseUntil, type SeriesInput } from './recurrence.js';
import { DAY_MS } from './rrule-core.js';
import { zoneOffsets } from './zone-offsets.js';

/**
 * What GET /series/{id} says of a repeating event besides its fields: its recurrence as iCalendar
 * text, its first and last occurrence, how many occurrences differ from the rule, and when anything
 * of it last changed. Pure: the series row and its overrides in, facts out (docs/series.md).
 */

export interface SeriesFacts {
  /** DTSTART, RRULE, RDATE and EXDATE content lines joined by '\n'. */
  recurrence: string;
  /** The earliest and latest occurrence GET /series/{id}/occurrences lists; null: none (last: also when endless). */
  first: EventView | null;
  last: EventView | null;
  /** Occurrences of the rule that an EXDATE removes or an override changes, moves, cancels or deletes. */
  exceptionsCount: number;
  /** The latest updatedAt of the series row and of its overrides (deleted ones too). */
  updatedAt: Date;
}

/** 200 years: where the search for a first occurrence gives up (a rule that never yields one). */
const SEARCH_MS = 200 * 365.25 * DAY_MS;
/** The last instant the wire format writes (year 9999). */
const LAST_INSTANT_MS = Date.UTC(9999, 11, 31, 23, 59, 59);

/**
 * A COUNT past this many (or reaching past 200 years) is not walked to find its last occurrence:
 * without an UNTIL such a series reads as endless (lastOccurrence null), as the import reads it
 * (src/ical/import-read.ts seriesUntil: its cap, ten times over, and its 200 years).
 */
export const LAST_OCCURRENCE_COUNT_CAP = 100_000;

export function seriesInputOf(e: StoredEvent): SeriesInput {
  return {
    id: e.id, start: e.start, end: e.end, allDay: e.allDay, startDate: e.startDate, endDate: e.endDate, timezone: e.timezone,
    rrule: e.rrule ?? '', exdates: e.exdates, rdates: e.rdates ?? [],
  };
}

/** The RRULE lines of a series ('' = none: DTSTART and the RDATEs alone), without any 'RRULE:' prefix. */
export function ruleLines(rrule: string | null): string[] {
  return (rrule ?? '').split('\n').map((l) => l.trim().replace(/^RRULE:/i, '')).filter((l) => l !== '');
}

function partOf(line: string, key: string): string | null {
  for (const part of line.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).toUpperCase() === key) return part.slice(eq + 1);
  }
  return null;
}

const later = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);
const byStartThenId = (a: EventView, b: EventView) => a.start.getTime() - b.start.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Whether the override changes anything of its occurrence (a row that changes nothing is no exception). */
function changes(o: StoredOverride): boolean {
  return o.deletedAt !== null || o.cancelled || o.start !== null || o.end !== null || o.title !== null || o.location !== null
    || o.showAs !== null || (o.allDay ?? null) !== null || o.thisAndFuture === true;
}

// ---------------------------------------------------------------------------------------------
// iCalendar text

const compact = (isoLocal: string) => isoLocal.replace(/[-:]/g, '').slice(0, 15);

/** 'YYYYMMDD' of a local date text or of an instant's local date in the zone. */
function localDate(ms: number, zone: string): string {
  return compact(Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone).toPlainDate().toString());
}

/**
 * A timed value in the series' zone (`;TZID=Europe/Berlin:20260323T090000`), the form of DTSTART, as
 * long as reading it back gives the same instant; the second of a repeated hour (and a value whose
 * seconds carry a fraction) in UTC (`:20261025T010000Z`), the one form without a doubt.
 */
function timedValue(ms: number, zone: string): string {
  const local = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone).toPlainDateTime();
  const back = local.toZonedDateTime(zone, { disambiguation: 'compatible' }).epochMilliseconds;
  if (back === ms && ms % 1000 === 0) return `;TZID=${zone}:${compact(local.toString())}`;
  return `:${formatInstantSeconds(new Date(ms)).replace(/[-:]/g, '')}`;
}

function dtstartLine(e: StoredEvent): string {
  if (e.allDay) return `DTSTART;VALUE=DATE:${e.startDate !== null ? e.startDate.replace(/-/g, '') : localDate(e.start.getTime(), e.timezone)}`;
  const local = Temporal.Instant.fromEpochMilliseconds(e.start.getTime()).toZonedDateTimeISO(e.timezone).toPlainDateTime();
  return `DTSTART;TZID=${e.timezone}:${compact(local.toString())}`;
}

function dateList(prop: 'RDATE' | 'EXDATE', e: StoredEvent, ms: number): string {
  return e.allDay ? `${prop};VALUE=DATE:${localDate(ms, e.timezone)}` : `${prop}${timedValue(ms, e.timezone)}`;
}

function rdateLine(e: StoredEvent, text: string): string {
  const slash = text.indexOf('/');
  if (slash < 0 || e.allDay) return dateList('RDATE', e, Date.parse(slash < 0 ? text : text.slice(0, slash)));
  const utc = (t: string) => formatInstantSeconds(new Date(Date.parse(t))).replace(/[-:]/g, '');
  return `RDATE;VALUE=PERIOD:${utc(text.slice(0, slash))}/${utc(text.slice(slash + 1))}`;
}

// ---------------------------------------------------------------------------------------------
// Facts

/** The facts of a live series (rrule not null). */
export function seriesFacts(e: StoredEvent, overrides: readonly StoredOverride[]): SeriesFacts {
  const input = seriesInputOf(e);
  const own = overrides.filter((o) => o.eventId === e.id);
  // The rule alone (no EXDATE, no override) decides which original starts are occurrences at all.
  const bare = compileSeries({ ...input, exdates: [] });
  const isOccurrence = (key: string) => {
    const at = Date.parse(key);
    if (Number.isNaN(at)) return false;
    return bare.expand([], { from: new Date(at), to: new Date(at + 1000) }).some((o) => o.originalStart === key);
  };

  const removed = new Set<string>();
  for (const x of e.exdates) {
    const ms = Date.parse(x);
    if (Number.isNaN(ms)) continue;
    const key = formatInstantSeconds(new Date(ms));
    if (isOccurrence(key)) removed.add(key);
  }
  const changed = new Set<string>();
  for (const o of own) {
    if (!changes(o) || removed.has(o.originalStart) || !isOccurrence(o.originalStart)) continue;
    if (o.deletedAt !== null) removed.add(o.originalStart);
    else changed.add(o.originalStart);
  }

  // An all-day rule's BYHOUR/BYMINUTE/BYSECOND are not read (recurrence.ts parseRule): left out, as RFC 5545 has them for DATE-TIME only.
  const rules = ruleLines(e.rrule).map((l) => (e.allDay ? l.split(';').filter((p) => !/^BY(HOUR|MINUTE|SECOND)=/i.test(p)).join(';') : l));
  const lines = [dtstartLine(e), ...rules.map((l) => `RRULE:${l}`)];
  const startMs = e.start.getTime();
  for (const r of e.rdates ?? []) {
    const ms = Date.parse(r.split('/')[0]!);
    // An RDATE before DTSTART is no occurrence (RFC 5545 3.8.5.3: DTSTART is the first instance).
    if (!Number.isNaN(ms) && ms >= startMs) lines.push(rdateLine(e, r));
  }
  for (const key of [...removed].sort()) lines.push(dateList('EXDATE', e, Date.parse(key)));

  let updatedAt = e.updatedAt;
  for (const o of own) updatedAt = later(updatedAt, o.updatedAt);

  const first = firstOccurrence(e, own);
  return {
    recurrence: lines.join('\n'),
    first,
    last: first === null ? null : lastOccurrence(e, own, first),
    exceptionsCount: removed.size + changed.size,
    updatedAt,
  };
}

/** The earliest instant an occurrence can start at: DTSTART, or a moved occurrence's new start. */
function earliestStart(e: StoredEvent, own: readonly StoredOverride[]): number {
  let lo = e.start.getTime();
  for (const o of own) if (o.deletedAt === null && o.start !== null) lo = Math.min(lo, o.start.getTime());
  return lo;
}

function firstOccurrence(e: StoredEvent, own: StoredOverride[]): EventView | null {
  const lo = earliestStart(e, own);
  const views = occurrenceViews(e, own, new Date(lo), new Date(lo + SEARCH_MS), 1);
  return views.sort(byStartThenId)[0] ?? null;
}

/**
 * The latest instant an unmoved occurrence can start at, or null when the rule repeats forever (or
 * past LAST_OCCURRENCE_COUNT_CAP occurrences): per RRULE line its UNTIL, or where a COUNT ends it.
 */
function ruleEndBound(e: StoredEvent): number | null {
  const zone = zoneOffsets(e.timezone);
  const input = seriesInputOf(e);
  let bound = e.start.getTime();
  for (const line of ruleLines(e.rrule)) {
    const untilText = partOf(line, 'UNTIL');
    const countText = partOf(line, 'COUNT');
    let lineBound = Number.POSITIVE_INFINITY;
    if (untilText !== null) {
      const until = parseUntil(untilText, zone);
      lineBound = until.kind === 'instant' ? until.ms : zone.startOfDay((until.day + 1) * DAY_MS);
    }
    if (countText !== null) {
      const count = Number.parseInt(countText, 10);
      // Walked at most 200 years, as the import walks a rule (src/ical/import-read.ts seriesUntil).
      const horizon = Math.min(e.start.getTime() + SEARCH_MS, LAST_INSTANT_MS);
      if (count <= LAST_OCCURRENCE_COUNT_CAP) {
        const occurrences = compileSeries({ ...input, rrule: line, exdates: [], rdates: [] })
          .expand([], { from: e.start, to: new Date(Math.min(lineBound + 1, horizon)) }, { limit: count });
        const lastStart = occurrences.at(-1)?.start.getTime() ?? e.start.getTime();
        if (occurrences.length === count || lineBound + 1 <= horizon) lineBound = Math.min(lineBound, lastStart);
      }
    }
    if (!Number.isFinite(lineBound)) return null;
    bound = Math.max(bound, lineBound);
  }
  for (const r of e.rdates ?? []) {
    const ms = Date.parse(r.split('/')[0]!);
    if (!Number.isNaN(ms)) bound = Math.max(bound, ms);
  }
  return bound;
}

function lastOccurrence(e: StoredEvent, own: StoredOverride[], first: EventView): EventView | null {
  const ruleEnd = ruleEndBound(e);
  if (ruleEnd === null) return null;
  // Moved occurrences may start after the rule's end, and a THISANDFUTURE move shifts the later
  // ones by as much (a day more for an offset change in between).
  let bound = ruleEnd;
  let shift = 0;
  for (const o of own) {
    if (o.deletedAt !== null || o.start === null) continue;
    bound = Math.max(bound, o.start.getTime());
    if (o.thisAndFuture === true) shift = Math.max(shift, o.start.getTime() - Date.parse(o.originalStart) + DAY_MS);
  }
  bound += shift;
  const lo = first.start.getTime();
  const latestOf = (views: EventView[], seed: EventView) => views.reduce((a, b) => (byStartThenId(a, b) >= 0 ? a : b), seed);
  // Back from the bound in windows doubling from an hour, each before the last: the first one
  // holding an occurrence holds the latest start, and the windows stay small even for a SECONDLY
  // rule. None within SEARCH_MS of the bound (an UNTIL in 9999 of a rule that stopped yielding):
  // the series reads as endless, as the import reads a rule still going after 200 years.
  let to = bound + 1;
  for (let width = 3_600_000; ; width *= 2) {
    const from = Math.max(lo, to - width);
    const found = occurrenceViews(e, own, new Date(from), new Date(to));
    if (found.length > 0) {
      // A long occurrence from before the window can overlap it: look again from the latest start found.
      const latest = latestOf(found, found[0]!);
      return latestOf(occurrenceViews(e, own, latest.start, new Date(bound + 1)), latest);
    }
    if (from === lo) return first;
    if (from <= bound - SEARCH_MS) return null;
    to = from;
  }
}
