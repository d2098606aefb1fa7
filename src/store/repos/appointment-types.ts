import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../db.js';
import type { AppointmentTypeRow, AppointmentTypesTable } from '../schema.js';

/** The owner's appointment types in the owner's order. */
export async function listAppointmentTypes(db: Db, ownerId: string): Promise<AppointmentTypeRow[]> {
  return db
    .selectFrom('appointment_types')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is', null)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function insertAppointmentTypes(db: Db, rows: readonly Insertable<AppointmentTypesTable>[]): Promise<void> {
  await db.insertInto('appointment_types').values(rows).execute();
}

export async function updateAppointmentType(db: Db, ownerId: string, id: string, change: Updateable<AppointmentTypesTable>): Promise<void> {
  await db.updateTable('appointment_types').set(change).where('owner_id', '=', ownerId).where('id', '=', id).execute();
}

/** Deletes the owner's types (the rows stay: requests made for one still name it). */
export async function deleteAppointmentTypes(db: Db, ownerId: string, ids: readonly string[], now: Date): Promise<void> {
  await db.updateTable('appointment_types').set({ deleted_at: now, updated_at: now }).where('owner_id', '=', ownerId).where('id', 'in', ids).execute();
}
