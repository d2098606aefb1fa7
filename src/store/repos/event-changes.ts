import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../db.js';
import type { Database, EventOverrideRow, EventRow } from '../schema.js';
import { syncOccurrences } from './occurrences.js';

/**
 * The owner-side writes of calendar events and their per-occurrence overrides (caller's transaction).
 * Each one rewrites the event's materialised occurrences in the same transaction.
 */

export type EventRowWithSlug = EventRow & { calendar_slug: string };

export async function calendarsOf(db: Db, ownerId: string): Promise<{ id: string; slug: string; name: string }[]> {
  return db.selectFrom('calendars').select(['id', 'slug', 'name']).where('owner_id', '=', ownerId).orderBy('position').orderBy('slug').execute();
}

/** One live (not deleted) event row of the owner, with its calendar's slug; locked when `lock`. */
export async function liveEvent(db: Db, ownerId: string, id: string, lock = false): Promise<EventRowWithSlug | undefined> {
  let q = db
    .selectFrom('events')
    .innerJoin('calendars', 'calendars.id', 'events.calendar_id')
    .selectAll('events')
    .select('calendars.slug as calendar_slug')
    .where('events.owner_id', '=', ownerId)
    .where('events.id', '=', id)
    .where('events.deleted_at', 'is', null);
  if (lock) q = q.forUpdate('events');
  return q.executeTakeFirst();
}

export async function insertEvent(trx: Db, row: Insertable<Database['events']>): Promise<void> {
  await trx.insertInto('events').values(row).execute();
  await syncOccurrences(trx, row.owner_id, [row.id]);
}

/** Many new events of one owner (an import, the demo), with their overrides, in batches. */
export async function insertEvents(
  trx: Db,
  ownerId: string,
  rows: readonly Insertable<Database['events']>[],
  overrides: readonly Insertable<Database['event_overrides']>[] = [],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await trx.insertInto('events').values(rows.slice(i, i + 500)).execute();
  for (let i = 0; i < overrides.length; i += 500) await trx.insertInto('event_overrides').values(overrides.slice(i, i + 500)).execute();
  await syncOccurrences(trx, ownerId, rows.map((r) => r.id));
}

export async function updateEventRow(trx: Db, ownerId: string, id: string, patch: Updateable<Database['events']>): Promise<void> {
  await trx.updateTable('events').set(patch).where('owner_id', '=', ownerId).where('id', '=', id).execute();
  await syncOccurrences(trx, ownerId, [id]);
}

export async function overridesOf(db: Db, ownerId: string, eventId: string): Promise<EventOverrideRow[]> {
  return db.selectFrom('event_overrides').selectAll().where('owner_id', '=', ownerId).where('event_id', '=', eventId).execute();
}

export type OverrideValues = Omit<Insertable<Database['event_overrides']>, 'event_id' | 'owner_id' | 'original_start'>;

/** Writes the override of one occurrence (by its original start), replacing any earlier one. */
export async function putOverride(trx: Db, ownerId: string, eventId: string, originalStart: string, values: OverrideValues): Promise<void> {
  await trx
    .insertInto('event_overrides')
    .values({ event_id: eventId, owner_id: ownerId, original_start: originalStart, ...values })
    .onConflict((oc) => oc.columns(['event_id', 'original_start']).doUpdateSet(values))
    .execute();
  await syncOccurrences(trx, ownerId, [eventId]);
}

/**
 * Forgets the changes of single occurrences that are still shown (moved, renamed, cancelled); the
 * deleted ones stay, so readers of deleted markers still learn of them.
 */
export async function dropLiveOverrides(trx: Db, ownerId: string, eventId: string): Promise<void> {
  await trx.deleteFrom('event_overrides').where('owner_id', '=', ownerId).where('event_id', '=', eventId).where('deleted_at', 'is', null).execute();
  await syncOccurrences(trx, ownerId, [eventId]);
}
