import type { Db } from '../db.js';
import type { OwnerRow } from '../schema.js';

/** The owner's console sessions: each row is kept under the SHA-256 of its cookie value, never the value. */

export async function insertSession(db: Db, s: { idHash: string; ownerId: string; now: Date; expiresAt: Date }): Promise<void> {
  await db.insertInto('sessions').values({ id_hash: s.idHash, owner_id: s.ownerId, created_at: s.now, last_seen_at: s.now, expires_at: s.expiresAt }).execute();
}

export type SessionOwner = OwnerRow & { id_hash: string; last_seen_at: Date; expires_at: Date };

/**
 * The session of a cookie with its owner (a deleted owner too: the caller refuses it). By the
 * cookie's hash alone: it is unique across owners, and which owner it is is what this finds out.
 */
export async function sessionWithOwner(db: Db, idHash: string): Promise<SessionOwner | undefined> {
  return db
    .selectFrom('sessions as s')
    .innerJoin('owners as o', 'o.id', 's.owner_id')
    .selectAll('o')
    .select(['s.id_hash', 's.last_seen_at', 's.expires_at'])
    .where('s.id_hash', '=', idHash)
    .executeTakeFirst();
}

/** Keeps a session in use alive: seen now, expiring at `expiresAt`. */
export async function extendSession(db: Db, ownerId: string, idHash: string, now: Date, expiresAt: Date): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now, expires_at: expiresAt }).where('owner_id', '=', ownerId).where('id_hash', '=', idHash).execute();
}

/** Signing out: by the cookie's hash alone, which is unique across owners (the cookie is all the request holds). */
export async function deleteSession(db: Db, idHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
}

/** Ends every session of the owner but the one kept (a password change). */
export async function endOtherSessions(db: Db, ownerId: string, keepIdHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('owner_id', '=', ownerId).where('id_hash', '!=', keepIdHash).execute();
}

/** Ends every session of the owner (the account is deleted). */
export async function endSessions(db: Db, ownerId: string): Promise<void> {
  await db.deleteFrom('sessions').where('owner_id', '=', ownerId).execute();
}
