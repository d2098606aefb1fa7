import { findEventView, singleView, type EventView, type StoredEvent, type StoredOverride } from './calendar-view.js';

/**
 * What the events change feed says of one changed events row (docs/sync.md), pure: the row in, the
 * items out. A single event is itself; a series is the series with every exception it has now (its
 * occurrences changed, moved or cancelled, as GET /events/{id} shows each), which replace whatever
 * the client held of it; a deleted event or series is a marker.
 */
export type FeedItem =
  | { kind: 'event'; view: EventView }
  | { kind: 'series'; series: StoredEvent; overrides: StoredOverride[]; exceptions: EventView[] }
  | { kind: 'deleted'; id: string; deletedAt: Date };

export function feedItem(event: StoredEvent, overrides: StoredOverride[]): FeedItem {
  if (event.deletedAt !== null) return { kind: 'deleted', id: event.id, deletedAt: event.deletedAt };
  if (event.rrule === null) return { kind: 'event', view: singleView(event) };
  return { kind: 'series', series: event, overrides, exceptions: seriesExceptions(event, overrides) };
}

/**
 * The occurrences of a series that differ from what its rule makes: one per live override whose
 * occurrence the rule still has, in original-start order. A deleted occurrence is no exception: the
 * series' `rrule` text leaves it out (an EXDATE).
 */
export function seriesExceptions(series: StoredEvent, overrides: StoredOverride[]): EventView[] {
  const views: EventView[] = [];
  const live = overrides.filter((o) => o.deletedAt === null).sort((a, b) => (a.originalStart < b.originalStart ? -1 : a.originalStart > b.originalStart ? 1 : 0));
  for (const o of live) {
    const view = findEventView(series, overrides, `${series.id}@${o.originalStart}`);
    if (view) views.push(view);
  }
  return views;
}
