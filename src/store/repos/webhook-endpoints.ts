import type { Insertable } from 'kysely';
import type { Db } from '../db.js';
import type { EndpointDisabledReason, WebhookAttemptRow, WebhookEndpointRow, WebhookEndpointsTable } from '../schema.js';

/** Webhook endpoints of the owner's tokens, and what happens to their deliveries when one goes away. */

/** One live (not removed) endpoint of the owner. */
export async function findEndpoint(db: Db, ownerId: string, id: string): Promise<WebhookEndpointRow | undefined> {
  return db.selectFrom('webhook_endpoints').selectAll().where('owner_id', '=', ownerId).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

/** How many live endpoints one of the owner's tokens has. */
export async function countTokenEndpoints(db: Db, ownerId: string, tokenId: string): Promise<number> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('owner_id', '=', ownerId)
    .where('token_id', '=', tokenId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertEndpoint(db: Db, row: Insertable<WebhookEndpointsTable>): Promise<WebhookEndpointRow> {
  return db.insertInto('webhook_endpoints').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The owner's live endpoints of tokens (of one token, when given), oldest first; app endpoints are listed with their apps. */
export async function listEndpointRows(db: Db, ownerId: string, tokenId: string | null): Promise<WebhookEndpointRow[]> {
  let q = db.selectFrom('webhook_endpoints').selectAll().where('owner_id', '=', ownerId).where('token_id', 'is not', null).where('deleted_at', 'is', null);
  if (tokenId) q = q.where('token_id', '=', tokenId);
  return q.orderBy('created_at').orderBy('id').execute();
}

export async function markEndpointDeleted(db: Db, ownerId: string, id: string, now: Date): Promise<void> {
  await db.updateTable('webhook_endpoints').set({ deleted_at: now, updated_at: now }).where('owner_id', '=', ownerId).where('id', '=', id).execute();
}

/** A new signing secret; the previous one keeps signing until `previousExpiresAt`. */
export async function rotateEndpointSecret(
  db: Db,
  ownerId: string,
  id: string,
  r: { secret: string; previousSecret: string; previousExpiresAt: Date; now: Date },
): Promise<WebhookEndpointRow> {
  return db
    .updateTable('webhook_endpoints')
    .set({ secret: r.secret, previous_secret: r.previousSecret, previous_secret_expires_at: r.previousExpiresAt, updated_at: r.now })
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Only the current secret signs from now on. */
export async function dropPreviousSecret(db: Db, ownerId: string, id: string, now: Date): Promise<WebhookEndpointRow> {
  return db
    .updateTable('webhook_endpoints')
    .set({ previous_secret: null, previous_secret_expires_at: null, updated_at: now })
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Marks the endpoint disabled, unless it is already. By id alone: the delivery worker disables the
 * endpoint of a delivery it holds (the id comes from that row, not from a caller's input).
 */
export async function markEndpointDisabled(db: Db, id: string, reason: EndpointDisabledReason, now: Date): Promise<void> {
  await db.updateTable('webhook_endpoints').set({ disabled_at: now, disabled_reason: reason, updated_at: now }).where('id', '=', id).where('disabled_at', 'is', null).execute();
}

/** Enabled again, keeping its secret; the failure clock starts afresh. */
export async function markEndpointEnabled(db: Db, ownerId: string, id: string, now: Date): Promise<WebhookEndpointRow> {
  return db
    .updateTable('webhook_endpoints')
    .set({ disabled_at: null, disabled_reason: null, failing_since: null, updated_at: now })
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Gives up the endpoint's deliveries still waiting. By endpoint id alone, as markEndpointDisabled (whose caller it shares). */
export async function cancelEndpointDeliveries(db: Db, endpointId: string, why: string, now: Date): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'cancelled', finished_at: now, last_error: why })
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'pending')
    .execute();
}

export interface DeliveryLogRow {
  id: string;
  event_id: string;
  type: string;
  status: string;
  attempts: number;
  next_attempt_at: Date;
  last_status: number | null;
  last_error: string | null;
  created_at: Date;
}

/**
 * The endpoint's latest deliveries with their event's type, newest first. Filtered on who manages
 * the endpoint (an app endpoint's deliveries carry the connected owners' ids, not the developer's).
 */
export async function endpointDeliveries(db: Db, ownerId: string, endpointId: string, limit: number): Promise<DeliveryLogRow[]> {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as p', 'p.id', 'd.endpoint_id')
    .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
    .select(['d.id', 'd.event_id', 'e.type', 'd.status', 'd.attempts', 'd.next_attempt_at', 'd.last_status', 'd.last_error', 'd.created_at'])
    .where('p.owner_id', '=', ownerId)
    .where('d.endpoint_id', '=', endpointId)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();
}

/** The attempts of these deliveries, in order (webhook_attempts has no owner_id: the ids come from endpointDeliveries). */
export async function deliveryAttempts(db: Db, deliveryIds: readonly string[]): Promise<WebhookAttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  return db.selectFrom('webhook_attempts').selectAll().where('delivery_id', 'in', deliveryIds).orderBy('attempt').execute();
}

/** The receiver answered 2xx: the endpoint is healthy, whatever it was before. */
export async function markEndpointHealthy(db: Db, ownerId: string, id: string, now: Date): Promise<void> {
  await db.updateTable('webhook_endpoints').set({ last_success_at: now, failing_since: null }).where('owner_id', '=', ownerId).where('id', '=', id).execute();
}

/**
 * Locks the endpoints' rows for the rest of the transaction, in id order: transactions that record
 * outcomes of several endpoints (workers on other instances) then wait for one another instead of
 * deadlocking (PostgreSQL would abort one, and its attempts would be made again after their lease).
 * NO KEY UPDATE, as the updates of the endpoint's health take: deliveries still being added meanwhile.
 */
export async function lockEndpoints(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.selectFrom('webhook_endpoints').select('id').where('id', 'in', [...ids]).orderBy('id').forNoKeyUpdate().execute();
}

/** The endpoint's health as it is now, its row locked for the rest of the transaction. */
export async function lockEndpointHealth(
  db: Db,
  ownerId: string,
  id: string,
): Promise<Pick<WebhookEndpointRow, 'failing_since' | 'last_success_at' | 'disabled_at'> | undefined> {
  return db
    .selectFrom('webhook_endpoints')
    .select(['failing_since', 'last_success_at', 'disabled_at'])
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

/** The first failure after a success: the 5 days before auto-disable count from `now`. */
export async function markEndpointFailing(db: Db, ownerId: string, id: string, now: Date): Promise<void> {
  await db.updateTable('webhook_endpoints').set({ failing_since: now }).where('owner_id', '=', ownerId).where('id', '=', id).execute();
}

/** The app's live endpoint (at most one; migration 0015), of the developer who manages it. */
export async function findAppEndpoint(db: Db, ownerId: string, appId: string): Promise<WebhookEndpointRow | undefined> {
  return db.selectFrom('webhook_endpoints').selectAll().where('owner_id', '=', ownerId).where('app_id', '=', appId).where('deleted_at', 'is', null).executeTakeFirst();
}

/** A new address for the endpoint, keeping its secret. */
export async function setEndpointUrl(db: Db, ownerId: string, id: string, url: string, description: string | null, now: Date): Promise<WebhookEndpointRow> {
  return db
    .updateTable('webhook_endpoints')
    .set({ url, description, updated_at: now })
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The event types the endpoint receives from now on (null: every type its scopes allow; migration 0018). */
export async function setEndpointEventTypes(db: Db, ownerId: string, id: string, eventTypes: readonly string[] | null, now: Date): Promise<WebhookEndpointRow> {
  return db
    .updateTable('webhook_endpoints')
    .set({ event_types: eventTypes === null ? null : [...eventTypes], updated_at: now })
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The app was deleted: its endpoint goes too (by app id: the caller holds the app's row). */
export async function markAppEndpointDeleted(db: Db, appId: string, now: Date): Promise<string | undefined> {
  const row = await db.updateTable('webhook_endpoints').set({ deleted_at: now, updated_at: now }).where('app_id', '=', appId).where('deleted_at', 'is', null).returning('id').executeTakeFirst();
  return row?.id;
}
