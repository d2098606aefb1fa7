import { sql } from 'kysely';
import type { Db } from '../db.js';

/** A stored outcome: the HTTP status and the JSON body (an error's body without its requestId). */
export interface KeyRecord {
  fingerprint: string;
  status: number | null;
  body: unknown;
}

/** The key's record if it was used in the last 24 hours (`since` is 24 hours before now). */
export async function findKey(db: Db, tokenId: string, key: string, since: Date): Promise<KeyRecord | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .select(['fingerprint', 'status', 'body'])
    .where('token_id', '=', tokenId)
    .where('key', '=', key)
    .where('created_at', '>', since)
    .executeTakeFirst();
}

/**
 * Takes the key for this call inside the caller's transaction: true when this call is the first. A
 * record older than 24 hours is forgotten first. When another transaction holds the key uncommitted,
 * PostgreSQL makes this insert wait for it (bounded by the transaction's lock_timeout).
 */
export async function claimKey(trx: Db, k: { tokenId: string; key: string; fingerprint: string; now: Date; since: Date }): Promise<boolean> {
  await trx.deleteFrom('idempotency_keys').where('token_id', '=', k.tokenId).where('key', '=', k.key).where('created_at', '<=', k.since).execute();
  const inserted = await trx
    .insertInto('idempotency_keys')
    .values({ token_id: k.tokenId, key: k.key, fingerprint: k.fingerprint, status: null, body: null, created_at: k.now })
    .onConflict((oc) => oc.columns(['token_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function saveOutcome(trx: Db, tokenId: string, key: string, status: number, body: unknown): Promise<void> {
  await trx
    .updateTable('idempotency_keys')
    .set({ status, body: JSON.stringify(body) })
    .where('token_id', '=', tokenId)
    .where('key', '=', key)
    .execute();
}

/** Forgets keys older than `before` (run now and then; expired keys are ignored by every read anyway). */
export async function sweepKeys(db: Db, before: Date): Promise<number> {
  const r = await db.deleteFrom('idempotency_keys').where('created_at', '<=', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Waits at most this long for another transaction holding a row this one needs. */
export async function setLockTimeout(trx: Db, ms: number): Promise<void> {
  await sql.raw(`SET LOCAL lock_timeout = '${Math.floor(ms)}ms'`).execute(trx);
}
