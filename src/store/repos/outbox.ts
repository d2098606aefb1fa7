import { sql } from 'kysely';
import { newId } from '../../domain/ids.js';
import { scopesFor, type EventType } from '../../domain/webhook-events.js';
import type { Db } from '../db.js';
import type { WebhookEventRow } from '../schema.js';

/** The `data` of an event (decisions §8): identifiers only, so reading the object applies the reader's scopes. */
export type EventData =
  | { object: 'request'; id: string }
  | { object: 'task'; id: string }
  | { object: 'event'; id: string }
  | { object: 'authorization'; reason: 'owner' | 'expired' | 'account_deleted' }
  | { object: 'ping' };

export interface NewWebhookEvent {
  ownerId: string;
  type: EventType;
  data: EventData;
  /** The change came from a test token's record: every delivery of it says `test: true`. */
  test: boolean;
  occurredAt: Date;
  /** For an event meant for one token only (authorization.revoked, ping). */
  tokenId?: string | null;
  /** For a ping: the one endpoint it is for. */
  endpointId?: string | null;
}

/**
 * Records one webhook event in the caller's transaction, with what it is owed then and there: the
 * tokens entitled to it (alive, holding `webhooks` and the type's scope at this moment; or the one
 * token it is for) and a pending delivery to each live endpoint of those tokens. Catch-up reads the
 * entitlements; the delivery worker the deliveries.
 */
export async function recordEvent(trx: Db, e: NewWebhookEvent): Promise<string> {
  const id = newId();
  await trx
    .insertInto('webhook_events')
    .values({
      id,
      owner_id: e.ownerId,
      type: e.type,
      occurred_at: e.occurredAt,
      data: JSON.stringify(e.data),
      test: e.test,
      token_id: e.tokenId ?? null,
      created_at: e.occurredAt,
    })
    .execute();
  const tokens = e.tokenId
    ? [e.tokenId]
    : (
        await trx
          .selectFrom('tokens')
          .select('id')
          .where('owner_id', '=', e.ownerId)
          .where('revoked_at', 'is', null)
          .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', e.occurredAt)]))
          .where(sql<boolean>`scopes @> ${sql.val(scopesFor(e.type))}::text[]`)
          .execute()
      ).map((t) => t.id);
  if (tokens.length === 0) return id;
  await trx.insertInto('webhook_event_tokens').values(tokens.map((tokenId) => ({ token_id: tokenId, occurred_at: e.occurredAt, event_id: id }))).execute();
  let endpoints = trx
    .selectFrom('webhook_endpoints')
    .select(['id', 'token_id'])
    .where('token_id', 'in', tokens)
    .where('deleted_at', 'is', null)
    .where('disabled_at', 'is', null);
  if (e.endpointId) endpoints = endpoints.where('id', '=', e.endpointId);
  const targets = await endpoints.execute();
  if (targets.length > 0) {
    await trx
      .insertInto('webhook_deliveries')
      .values(
        targets.map((t) => ({
          id: newId(),
          event_id: id,
          endpoint_id: t.id,
          owner_id: e.ownerId,
          token_id: t.token_id,
          status: 'pending' as const,
          next_attempt_at: e.occurredAt,
          created_at: e.occurredAt,
          locked_by: null,
          locked_until: null,
          last_status: null,
          last_error: null,
          finished_at: null,
        })),
      )
      .execute();
  }
  return id;
}

/** The owner's recorded events in order (occurredAt, id), for tests and the CLI. */
export async function eventsOf(db: Db, ownerId: string): Promise<WebhookEventRow[]> {
  return db.selectFrom('webhook_events').selectAll().where('owner_id', '=', ownerId).orderBy('occurred_at').orderBy('id').execute();
}
