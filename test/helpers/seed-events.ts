import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/store/db.js';
import { syncOccurrences } from '../../src/store/repos/occurrences.js';

export interface EventSeed {
  title?: string;
  start: string;
  end: string;
  timezone?: string;
  allDay?: boolean;
  startDate?: string | null;
  endDate?: string | null;
  rrule?: string | null;
  exdates?: string[];
  /** RDATEs as events.rdates holds them ('YYYY-MM-DDThh:mm:ssZ' or 'start/end'). */
  rdates?: string[];
  seriesUntil?: string | null;
  showAs?: 'busy' | 'free';
  status?: 'confirmed' | 'cancelled';
  calendar?: string;
  location?: string | null;
  url?: string | null;
  notes?: string | null;
  participants?: unknown[];
  updatedAt?: string;
  deletedAt?: string | null;
  isAppointment?: boolean;
  requestId?: string | null;
}

/** Inserts one event or series row; the calendar slug is created when missing. */
export async function seedEvent(db: Db, ownerId: string, e: EventSeed): Promise<string> {
  const slug = e.calendar ?? 'personal';
  let cal = await db.selectFrom('calendars').select('id').where('owner_id', '=', ownerId).where('slug', '=', slug).executeTakeFirst();
  if (!cal) {
    cal = { id: randomUUID() };
    await db.insertInto('calendars').values({ id: cal.id, owner_id: ownerId, slug, name: slug, created_at: new Date('2026-01-01T00:00:00Z') }).execute();
  }
  const id = randomUUID();
  const updated = new Date(e.updatedAt ?? '2026-03-01T00:00:00Z');
  await db
    .insertInto('events')
    .values({
      id,
      owner_id: ownerId,
      calendar_id: cal.id,
      title: e.title ?? 'Event',
      start_at: new Date(e.start),
      end_at: new Date(e.end),
      all_day: e.allDay ?? false,
      start_date: e.startDate ?? null,
      end_date: e.endDate ?? null,
      timezone: e.timezone ?? 'Europe/Berlin',
      show_as: e.showAs ?? 'busy',
      status: e.status ?? 'confirmed',
      location: e.location ?? null,
      url: e.url ?? null,
      notes: e.notes ?? null,
      participants: JSON.stringify(e.participants ?? []),
      rrule: e.rrule ?? null,
      exdates: e.exdates ?? [],
      rdates: e.rdates ?? [],
      series_until: e.seriesUntil ? new Date(e.seriesUntil) : null,
      is_appointment: e.isAppointment ?? false,
      request_id: e.requestId ?? null,
      created_at: updated,
      updated_at: e.deletedAt ? new Date(e.deletedAt) : updated,
      deleted_at: e.deletedAt ? new Date(e.deletedAt) : null,
    })
    .execute();
  // As every writer of the service does: the materialised occurrences follow in the same breath.
  await syncOccurrences(db, ownerId, [id]);
  return id;
}

export async function seedOverride(
  db: Db,
  ownerId: string,
  eventId: string,
  o: {
    originalStart: string; start?: string; end?: string; title?: string; cancelled?: boolean; deletedAt?: string; updatedAt?: string;
    /** RANGE=THISANDFUTURE; an occurrence turned all-day (with its dates) or timed. */
    thisAndFuture?: boolean; allDay?: boolean; startDate?: string; endDate?: string;
  },
): Promise<void> {
  await db
    .insertInto('event_overrides')
    .values({
      event_id: eventId,
      owner_id: ownerId,
      original_start: o.originalStart,
      start_at: o.start ? new Date(o.start) : null,
      end_at: o.end ? new Date(o.end) : null,
      title: o.title ?? null,
      location: null,
      show_as: null,
      cancelled: o.cancelled ?? false,
      this_and_future: o.thisAndFuture ?? false,
      all_day: o.allDay ?? null,
      start_date: o.startDate ?? null,
      end_date: o.endDate ?? null,
      updated_at: new Date(o.updatedAt ?? o.deletedAt ?? '2026-03-10T00:00:00Z'),
      deleted_at: o.deletedAt ? new Date(o.deletedAt) : null,
    })
    .execute();
  await syncOccurrences(db, ownerId, [eventId]);
}
