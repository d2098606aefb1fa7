import { formatInstant } from '../domain/instant.js';
import type { WebhookEventRow } from '../store/schema.js';

/** The webhook event record (spec "Webhook event record"): a delivery's body and a catch-up item alike. */
export interface EventRecord {
  id: string;
  type: string;
  apiVersion: 'v1';
  occurredAt: string;
  account: string;
  test: boolean;
  data: Record<string, unknown>;
}

/**
 * The record as one token receives it: `test` is true for a test-mode token, and for an event of a
 * test token's record (so a live receiver can tell sandbox traffic apart).
 */
export function eventRecord(row: Pick<WebhookEventRow, 'id' | 'type' | 'occurred_at' | 'test' | 'data'>, accountId: string, tokenMode: 'live' | 'test'): EventRecord {
  return {
    id: row.id,
    type: row.type,
    apiVersion: 'v1',
    occurredAt: formatInstant(row.occurred_at),
    account: accountId,
    test: tokenMode === 'test' || row.test,
    // jsonb keeps keys in its own order: `object` first again, as the spec writes it.
    data: (({ object, ...rest }) => ({ object, ...rest }))(row.data as Record<string, unknown>),
  };
}

/** The exact bytes sent: keys in the spec's order. */
export const eventBody = (record: EventRecord): string => JSON.stringify(record);
