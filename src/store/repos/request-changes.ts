import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../db.js';
import type { RequestRow, RequestsTable } from '../schema.js';

/** Writes of requests and what their limits read; every function takes the caller's transaction. */

/**
 * The request locked for a change (FOR UPDATE), or undefined when the owner has no such live request.
 * A null owner looks it up by id alone: the requester's status link (signed for that id) and a job
 * keyed by the request's id name no owner.
 */
export async function lockRequest(trx: Db, ownerId: string | null, id: string): Promise<RequestRow | undefined> {
  let q = trx.selectFrom('requests').selectAll().where('id', '=', id).where('deleted_at', 'is', null);
  if (ownerId !== null) q = q.where('owner_id', '=', ownerId);
  return q.forUpdate().executeTakeFirst();
}

export async function insertRequest(trx: Db, row: Insertable<RequestsTable>): Promise<RequestRow> {
  return trx.insertInto('requests').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Many requests at once (the demo). */
export async function insertRequests(trx: Db, rows: readonly Insertable<RequestsTable>[]): Promise<void> {
  await trx.insertInto('requests').values(rows).execute();
}

export async function updateRequest(trx: Db, ownerId: string, id: string, change: Updateable<RequestsTable>): Promise<RequestRow> {
  return trx.updateTable('requests').set(change).where('owner_id', '=', ownerId).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export interface Identity {
  email: string | null;
  phone: string | null;
}

const sameRequester = (id: Identity) =>
  sql<boolean>`(${id.email !== null ? sql`requester_email = ${id.email}` : sql`false`} OR ${id.phone !== null ? sql`requester_phone = ${id.phone}` : sql`false`})`;

/**
 * Serializes the creations of one requester at one owner until the transaction ends, so two calls at
 * once cannot both pass the limits (a transaction-scoped advisory lock on each identity, in order).
 */
export async function lockRequester(trx: Db, ownerId: string, id: Identity): Promise<void> {
  const keys = [id.email && `e:${id.email}`, id.phone && `p:${id.phone}`].filter((k): k is string => !!k).sort();
  for (const k of keys) await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${ownerId}|${k}`}, 0))`.execute(trx);
}

/**
 * The requester's pending requests at the owner, in one mode (test requests count apart from live
 * ones), and the earliest time one of them ends (its expiry, at the latest).
 */
export async function pendingOf(trx: Db, ownerId: string, id: Identity, test: boolean): Promise<{ count: number; firstEnds: Date | null }> {
  const r = await trx
    .selectFrom('requests')
    .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.min('expires_at').as('first')])
    .where('owner_id', '=', ownerId)
    .where('status', '=', 'pending')
    .where('test', '=', test)
    .where('deleted_at', 'is', null)
    .where(sameRequester(id))
    .executeTakeFirstOrThrow();
  return { count: Number(r.n), firstEnds: (r.first as Date | null) ?? null };
}

/** When the requester's requests at the owner were made since `since`, oldest first (any source, any status). */
export async function creationsSince(trx: Db, ownerId: string, id: Identity, test: boolean, since: Date): Promise<Date[]> {
  const rows = await trx
    .selectFrom('requests')
    .select('created_at')
    .where('owner_id', '=', ownerId)
    .where('test', '=', test)
    .where('created_at', '>', since)
    .where(sameRequester(id))
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.created_at);
}

/** Whether the owner blocked this requester (by email or phone). */
export async function isBlocked(trx: Db, ownerId: string, id: Identity): Promise<boolean> {
  const row = await trx
    .selectFrom('contacts')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('blocked', '=', true)
    .where(sql<boolean>`(${id.email !== null ? sql`lower(email) = ${id.email}` : sql`false`} OR ${id.phone !== null ? sql`phone = ${id.phone}` : sql`false`})`)
    .executeTakeFirst();
  return row !== undefined;
}

/** The owner's display name and zone and, for an appointment, its type's name (deleted types too). */
export async function requestContext(trx: Db, ownerId: string, typeId: string | null): Promise<{ ownerName: string; ownerZone: string; typeName: string | null }> {
  const owner = await trx.selectFrom('owners').select(['display_name', 'timezone']).where('id', '=', ownerId).executeTakeFirstOrThrow();
  const type = typeId ? await trx.selectFrom('appointment_types').select('name').where('id', '=', typeId).executeTakeFirst() : undefined;
  return { ownerName: owner.display_name, ownerZone: owner.timezone, typeName: type?.name ?? null };
}
