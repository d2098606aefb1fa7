import { sql } from 'kysely';
import type { Db } from '../db.js';
import type { AppointmentTypeRow } from '../schema.js';

/** What answering availability for one type needs, in one round trip. */
export interface BookingContext {
  timezone: string;
  enabled: boolean;
  rules: unknown;
  settingsUpdatedAt: Date;
  durationMinutes: number;
  /** The owner's busy-time version (moved by triggers, migration 0002). */
  busyVersion: string;
}

/** The owner's booking context for a live appointment type, or null when the type is not theirs or is deleted. */
export async function bookingContext(db: Db, ownerId: string, typeId: string): Promise<BookingContext | null> {
  const row = await db
    .selectFrom('owners as o')
    .innerJoin('booking_settings as b', 'b.owner_id', 'o.id')
    .innerJoin('appointment_types as t', (j) => j.onRef('t.owner_id', '=', 'o.id').on('t.id', '=', typeId).on('t.deleted_at', 'is', null))
    .leftJoin('owner_busy_versions as v', 'v.owner_id', 'o.id')
    .select(['o.timezone', 'b.enabled', 'b.rules', 'b.updated_at', 't.duration_minutes', sql<string>`coalesce(v.version, 1)::text`.as('version')])
    .where('o.id', '=', ownerId)
    .where('o.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  return {
    timezone: row.timezone,
    enabled: row.enabled,
    rules: row.rules,
    settingsUpdatedAt: row.updated_at,
    durationMinutes: row.duration_minutes,
    busyVersion: row.version,
  };
}

export async function busyVersion(db: Db, ownerId: string): Promise<string> {
  const row = await db.selectFrom('owner_busy_versions').select(sql<string>`version::text`.as('version')).where('owner_id', '=', ownerId).executeTakeFirst();
  return row?.version ?? '1';
}

export async function bookingSettingsRow(db: Db, ownerId: string): Promise<{ enabled: boolean; rules: unknown } | undefined> {
  return db.selectFrom('booking_settings').select(['enabled', 'rules']).where('owner_id', '=', ownerId).executeTakeFirst();
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

/** All of the owner's appointment types, live ones in order (for `booking get/set`). */
export async function appointmentTypeRows(db: Db, ownerId: string): Promise<AppointmentTypeRow[]> {
  return db.selectFrom('appointment_types').selectAll().where('owner_id', '=', ownerId).where('deleted_at', 'is', null).orderBy('position').orderBy('id').execute();
}
