import { feedItem } from '../../src/domain/event-feed.js';
import { presentEvent } from '../../src/http/presenters/event.js';
import { presentSeries } from '../../src/http/presenters/series.js';
import type { Db } from '../../src/store/db.js';
import type { StoredOverride } from '../../src/domain/calendar-view.js';
import { EVENT_COLUMNS, toStoredEvent, toStoredOverride, withSlug } from '../../src/store/repos/events.js';

/** What a sync client's copy holds: single events, series and the series' exceptions, by id. */
export interface CalendarCopy {
  events: Map<string, unknown>;
  series: Map<string, unknown>;
  exceptions: Map<string, unknown>;
}

/**
 * The owner's calendar as the server holds it now, read from the events and overrides tables (not
 * through the feed) and presented as GET /events/{id} and GET /series/{id} present it: the copy a
 * client that missed nothing must have.
 */
export async function calendarTruth(db: Db, ownerId: string): Promise<CalendarCopy> {
  const copy: CalendarCopy = { events: new Map(), series: new Map(), exceptions: new Map() };
  const rows = await withSlug(db).select(EVENT_COLUMNS).where('events.owner_id', '=', ownerId).where('events.deleted_at', 'is', null).execute();
  const overrides = await db.selectFrom('event_overrides').selectAll().where('owner_id', '=', ownerId).execute();
  const overridesOf = new Map<string, StoredOverride[]>();
  for (const o of overrides) overridesOf.set(o.event_id, [...(overridesOf.get(o.event_id) ?? []), toStoredOverride(o)]);
  for (const row of rows) {
    const item = feedItem(toStoredEvent(row), overridesOf.get(row.id) ?? []);
    if (item.kind === 'event') copy.events.set(row.id, presentEvent(item.view));
    if (item.kind === 'series') {
      copy.series.set(row.id, presentSeries(item.series, item.overrides));
      for (const v of item.exceptions) copy.exceptions.set(v.id, presentEvent(v));
    }
  }
  return copy;
}

/** A map's entries in id order, for deepEqual. */
export const sorted = (m: Map<string, unknown>) => [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
