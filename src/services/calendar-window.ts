import { covers } from '../domain/calendar-horizon.js';
import { calendarWindow, type EventView, type WindowItem } from '../domain/calendar-view.js';
import type { Db } from '../store/db.js';
import { eventsForWindow } from '../store/repos/events.js';
import { busyRows, calendarPageRows, horizonOf, type PageQuery } from '../store/repos/occurrences.js';

/**
 * The one reader of the owner's calendar, for the API, the console and busy time. A window inside
 * the owner's materialised horizon is read from the occurrence rows, a page at a time; any other
 * window (far past or future, or before the first build) is expanded on the fly from the events,
 * with the same result.
 */

/** Items of the window after `after`, in (start, id) order, at most `limit` (null: all). */
export async function calendarPage(db: Db, ownerId: string, q: PageQuery): Promise<WindowItem[]> {
  return (await calendarPageRows(db, ownerId, q)) ?? expandedPage(db, ownerId, q);
}

/** The same page computed from the events themselves (the reference the rows are checked against). */
export async function expandedPage(db: Db, ownerId: string, q: PageQuery): Promise<WindowItem[]> {
  const { events, overrides } = await eventsForWindow(db, { ownerId, from: q.from, to: q.to, deletedSince: q.deletedSince });
  let items = calendarWindow(events, overrides, q);
  const after = q.after;
  if (after) {
    const key = after.at.getTime();
    items = items.filter((i) => i.start.getTime() > key || (i.start.getTime() === key && i.id > after.id));
  }
  return q.limit === null ? items : items.slice(0, q.limit);
}

/** Every live event and occurrence overlapping [from, to), cancelled ones included, in (start, id) order. */
export async function calendarViews(db: Db, ownerId: string, from: Date, to: Date): Promise<EventView[]> {
  const items = await calendarPage(db, ownerId, { from, to, updatedSince: null, deletedSince: null, after: null, limit: null });
  return items.flatMap((i) => (i.kind === 'event' ? [i.view] : []));
}

/** Busy intervals of [from, to): confirmed busy events and occurrences, unmerged. */
export async function calendarBusy(db: Db, ownerId: string, from: Date, to: Date): Promise<{ start: Date; end: Date }[]> {
  const horizon = await horizonOf(db, ownerId);
  if (horizon && covers(horizon, from, to)) return busyRows(db, ownerId, from, to);
  return (await calendarViews(db, ownerId, from, to)).filter((v) => v.status === 'confirmed' && v.showAs === 'busy');
}
