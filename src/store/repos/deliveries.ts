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
      .innerJoin('tokens as t', 't.id', 'd.token_id')
      .leftJoin('apps as a', 'a.id', 't.app_id')
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

/** What attempting a batch of deliveries needs, in three reads for the whole batch. */
export async function deliveryContexts(db: Db, batch: readonly WebhookDeliveryRow[]): Promise<Map<string, DeliveryContext>> {
  const out = new Map<string, DeliveryContext>();
  if (batch.length === 0) return out;
  const [events, endpoints, who] = await Promise.all([
    db.selectFrom('webhook_events').selectAll().where('id', 'in', [...new Set(batch.map((d) => d.event_id))]).execute(),
    db.selectFrom('webhook_endpoints').selectAll().where('id', 'in', [...new Set(batch.map((d) => d.endpoint_id))]).execute(),
    db
      .selectFrom('tokens as t')
      .innerJoin('owners as o', 'o.id', 't.owner_id')
      .select(['t.id', 't.mode', 'o.account_id', 'o.email', 'o.display_name'])
      .where('t.id', 'in', [...new Set(batch.map((d) => d.token_id))])
      .execute(),
  ]);
  const eventBy = new Map(events.map((e) => [e.id, e]));
  const endpointBy = new Map(endpoints.map((e) => [e.id, e]));
  const whoBy = new Map(who.map((w) => [w.id, w]));
  for (const d of batch) {
    const event = eventBy.get(d.event_id);
    const endpoint = endpointBy.get(d.endpoint_id);
    const w = whoBy.get(d.token_id);
    if (event && endpoint && w) out.set(d.id, { event, endpoint, tokenMode: w.mode, accountId: w.account_id, ownerEmail: w.email, ownerName: w.display_name });
  }
  return out;
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
