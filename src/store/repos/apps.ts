import type { Insertable } from 'kysely';
import type { Db } from '../db.js';
import type { AppRow, AppsTable } from '../schema.js';

/**
 * OAuth apps (docs/oauth.md). An app belongs to the owner who registered it; the token endpoint and
 * the consent page look one up by its id alone (the client_id, unique across owners) and say so.
 */
export async function insertApp(db: Db, row: Insertable<AppsTable>): Promise<void> {
  await db.insertInto('apps').values(row).execute();
}

/** The owner's registered apps, not deleted, oldest first. */
export async function listOwnerApps(db: Db, ownerId: string): Promise<AppRow[]> {
  return db.selectFrom('apps').selectAll().where('owner_id', '=', ownerId).where('deleted_at', 'is', null).orderBy('created_at').orderBy('id').execute();
}

/** One of the owner's apps, not deleted. */
export async function findOwnerApp(db: Db, ownerId: string, appId: string): Promise<AppRow | undefined> {
  return db.selectFrom('apps').selectAll().where('owner_id', '=', ownerId).where('id', '=', appId).where('deleted_at', 'is', null).executeTakeFirst();
}

/** An app by its client_id (its id, unique across owners): the client of /oauth/*. Deleted ones are unknown. */
export async function findClientApp(db: Db, appId: string): Promise<AppRow | undefined> {
  return db.selectFrom('apps').selectAll().where('id', '=', appId).where('deleted_at', 'is', null).where('owner_id', 'is not', null).executeTakeFirst();
}

export async function setAppSecret(db: Db, ownerId: string, appId: string, hash: string, lastFour: string): Promise<AppRow | undefined> {
  return db
    .updateTable('apps')
    .set({ secret_hash: hash, secret_last_four: lastFour })
    .where('owner_id', '=', ownerId)
    .where('id', '=', appId)
    .where('deleted_at', 'is', null)
    .where('client_type', '=', 'confidential')
    .returningAll()
    .executeTakeFirst();
}

export async function markAppDeleted(db: Db, ownerId: string, appId: string, now: Date): Promise<AppRow | undefined> {
  return db.updateTable('apps').set({ deleted_at: now }).where('owner_id', '=', ownerId).where('id', '=', appId).where('deleted_at', 'is', null).returningAll().executeTakeFirst();
}

/** Suspends or unsuspends an app (an operator's act: by id alone, any owner's). */
export async function setAppSuspension(db: Db, appId: string, suspension: { at: Date; reason: string } | null): Promise<AppRow | undefined> {
  return db
    .updateTable('apps')
    .set({ suspended_at: suspension?.at ?? null, suspended_reason: suspension?.reason ?? null })
    .where('id', '=', appId)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}
