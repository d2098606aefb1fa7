import type { Db } from '../db.js';
import type { WebhookEventRow } from '../schema.js';

/** The event columns a webhook event record is made of (src/webhooks/payload.ts). */
export type CatchUpRow = Pick<WebhookEventRow, 'id' | 'type' | 'occurred_at' | 'test' | 'data'>;

export interface CatchUpQuery {
  ownerId: string;
  tokenId: string;
  /** Inclusive lower bound on occurredAt (already clamped to the 30-day window by the caller). */
  since: Date;
  after: { at: Date; id: string } | null;
  limit: number;
}

/**
 * The events one token was entitled to when they occurred (webhook_event_tokens, written by
 * recordEvent), from `since` on, in order (occurredAt, id). The entitlement's primary key
 * (token_id, occurred_at, event_id) serves the order and the cursor.
 */
export async function catchUpEvents(db: Db, q: CatchUpQuery): Promise<CatchUpRow[]> {
  let query = db
    .selectFrom('webhook_event_tokens as t')
    .innerJoin('webhook_events as e', 'e.id', 't.event_id')
    .select(['e.id', 'e.type', 'e.occurred_at', 'e.test', 'e.data'])
    .where('t.token_id', '=', q.tokenId)
    .where('e.owner_id', '=', q.ownerId)
    .where('t.occurred_at', '>=', q.since);
  if (q.after) {
    const { at, id } = q.after;
    query = query.where((eb) => eb(eb.refTuple('t.occurred_at', 't.event_id'), '>', eb.tuple(at, id)));
  }
  return query.orderBy('t.occurred_at').orderBy('t.event_id').limit(q.limit).execute();
}

/** One event, if the token was entitled to it and it occurred at `since` or later. */
export async function findEntitledEvent(db: Db, q: { ownerId: string; tokenId: string; id: string; since: Date }): Promise<CatchUpRow | undefined> {
  return db
    .selectFrom('webhook_event_tokens as t')
    .innerJoin('webhook_events as e', 'e.id', 't.event_id')
    .select(['e.id', 'e.type', 'e.occurred_at', 'e.test', 'e.data'])
    .where('t.token_id', '=', q.tokenId)
    .where('t.event_id', '=', q.id)
    .where('e.owner_id', '=', q.ownerId)
    .where('t.occurred_at', '>=', q.since)
    .executeTakeFirst();
}

/** Whether the token already had its last event, `authorization.revoked`. */
export async function hasRevocationEvent(db: Db, ownerId: string, tokenId: string): Promise<boolean> {
  const row = await db
    .selectFrom('webhook_events')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('token_id', '=', tokenId)
    .where('type', '=', 'authorization.revoked')
    .executeTakeFirst();
  return row !== undefined;
}
