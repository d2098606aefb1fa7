import type { Insertable } from 'kysely';
import { canonicalRedirectUris } from '../../domain/redirect-uris.js';
import type { Db } from '../db.js';
import type { AppRow, AppsTable } from '../schema.js';

/**
 * OAuth apps (docs/oauth.md). An app belongs to the owner who registered it; the token endpoint and
 * the consent page look one up by its id alone (the client_id, unique across owners) and say so.
 * Every row read has its redirect URIs in canonical form: an app registered before they were stored
 * so keeps working (domain/redirect-uris.ts).
 */

/** A row as the services see it: its redirect URIs canonical. */
function read(row: AppRow): AppRow;
function read(row: AppRow | undefined): AppRow | undefined;
function read(row: AppRow | undefined): AppRow | undefined {
  return row && { ...row, redirect_uris: canonicalRedirectUris(row.redirect_uris) };
}

export async function insertApp(db: Db, row: Insertable<AppsTable>): Promise<void> {
  await db.insertInto('apps').values(row).execute();
}

/** The owner's registered apps, not deleted, oldest first. */
export async function listOwnerApps(db: Db, ownerId: string): Promise<AppRow[]> {
  const rows = await db.selectFrom('apps').selectAll().where('owner_id', '=', ownerId).where('deleted_at', 'is', null).orderBy('created_at').orderBy('id').execute();
  return rows.map((r) => read(r));
}

/** One of the owner's apps, not deleted. */
export async function findOwnerApp(db: Db, ownerId: string, appId: string): Promise<AppRow | undefined> {
  return read(await db.selectFrom('apps').selectAll().where('owner_id', '=', ownerId).where('id', '=', appId).where('deleted_at', 'is', null).executeTakeFirst());
}

/** An app by its client_id (its id, unique across owners): the client of /oauth/*. Deleted ones are unknown. */
export async function findClientApp(db: Db, appId: string): Promise<AppRow | undefined> {
  return read(await db.selectFrom('apps').selectAll().where('id', '=', appId).where('deleted_at', 'is', null).where('owner_id', 'is not', null).executeTakeFirst());
}

export async function setAppSecret(db: Db, ownerId: string, appId: string, hash: string, lastFour: string): Promise<AppRow | undefined> {
  const row = await db
    .updateTable('apps')
    .set({ secret_hash: hash, secret_last_four: lastFour })
    .where('owner_id', '=', ownerId)
    .where('id', '=', appId)
    .where('deleted_at', 'is', null)
    .where('client_type', '=', 'confidential')
    .returningAll()
    .executeTakeFirst();
  return read(row);
}

export async function markAppDeleted(db: Db, ownerId: string, appId: string, now: Date): Promise<AppRow | undefined> {
  return read(await db.updateTable('apps').set({ deleted_at: now }).where('owner_id', '=', ownerId).where('id', '=', appId).where('deleted_at', 'is', null).returningAll().executeTakeFirst());
}

/** Suspends or unsuspends an app (an operator's act: by id alone, any owner's). */
export async function setAppSuspension(db: Db, appId: string, suspension: { at: Date; reason: string } | null): Promise<AppRow | undefined> {
  const row = await db
    .updateTable('apps')
    .set({ suspended_at: suspension?.at ?? null, suspended_reason: suspension?.reason ?? null })
    .where('id', '=', appId)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  return read(row);
}
