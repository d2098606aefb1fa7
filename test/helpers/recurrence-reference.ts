// The rrule-temporal implementation of expandSeries as it was before src/domain/recurrence.ts got its
// own core: kept verbatim (only expandSeries renamed) as the oracle for tests and bench/recurrence.ts,
// but for two faults of rrule-temporal that Expander.between works around (issue 34).
/**
 * Expansion of a repeating event (RFC 5545 RRULE + EXDATE + per-occurrence overrides) into the
 * occurrences that overlap a time window. Pure: no I/O, no clock.
 *
 * How the rule is expanded
 * - Daily and coarser timed rules, and every all-day rule, are expanded in a "floating" frame: the
 *   DTSTART wall-clock time is placed in UTC, rrule-temporal expands it there (no DST can interfere),
 *   and each generated wall time is then placed in the event's zone with 'compatible'
 *   disambiguation. That keeps the local time across DST changes, moves a time that falls in a
 *   spring-forward gap forward by the gap (02:30 -> 03:30) and picks the earlier of two repeated
 *   times. rrule-temporal itself, expanding in the real zone, would silently drop gap times
 *   (RFC 5545 3.3.10 "MUST be ignored"); the product wants them moved instead.
 * - HOURLY/MINUTELY/SECONDLY timed rules are expanded in the real zone, so INTERVAL counts elapsed
 *   time across DST changes.
 * - DTSTART is always the first occurrence and counts towards COUNT (RFC 5545 3.8.5.3).
 * - UNTIL is applied here, not by the library: an instant compares with the occurrence start
 *   instant, a DATE ends after that local date (inclusive), a floating date-time is read in the zone.
 * - Occurrence identity is the original start formatted to whole seconds ('YYYY-MM-DDThh:mm:ssZ');
 *   EXDATEs and overrides are matched on that text.
 *
 * Bounding the work
 * - Unmoved occurrences are searched only over original starts that can overlap the window
 *   ([from - duration, to), widened by the zone's offset change near each edge), in chunks sized so
 *   one chunk holds at most about MAX_OCCURRENCES_PER_CALL occurrences, and the search stops once that
 *   many have been kept.
 * - A moved occurrence is found from its override: when its new times overlap the window, its
 *   original start is checked against the rule with a query of a few seconds (widened by the offset
 *   change) around it. That costs one small query per moved override that lands in the window, instead
 *   of widening the whole search by the longest move.
 */
import { Temporal } from 'temporal-polyfill';
import { RRuleTemporal } from 'rrule-temporal';

export interface SeriesInput {
  id: string;
  start: Date;
  end: Date;
  allDay: boolean;
  startDate: string | null;
  endDate: string | null;
  timezone: string;
  rrule: string;
  exdates: string[];
}

export interface OccurrenceOverride {
  originalStart: string;
  start: Date | null;
  end: Date | null;
  cancelled: boolean;
  deleted: boolean;
}

export interface Occurrence {
  id: string;
  originalStart: string;
  start: Date;
  end: Date;
  startDate: string | null;
  endDate: string | null;
  override: OccurrenceOverride | null;
  /** As src/domain/recurrence.ts (the reference has no all-day switch and no THISANDFUTURE). */
  allDay: boolean;
  rangeFrom: string | null;
}

/** Most occurrences one expandSeries call returns; the earliest ones (by start, then id) are kept. */
export const MAX_OCCURRENCES_PER_CALL = 5000;

const DAY_MS = 86_400_000;
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const INSTANT_SECONDS = '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z';
const OCCURRENCE_ID_RE = new RegExp(`^(${UUID})@(${INSTANT_SECONDS})$`);
const SUB_DAILY = new Set(['HOURLY', 'MINUTELY', 'SECONDLY']);

/** 'YYYY-MM-DDThh:mm:ssZ', truncating any fraction of a second. */
export function formatInstantSeconds(d: Date): string {
  return `${d.toISOString().slice(0, 19)}Z`;
}

/** Shape check only: lowercase uuid + '@' + 'YYYY-MM-DDThh:mm:ssZ'. */
export function isOccurrenceId(id: string): boolean {
  return OCCURRENCE_ID_RE.test(id);
}

/**
 * The original start of an occurrence id of this series, or null when the id is malformed, belongs to
 * another series or names an impossible instant (2026-02-30, 24:00:00). Whether the rule really has
 * an occurrence there is not checked.
 */
export function occurrenceStartOf(seriesId: string, occurrenceId: string): string | null {
  const m = OCCURRENCE_ID_RE.exec(occurrenceId);
  if (!m || m[1] !== seriesId) return null;
  const instant = m[2]!;
  const ms = Date.parse(instant);
  if (Number.isNaN(ms) || formatInstantSeconds(new Date(ms)) !== instant) return null;
  return instant;
}

// ---------------------------------------------------------------------------------------------
// Rule parsing

type UntilLimit =
  | { kind: 'instant'; ms: number }          // UNTIL=...Z, or a floating date-time read in the zone
  | { kind: 'date'; date: Temporal.PlainDate }; // UNTIL=YYYYMMDD, inclusive

interface ParsedRule {
  /** The rule without UNTIL (and, for all-day series, without time-of-day parts). */
  ruleText: string;
  freq: string;
  until: UntilLimit | null;
  /** Upper bound on occurrences per day, used to size the query chunks. */
  perDay: number;
  count: number | null;
}

function listLength(value: string | undefined): number {
  return value === undefined ? 1 : Math.max(1, value.split(',').filter((v) => v !== '').length);
}

function parseUntil(value: string, timeZone: string): UntilLimit {
  const date = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (date) {
    return {
      kind: 'date',
      date: Temporal.PlainDate.from(
        { year: Number(date[1]), month: Number(date[2]), day: Number(date[3]) },
        { overflow: 'reject' },
      ),
    };
  }
  const dt = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(Z?)$/.exec(value);
  if (!dt) throw new RangeError(`invalid UNTIL in RRULE: ${value}`);
  const fields = {
    year: Number(dt[1]), month: Number(dt[2]), day: Number(dt[3]),
    hour: Number(dt[4]), minute: Number(dt[5]), second: Number(dt[6]),
  };
  const wall = Temporal.PlainDateTime.from(fields, { overflow: 'reject' });
  const zone = dt[7] === 'Z' ? 'UTC' : timeZone;
  return { kind: 'instant', ms: wall.toZonedDateTime(zone, { disambiguation: 'compatible' }).epochMilliseconds };
}

function parseRule(rrule: string, timeZone: string, allDay: boolean): ParsedRule {
  const text = rrule.trim().replace(/^RRULE:/i, '');
  const parts = new Map<string, string>();
  const kept: string[] = [];
  for (const part of text.split(';')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    if (eq <= 0) throw new RangeError(`invalid RRULE part: ${part}`);
    const key = part.slice(0, eq).toUpperCase();
    const value = part.slice(eq + 1);
    parts.set(key, value);
    if (key === 'UNTIL') continue;
    if (allDay && (key === 'BYHOUR' || key === 'BYMINUTE' || key === 'BYSECOND')) continue;
    kept.push(`${key}=${value}`);
  }
  const freq = (parts.get('FREQ') ?? '').toUpperCase();
  if (freq === '') throw new RangeError('RRULE has no FREQ');
  if (allDay && SUB_DAILY.has(freq)) throw new RangeError(`an all-day series cannot repeat ${freq}`);
  const untilText = parts.get('UNTIL');
  const until = untilText === undefined ? null : parseUntil(untilText, timeZone);

  const interval = Math.max(1, Number.parseInt(parts.get('INTERVAL') ?? '1', 10) || 1);
  const h = allDay ? 1 : listLength(parts.get('BYHOUR'));
  const m = allDay ? 1 : listLength(parts.get('BYMINUTE'));
  const s = allDay ? 1 : listLength(parts.get('BYSECOND'));
  let perDay: number;
  if (freq === 'SECONDLY') perDay = Math.ceil(86_400 / interval);
  else if (freq === 'MINUTELY') perDay = Math.ceil(1_440 / interval) * s;
  else if (freq === 'HOURLY') perDay = Math.ceil(24 / interval) * m * s;
  else perDay = h * m * s;
  perDay = Math.min(86_400, Math.max(1, perDay));

  const countText = parts.get('COUNT');
  const count = countText === undefined ? null : Number.parseInt(countText, 10);
  if (count !== null && !(count >= 1)) throw new RangeError(`invalid COUNT in RRULE: ${countText}`);

  return { ruleText: kept.join(';'), freq, until, perDay, count };
}

// ---------------------------------------------------------------------------------------------
// Zone helpers

function zonedAt(ms: number, timeZone: string): Temporal.ZonedDateTime {
  return Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(timeZone);
}

/** The instant's local wall-clock time, as milliseconds of the same wall time in UTC. */
function wallMs(ms: number, timeZone: string): number {
  return ms + zonedAt(ms, timeZone).offsetNanoseconds / 1e6;
}

/**
 * Largest minus smallest UTC offset within two days of the instant: how far an instant and its wall
 * time can disagree with the wall time/instant order near it (the size of a gap or a fold).
 */
function offsetSpreadMs(ms: number, timeZone: string): number {
  let z = zonedAt(ms - 2 * DAY_MS, timeZone);
  let min = z.offsetNanoseconds;
  let max = min;
  for (let i = 0; i < 32; i++) {
    const next = z.getTimeZoneTransition('next');
    if (!next || next.epochMilliseconds > ms + 2 * DAY_MS) break;
    z = next;
    min = Math.min(min, z.offsetNanoseconds);
    max = Math.max(max, z.offsetNanoseconds);
  }
  return (max - min) / 1e6;
}

function startOfDayMs(date: Temporal.PlainDate, timeZone: string): number {
  return date.toZonedDateTime({ timeZone }).epochMilliseconds;
}

function dateOf(ms: number, timeZone: string): Temporal.PlainDate {
  return zonedAt(ms, timeZone).toPlainDate();
}

function floatingUtc(ms: number): Temporal.ZonedDateTime {
  return zonedAt(ms, 'UTC');
}

// ---------------------------------------------------------------------------------------------
// Expansion

interface Window {
  from: Date;
  to: Date;
}

interface Candidate {
  startMs: number;
  endMs: number;
  startDate: Temporal.PlainDate | null;
  endDate: Temporal.PlainDate | null;
  key: string;
}

class Expander {
  readonly tz: string;
  readonly allDay: boolean;
  /** true: the rule runs on wall times placed in UTC; false: in the real zone (sub-daily timed). */
  readonly floating: boolean;
  readonly rule: RRuleTemporal<Temporal.ZonedDateTime>;
  readonly parsed: ParsedRule;
  readonly durationMs: number;
  readonly durationDays: number;
  readonly seriesStartMs: number;
  /** DTSTART in the frame the rule runs in, as epoch milliseconds of that frame. */
  readonly dtstartFrameMs: number;
  /** YEARLY with BYWEEKNO: queried from a week early (see between). */
  readonly weekNumbered: boolean;

  constructor(series: SeriesInput) {
    this.tz = series.timezone;
    this.allDay = series.allDay;
    this.parsed = parseRule(series.rrule, this.tz, this.allDay);
    this.floating = this.allDay || !SUB_DAILY.has(this.parsed.freq);
    this.weekNumbered = this.parsed.freq === 'YEARLY' && /(^|;)BYWEEKNO=/i.test(this.parsed.ruleText);
    this.seriesStartMs = series.start.getTime();
    if (Number.isNaN(this.seriesStartMs) || Number.isNaN(series.end.getTime())) {
      throw new RangeError('series start and end must be valid instants');
    }
    this.durationMs = Math.max(0, series.end.getTime() - this.seriesStartMs);

    let dtstart: Temporal.ZonedDateTime;
    if (this.allDay) {
      const startDate = series.startDate !== null
        ? Temporal.PlainDate.from(series.startDate, { overflow: 'reject' })
        : dateOf(this.seriesStartMs, this.tz);
      const endDate = series.endDate !== null
        ? Temporal.PlainDate.from(series.endDate, { overflow: 'reject' })
        : dateOf(series.end.getTime(), this.tz);
      this.durationDays = Math.max(0, startDate.until(endDate, { largestUnit: 'days' }).days);
      dtstart = startDate.toZonedDateTime({ timeZone: 'UTC' });
    } else {
      this.durationDays = 0;
      const local = zonedAt(this.seriesStartMs, this.tz);
      dtstart = this.floating ? local.toPlainDateTime().toZonedDateTime('UTC') : local;
    }
    this.dtstartFrameMs = dtstart.epochMilliseconds;
    // A COUNT rule is replayed from DTSTART on every query (the library can only jump ahead when
    // there is no COUNT), and its default guard of 10,000 periods throws on long COUNT series queried
    // near their end; let the guard grow with COUNT instead.
    const count = this.parsed.count;
    this.rule = new RRuleTemporal({
      temporal: Temporal,
      rruleString: this.parsed.ruleText,
      dtstart,
      includeDtstart: true,
      ...(count === null ? {} : { maxIterations: 10_000 + 10 * count }),
    });
  }

  /** Turns a generated value (in the rule's frame) into the occurrence it stands for. */
  candidate(generated: Temporal.ZonedDateTime): Candidate {
    if (this.allDay) {
      const startDate = generated.toPlainDate();
      const endDate = startDate.add({ days: this.durationDays });
      const startMs = startOfDayMs(startDate, this.tz);
      return { startMs, endMs: startOfDayMs(endDate, this.tz), startDate, endDate, key: formatInstantSeconds(new Date(startMs)) };
    }
    let startMs: number;
    if (!this.floating) startMs = generated.epochMilliseconds;
    else if (generated.epochMilliseconds === this.dtstartFrameMs) startMs = this.seriesStartMs; // keeps DTSTART's fold
    else startMs = generated.toPlainDateTime().toZonedDateTime(this.tz, { disambiguation: 'compatible' }).epochMilliseconds;
    return { startMs, endMs: startMs + this.durationMs, startDate: null, endDate: null, key: formatInstantSeconds(new Date(startMs)) };
  }

  withinUntil(c: Candidate): boolean {
    const until = this.parsed.until;
    if (until === null) return true;
    if (until.kind === 'instant') return c.startMs <= until.ms;
    if (c.startDate !== null) return Temporal.PlainDate.compare(c.startDate, until.date) <= 0;
    return c.startMs < startOfDayMs(until.date.add({ days: 1 }), this.tz);
  }

  /** Frame milliseconds no generated value past which can satisfy UNTIL. */
  untilFrameMs(): number {
    const until = this.parsed.until;
    if (until === null) return Number.POSITIVE_INFINITY;
    if (until.kind === 'date') {
      const limit = startOfDayMs(until.date.add({ days: 1 }), this.tz);
      return this.frameUpper(limit) + DAY_MS;
    }
    return this.frameUpper(until.ms) + DAY_MS;
  }

  /** Smallest frame value whose occurrence can start at or after the instant. */
  frameLower(ms: number): number {
    if (!this.floating) return ms;
    if (this.allDay) return Date.UTC(...isoDateParts(dateOf(ms, this.tz))) - DAY_MS;
    return wallMs(ms, this.tz) - offsetSpreadMs(ms, this.tz) - 1000;
  }

  /** Largest frame value whose occurrence can start at or before the instant. */
  frameUpper(ms: number): number {
    if (!this.floating) return ms;
    if (this.allDay) return Date.UTC(...isoDateParts(dateOf(ms, this.tz))) + DAY_MS;
    return wallMs(ms, this.tz) + offsetSpreadMs(ms, this.tz) + 1000;
  }

  /**
   * Generated values in [lo, hi] of the rule's frame, in order.
   *
   * Two faults of rrule-temporal 2.2.7 are worked around here (fixed in this oracle after it was kept
   * verbatim; test/domain/recurrence.property.test.ts shows each as a fixed example):
   * - A query without COUNT starts iterating at the last anniversary of DTSTART before the query's
   *   start, and a YEARLY BYWEEKNO year only lists the days of its own ISO weeks: a query from
   *   2016-01-02 iterates 2016 and misses Sat 2016-01-02, which is in week 53 of 2015. Dates of
   *   another year's weeks lie at most 3 days past a year's end, so such a rule is queried from a
   *   week earlier (the values before lo are dropped).
   * - A COUNT rule is replayed from DTSTART, and when its BYxxx parts never meet the steps of its
   *   INTERVAL (FREQ=MINUTELY;INTERVAL=720;BYHOUR=1 from 00:00 has only DTSTART) the replay gives up
   *   with "Maximum iterations exceeded". Then the same rule without COUNT is listed from DTSTART to hi
   *   and its first COUNT values kept: what COUNT means.
   */
  between(loMs: number, hiMs: number): Temporal.ZonedDateTime[] {
    const zone = this.floating ? 'UTC' : this.tz;
    const from = this.weekNumbered ? loMs - 7 * DAY_MS : loMs;
    let out: Temporal.ZonedDateTime[];
    try {
      out = this.rule.between(zonedAt(from, zone), zonedAt(hiMs, zone), true);
    } catch (e) {
      if (this.parsed.count === null || !/Maximum iterations/.test((e as Error).message)) throw e;
      const uncounted = new RRuleTemporal({
        temporal: Temporal,
        rruleString: this.parsed.ruleText.split(';').filter((p) => !/^COUNT=/i.test(p)).join(';'),
        dtstart: zonedAt(this.dtstartFrameMs, zone),
        includeDtstart: true,
        maxIterations: 10_000_000,
      });
      out = uncounted.between(zonedAt(this.dtstartFrameMs, zone), zonedAt(hiMs, zone), true).slice(0, this.parsed.count);
    }
    return from === loMs ? out : out.filter((z) => z.epochMilliseconds >= loMs);
  }

  /** The occurrence whose original start is `key`, or null when the rule has none there. */
  find(key: string): Candidate | null {
    const ms = Date.parse(key);
    if (Number.isNaN(ms)) return null;
    const lo = Math.max(this.frameLower(ms), this.dtstartFrameMs);
    const hi = this.frameUpper(ms + 999);
    if (lo > hi) return null;
    for (const generated of this.between(lo, hi)) {
      const c = this.candidate(generated);
      if (c.key === key) return this.withinUntil(c) ? c : null;
    }
    return null;
  }
}

/** 'YYYY-MM-DDThh:mm:ssZ' for any instant text Date.parse reads (so '.000Z' still matches); else as is. */
function canonicalInstant(text: string): string {
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? text : formatInstantSeconds(new Date(ms));
}

function isoDateParts(d: Temporal.PlainDate): [number, number, number] {
  return [d.year, d.month - 1, d.day];
}

function overlaps(startMs: number, endMs: number, window: Window): boolean {
  const from = window.from.getTime();
  const to = window.to.getTime();
  if (endMs <= startMs) return startMs >= from && startMs < to;
  return startMs < to && endMs > from;
}

function isMoved(o: OccurrenceOverride): boolean {
  return o.start !== null || o.end !== null;
}

function toOccurrence(seriesId: string, c: Candidate, override: OccurrenceOverride | null): Occurrence {
  return {
    id: `${seriesId}@${c.key}`,
    originalStart: c.key,
    start: new Date(c.startMs),
    end: new Date(c.endMs),
    startDate: c.startDate === null ? null : c.startDate.toString(),
    endDate: c.endDate === null ? null : c.endDate.toString(),
    override,
    allDay: c.startDate !== null,
    rangeFrom: null,
  };
}

/** The times a moved occurrence has: missing fields keep the original start, or the series length. */
function movedCandidate(ex: Expander, originalStartMs: number, o: OccurrenceOverride): Candidate {
  const key = formatInstantSeconds(new Date(originalStartMs));
  const startMs = o.start !== null ? o.start.getTime() : originalStartMs;
  if (ex.allDay) {
    const startDate = dateOf(startMs, ex.tz);
    const endDate = o.end !== null ? dateOf(o.end.getTime(), ex.tz) : startDate.add({ days: ex.durationDays });
    const endMs = o.end !== null ? o.end.getTime() : startOfDayMs(endDate, ex.tz);
    return { startMs, endMs, startDate, endDate, key };
  }
  const endMs = o.end !== null ? o.end.getTime() : startMs + ex.durationMs;
  return { startMs, endMs, startDate: null, endDate: null, key };
}

/**
 * The occurrences of the series that overlap [window.from, window.to), sorted by (start, id), at most
 * MAX_OCCURRENCES_PER_CALL of them (the earliest). Moved occurrences are placed, and tested against
 * the window, by their override's times; deleted ones and EXDATEs are left out; cancelled ones are
 * returned with their override. Overrides that name no occurrence of the rule are ignored.
 * Throws RangeError for an RRULE it cannot read.
 */
export function expandSeriesReference(
  series: SeriesInput,
  overrides: readonly OccurrenceOverride[],
  window: { from: Date; to: Date },
): Occurrence[] {
  const fromMs = window.from.getTime();
  const toMs = window.to.getTime();
  if (Number.isNaN(fromMs) || Number.isNaN(toMs)) throw new RangeError('window bounds must be valid instants');
  if (fromMs >= toMs) return [];

  const ex = new Expander(series);
  const excluded = new Set(series.exdates.map(canonicalInstant));
  const byStart = new Map<string, OccurrenceOverride>(); // the first override for an original start wins
  for (const o of overrides) {
    const key = canonicalInstant(o.originalStart);
    if (!byStart.has(key)) byStart.set(key, o);
  }

  const out: Occurrence[] = [];

  // Moved occurrences: each one whose new times overlap the window is checked against the rule on
  // its own, wherever its original start lies.
  for (const [key, o] of byStart) {
    if (o.deleted || !isMoved(o) || excluded.has(key)) continue;
    const originalMs = Date.parse(key);
    if (Number.isNaN(originalMs)) continue;
    const tentative = movedCandidate(ex, originalMs, o);
    if (!overlaps(tentative.startMs, tentative.endMs, window)) continue;
    const original = ex.find(key);
    if (original === null) continue;
    const moved = movedCandidate(ex, original.startMs, o);
    if (overlaps(moved.startMs, moved.endMs, window)) out.push(toOccurrence(series.id, moved, o));
  }

  // Unmoved occurrences: original starts that can overlap the window, in chunks, until the cap.
  const lowestStart = ex.allDay ? fromMs : fromMs - ex.durationMs;
  let lo = Math.max(ex.frameLower(lowestStart - (ex.allDay ? ex.durationDays * DAY_MS : 0)), ex.dtstartFrameMs);
  const hi = Math.min(ex.frameUpper(toMs), ex.untilFrameMs());
  const chunkMs = Math.max(1000, Math.floor((MAX_OCCURRENCES_PER_CALL * DAY_MS) / ex.parsed.perDay));
  const seen = new Set<string>();
  let kept = 0;
  while (lo <= hi && kept < MAX_OCCURRENCES_PER_CALL) {
    const chunkEnd = Math.min(hi, lo + chunkMs);
    for (const generated of ex.between(lo, chunkEnd)) {
      const c = ex.candidate(generated);
      if (seen.has(c.key)) continue; // two wall times in one DST gap land on the same instant
      seen.add(c.key);
      if (excluded.has(c.key) || !ex.withinUntil(c)) continue;
      const o = byStart.get(c.key) ?? null;
      if (o !== null && (o.deleted || isMoved(o))) continue;
      if (!overlaps(c.startMs, c.endMs, window)) continue;
      out.push(toOccurrence(series.id, c, o));
      if (++kept >= MAX_OCCURRENCES_PER_CALL) break;
    }
    lo = chunkEnd + 1;
  }

  out.sort((a, b) => a.start.getTime() - b.start.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return out.length > MAX_OCCURRENCES_PER_CALL ? out.slice(0, MAX_OCCURRENCES_PER_CALL) : out;
}
