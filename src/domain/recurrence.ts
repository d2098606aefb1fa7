/**
 * Expansion of a repeating event (RFC 5545 RRULE + EXDATE + per-occurrence overrides) into the
 * occurrences that overlap a time window. Pure: no I/O, no clock.
 *
 * How the rule is expanded
 * - Daily and coarser timed rules, and every all-day rule, are expanded in a "floating" frame: the
 *   DTSTART wall-clock time is placed in UTC, the rule is expanded there (no DST can interfere),
 *   and each generated wall time is then placed in the event's zone with 'compatible'
 *   disambiguation. That keeps the local time across DST changes, moves a time that falls in a
 *   spring-forward gap forward by the gap (02:30 -> 03:30) and picks the earlier of two repeated
 *   times. Expanding in the real zone would silently drop gap times (RFC 5545 3.3.10 "MUST be
 *   ignored"); the product wants them moved instead.
 * - HOURLY/MINUTELY/SECONDLY timed rules are expanded in the real zone, so INTERVAL counts elapsed
 *   time across DST changes.
 * - DTSTART is always the first occurrence and counts towards COUNT (RFC 5545 3.8.5.3).
 * - UNTIL is applied here, not by the rule expansion: an instant compares with the occurrence start
 *   instant, a DATE ends after that local date (inclusive), a floating date-time is read in the zone.
 * - Occurrence identity is the original start formatted to whole seconds ('YYYY-MM-DDThh:mm:ssZ');
 *   EXDATEs and overrides are matched on that text.
 *
 * Bounding the work
 * - Unmoved occurrences are searched only over original starts that can overlap the window
 *   ([from - duration, to), widened by the zone's offset change near each edge), in frame order, and
 *   the search stops once `limit` (default MAX_OCCURRENCES_PER_CALL) have been kept.
 * - A moved occurrence is found from its override: when its new times overlap the window, its
 *   original start is checked against the rule with a query of a few seconds (widened by the offset
 *   change) around it. That costs one small query per moved override that lands in the window, instead
 *   of widening the whole search by the longest move.
 *
 * Implementation
 * - The rule is read and expanded by our own core over epoch milliseconds (./rrule-core.ts: integer
 *   calendar arithmetic in the floating frame) and zone offsets come from a cached list of each
 *   zone's transitions (./zone-offsets.ts): no Temporal object is made per occurrence.
 * - A series' compiled form (parsed rule, DTSTART in its frame, COUNT checkpoints) is cached by the
 *   fields it depends on, so expanding the same series again skips the parsing; compileSeries gives
 *   it to a caller that expands one series over many windows.
 * - This replaced an rrule-temporal version, kept as test/helpers/recurrence-reference.ts: the
 *   property tests (test/domain/recurrence.property.test.ts) compare the two. Where they differ,
 *   rrule-temporal broke the rules above or RFC 5545 (it could drop DTSTART, skip the repeated hour
 *   of an HOURLY rule, answer by where a query starts); the cases are listed at the end of that file.
 *   Refused now although rrule-temporal read them: RFC 7529 calendars (RSCALE other than GREGORIAN,
 *   SKIP=BACKWARD/FORWARD).
 */
import { Temporal } from 'temporal-polyfill';
import type { EventTimes } from './event-times.js';
import { civilFromDays, DAY_MS, daysFromCivil, daysInMonth, readRuleParts, RuleExpansion, type RuleParts, type WallClock } from './rrule-core.js';
import { zoneOffsets, type ZoneOffsets } from './zone-offsets.js';

export interface SeriesInput extends EventTimes {
  id: string;
  /**
   * The series' RRULE values, one per line ('\n' between them; their occurrences are merged, a start
   * given twice counts once), or '' for none: DTSTART and the RDATEs alone.
   */
  rrule: string;
  exdates: string[];
  /**
   * RDATEs: 'YYYY-MM-DDThh:mm:ssZ' (an occurrence of the series' length), or 'start/end' (a PERIOD: an
   * occurrence of its own length). For an all-day series the start is local midnight of the date.
   */
  rdates?: readonly string[];
}

export interface OccurrenceOverride {
  originalStart: string;
  start: Date | null;
  end: Date | null;
  cancelled: boolean;
  deleted: boolean;
  /** The occurrence is all-day (true) or timed (false) although the series is not; null/absent: as the series. */
  allDay?: boolean | null;
  /** An all-day occurrence's dates (exclusive end), when allDay says so. */
  startDate?: string | null;
  endDate?: string | null;
  /**
   * RECURRENCE-ID;RANGE=THISANDFUTURE: this occurrence and every later one (by original start) are
   * shifted as this one was moved (local wall-clock time), take its length when it has an end, and
   * inherit its other fields (calendar-view), until a later such override.
   */
  thisAndFuture?: boolean;
}

export interface Occurrence {
  id: string;
  originalStart: string;
  start: Date;
  end: Date;
  allDay: boolean;
  startDate: string | null;
  endDate: string | null;
  override: OccurrenceOverride | null;
  /** The original start of the THISANDFUTURE override that shaped this occurrence; null when none. */
  rangeFrom: string | null;
}

export interface ExpandOptions {
  /** Most occurrences to return (the earliest, by start then id); default MAX_OCCURRENCES_PER_CALL. */
  limit?: number;
}

/** Most occurrences one expandSeries call returns by default; the earliest ones (by start, then id) are kept. */
export const MAX_OCCURRENCES_PER_CALL = 5000;

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
// Formatting without Date/Temporal objects

const PAD2: string[] = Array.from({ length: 100 }, (_, i) => (i < 10 ? `0${i}` : `${i}`));
const ymdScratch = [0, 0, 0];
// The last month seen ('YYYY-MM-' and the day number of its 1st), and the last day and time of day
// formatted: consecutive occurrences mostly share a month, often a day or a time of day.
const MONTH_TEXT = PAD2.map((m) => `-${m}-`);
// dayText's last month ('YYYY-MM-', its year and month, the day numbers of its 1st and of the next
// month's) and last day: consecutive occurrences mostly fall in one month, or the next.
let monthText = '';
let monthYear = 0;
let monthNumber = 0;
let monthFirstDay = Number.NaN;
let nextMonthFirstDay = Number.NaN;
let lastDay = Number.NaN;
let lastDayText = '';
let lastSod = Number.NaN;
let lastSodText = '';

/** 'YYYY-MM-DD' of a day number in years 0-9999. */
function dayText(day: number): string {
  if (day === lastDay) return lastDayText;
  if (!(day >= monthFirstDay && day < nextMonthFirstDay)) {
    if (day >= nextMonthFirstDay && day < nextMonthFirstDay + 28) {
      if (++monthNumber > 12) {
        monthNumber = 1;
        monthYear++;
      }
      monthFirstDay = nextMonthFirstDay;
    } else {
      civilFromDays(day, ymdScratch);
      monthYear = ymdScratch[0]!;
      monthNumber = ymdScratch[1]!;
      monthFirstDay = day - ymdScratch[2]! + 1;
    }
    nextMonthFirstDay = monthFirstDay + daysInMonth(monthYear, monthNumber);
    monthText = (monthYear < 1000 ? String(monthYear).padStart(4, '0') : String(monthYear)) + MONTH_TEXT[monthNumber]!;
  }
  lastDayText = monthText + PAD2[day - monthFirstDay + 1]!;
  lastDay = day;
  return lastDayText;
}

const DAY_0000 = daysFromCivil(0, 1, 1);
const DAY_10000 = daysFromCivil(10_000, 1, 1);

/** formatInstantSeconds(new Date(ms)), without the Date. */
function keyOf(ms: number): string {
  const sec = Math.floor(ms / 1000);
  const day = Math.floor(sec / 86_400);
  if (day < DAY_0000 || day >= DAY_10000) return formatInstantSeconds(new Date(ms));
  const sod = sec - day * 86_400;
  if (sod !== lastSod) {
    const h = Math.floor(sod / 3600);
    const mi = Math.floor((sod - h * 3600) / 60);
    lastSodText = `T${PAD2[h]}:${PAD2[mi]}:${PAD2[sod - h * 3600 - mi * 60]}Z`;
    lastSod = sod;
  }
  return dayText(day) + lastSodText;
}

/** Temporal.PlainDate's toString of a day number. */
function dateText(day: number): string {
  if (day >= DAY_0000 && day < DAY_10000) return dayText(day);
  civilFromDays(day, ymdScratch);
  const y = ymdScratch[0]!;
  return `${y < 0 ? '-' : '+'}${String(Math.abs(y)).padStart(6, '0')}-${PAD2[ymdScratch[1]!]}-${PAD2[ymdScratch[2]!]}`;
}

/** The day number of an ISO date text, as strictly as Temporal.PlainDate.from(text, { overflow: 'reject' }). */
function dayOfDateText(text: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (m) {
    const y = Number(m[1]);
    const mo = Number(m[2]);
    const d = Number(m[3]);
    if (mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo)) return daysFromCivil(y, mo, d);
  }
  const p = Temporal.PlainDate.from(text, { overflow: 'reject' });
  return daysFromCivil(p.year, p.month, p.day);
}

// ---------------------------------------------------------------------------------------------
// Rule parsing

export type UntilLimit =
  | { kind: 'instant'; ms: number } // UNTIL=...Z, or a floating date-time read in the zone
  | { kind: 'date'; day: number }; // UNTIL=YYYYMMDD, inclusive (a day number)

interface ParsedRule {
  parts: RuleParts;
  /** FREQ as written (upper case), which decides the frame. */
  freq: string;
  until: UntilLimit | null;
}

/** An RRULE's UNTIL value: an instant (UTC, or a floating date-time read in the zone), or an inclusive local date. */
export function parseUntil(value: string, zone: ZoneOffsets): UntilLimit {
  const date = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (date) {
    const y = Number(date[1]);
    const m = Number(date[2]);
    const d = Number(date[3]);
    if (!(m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m))) throw new RangeError(`invalid UNTIL in RRULE: ${value}`);
    return { kind: 'date', day: daysFromCivil(y, m, d) };
  }
  const dt = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(Z?)$/.exec(value);
  if (!dt) throw new RangeError(`invalid UNTIL in RRULE: ${value}`);
  const [y, m, d, h, mi, s] = [1, 2, 3, 4, 5, 6].map((i) => Number(dt[i]));
  if (!(m! >= 1 && m! <= 12 && d! >= 1 && d! <= daysInMonth(y!, m!) && h! <= 23 && mi! <= 59 && s! <= 59)) {
    throw new RangeError(`invalid UNTIL in RRULE: ${value}`);
  }
  const wall = daysFromCivil(y!, m!, d!) * DAY_MS + h! * 3_600_000 + mi! * 60_000 + s! * 1000;
  return { kind: 'instant', ms: dt[7] === 'Z' ? wall : zone.instantOf(wall) };
}

function parseRule(rrule: string, zone: ZoneOffsets, allDay: boolean): ParsedRule {
  const text = rrule.trim().replace(/^RRULE:/i, '');
  const parts = new Map<string, string>();
  const kept: [string, string][] = [];
  for (const part of text.split(';')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    if (eq <= 0) throw new RangeError(`invalid RRULE part: ${part}`);
    const key = part.slice(0, eq).toUpperCase();
    const value = part.slice(eq + 1);
    parts.set(key, value);
    if (key === 'UNTIL') continue;
    if (allDay && (key === 'BYHOUR' || key === 'BYMINUTE' || key === 'BYSECOND')) continue;
    kept.push([key, value]);
  }
  const freq = (parts.get('FREQ') ?? '').toUpperCase();
  if (freq === '') throw new RangeError('RRULE has no FREQ');
  if (allDay && SUB_DAILY.has(freq)) throw new RangeError(`an all-day series cannot repeat ${freq}`);
  const untilText = parts.get('UNTIL');
  const until = untilText === undefined ? null : parseUntil(untilText, zone);

  const countText = parts.get('COUNT');
  const count = countText === undefined ? null : Number.parseInt(countText, 10);
  if (count !== null && !(count >= 1)) throw new RangeError(`invalid COUNT in RRULE: ${countText}`);

  return { parts: readRuleParts(kept), freq, until };
}

// ---------------------------------------------------------------------------------------------
// A series compiled for expansion (cached by the fields the expansion depends on)

class Frame {
  readonly zone: ZoneOffsets;
  readonly allDay: boolean;
  /** true: the rule runs on wall times placed in UTC; false: over real instants (sub-daily timed). */
  readonly floating: boolean;
  readonly rule: RuleExpansion;
  readonly until: UntilLimit | null;
  /** For a DATE UNTIL of a timed series: the start of the day after it. */
  readonly untilEndMs: number;
  readonly durationMs: number;
  readonly durationDays: number;
  readonly seriesStartMs: number;
  /** The RRULE line this frame expands. */
  readonly rruleText: string;
  /** DTSTART in the frame the rule runs in. */
  readonly dtstartFrameMs: number;
  private untilFrame: number | null = null;

  constructor(series: SeriesInput) {
    this.allDay = series.allDay;
    this.zone = zoneOffsets(series.timezone);
    const parsed = parseRule(series.rrule, this.zone, this.allDay);
    this.until = parsed.until;
    this.floating = this.allDay || !SUB_DAILY.has(parsed.freq);
    this.seriesStartMs = series.start.getTime();
    this.rruleText = series.rrule;
    if (Number.isNaN(this.seriesStartMs) || Number.isNaN(series.end.getTime())) {
      throw new RangeError('series start and end must be valid instants');
    }
    this.durationMs = Math.max(0, series.end.getTime() - this.seriesStartMs);

    let clock: WallClock | null = null;
    if (this.allDay) {
      const startDay = series.startDate !== null ? dayOfDateText(series.startDate) : this.dayOf(this.seriesStartMs);
      const endDay = series.endDate !== null ? dayOfDateText(series.endDate) : this.dayOf(series.end.getTime());
      this.durationDays = Math.max(0, endDay - startDay);
      this.dtstartFrameMs = startDay * DAY_MS;
    } else {
      this.durationDays = 0;
      this.dtstartFrameMs = this.floating ? this.zone.wallOf(this.seriesStartMs) : this.seriesStartMs;
      if (!this.floating) clock = this.zone;
    }
    this.untilEndMs = this.until?.kind === 'date' ? this.zone.startOfDay((this.until.day + 1) * DAY_MS) : 0;
    this.rule = new RuleExpansion(parsed.parts, this.dtstartFrameMs, clock);
  }

  /** The local date (day number) of an instant. */
  dayOf(ms: number): number {
    return Math.floor(this.zone.wallOf(ms) / DAY_MS);
  }

  /** Frame milliseconds no generated value past which can satisfy UNTIL (never before DTSTART, which always counts). */
  untilFrameMs(): number {
    if (this.untilFrame === null) {
      const until = this.until;
      if (until === null) this.untilFrame = Number.POSITIVE_INFINITY;
      else if (until.kind === 'date') this.untilFrame = Math.max(this.frameUpper(this.untilEndMs) + DAY_MS, this.dtstartFrameMs);
      else this.untilFrame = Math.max(this.frameUpper(until.ms) + DAY_MS, this.dtstartFrameMs);
    }
    return this.untilFrame;
  }

  /** Smallest frame value whose occurrence can start at or after the instant. */
  frameLower(ms: number): number {
    if (!this.floating) return ms;
    if (this.allDay) return this.dayOf(ms) * DAY_MS - DAY_MS;
    return this.zone.wallOf(ms) - this.zone.spreadNear(ms) - 1000;
  }

  /** Largest frame value whose occurrence can start at or before the instant. */
  frameUpper(ms: number): number {
    if (!this.floating) return ms;
    if (this.allDay) return this.dayOf(ms) * DAY_MS + DAY_MS;
    return this.zone.wallOf(ms) + this.zone.spreadNear(ms) + 1000;
  }

  /** The start instant of the occurrence a generated value stands for; zone.shifted tells whether it left a gap. */
  startOf(v: number): number {
    if (this.allDay) return this.zone.startOfDay(v);
    this.zone.shifted = false;
    if (!this.floating) return v;
    if (v === this.dtstartFrameMs) return this.seriesStartMs; // keeps DTSTART's fold
    return this.zone.instantOf(v);
  }

  /** End instant of an unmoved occurrence starting at startMs (generated value v). */
  endOf(v: number, startMs: number): number {
    return this.allDay ? this.zone.startOfDay(v + this.durationDays * DAY_MS) : startMs + this.durationMs;
  }

  /** DTSTART is within whatever UNTIL says: it always counts as the first occurrence (RFC 5545 3.8.5.3). */
  withinUntil(startMs: number, v: number): boolean {
    return v === this.dtstartFrameMs || this.untilAllows(startMs, v);
  }

  /** UNTIL lies before DTSTART: the rule gives DTSTART alone. */
  endsBeforeStart(): boolean {
    return !this.untilAllows(this.seriesStartMs, this.dtstartFrameMs);
  }

  private untilAllows(startMs: number, v: number): boolean {
    const until = this.until;
    if (until === null) return true;
    if (until.kind === 'instant') return startMs <= until.ms;
    if (this.allDay) return v / DAY_MS <= until.day;
    return startMs < this.untilEndMs;
  }

  /** The start instant of the occurrence whose original start is `key`, or null when the rule has none there. */
  find(key: string): number | null {
    const ms = Date.parse(key);
    if (Number.isNaN(ms)) return null;
    const lo = Math.max(this.frameLower(ms), this.dtstartFrameMs);
    const hi = this.frameUpper(ms + 999);
    let found: number | null = null;
    this.rule.forEach(lo, hi, (v) => {
      const startMs = this.startOf(v);
      if (keyOf(startMs) !== key) return true;
      found = this.withinUntil(startMs, v) ? startMs : null;
      return false;
    });
    return found;
  }
}

/**
 * Compiled frames by the fields they depend on, in two generations of up to FRAME_CACHE_GENERATION
 * each: when the young one is full it becomes the old one (the previous old one is dropped), and a
 * frame found in the old one moves back to the young one. Keeps the recently used ones without
 * per-entry bookkeeping.
 */
const FRAME_CACHE_GENERATION = 2048;
let youngFrames = new Map<string, Frame>();
let oldFrames = new Map<string, Frame>();

function frameOf(series: SeriesInput): Frame {
  const key = `${series.rrule}\u0000${series.timezone}\u0000${series.allDay ? 1 : 0}\u0000${series.start.getTime()}\u0000${series.end.getTime()}\u0000${series.startDate}\u0000${series.endDate}`;
  let frame = youngFrames.get(key);
  if (frame !== undefined) return frame;
  frame = oldFrames.get(key) ?? new Frame(series);
  if (youngFrames.size >= FRAME_CACHE_GENERATION) {
    oldFrames = youngFrames;
    youngFrames = new Map();
  }
  youngFrames.set(key, frame);
  return frame;
}

// ---------------------------------------------------------------------------------------------
// Expansion

/** 'YYYY-MM-DDThh:mm:ssZ' for any instant text Date.parse reads (so '.000Z' still matches); else as is. */
function canonicalInstant(text: string): string {
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? text : formatInstantSeconds(new Date(ms));
}

function overlaps(startMs: number, endMs: number, fromMs: number, toMs: number): boolean {
  if (endMs <= startMs) return startMs >= fromMs && startMs < toMs;
  return startMs < toMs && endMs > fromMs;
}

function isMoved(o: OccurrenceOverride): boolean {
  return o.start !== null || o.end !== null || (o.allDay !== undefined && o.allDay !== null);
}

/** `idPrefix` is the series id and '@'. */
function occurrence(
  idPrefix: string, key: string, startMs: number, endMs: number, startDay: number | null, endDay: number | null,
  override: OccurrenceOverride | null, rangeFrom: string | null = null,
): Occurrence {
  return {
    id: idPrefix + key,
    originalStart: key,
    start: new Date(startMs),
    end: new Date(endMs),
    allDay: startDay !== null,
    startDate: startDay === null ? null : dateText(startDay),
    endDate: endDay === null ? null : dateText(endDay),
    override,
    rangeFrom,
  };
}

/** The override turns a timed occurrence all-day or an all-day one timed. */
function switchesAllDay(f: Frame, o: OccurrenceOverride): boolean {
  return o.allDay !== undefined && o.allDay !== null && o.allDay !== f.allDay;
}

/** The occurrence of a moved override: missing fields keep the original start, or the series length. */
function movedOccurrence(idPrefix: string, f: Frame, key: string, originalStartMs: number, o: OccurrenceOverride): Occurrence {
  const startMs = o.start !== null ? o.start.getTime() : originalStartMs;
  if (switchesAllDay(f, o)) {
    if (o.allDay) {
      // A timed series' occurrence made all-day: its dates as given, else the local date of its start.
      const startDay = o.startDate ? dayOfDateText(o.startDate) : f.dayOf(startMs);
      const endDay = o.endDate ? dayOfDateText(o.endDate) : startDay + 1;
      const start = o.start !== null ? startMs : f.zone.startOfDay(startDay * DAY_MS);
      const end = o.end !== null ? o.end.getTime() : f.zone.startOfDay(endDay * DAY_MS);
      return occurrence(idPrefix, key, start, end, startDay, Math.max(endDay, startDay + 1), o);
    }
    return occurrence(idPrefix, key, startMs, o.end !== null ? o.end.getTime() : startMs + f.durationMs, null, null, o);
  }
  if (f.allDay) {
    const startDay = f.dayOf(startMs);
    const endDay = o.end !== null ? f.dayOf(o.end.getTime()) : startDay + f.durationDays;
    const endMs = o.end !== null ? o.end.getTime() : f.zone.startOfDay(endDay * DAY_MS);
    return occurrence(idPrefix, key, startMs, endMs, startDay, endDay, o);
  }
  const endMs = o.end !== null ? o.end.getTime() : startMs + f.durationMs;
  return occurrence(idPrefix, key, startMs, endMs, null, null, o);
}

/**
 * A series ready to expand: its rules parsed (shared, through a cache, by every series with the same
 * rule, zone and times), its EXDATEs and RDATEs read. Reuse it to expand the same series over many windows.
 */
export class CompiledSeries {
  private readonly frames: Frame[];
  private readonly id: string;
  private readonly excluded: ReadonlySet<string>;
  private readonly rdates: readonly RDate[];

  constructor(series: SeriesInput) {
    this.frames = framesOf(series);
    this.id = series.id;
    this.excluded = new Set(series.exdates.map(canonicalInstant));
    this.rdates = readRDates(series.rdates, this.frames[0]!);
  }

  /** As expandSeries(series, overrides, window, opts). */
  expand(overrides: readonly OccurrenceOverride[], window: { from: Date; to: Date }, opts?: ExpandOptions): Occurrence[] {
    const fromMs = window.from.getTime();
    const toMs = window.to.getTime();
    if (Number.isNaN(fromMs) || Number.isNaN(toMs)) throw new RangeError('window bounds must be valid instants');
    const limit = readLimit(opts);
    if (fromMs >= toMs || limit === 0) return [];
    if (isPlain(this.frames, this.rdates, overrides)) return expandFrame(this.frames[0]!, this.id, this.excluded, overrides, fromMs, toMs, limit);
    return expandSet(this.frames, this.rdates, this.id, this.excluded, overrides, fromMs, toMs, limit);
  }
}

/**
 * The RRULE lines whose UNTIL lies before DTSTART (RFC 5545 3.3.10 says UNTIL should not): each
 * gives DTSTART alone, which always counts as the first occurrence. Throws RangeError as compileSeries.
 */
export function rulesEndingBeforeStart(series: SeriesInput): string[] {
  return framesOf(series).filter((f) => f.endsBeforeStart()).map((f) => f.rruleText);
}

/** Compiles a series once for many expansions (throws RangeError for an RRULE it cannot read). */
export function compileSeries(series: SeriesInput): CompiledSeries {
  return new CompiledSeries(series);
}

// ---------------------------------------------------------------------------------------------
// Recurrence sets: several RRULEs, RDATEs, THISANDFUTURE overrides (RFC 5545 3.8.5, 3.8.4.4)

/** DTSTART alone: the frame of a series without RRULE (its RDATEs are added to it). */
const DTSTART_ONLY = 'FREQ=DAILY;COUNT=1';

/** One frame per RRULE line; a series without RRULE gets DTSTART_ONLY's. */
function framesOf(series: SeriesInput): Frame[] {
  const rules = series.rrule.includes('\n') ? series.rrule.split('\n').map((r) => r.trim()).filter((r) => r !== '') : [series.rrule];
  if (rules.length === 1 && rules[0] === series.rrule && series.rrule.trim() !== '') return [frameOf(series)];
  if (rules.length === 0 || (rules.length === 1 && rules[0]!.trim() === '')) return [frameOf({ ...series, rrule: DTSTART_ONLY })];
  return rules.map((rrule) => frameOf({ ...series, rrule }));
}

interface RDate {
  key: string;
  startMs: number;
  /** A PERIOD's end; null: the series' length. */
  endMs: number | null;
}

/** The RDATEs; one before DTSTART is left out (DTSTART is the first instance of the set, RFC 5545 3.8.5.3). */
function readRDates(texts: readonly string[] | undefined, f: Frame): RDate[] {
  if (texts === undefined || texts.length === 0) return [];
  const parsed = texts.map((t) => {
    const slash = t.indexOf('/');
    const startMs = Date.parse(slash < 0 ? t : t.slice(0, slash));
    const endMs = slash < 0 ? null : Date.parse(t.slice(slash + 1));
    if (Number.isNaN(startMs) || (endMs !== null && (Number.isNaN(endMs) || endMs < startMs))) throw new RangeError(`invalid RDATE: ${t}`);
    // An all-day series' RDATE is the local date of its start.
    const start = f.allDay ? f.zone.startOfDay(f.dayOf(startMs) * DAY_MS) : startMs;
    return { key: formatInstantSeconds(new Date(start)), startMs: start, endMs };
  });
  return parsed.filter((r) => r.startMs >= f.seriesStartMs);
}

/** One rule, no RDATE, no override that shifts a range or switches all-day: the plain (fast) path. */
function isPlain(frames: readonly Frame[], rdates: readonly RDate[], overrides: readonly OccurrenceOverride[]): boolean {
  if (frames.length !== 1 || rdates.length !== 0) return false;
  for (const o of overrides) if (o.thisAndFuture === true || (o.allDay !== undefined && o.allDay !== null)) return false;
  return true;
}

/** A THISANDFUTURE override as a shift of the occurrences from its original start on. */
interface Range {
  key: string;
  override: OccurrenceOverride;
  /** Wall-clock shift (ms; whole days for an all-day series). */
  shiftMs: number;
  /** The new length (ms; days for an all-day series); null: each occurrence keeps its own. */
  length: number | null;
}

function rangesOf(f: Frame, byStart: ReadonlyMap<string, OccurrenceOverride>): Range[] {
  const out: Range[] = [];
  for (const [key, o] of byStart) {
    if (o.thisAndFuture !== true || switchesAllDay(f, o)) continue;
    const originalMs = Date.parse(key);
    if (Number.isNaN(originalMs)) continue;
    const startMs = o.start !== null ? o.start.getTime() : originalMs;
    if (f.allDay) {
      const day = f.dayOf(startMs);
      out.push({ key, override: o, shiftMs: (day - f.dayOf(originalMs)) * DAY_MS, length: o.end !== null ? Math.max(1, f.dayOf(o.end.getTime() - 1) + 1 - day) : null });
    } else {
      out.push({ key, override: o, shiftMs: f.zone.wallOf(startMs) - f.zone.wallOf(originalMs), length: o.end !== null ? Math.max(0, o.end.getTime() - startMs) : null });
    }
  }
  return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** The last range starting at or before the original start (keys compare as instants: same format). */
function rangeAt(ranges: readonly Range[], key: string): Range | null {
  let found: Range | null = null;
  for (const r of ranges) {
    if (r.key > key) break;
    found = r;
  }
  return found;
}

interface Member {
  key: string;
  startMs: number;
  /** A PERIOD's end; NaN: the series' length. */
  endMs: number;
  /** An all-day series' local date (day number); null for a timed one. */
  startDay: number | null;
}

function expandSet(
  frames: readonly Frame[],
  rdates: readonly RDate[],
  seriesId: string,
  excluded: ReadonlySet<string>,
  overrides: readonly OccurrenceOverride[],
  fromMs: number,
  toMs: number,
  limit: number,
): Occurrence[] {
  const f = frames[0]!;
  const byStart = new Map<string, OccurrenceOverride>();
  for (const o of overrides) {
    const key = canonicalInstant(o.originalStart);
    if (!byStart.has(key)) byStart.set(key, o);
  }
  const ranges = rangesOf(f, byStart);
  const idPrefix = `${seriesId}@`;
  const out: Occurrence[] = [];
  const rdateKeys = new Map(rdates.map((r) => [r.key, r]));
  const isMember = (key: string) => rdateKeys.has(key) || frames.some((fr) => fr.find(key) !== null);

  // Moved occurrences, wherever their original start lies (as in expandFrame).
  for (const [key, o] of byStart) {
    if (o.deleted || !isMoved(o) || excluded.has(key)) continue;
    const originalMs = Date.parse(key);
    if (Number.isNaN(originalMs)) continue;
    const tentative = movedOccurrence(idPrefix, f, key, originalMs, o);
    if (!overlaps(tentative.start.getTime(), tentative.end.getTime(), fromMs, toMs)) continue;
    if (!isMember(key)) continue;
    const rd = rdateKeys.get(key);
    const originalStart = rd !== undefined ? rd.startMs : frames.map((fr) => fr.find(key)).find((x) => x !== null)!;
    const moved = movedOccurrence(idPrefix, f, key, originalStart, o);
    if (overlaps(moved.start.getTime(), moved.end.getTime(), fromMs, toMs)) out.push(moved);
  }

  // Original starts that a shift, a length or a PERIOD can bring into the window.
  let reach = 2 * DAY_MS;
  for (const r of ranges) reach = Math.max(reach, Math.abs(r.shiftMs) + 2 * DAY_MS, r.length === null ? 0 : f.allDay ? r.length * DAY_MS : r.length);
  for (const r of rdates) if (r.endMs !== null) reach = Math.max(reach, r.endMs - r.startMs);
  const searchFrom = fromMs - reach;
  const searchTo = toMs + reach;
  const members = new Map<string, Member>();
  const perFrame = limit + excluded.size + byStart.size + rdates.length;
  for (const fr of frames) {
    for (const occ of expandFrame(fr, seriesId, EMPTY, [], searchFrom, searchTo, perFrame)) {
      if (members.has(occ.originalStart)) continue;
      // endMs NaN: the series' own length.
      members.set(occ.originalStart, { key: occ.originalStart, startMs: occ.start.getTime(), endMs: Number.NaN, startDay: f.allDay ? f.dayOf(occ.start.getTime()) : null });
    }
  }
  for (const r of rdates) {
    // An RDATE PERIOD gives its occurrence its own length, also where a rule has the same start.
    if (members.has(r.key) && r.endMs === null) continue;
    members.set(r.key, { key: r.key, startMs: r.startMs, endMs: r.endMs ?? Number.NaN, startDay: f.allDay ? f.dayOf(r.startMs) : null });
  }

  for (const m of members.values()) {
    if (excluded.has(m.key)) continue;
    const o = byStart.get(m.key) ?? null;
    if (o !== null && (o.deleted || isMoved(o))) continue;
    const range = ranges.length === 0 ? null : rangeAt(ranges, m.key);
    let startMs = m.startMs;
    let startDay = m.startDay;
    let endDay: number | null = null;
    let endMs: number;
    if (f.allDay) {
      startDay = startDay! + (range === null ? 0 : range.shiftMs / DAY_MS);
      const periodDays = Number.isNaN(m.endMs) ? null : Math.max(1, f.dayOf(m.endMs - 1) + 1 - f.dayOf(m.startMs));
      endDay = startDay + (range?.length ?? periodDays ?? f.durationDays);
      startMs = f.zone.startOfDay(startDay * DAY_MS);
      endMs = f.zone.startOfDay(endDay * DAY_MS);
    } else {
      if (range !== null && range.shiftMs !== 0) startMs = f.zone.instantOf(f.zone.wallOf(m.startMs) + range.shiftMs);
      const ownLength = Number.isNaN(m.endMs) ? f.durationMs : m.endMs - m.startMs;
      endMs = startMs + (range?.length ?? ownLength);
    }
    if (!overlaps(startMs, endMs, fromMs, toMs)) continue;
    out.push(occurrence(idPrefix, m.key, startMs, endMs, startDay, endDay, o, range?.key ?? null));
  }
  out.sort(byStartThenId);
  return out.length > limit ? out.slice(0, limit) : out;
}

function readLimit(opts: ExpandOptions | undefined): number {
  const limit = opts?.limit ?? MAX_OCCURRENCES_PER_CALL;
  if (!(Number.isInteger(limit) && limit >= 0)) throw new RangeError(`limit must be a whole number >= 0: ${limit}`);
  return limit;
}

function expandFrame(
  f: Frame,
  seriesId: string,
  excluded: ReadonlySet<string>,
  overrides: readonly OccurrenceOverride[],
  fromMs: number,
  toMs: number,
  limit: number,
): Occurrence[] {
  let byStart: Map<string, OccurrenceOverride> | null = null; // the first override for an original start wins
  if (overrides.length > 0) {
    byStart = new Map();
    for (const o of overrides) {
      const key = canonicalInstant(o.originalStart);
      if (!byStart.has(key)) byStart.set(key, o);
    }
  }

  const out: Occurrence[] = [];
  const idPrefix = `${seriesId}@`;

  // Moved occurrences: each one whose new times overlap the window is checked against the rule on
  // its own, wherever its original start lies.
  if (byStart !== null) {
    for (const [key, o] of byStart) {
      if (o.deleted || !isMoved(o) || excluded.has(key)) continue;
      const originalMs = Date.parse(key);
      if (Number.isNaN(originalMs)) continue;
      const tentative = movedOccurrence(idPrefix, f, key, originalMs, o);
      if (!overlaps(tentative.start.getTime(), tentative.end.getTime(), fromMs, toMs)) continue;
      const originalStart = f.find(key);
      if (originalStart === null) continue;
      const moved = movedOccurrence(idPrefix, f, key, originalStart, o);
      if (overlaps(moved.start.getTime(), moved.end.getTime(), fromMs, toMs)) out.push(moved);
    }
  }

  // Unmoved occurrences: original starts that can overlap the window, in frame order, until the limit.
  const lowestStart = f.allDay ? fromMs : fromMs - f.durationMs;
  const lo = Math.max(f.frameLower(lowestStart - (f.allDay ? f.durationDays * DAY_MS : 0)), f.dtstartFrameMs);
  const hi = Math.min(f.frameUpper(toMs), f.untilFrameMs());
  const zone = f.zone;
  const checkKeys = excluded.size > 0 || byStart !== null;
  // Two wall times in one DST gap (or a skipped day and the next) land on the same instant; the
  // first in frame order stands. Only a value moved out of a gap can meet a later one.
  let gapStarts: Set<number> | null = null;
  let kept = 0;
  // Unmoved occurrences come in frame order, which is start order but near gaps and folds: sorted
  // already unless a moved one came first or a start went backwards.
  let inOrder = out.length === 0;
  let lastStart = Number.NEGATIVE_INFINITY;
  f.rule.forEach(lo, hi, (v) => {
    const startMs = f.startOf(v);
    if (zone.shifted) {
      gapStarts ??= new Set();
      if (gapStarts.has(startMs)) return true;
      gapStarts.add(startMs);
    } else if (gapStarts !== null && gapStarts.has(startMs)) {
      return true;
    }
    if (!f.withinUntil(startMs, v)) return true;
    const endMs = f.endOf(v, startMs);
    if (!overlaps(startMs, endMs, fromMs, toMs)) return true;
    const key = keyOf(startMs);
    let o: OccurrenceOverride | null = null;
    if (checkKeys) {
      if (excluded.has(key)) return true;
      o = byStart?.get(key) ?? null;
      if (o !== null && (o.deleted || isMoved(o))) return true;
    }
    const startDay = f.allDay ? v / DAY_MS : null;
    if (startMs <= lastStart) inOrder = false;
    lastStart = startMs;
    out.push(occurrence(idPrefix, key, startMs, endMs, startDay, startDay === null ? null : startDay + f.durationDays, o));
    return ++kept < limit;
  });

  if (!inOrder) out.sort(byStartThenId);
  return out.length > limit ? out.slice(0, limit) : out;
}

function byStartThenId(a: Occurrence, b: Occurrence): number {
  return a.start.getTime() - b.start.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * The occurrences of the series that overlap [window.from, window.to), sorted by (start, id), at most
 * `opts.limit` (default MAX_OCCURRENCES_PER_CALL) of them (the earliest). Moved occurrences are
 * placed, and tested against the window, by their override's times; deleted ones and EXDATEs are
 * left out; cancelled ones are returned with their override. Overrides that name no occurrence of the
 * rule are ignored. Throws RangeError for an RRULE it cannot read.
 */
export function expandSeries(
  series: SeriesInput,
  overrides: readonly OccurrenceOverride[],
  window: { from: Date; to: Date },
  opts?: ExpandOptions,
): Occurrence[] {
  const fromMs = window.from.getTime();
  const toMs = window.to.getTime();
  if (Number.isNaN(fromMs) || Number.isNaN(toMs)) throw new RangeError('window bounds must be valid instants');
  const limit = readLimit(opts);
  if (fromMs >= toMs) return [];
  const frames = framesOf(series);
  if (limit === 0) return [];
  const excluded: ReadonlySet<string> = series.exdates.length === 0 ? EMPTY : new Set(series.exdates.map(canonicalInstant));
  const rdates = readRDates(series.rdates, frames[0]!);
  if (isPlain(frames, rdates, overrides)) return expandFrame(frames[0]!, series.id, excluded, overrides, fromMs, toMs, limit);
  return expandSet(frames, rdates, series.id, excluded, overrides, fromMs, toMs, limit);
}

const EMPTY: ReadonlySet<string> = new Set();
