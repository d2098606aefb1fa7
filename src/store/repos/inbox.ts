import type { Db } from '../db.js';
import type { RequestRow } from '../schema.js';

/**
 * The owner's inbox as the console shows it: requests not from blocked contacts (docs/spec-decisions.md §3), not
 * deleted, each with its appointment type's name (deleted types too).
 */
export type InboxRow = RequestRow & { type_name: string | null };

function inbox(db: Db, ownerId: string) {
  return db
    .selectFrom('requests')
    .leftJoin('appointment_types', 'appointment_types.id', 'requests.appointment_type_id')
    .selectAll('requests')
    .select('appointment_types.name as type_name')
    .where('requests.owner_id', '=', ownerId)
    .where('requests.from_blocked', '=', false)
    .where('requests.deleted_at', 'is', null);
}

/** Requests waiting for a decision, the first to expire first. */
export async function pendingInboxRows(db: Db, ownerId: string, limit: number): Promise<InboxRow[]> {
  return inbox(db, ownerId)
    .where('requests.status', '=', 'pending')
    .orderBy('requests.expires_at', 'asc')
    .orderBy('requests.created_at')
    .limit(limit)
    .execute();
}

/** Accepted appointments and appointments with a new time proposed, by their slot. */
export async function bookedInboxRows(db: Db, ownerId: string, limit: number): Promise<InboxRow[]> {
  return inbox(db, ownerId)
    .where('requests.kind', '=', 'appointment')
    .where('requests.status', 'in', ['accepted', 'rescheduled'])
    .orderBy('requests.slot_start')
    .limit(limit)
    .execute();
}

/** What was handled (neither pending nor booked) and last changed at `since` or later, the latest first. */
export async function handledInboxRows(db: Db, ownerId: string, since: Date, limit: number): Promise<InboxRow[]> {
  return inbox(db, ownerId)
    .where('requests.updated_at', '>=', since)
    .where((eb) =>
      eb.and([eb('requests.status', '!=', 'pending'), eb.not(eb.and([eb('requests.kind', '=', 'appointment'), eb('requests.status', 'in', ['accepted', 'rescheduled'])]))]),
    )
    .orderBy('requests.updated_at', 'desc')
    .orderBy('requests.id')
    .limit(limit)
    .execute();
}

export async function inboxRow(db: Db, ownerId: string, requestId: string): Promise<InboxRow | undefined> {
  return inbox(db, ownerId).where('requests.id', '=', requestId).executeTakeFirst();
}
