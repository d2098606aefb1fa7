import { sql } from 'kysely';
import { newId } from '../../domain/ids.js';
import type { Db } from '../db.js';
import type { WebhookDeliveryRow, WebhookEndpointRow, WebhookEventRow } from '../schema.js';

/** The delivery queue's verbs (webhook_deliveries), executor first, instants from the caller's clock. */

export interface ClaimDeliveries {
  workerId: string;
  now: Date;
  limit: number;
  leaseMs: number;
  /** At most this many deliveries in flight per endpoint, across every instance (docs/spec-decisions.md §8: 5). */
  perEndpoint: number;
}

/**
 * Claims due deliveries, oldest first, in one transaction: candidates FOR UPDATE SKIP LOCKED (so any
 * number of instances claim without waiting on each other or taking the same one), then at most
 * `perEndpoint` in flight per endpoint counting the leases already held. Deliveries of a suspended
 * app's tokens are held: not claimed, not failed, until it is unsuspended.
 */
export async function claimDeliveries(db: Db, c: ClaimDeliveries): Promise<WebhookDeliveryRow[]> {
  return db.transaction().execute(async (trx) => {
    const candidates = await trx
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_endpoints as p', 'p.id', 'd.endpoint_id')
      .leftJoin('tokens as t', 't.id', 'd.token_id')
      // The app is the endpoint's (an app endpoint) or the token's (an OAuth access token's own endpoint).
      .leftJoin('apps as a', (join) => join.on(sql<boolean>`a.id = coalesce(p.app_id, t.app_id)`))
      .select(['d.id', 'd.endpoint_id'])
      .where('d.status', '=', 'pending')
      .where('d.next_attempt_at', '<=', c.now)
      .where((eb) => eb.or([eb('d.locked_until', 'is', null), eb('d.locked_until', '<=', c.now)]))
      .where('a.suspended_at', 'is', null)
      .orderBy('d.next_attempt_at')
      .orderBy('d.id')
      .limit(c.limit * 4)
      .forUpdate('d')
      .skipLocked()
      .execute();
    if (candidates.length === 0) return [];
    const endpoints = [...new Set(candidates.map((d) => d.endpoint_id))];
    const inFlight = await trx
      .selectFrom('webhook_deliveries')
      .select(['endpoint_id', (eb) => eb.fn.countAll<string>().as('n')])
      .where('endpoint_id', 'in', endpoints)
      .where('status', '=', 'pending')
      .where('locked_until', '>', c.now)
      .groupBy('endpoint_id')
      .execute();
    const busy = new Map(inFlight.map((r) => [r.endpoint_id, Number(r.n)]));
    const chosen: string[] = [];
    for (const d of candidates) {
      if (chosen.length >= c.limit) break;
      const n = busy.get(d.endpoint_id) ?? 0;
      if (n >= c.perEndpoint) continue;
      busy.set(d.endpoint_id, n + 1);
      chosen.push(d.id);
    }
    if (chosen.length === 0) return [];
    return trx
      .updateTable('webhook_deliveries')
      .set((eb) => ({ locked_by: c.workerId, locked_until: new Date(c.now.getTime() + c.leaseMs), attempts: eb('attempts', '+', 1) }))
      .where('id', 'in', chosen)
      .returningAll()
      .execute();
  });
}

export interface DeliveryContext {
  event: WebhookEventRow;
  endpoint: WebhookEndpointRow;
  tokenMode: 'live' | 'test';
  accountId: string;
  ownerEmail: string | null;
  ownerName: string;
}

/**
 * What attempting a batch of deliveries needs, in four reads for the whole batch. `account` is the
 * account whose event it is (the delivery's owner: for an app endpoint, the connected owner); the
 * email and name are of who manages the endpoint (told when it is disabled).
 */
export async function deliveryContexts(db: Db, batch: readonly WebhookDeliveryRow[]): Promise<Map<string, DeliveryContext>> {
  const out = new Map<string, DeliveryContext>();
  if (batch.length === 0) return out;
  const tokenIds = [...new Set(batch.map((d) => d.token_id).filter((id): id is string => id !== null))];
  const [events, endpoints, modes] = await Promise.all([
    db.selectFrom('webhook_events').selectAll().where('id', 'in', [...new Set(batch.map((d) => d.event_id))]).execute(),
    db.selectFrom('webhook_endpoints').selectAll().where('id', 'in', [...new Set(batch.map((d) => d.endpoint_id))]).execute(),
    tokenIds.length === 0 ? [] : db.selectFrom('tokens').select(['id', 'mode']).where('id', 'in', tokenIds).execute(),
  ]);
  const ownerIds = [...new Set([...batch.map((d) => d.owner_id), ...endpoints.map((e) => e.owner_id)])];
  const owners = await db.selectFrom('owners').select(['id', 'account_id', 'email', 'display_name']).where('id', 'in', ownerIds).execute();
  const eventBy = new Map(events.map((e) => [e.id, e]));
  const endpointBy = new Map(endpoints.map((e) => [e.id, e]));
  const modeBy = new Map(modes.map((t) => [t.id, t.mode]));
  const ownerBy = new Map(owners.map((o) => [o.id, o]));
  for (const d of batch) {
    const event = eventBy.get(d.event_id);
    const endpoint = endpointBy.get(d.endpoint_id);
    const whose = ownerBy.get(d.owner_id);
    const manager = endpoint ? ownerBy.get(endpoint.owner_id) : undefined;
    // An app endpoint's deliveries are owed to grants, whose tokens are live-mode.
    const mode = d.token_id === null ? 'live' : modeBy.get(d.token_id);
    if (event && endpoint && whose && manager && mode) {
      out.set(d.id, { event, endpoint, tokenMode: mode, accountId: whose.account_id, ownerEmail: manager.email, ownerName: manager.display_name });
    }
  }
  return out;
}

/** Gives up the deliveries still waiting for one of the owner's tokens or grants (it was revoked, or its owner left). */
export async function cancelPendingDeliveries(db: Db, ownerId: string, of: { tokenId: string } | { grantId: string }, why: string, now: Date): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'cancelled', finished_at: now, last_error: why })
    .where('owner_id', '=', ownerId)
    .where('tokenId' in of ? 'token_id' : 'grant_id', '=', 'tokenId' in of ? of.tokenId : of.grantId)
    .where('status', '=', 'pending')
    .execute();
}

export interface AttemptRecord {
  deliveryId: string;
  endpointId: string;
  attempt: number;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
}

export async function logAttempt(trx: Db, a: AttemptRecord): Promise<void> {
  await trx
    .insertInto('webhook_attempts')
    .values({ id: newId(), delivery_id: a.deliveryId, endpoint_id: a.endpointId, attempt: a.attempt, started_at: a.startedAt, duration_ms: a.durationMs, status_code: a.statusCode, error: a.error?.slice(0, 2000) ?? null })
    .execute();
}

/** Ends the claim with an outcome; false when the caller no longer holds the delivery (its lease ran out and another took it). */
export async function finishDelivery(
  trx: Db,
  id: string,
  workerId: string,
  o: { status: 'pending' | 'succeeded' | 'failed'; nextAttemptAt?: Date; lastStatus: number | null; lastError: string | null; now: Date },
): Promise<boolean> {
  const r = await trx
    .updateTable('webhook_deliveries')
    .set({
      status: o.status,
      locked_by: null,
      locked_until: null,
      last_status: o.lastStatus,
      last_error: o.lastError?.slice(0, 2000) ?? null,
      ...(o.nextAttemptAt ? { next_attempt_at: o.nextAttemptAt } : {}),
      ...(o.status === 'pending' ? {} : { finished_at: o.now }),
    })
    .where('id', '=', id)
    .where('locked_by', '=', workerId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Hands a claimed delivery back untouched (the worker is closing): due again at once, the attempt not counted. */
export async function releaseDelivery(db: Db, id: string, workerId: string): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set((eb) => ({ locked_by: null, locked_until: null, attempts: sql<number>`greatest(${eb.ref('attempts')} - 1, 0)` }))
    .where('id', '=', id)
    .where('locked_by', '=', workerId)
    .execute();
}
