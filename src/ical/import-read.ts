/**
 * An iCalendar file read for `calendar import`: its events (./parse.ts) with what the import stores
 * beside them worked out here, in the worker thread, so the request path only compares and writes:
 * each series' last end (series_until) and which overriding instances moved. Pure.
 */
import { compileSeries, MAX_OCCURRENCES_PER_CALL, type OccurrenceOverride, type SeriesInput } from '../domain/recurrence.js';
import { ICalendarError } from './errors.js';
import { ICAL_LIMITS, OccurrenceBudget, type IcalLimits } from './limits.js';
import { parseICalendar, type ImportedEvent, type ImportedOverride } from './parse.js';

export interface ImportOverride extends ImportedOverride {
  /** The instance has other times than the rule gives its original start. */
  moved: boolean;
}

export interface ImportEvent extends Omit<ImportedEvent, 'overrides'> {
  overrides: ImportOverride[];
  /** A series' last occurrence end (its rule's, moved instances aside); null for a single event or a rule without a known end. */
  seriesUntil: Date | null;
}

export interface ImportRead {
  events: ImportEvent[];
  skipped: number;
  warnings: string[];
}

export interface ImportReadOptions {
  /** Zone of floating times and all-day dates of a file without X-WR-TIMEZONE: the owner's. */
  defaultTimezone: string;
  /** Where occurrences are counted against the limits: the owner's materialised horizon. */
  window: { from: Date; to: Date };
  limits?: IcalLimits;
}

const YEARS_10_MS = 10 * 366 * 86_400_000;

function seriesInput(e: ImportedEvent): SeriesInput {
  return {
    id: e.uid, start: e.start, end: e.end, allDay: e.allDay, startDate: e.startDate, endDate: e.endDate,
    timezone: e.timezone, rrule: e.rrule!, exdates: e.exdates, rdates: e.rdates,
  };
}

function overrideInput(o: ImportedOverride): OccurrenceOverride {
  return {
    originalStart: o.originalStart, start: o.start, end: o.end, cancelled: o.cancelled, deleted: false,
    allDay: o.allDay, startDate: o.startDate, endDate: o.endDate, thisAndFuture: o.thisAndFuture,
  };
}

/** Every RRULE line has COUNT or UNTIL ('' has none: RDATEs only). */
function isBounded(rrule: string): boolean {
  return rrule.split('\n').every((line) => line.trim() === '' || /(^|;)(COUNT|UNTIL)=/i.test(line));
}

/**
 * Last instant any occurrence can end; null when the rule repeats forever (null is always safe: the
 * series is then read wherever a window lies). Walks 10-year windows, at most `cap` occurrences
 * (a COUNT past them, or 200 years of a rule, is treated as endless), so a COUNT of a hundred million
 * costs no more than a rule of `cap`.
 */
function seriesUntil(input: SeriesInput, overrides: readonly OccurrenceOverride[], cap: number): Date | null {
  if (!isBounded(input.rrule)) return null;
  // THISANDFUTURE shifts count: a shifted occurrence can end after the rule's last one.
  const ranges = overrides.filter((o) => o.thisAndFuture === true);
  const series = compileSeries({ ...input, exdates: [] });
  // RDATEs may lie before DTSTART.
  let from = new Date(Math.min(input.start.getTime(), ...(input.rdates ?? []).map((r) => Date.parse(r.split('/')[0]!))) - 7 * 86_400_000);
  let last = input.end;
  let seen = 0;
  for (let step = 0; step < 20; step++) {
    const to = new Date(from.getTime() + YEARS_10_MS);
    const occurrences = series.expand(ranges, { from, to });
    if (occurrences.length === 0) return last;
    seen += occurrences.length;
    if (seen > cap) return null;
    for (const o of occurrences) if (o.end > last) last = o.end;
    from = occurrences.length >= MAX_OCCURRENCES_PER_CALL ? new Date(occurrences.at(-1)!.start.getTime() + 1) : to;
  }
  return null;
}

function readSeries(e: ImportedEvent, budget: OccurrenceBudget, window: { from: Date; to: Date }, cap: number): ImportEvent {
  const input = seriesInput(e);
  const series = compileSeries({ ...input, exdates: [] });
  budget.series(e.uid, e.rrule!, compileSeries(input).expand(e.overrides.filter((o) => o.thisAndFuture).map(overrideInput), window, { limit: budget.seriesProbe }).length);
  const overrides = e.overrides.map((o): ImportOverride => {
    const at = new Date(o.originalStart);
    const unmoved = series.expand([], { from: at, to: new Date(at.getTime() + 1000) }).find((x) => x.originalStart === o.originalStart);
    return { ...o, moved: !unmoved || unmoved.start.getTime() !== o.start.getTime() || unmoved.end.getTime() !== o.end.getTime() };
  });
  return { ...e, overrides, seriesUntil: seriesUntil(input, e.overrides.map(overrideInput), cap) };
}

/** Throws ICalendarError when the text is not iCalendar, ICalendarLimitError when it is over a limit. */
export function readForImport(text: string, options: ImportReadOptions): ImportRead {
  const limits = options.limits ?? ICAL_LIMITS;
  const parsed = parseICalendar(text, { defaultTimezone: options.defaultTimezone, limits });
  const { window } = options;
  const budget = new OccurrenceBudget(window, limits);
  let skipped = parsed.skipped;
  const warnings = [...parsed.warnings];
  const events = parsed.events.flatMap((e): ImportEvent[] => {
    if (e.rrule === null) {
      if (e.start < window.to && e.end > window.from) budget.add(1);
      return [{ ...e, overrides: [], seriesUntil: null }];
    }
    try {
      return [readSeries(e, budget, window, limits.maxOccurrencesPerSeries)];
    } catch (err) {
      // A limit refuses the file; anything else costs that series only, in words.
      if (err instanceof ICalendarError) throw err;
      warnings.push(`UID ${e.uid} skipped: its rule ${e.rrule} cannot be expanded`);
      skipped += 1;
      return [];
    }
  });
  return { events, skipped, warnings };
}
