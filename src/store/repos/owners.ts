import type { Insertable } from 'kysely';
import type { Db } from '../db.js';
import type { OwnerRow, OwnersTable } from '../schema.js';

export async function findOwner(db: Db, ownerId: string): Promise<OwnerRow | undefined> {
  return db.selectFrom('owners').selectAll().where('id', '=', ownerId).where('deleted_at', 'is', null).executeTakeFirst();
}

export async function findOwnerByUsername(db: Db, username: string): Promise<OwnerRow | undefined> {
  return db.selectFrom('owners').selectAll().where('username', '=', username).where('deleted_at', 'is', null).executeTakeFirst();
}

export async function insertOwner(db: Db, row: Insertable<OwnersTable>): Promise<void> {
  await db.insertInto('owners').values(row).execute();
}

export async function isBookingEnabled(db: Db, ownerId: string): Promise<boolean> {
  const row = await db.selectFrom('booking_settings').select('enabled').where('owner_id', '=', ownerId).executeTakeFirst();
  return row?.enabled ?? false;
}

export async function calendarSlugs(db: Db, ownerId: string): Promise<Map<string, string>> {
  const rows = await db.selectFrom('calendars').select(['id', 'slug']).where('owner_id', '=', ownerId).execute();
  return new Map(rows.map((r) => [r.id, r.slug]));
}

export async function setPasswordHash(db: Db, ownerId: string, hash: string, now: Date): Promise<void> {
  await db.updateTable('owners').set({ password_hash: hash, updated_at: now }).where('id', '=', ownerId).execute();
}

/** Marks the owner deleted: every token of it then answers 401, and no password signs in. */
export async function markOwnerDeleted(db: Db, ownerId: string, now: Date): Promise<void> {
  await db.updateTable('owners').set({ deleted_at: now, updated_at: now, password_hash: null }).where('id', '=', ownerId).execute();
}

/** The id of the owner of a username, a deleted owner's too (the demo replaces its own owner, whatever its state). */
export async function ownerIdByUsername(db: Db, username: string): Promise<string | undefined> {
  return (await db.selectFrom('owners').select('id').where('username', '=', username).executeTakeFirst())?.id;
}

/** Deletes the owner's row; everything the owner holds goes with it (ON DELETE CASCADE). */
export async function deleteOwner(db: Db, ownerId: string): Promise<void> {
  await db.deleteFrom('owners').where('id', '=', ownerId).execute();
}
