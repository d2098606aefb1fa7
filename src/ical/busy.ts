/**
 * Busy time of an iCalendar feed: what a subscribed calendar blocks, as bare intervals (docs/spec-decisions.md §7:
 * imported busy time counts for availability; titles and the rest are never kept). Pure.
 */
import { expandSeries, type OccurrenceOverride } from '../domain/recurrence.js';
import { ICalendarError } from './errors.js';
import { ICAL_LIMITS, OccurrenceBudget, type IcalLimits } from './limits.js';
import { parseICalendar, type ImportedEvent, type ParseOptions } from './parse.js';

export interface BusyInterval {
  start: Date;
  end: Date;
}

function overlaps(start: Date, end: Date, window: { from: Date; to: Date }): boolean {
  return start.getTime() < window.to.getTime() && end.getTime() > window.from.getTime();
}

export interface BusyOptions extends ParseOptions {
  limits?: IcalLimits;
}

function seriesBusy(e: ImportedEvent, window: { from: Date; to: Date }, budget: OccurrenceBudget): BusyInterval[] {
  const overrides: OccurrenceOverride[] = e.overrides.map((o) => ({
    originalStart: o.originalStart, start: o.start, end: o.end, cancelled: o.cancelled, deleted: false,
    allDay: o.allDay, startDate: o.startDate, endDate: o.endDate, thisAndFuture: o.thisAndFuture,
  }));
  const byStart = new Map(e.overrides.map((o) => [o.originalStart, o]));
  const series = {
    id: e.uid, start: e.start, end: e.end, allDay: e.allDay, startDate: e.startDate, endDate: e.endDate, timezone: e.timezone,
    rrule: e.rrule!, exdates: e.exdates, rdates: e.rdates,
  };
  const out: BusyInterval[] = [];
  const occurrences = expandSeries(series, overrides, window, { limit: budget.seriesProbe });
  budget.series(e.uid, e.rrule!, occurrences.length);
  for (const occ of occurrences) {
    // An instance of its own decides for itself (a busy series can have a free or cancelled instance, and the other way round);
    // a THISANDFUTURE instance decides for the later ones.
    const o = byStart.get(occ.originalStart) ?? (occ.rangeFrom === null ? undefined : byStart.get(occ.rangeFrom));
    if (o ? o.cancelled || o.showAs === 'free' : e.showAs === 'free') continue;
    out.push({ start: occ.start, end: occ.end });
  }
  return out;
}

/**
 * The busy intervals of the feed that overlap [window.from, window.to), sorted by start then end:
 * cancelled and transparent (TRANSP:TRANSPARENT) events and occurrences left out, series expanded
 * by expandSeries with their moved, cancelled and transparent instances. Intervals are not clipped to
 * the window nor merged; zero-length events block nothing and are left out. Throws ICalendarError
 * when the text is not iCalendar, ICalendarLimitError when it is larger than options.limits
 * (ICAL_LIMITS) allow: occurrences are counted over the window, each series and all together.
 */
export function icalBusyIntervals(text: string, window: { from: Date; to: Date }, options: BusyOptions = {}): BusyInterval[] {
  return icalBusyRead(text, window, options).intervals;
}

export interface BusyRead {
  intervals: BusyInterval[];
  /** What the reading skipped or read liberally, 'line N: …' (./warnings.ts). */
  warnings: string[];
}

/** icalBusyIntervals with the reading's warnings, for a feed to show its owner. */
export function icalBusyRead(text: string, window: { from: Date; to: Date }, options: BusyOptions = {}): BusyRead {
  const limits = options.limits ?? ICAL_LIMITS;
  const { events, warnings } = parseICalendar(text, { ...options, limits });
  return { intervals: busyOf(events, window, limits, warnings), warnings };
}

function busyOf(events: ImportedEvent[], window: { from: Date; to: Date }, limits: IcalLimits, warnings: string[]): BusyInterval[] {
  if (!(window.from.getTime() < window.to.getTime())) return [];
  const budget = new OccurrenceBudget(window, limits);
  const out: BusyInterval[] = [];
  for (const e of events) {
    if (e.cancelled) continue;
    if (e.rrule !== null) {
      try {
        out.push(...seriesBusy(e, window, budget));
      } catch (err) {
        // A limit refuses the feed; anything else costs that series only, in words.
        if (err instanceof ICalendarError) throw err;
        warnings.push(`UID ${e.uid} skipped: its rule ${e.rrule} cannot be expanded`);
      }
    } else if (overlaps(e.start, e.end, window)) {
      budget.add(1);
      if (e.showAs === 'busy') out.push({ start: e.start, end: e.end });
    }
  }
  return out
    .filter((i) => i.end.getTime() > i.start.getTime())
    .sort((a, b) => a.start.getTime() - b.start.getTime() || a.end.getTime() - b.end.getTime());
}
