import { sql, type Insertable } from 'kysely';
import type { Db } from '../db.js';
import type { BookingSettingsTable } from '../schema.js';

/** The owner's two change counters (migration 0002): one primary-key read. */
/** The change counters of some owners (an owner without a row has never changed: all 1). */
export async function ownerVersions(db: Db, ownerIds: string[]): Promise<Map<string, { busy: string; settings: string; tasks: string }>> {
  const rows = await db
    .selectFrom('owner_versions')
    .select(['owner_id', sql<string>`busy::text`.as('busy'), sql<string>`settings::text`.as('settings'), sql<string>`tasks::text`.as('tasks')])
    .where('owner_id', '=', sql<string>`ANY(${ownerIds}::uuid[])`)
    .execute();
  const found = new Map(rows.map((r) => [r.owner_id, { busy: r.busy, settings: r.settings, tasks: r.tasks }]));
  return new Map(ownerIds.map((id) => [id, found.get(id) ?? { busy: '1', settings: '1', tasks: '1' }]));
}

/** Everything of the owner's booking that availability reads, or null for an unknown or deleted owner. */
export async function bookingState(
  db: Db,
  ownerId: string,
): Promise<{ timezone: string; enabled: boolean; rules: unknown; durations: Map<string, number> } | null> {
  const row = await db
    .selectFrom('owners as o')
    .innerJoin('booking_settings as b', 'b.owner_id', 'o.id')
    .select(['o.timezone', 'b.enabled', 'b.rules'])
    .where('o.id', '=', ownerId)
    .where('o.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  const types = await db.selectFrom('appointment_types').select(['id', 'duration_minutes']).where('owner_id', '=', ownerId).where('deleted_at', 'is', null).execute();
  return { timezone: row.timezone, enabled: row.enabled, rules: row.rules, durations: new Map(types.map((t) => [t.id, t.duration_minutes])) };
}

export async function bookingSettingsRow(db: Db, ownerId: string): Promise<{ enabled: boolean; rules: unknown } | undefined> {
  return db.selectFrom('booking_settings').select(['enabled', 'rules']).where('owner_id', '=', ownerId).executeTakeFirst();
}

/** The owner's first booking settings (a new owner's: switched off). */
export async function insertBookingSettings(db: Db, row: Insertable<BookingSettingsTable>): Promise<void> {
  await db.insertInto('booking_settings').values(row).execute();
}

export async function saveBookingSettings(db: Db, ownerId: string, enabled: boolean, rules: unknown, now: Date): Promise<void> {
  await db
    .insertInto('booking_settings')
    .values({ owner_id: ownerId, enabled, rules: JSON.stringify(rules), updated_at: now })
    .onConflict((oc) => oc.column('owner_id').doUpdateSet({ enabled, rules: JSON.stringify(rules), updated_at: now }))
    .execute();
}

/** Accepted appointments' slots overlapping [from, to). */
export async function acceptedSlots(db: Db, ownerId: string, from: Date, to: Date): Promise<{ start: Date; end: Date }[]> {
  const rows = await db
    .selectFrom('requests')
    .select(['slot_start', 'slot_end'])
    .where('owner_id', '=', ownerId)
    .where('kind', '=', 'appointment')
    .where('status', '=', 'accepted')
    .where('deleted_at', 'is', null)
    .where('slot_start', '<', to)
    .where('slot_end', '>', from)
    .execute();
  return rows.flatMap((r) => (r.slot_start && r.slot_end ? [{ start: r.slot_start, end: r.slot_end }] : []));
}

/** Busy time imported from the owner's feeds overlapping [from, to). Never returned by any route. */
export async function importedBusy(db: Db, ownerId: string, from: Date, to: Date): Promise<{ start: Date; end: Date }[]> {
  const rows = await db
    .selectFrom('imported_busy')
    .select(['start_at', 'end_at'])
    .where('owner_id', '=', ownerId)
    .where('start_at', '<', to)
    .where('end_at', '>', from)
    .execute();
  return rows.map((r) => ({ start: r.start_at, end: r.end_at }));
}

export async function disableBooking(db: Db, ownerId: string, now: Date): Promise<void> {
  await db.updateTable('booking_settings').set({ enabled: false, updated_at: now }).where('owner_id', '=', ownerId).execute();
}
