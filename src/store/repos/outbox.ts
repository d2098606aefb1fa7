import { newId } from '../../domain/ids.js';
import { scopesFor, type EventType } from '../../domain/webhook-events.js';
import { endpointWants } from '../../domain/webhook-filter.js';
import type { Db } from '../db.js';
import type { WebhookEventRow } from '../schema.js';

/** The `data` of an event (docs/spec-decisions.md §8): identifiers only, so reading the object applies the reader's scopes. */
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
  /** For a ping: the one endpoint it is for (with no tokenId: an app's endpoint). */
  endpointId?: string | null;
  /** For an event meant for one grant's app endpoint only (the grant's authorization.revoked). */
  grantId?: string | null;
}

/**
 * Records one webhook event in the caller's transaction, with what it is owed then and there: the
 * tokens entitled to it (alive, holding `webhooks` and the type's scope at this moment; or the one
 * token it is for) and a pending delivery to each live endpoint of those tokens that takes its type
 * (endpointWants: the endpoint's chosen event types, docs/webhooks.md "Choosing event types").
 * Catch-up reads the entitlements, which no endpoint's choice narrows; the delivery worker the deliveries.
 */
export async function recordEvent(trx: Db, e: NewWebhookEvent): Promise<string> {
  const [id] = await recordEvents(trx, [e]);
  return id!;
}

const BATCH = 500;

async function insertBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/** Records many events of one owner at once (a calendar import): the same rows as recordEvent, in a few statements. */
export async function recordEvents(trx: Db, events: readonly NewWebhookEvent[]): Promise<string[]> {
  if (events.length === 0) return [];
  const ids = events.map(() => newId());
  await insertBatches(
    events.map((e, i) => ({
      id: ids[i]!,
      owner_id: e.ownerId,
      type: e.type,
      occurred_at: e.occurredAt,
      data: JSON.stringify(e.data),
      test: e.test,
      token_id: e.tokenId ?? null,
      created_at: e.occurredAt,
    })),
    (batch) => trx.insertInto('webhook_events').values(batch).execute(),
  );
  // The owner's live tokens with their scopes, read once: entitlement is decided per event from them.
  const owners = [...new Set(events.filter((e) => !e.tokenId && !e.grantId && !e.endpointId).map((e) => e.ownerId))];
  const live = owners.length === 0 ? [] : await trx
    .selectFrom('tokens')
    .select(['id', 'owner_id', 'scopes', 'expires_at'])
    .where('owner_id', 'in', owners)
    .where('revoked_at', 'is', null)
    .execute();
  const entitled = events.map((e) => {
    if (e.tokenId) return [e.tokenId];
    if (e.grantId || e.endpointId) return [];
    const needed = scopesFor(e.type);
    return live
      .filter((t) => t.owner_id === e.ownerId && (t.expires_at === null || t.expires_at.getTime() > e.occurredAt.getTime()) && needed.every((s) => t.scopes.includes(s)))
      .map((t) => t.id);
  });
  const grants = events.flatMap((e, i) => entitled[i]!.map((tokenId) => ({ token_id: tokenId, occurred_at: e.occurredAt, event_id: ids[i]! })));
  if (grants.length > 0) await insertBatches(grants, (batch) => trx.insertInto('webhook_event_tokens').values(batch).execute());
  const tokens = [...new Set(grants.map((g) => g.token_id))];
  const endpoints = tokens.length === 0 ? [] : await trx
    .selectFrom('webhook_endpoints')
    .select(['id', 'token_id', 'event_types'])
    .where('token_id', 'in', tokens)
    .where('deleted_at', 'is', null)
    .where('disabled_at', 'is', null)
    .execute();
  const pending = (e: NewWebhookEvent, eventId: string, to: { endpointId: string; tokenId: string | null; grantId: string | null }) => ({
    id: newId(),
    event_id: eventId,
    endpoint_id: to.endpointId,
    owner_id: e.ownerId,
    token_id: to.tokenId,
    grant_id: to.grantId,
    status: 'pending' as const,
    next_attempt_at: e.occurredAt,
    created_at: e.occurredAt,
    locked_by: null,
    locked_until: null,
    last_status: null,
    last_error: null,
    finished_at: null,
  });
  const deliveries = events.flatMap((e, i) =>
    endpoints
      .filter((p) => entitled[i]!.includes(p.token_id!) && (!e.endpointId || p.id === e.endpointId) && endpointWants(p.event_types, e.type))
      .map((p) => pending(e, ids[i]!, { endpointId: p.id, tokenId: p.token_id, grantId: null })),
  );
  deliveries.push(...(await appDeliveries(trx, events, ids, pending)));
  await insertBatches(deliveries, (batch) => trx.insertInto('webhook_deliveries').values(batch).execute());
  return ids;
}

/**
 * What app endpoints are owed (docs/webhooks.md "App endpoints"): an owner's event goes to the
 * endpoint of every app the owner is connected to by a live grant holding `webhooks` and the event
 * type's scope at this moment and takes its type (endpointWants, as a personal endpoint's: one
 * filter for both), one delivery per grant whatever its access tokens; an event meant
 * for one grant to that grant's app endpoint; a ping with no token to the app endpoint it names.
 */
async function appDeliveries<D>(
  trx: Db,
  events: readonly NewWebhookEvent[],
  ids: readonly string[],
  pending: (e: NewWebhookEvent, eventId: string, to: { endpointId: string; tokenId: string | null; grantId: string | null }) => D,
): Promise<D[]> {
  const out: D[] = [];
  const owners = [...new Set(events.filter((e) => !e.tokenId && !e.endpointId).map((e) => e.ownerId))];
  const meant = [...new Set(events.filter((e) => e.grantId).map((e) => e.grantId!))];
  const connected = owners.length === 0 ? [] : await trx
    .selectFrom('oauth_grants as g')
    .innerJoin('apps as a', 'a.id', 'g.app_id')
    .innerJoin('webhook_endpoints as p', 'p.app_id', 'a.id')
    .select(['g.id as grant_id', 'g.owner_id', 'g.scopes', 'p.id as endpoint_id', 'p.event_types'])
    .where('g.owner_id', 'in', owners)
    // A grant's own last event is recorded as it is revoked.
    .where((eb) => (meant.length === 0 ? eb('g.revoked_at', 'is', null) : eb.or([eb('g.revoked_at', 'is', null), eb('g.id', 'in', meant)])))
    .where('a.deleted_at', 'is', null)
    .where('p.deleted_at', 'is', null)
    .where('p.disabled_at', 'is', null)
    .execute();
  const pinged = [...new Set(events.filter((e) => !e.tokenId && e.endpointId).map((e) => e.endpointId!))];
  const appEndpoints = pinged.length === 0 ? [] : await trx
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('id', 'in', pinged)
    .where('app_id', 'is not', null)
    .where('deleted_at', 'is', null)
    .where('disabled_at', 'is', null)
    .execute();
  events.forEach((e, i) => {
    if (e.tokenId) return;
    if (e.endpointId) {
      if (appEndpoints.some((p) => p.id === e.endpointId)) out.push(pending(e, ids[i]!, { endpointId: e.endpointId, tokenId: null, grantId: null }));
      return;
    }
    const needed = scopesFor(e.type);
    for (const c of connected) {
      if (c.owner_id !== e.ownerId) continue;
      if (e.grantId ? c.grant_id !== e.grantId : !needed.every((s) => c.scopes.includes(s))) continue;
      if (!endpointWants(c.event_types, e.type)) continue;
      out.push(pending(e, ids[i]!, { endpointId: c.endpoint_id, tokenId: null, grantId: c.grant_id }));
    }
  });
  return out;
}

/** The owner's recorded events in order (occurredAt, id), for tests and the CLI. */
export async function eventsOf(db: Db, ownerId: string): Promise<WebhookEventRow[]> {
  return db.selectFrom('webhook_events').selectAll().where('owner_id', '=', ownerId).orderBy('occurred_at').orderBy('id').execute();
}
