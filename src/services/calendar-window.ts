import { covers } from '../domain/calendar-horizon.js';
import { calendarWindow, type EventView, type WindowItem } from '../domain/calendar-view.js';
import type { Db } from '../store/db.js';
import { eventsForWindow } from '../store/repos/events.js';
import { busyRows, calendarPageRows, horizonOf, type PageQuery } from '../store/repos/occurrences.js';
import type { OwnerVersions } from './owner-versions.js';
import { PageCache } from './page-cache.js';

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

/**
 * Pages of GET /events as of the owner's busy counter (OwnerVersions), which every change to events
 * and their overrides moves in its own transaction. Pages that depend on the clock (deleted markers
 * of the last 30 days) are always read.
 */
export class CalendarPages {
  private readonly pages = new PageCache<WindowItem[]>();

  constructor(
    private readonly db: Db,
    private readonly versions: OwnerVersions,
  ) {}

  async page(ownerId: string, q: PageQuery): Promise<WindowItem[]> {
    if (q.deletedSince !== null) return calendarPage(this.db, ownerId, q);
    const key = `${ownerId}|${q.from.getTime()}|${q.to.getTime()}|${q.updatedSince?.getTime() ?? ''}|${q.after ? `${q.after.at.getTime()}|${q.after.id}` : ''}|${q.limit ?? ''}`;
    const { busy } = await this.versions.get(ownerId);
    const hit = this.pages.get(key, busy, 0);
    if (hit) return hit;
    // Read after the counter: the rows are at least as new as it says.
    const items = await calendarPage(this.db, ownerId, q);
    this.pages.set(key, busy, Infinity, items);
    return items;
  }
}
