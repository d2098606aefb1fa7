import type { StoredEvent, StoredOverride } from '../../domain/calendar-view.js';
import type { EventTimes } from '../../domain/event-times.js';
import type { Db } from '../db.js';
import type { EventOverrideRow, EventRow } from '../schema.js';

// ical_uid (where an imported event came from) is bookkeeping of the import, not part of the API.
type EventWithSlug = Omit<EventRow, 'notes' | 'participants' | 'ical_uid' | 'change_seq'> & { calendar_slug: string };

export function toStoredEvent(r: EventWithSlug): StoredEvent {
  return {
    id: r.id,
    calendar: r.calendar_slug,
    title: r.title,
    start: r.start_at,
    end: r.end_at,
    allDay: r.all_day,
    startDate: r.start_date,
    endDate: r.end_date,
    timezone: r.timezone,
    showAs: r.show_as,
    status: r.status,
    location: r.location,
    url: r.url,
    rrule: r.rrule,
    exdates: r.exdates,
    rdates: r.rdates,
    isAppointment: r.is_appointment,
    requestId: r.request_id,
    updatedAt: r.updated_at,
    deletedAt: r.deleted_at,
  };
}

/** The event-times block as the events table names its columns (the way back is toStoredEvent). */
export function eventTimeColumns(t: EventTimes) {
  return { start_at: t.start, end_at: t.end, all_day: t.allDay, start_date: t.startDate, end_date: t.endDate, timezone: t.timezone };
}

export type EventTimeColumns = ReturnType<typeof eventTimeColumns>;

export function toStoredOverride(r: EventOverrideRow): StoredOverride {
  return {
    eventId: r.event_id,
    originalStart: r.original_start,
    start: r.start_at,
    end: r.end_at,
    title: r.title,
    location: r.location,
    showAs: r.show_as,
    cancelled: r.cancelled,
    allDay: r.all_day,
    startDate: r.start_date,
    endDate: r.end_date,
    thisAndFuture: r.this_and_future,
    updatedAt: r.updated_at,
    deletedAt: r.deleted_at,
  };
}

// Columns the API may show; notes and participants are never read for it.
export const EVENT_COLUMNS = [
  'events.id', 'events.owner_id', 'events.calendar_id', 'events.title', 'events.start_at', 'events.end_at', 'events.all_day',
  'events.start_date', 'events.end_date', 'events.timezone', 'events.show_as', 'events.status', 'events.location', 'events.url',
  'events.rrule', 'events.exdates', 'events.rdates', 'events.series_until', 'events.is_appointment', 'events.request_id', 'events.created_at',
  'events.updated_at', 'events.deleted_at', 'calendars.slug as calendar_slug',
] as const;

export const withSlug = (db: Db) => db.selectFrom('events').innerJoin('calendars', 'calendars.id', 'events.calendar_id');

/**
 * Events and series that can have something in [from, to): single events overlapping it, series
 * starting before its end and not over before its start, with the overrides of those series.
 * Deleted rows come too when deletedSince is set (for markers).
 */
export async function eventsForWindow(
  db: Db,
  q: { ownerId: string; from: Date; to: Date; deletedSince: Date | null },
): Promise<{ events: StoredEvent[]; overrides: StoredOverride[] }> {
  const rows = await withSlug(db)
    .select(EVENT_COLUMNS)
    .where('events.owner_id', '=', q.ownerId)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('events.start_at', '<', q.to),
          eb.or([
            eb.and([eb('events.rrule', 'is', null), eb('events.end_at', '>=', q.from)]),
            eb.and([eb('events.rrule', 'is not', null), eb.or([eb('events.series_until', 'is', null), eb('events.series_until', '>=', q.from)])]),
          ]),
        ]),
        // A series whose rule places nothing here, but one occurrence of it was moved into the window.
        eb(
          'events.id',
          'in',
          eb.selectFrom('event_overrides as moved').select('moved.event_id')
            .where('moved.owner_id', '=', q.ownerId).where('moved.start_at', '<=', q.to).where('moved.end_at', '>=', q.from),
        ),
      ]),
    )
    .where((eb) =>
      q.deletedSince ? eb.or([eb('events.deleted_at', 'is', null), eb('events.deleted_at', '>=', q.deletedSince)]) : eb('events.deleted_at', 'is', null),
    )
    .execute();
  const seriesIds = rows.filter((r) => r.rrule !== null).map((r) => r.id);
  const overrides =
    seriesIds.length === 0
      ? []
      : await db.selectFrom('event_overrides').selectAll().where('owner_id', '=', q.ownerId).where('event_id', 'in', seriesIds).execute();
  return { events: rows.map(toStoredEvent), overrides: overrides.map(toStoredOverride) };
}

export async function eventWithOverrides(
  db: Db,
  ownerId: string,
  eventId: string,
): Promise<{ event: StoredEvent; overrides: StoredOverride[] } | null> {
  const row = await withSlug(db).select(EVENT_COLUMNS).where('events.owner_id', '=', ownerId).where('events.id', '=', eventId).executeTakeFirst();
  if (!row) return null;
  const overrides = row.rrule === null
    ? []
    : await db.selectFrom('event_overrides').selectAll().where('owner_id', '=', ownerId).where('event_id', '=', eventId).execute();
  return { event: toStoredEvent(row), overrides: overrides.map(toStoredOverride) };
}

/** What an import compares a file with: the columns it sets on an event row, with the row's identity. */
export type ImportedEventRow = Pick<
  EventRow,
  | 'id' | 'ical_uid' | 'title' | 'start_at' | 'end_at' | 'all_day' | 'start_date' | 'end_date' | 'timezone' | 'show_as' | 'status'
  | 'location' | 'url' | 'notes' | 'rrule' | 'exdates' | 'rdates' | 'series_until' | 'deleted_at'
>;
export type ImportedOverrideRow = Pick<
  EventOverrideRow,
  | 'event_id' | 'original_start' | 'start_at' | 'end_at' | 'title' | 'location' | 'show_as' | 'cancelled' | 'all_day' | 'start_date'
  | 'end_date' | 'this_and_future' | 'deleted_at'
>;

/** The events an import made in one of the owner's calendars (deleted ones too), with their overrides. */
export async function importedEventsOf(
  db: Db,
  ownerId: string,
  calendarId: string,
): Promise<{ events: ImportedEventRow[]; overrides: ImportedOverrideRow[] }> {
  const events = await db.selectFrom('events')
    .select(['id', 'ical_uid', 'title', 'start_at', 'end_at', 'all_day', 'start_date', 'end_date', 'timezone', 'show_as', 'status',
      'location', 'url', 'notes', 'rrule', 'exdates', 'rdates', 'series_until', 'deleted_at'])
    .where('owner_id', '=', ownerId).where('calendar_id', '=', calendarId).where('ical_uid', 'is not', null)
    .execute();
  const overrides = await db.selectFrom('event_overrides')
    .select(['event_id', 'original_start', 'start_at', 'end_at', 'title', 'location', 'show_as', 'cancelled', 'all_day', 'start_date', 'end_date',
      'this_and_future', 'deleted_at'])
    .where('owner_id', '=', ownerId)
    .where('event_id', 'in', (eb) => eb.selectFrom('events').select('id')
      .where('owner_id', '=', ownerId).where('calendar_id', '=', calendarId).where('ical_uid', 'is not', null))
    .execute();
  return { events, overrides };
}

/** Ids of the owner's events made for a request (deleted ones too). */
export async function eventIdsOfRequest(db: Db, ownerId: string, requestId: string): Promise<string[]> {
  const rows = await db.selectFrom('events').select('id').where('owner_id', '=', ownerId).where('request_id', '=', requestId).execute();
  return rows.map((r) => r.id);
}
