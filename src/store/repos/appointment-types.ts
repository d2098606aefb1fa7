import type { Db } from '../db.js';
import type { AppointmentTypeRow } from '../schema.js';

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
