import {
  deletedOccurrenceTimes, occurrenceViews, overlaps, singleView, type EventView, type StoredEvent, type StoredOverride,
} from './calendar-view.js';

/**
 * The rows one event contributes to the materialised calendar (store/repos/occurrences.ts), over the
 * owner's horizon [from, to). Pure: the same rules as calendarWindow, written out ahead of time, so
 * that for any window inside the horizon, the rows overlapping it are exactly calendarWindow's items:
 * - a single event: one row, live or a deleted marker, wherever it lies;
 * - a live series: its occurrences overlapping the horizon (moved, cancelled as shown), and a
 *   marker row for each deleted occurrence overlapping it;
 * - a deleted series: the occurrences it had (rows flagged seriesDeletedAt), which only say where
 *   its one deleted marker belongs.
 * At most `limit` occurrences of a series are kept (the earliest); `coveredUntil` then says up to
 * where the rows are complete.
 */
export interface CalendarRow {
  id: string;
  eventId: string;
  start: Date;
  end: Date;
  view: EventView;
  deletedAt: Date | null;
  seriesDeletedAt: Date | null;
}

export interface EventRows {
  rows: CalendarRow[];
  /** Rows are complete for windows ending at or before this instant (the horizon's end unless capped). */
  coveredUntil: Date;
}

/** 10,000 occurrences: three years of an hourly series; a denser one shortens the owner's horizon. */
export const MAX_ROWS_PER_SERIES = 10_000;

export function eventRows(event: StoredEvent, overrides: StoredOverride[], horizon: { from: Date; to: Date }, limit = MAX_ROWS_PER_SERIES): EventRows {
  if (event.rrule === null) {
    const view = singleView(event);
    return { rows: [{ id: event.id, eventId: event.id, start: event.start, end: event.end, view, deletedAt: event.deletedAt, seriesDeletedAt: null }], coveredUntil: horizon.to };
  }
  const live = { ...event, deletedAt: null };
  const views = occurrenceViews(live, overrides, horizon.from, horizon.to, limit);
  const coveredUntil = views.length >= limit ? views[views.length - 1]!.start : horizon.to;
  const rows: CalendarRow[] = views.map((view) => ({
    id: view.id, eventId: event.id, start: view.start, end: view.end, view, deletedAt: null, seriesDeletedAt: event.deletedAt,
  }));
  if (event.deletedAt === null) {
    for (const o of overrides) {
      if (o.deletedAt === null) continue;
      const { start, end } = deletedOccurrenceTimes(event, o);
      if (!overlaps(start, end, horizon.from, horizon.to)) continue;
      const view = { ...singleView(event), id: `${event.id}@${o.originalStart}`, start, end, occurrenceOf: event.id };
      rows.push({ id: view.id, eventId: event.id, start, end, view, deletedAt: o.deletedAt, seriesDeletedAt: null });
    }
  }
  return { rows, coveredUntil };
}
