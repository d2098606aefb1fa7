import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../db.js';
import type { Database, EventOverrideRow, EventRow } from '../schema.js';
import { syncOccurrences } from './occurrences.js';

/**
 * The writes of calendar events and their per-occurrence overrides (caller's transaction), all through
 * writeEvents, which rewrites the events' materialised occurrences in the same transaction.
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

export type NewEventRow = Insertable<Database['events']>;
export type NewOverrideRow = Insertable<Database['event_overrides']>;
export type OverrideValues = Omit<NewOverrideRow, 'event_id' | 'owner_id' | 'original_start'>;

/** A change of one of the owner's events: its row, then the overrides of its occurrences. */
export interface EventChange {
  id: string;
  /** The columns that change; none leaves the row as it is. */
  set?: Updateable<Database['events']>;
  /** Overrides forgotten: those of these original starts, or 'live': every one still shown (the deleted ones stay). */
  dropOverrides?: readonly string[] | 'live';
  /** Overrides written, each replacing any earlier one of its occurrence (by its original start). */
  putOverrides?: readonly { originalStart: string; values: OverrideValues }[];
}

export interface EventWrites {
  /** New events of the owner, in batches of 500 (an import or the demo writes many at once). */
  insert?: readonly NewEventRow[];
  /** Overrides of those new events. */
  insertOverrides?: readonly NewOverrideRow[];
  change?: readonly EventChange[];
}

const BATCH = 500;

/**
 * The one writer of the events table and of event_overrides: every new event, change of an event and
 * change of one of its occurrences goes through here, so the materialised occurrences (syncOccurrences)
 * are rewritten in the same transaction, after the writes. Changes come first, each event's row before
 * its overrides; then the new events and their overrides; then the occurrences of the new events, then
 * of the changed ones.
 */
export async function writeEvents(trx: Db, ownerId: string, w: EventWrites): Promise<void> {
  const changes = w.change ?? [];
  for (const c of changes) {
    if (c.set) await trx.updateTable('events').set(c.set).where('owner_id', '=', ownerId).where('id', '=', c.id).execute();
    if (c.dropOverrides === 'live') {
      await trx.deleteFrom('event_overrides').where('owner_id', '=', ownerId).where('event_id', '=', c.id).where('deleted_at', 'is', null).execute();
    } else if (c.dropOverrides && c.dropOverrides.length > 0) {
      await trx.deleteFrom('event_overrides').where('owner_id', '=', ownerId).where('event_id', '=', c.id).where('original_start', 'in', c.dropOverrides).execute();
    }
    for (const o of c.putOverrides ?? []) {
      await trx
        .insertInto('event_overrides')
        .values({ event_id: c.id, owner_id: ownerId, original_start: o.originalStart, ...o.values })
        .onConflict((oc) => oc.columns(['event_id', 'original_start']).doUpdateSet(o.values))
        .execute();
    }
  }
  const rows = w.insert ?? [];
  const overrides = w.insertOverrides ?? [];
  for (let i = 0; i < rows.length; i += BATCH) await trx.insertInto('events').values(rows.slice(i, i + BATCH)).execute();
  for (let i = 0; i < overrides.length; i += BATCH) await trx.insertInto('event_overrides').values(overrides.slice(i, i + BATCH)).execute();
  await syncOccurrences(trx, ownerId, rows.map((r) => r.id));
  await syncOccurrences(trx, ownerId, changes.map((c) => c.id));
}

export async function insertEvent(trx: Db, row: NewEventRow): Promise<void> {
  await writeEvents(trx, row.owner_id, { insert: [row] });
}

/** Many new events of one owner (an import, the demo), with their overrides, in batches. */
export async function insertEvents(trx: Db, ownerId: string, rows: readonly NewEventRow[], overrides: readonly NewOverrideRow[] = []): Promise<void> {
  await writeEvents(trx, ownerId, { insert: rows, insertOverrides: overrides });
}

export async function updateEventRow(trx: Db, ownerId: string, id: string, patch: Updateable<Database['events']>): Promise<void> {
  await writeEvents(trx, ownerId, { change: [{ id, set: patch }] });
}

export async function overridesOf(db: Db, ownerId: string, eventId: string): Promise<EventOverrideRow[]> {
  return db.selectFrom('event_overrides').selectAll().where('owner_id', '=', ownerId).where('event_id', '=', eventId).execute();
}

/** Writes the override of one occurrence (by its original start), replacing any earlier one. */
export async function putOverride(trx: Db, ownerId: string, eventId: string, originalStart: string, values: OverrideValues): Promise<void> {
  await writeEvents(trx, ownerId, { change: [{ id: eventId, putOverrides: [{ originalStart, values }] }] });
}

/**
 * Forgets the changes of single occurrences that are still shown (moved, renamed, cancelled); the
 * deleted ones stay, so readers of deleted markers still learn of them.
 */
export async function dropLiveOverrides(trx: Db, ownerId: string, eventId: string): Promise<void> {
  await writeEvents(trx, ownerId, { change: [{ id: eventId, dropOverrides: 'live' }] });
}
