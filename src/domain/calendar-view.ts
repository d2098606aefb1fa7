import type { EventTimes } from './event-times.js';
import { expandSeries, occurrenceStartOf, type OccurrenceOverride } from './recurrence.js';

/**
 * What the API shows of the owner's calendar: single events and the occurrences of repeating ones in
 * a window, in (start, id) order, with deleted markers where asked. Pure: rows in, views out.
 */
export interface StoredEvent extends EventTimes {
  id: string;
  /** Slug of the owner's calendar holding it. */
  calendar: string;
  title: string;
  showAs: 'busy' | 'free';
  status: 'confirmed' | 'cancelled';
  location: string | null;
  url: string | null;
  rrule: string | null;
  exdates: string[];
  /** RDATEs as recurrence.ts reads them (SeriesInput.rdates); absent: none. */
  rdates?: string[];
  isAppointment: boolean;
  requestId: string | null;
  updatedAt: Date;
  deletedAt: Date | null;
}

export interface StoredOverride {
  eventId: string;
  originalStart: string;
  start: Date | null;
  end: Date | null;
  title: string | null;
  location: string | null;
  showAs: 'busy' | 'free' | null;
  cancelled: boolean;
  /** The occurrence turned all-day (true) or timed (false) against its series; null/absent: as the series. */
  allDay?: boolean | null;
  startDate?: string | null;
  endDate?: string | null;
  /** RANGE=THISANDFUTURE: the change holds for this and every later occurrence (OccurrenceOverride.thisAndFuture). */
  thisAndFuture?: boolean;
  updatedAt: Date;
  deletedAt: Date | null;
}

export interface EventView extends EventTimes {
  id: string;
  title: string;
  showAs: 'busy' | 'free';
  status: 'confirmed' | 'cancelled';
  calendar: string;
  location: string | null;
  url: string | null;
  isAppointment: boolean;
  requestId: string | null;
  occurrenceOf: string | null;
  updatedAt: Date;
}

export type WindowItem =
  | { kind: 'event'; id: string; start: Date; view: EventView }
  | { kind: 'deleted'; id: string; start: Date; deletedAt: Date };

export interface WindowQuery {
  from: Date;
  to: Date;
  /** Only what changed at or after this instant. */
  updatedSince: Date | null;
  /** Deleted markers for deletions at or after this instant; null: none. */
  deletedSince: Date | null;
}

const later = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);

/** [start, end) overlaps [from, to); an instant (start = end) counts when it lies inside. */
export function overlaps(start: Date, end: Date, from: Date, to: Date): boolean {
  const s = start.getTime();
  const e = end.getTime();
  if (s === e) return s >= from.getTime() && s < to.getTime();
  return s < to.getTime() && e > from.getTime();
}

export function singleView(e: StoredEvent): EventView {
  return {
    id: e.id,
    title: e.title,
    start: e.start,
    end: e.end,
    allDay: e.allDay,
    startDate: e.startDate,
    endDate: e.endDate,
    timezone: e.timezone,
    showAs: e.showAs,
    status: e.status,
    calendar: e.calendar,
    location: e.location,
    url: e.url,
    isAppointment: e.isAppointment,
    requestId: e.requestId,
    occurrenceOf: null,
    updatedAt: e.updatedAt,
  };
}

function toOverrideInput(o: StoredOverride): OccurrenceOverride {
  return {
    originalStart: o.originalStart, start: o.start, end: o.end, cancelled: o.cancelled, deleted: o.deletedAt !== null,
    allDay: o.allDay ?? null, startDate: o.startDate ?? null, endDate: o.endDate ?? null, thisAndFuture: o.thisAndFuture ?? false,
  };
}

function seriesInput(e: StoredEvent) {
  return {
    id: e.id,
    start: e.start,
    end: e.end,
    allDay: e.allDay,
    startDate: e.startDate,
    endDate: e.endDate,
    timezone: e.timezone,
    rrule: e.rrule!,
    exdates: e.exdates,
    rdates: e.rdates ?? [],
  };
}

/** The series' occurrences overlapping [from, to) as the API shows them; at most `limit` (the earliest). */
export function occurrenceViews(series: StoredEvent, overrides: StoredOverride[], from: Date, to: Date, limit?: number): EventView[] {
  const byStart = new Map(overrides.map((o) => [o.originalStart, o]));
  return expandSeries(seriesInput(series), overrides.map(toOverrideInput), { from, to }, limit === undefined ? undefined : { limit }).map((occ) => {
    const o = byStart.get(occ.originalStart) ?? null;
    // A THISANDFUTURE override lends its fields to the later occurrences; the occurrence's own wins.
    const r = occ.rangeFrom === null || occ.rangeFrom === occ.originalStart ? null : byStart.get(occ.rangeFrom) ?? null;
    let updatedAt = o ? later(o.updatedAt, series.updatedAt) : series.updatedAt;
    if (r) updatedAt = later(r.updatedAt, updatedAt);
    return {
      ...singleView(series),
      id: occ.id,
      title: o?.title ?? r?.title ?? series.title,
      start: occ.start,
      end: occ.end,
      allDay: occ.allDay,
      startDate: occ.startDate,
      endDate: occ.endDate,
      showAs: o?.showAs ?? r?.showAs ?? series.showAs,
      status: series.status === 'cancelled' || o?.cancelled || r?.cancelled ? 'cancelled' : 'confirmed',
      location: o?.location ?? r?.location ?? series.location,
      occurrenceOf: series.id,
      updatedAt,
    };
  });
}

/** Where a deleted occurrence's marker stands: its moved times, else its original start and the series' length. */
export function deletedOccurrenceTimes(series: StoredEvent, o: StoredOverride): { start: Date; end: Date } {
  const start = new Date(o.start ?? o.originalStart);
  return { start, end: o.end ?? new Date(start.getTime() + (series.end.getTime() - series.start.getTime())) };
}

/**
 * Everything overlapping [from, to): live events and occurrences, and with deletedSince, markers for
 * deleted events, series and occurrences. Sorted by (start, id); a deleted series is placed at the
 * later of its first start and the window's start.
 */
export function calendarWindow(events: StoredEvent[], overrides: StoredOverride[], q: WindowQuery): WindowItem[] {
  const items: WindowItem[] = [];
  const overridesOf = new Map<string, StoredOverride[]>();
  for (const o of overrides) overridesOf.set(o.eventId, [...(overridesOf.get(o.eventId) ?? []), o]);
  const changed = (at: Date) => q.updatedSince === null || at.getTime() >= q.updatedSince.getTime();
  const keepDeleted = (at: Date) => q.deletedSince !== null && at.getTime() >= q.deletedSince.getTime() && changed(at);

  for (const e of events) {
    if (e.rrule === null) {
      if (!overlaps(e.start, e.end, q.from, q.to)) continue;
      if (e.deletedAt === null) {
        if (changed(e.updatedAt)) items.push({ kind: 'event', id: e.id, start: e.start, view: singleView(e) });
      } else if (keepDeleted(e.deletedAt)) {
        items.push({ kind: 'deleted', id: e.id, start: e.start, deletedAt: e.deletedAt });
      }
      continue;
    }
    const own = overridesOf.get(e.id) ?? [];
    if (e.deletedAt !== null) {
      if (keepDeleted(e.deletedAt) && occurrenceViews({ ...e, deletedAt: null }, own, q.from, q.to).length > 0) {
        items.push({ kind: 'deleted', id: e.id, start: later(e.start, q.from), deletedAt: e.deletedAt });
      }
      continue;
    }
    for (const view of occurrenceViews(e, own, q.from, q.to)) {
      if (changed(view.updatedAt)) items.push({ kind: 'event', id: view.id, start: view.start, view });
    }
    for (const o of own) {
      if (o.deletedAt === null || !keepDeleted(o.deletedAt)) continue;
      const { start, end } = deletedOccurrenceTimes(e, o);
      if (overlaps(start, end, q.from, q.to)) items.push({ kind: 'deleted', id: `${e.id}@${o.originalStart}`, start, deletedAt: o.deletedAt });
    }
  }
  return items.sort((a, b) => a.start.getTime() - b.start.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * One event by id: a single event, a series (its first occurrence, as stored), or an occurrence
 * `<series id>@<original start>` that the rule really has and that is not deleted.
 */
export function findEventView(event: StoredEvent, overrides: StoredOverride[], id: string): EventView | null {
  if (event.deletedAt !== null) return null;
  if (id === event.id) return singleView(event);
  if (event.rrule === null) return null;
  const originalStart = occurrenceStartOf(event.id, id);
  if (originalStart === null) return null;
  const at = new Date(originalStart);
  const override = overrides.find((o) => o.originalStart === originalStart) ?? null;
  if (override?.deletedAt) return null;
  // The occurrence as the rule places it (without its move), to prove the rule has it.
  const unmoved = overrides.filter((o) => o !== override);
  const probe = occurrenceViews(event, unmoved, at, new Date(at.getTime() + 1000)).find((v) => v.id === id);
  if (!probe) return null;
  if (!override) return probe;
  const [moved] = occurrenceViews(event, overrides, override.start ?? probe.start, new Date((override.end ?? probe.end).getTime() + 1000)).filter((v) => v.id === id);
  return moved ?? null;
}
