import { newId } from '../../domain/ids.js';
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
  type: string;
  data: EventData;
  test: boolean;
  occurredAt: Date;
  /** For an event meant for one token only. */
  tokenId?: string | null;
}

/** Records one webhook event in the caller's transaction: the outbox row delivery reads (issue 5). */
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
  return id;
}

/** The owner's recorded events in order (occurredAt, id), for tests and the catch-up route. */
export async function eventsOf(db: Db, ownerId: string): Promise<WebhookEventRow[]> {
  return db.selectFrom('webhook_events').selectAll().where('owner_id', '=', ownerId).orderBy('occurred_at').orderBy('id').execute();
}
