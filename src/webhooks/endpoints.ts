import { newId } from '../domain/ids.js';
import { EventTypesRefused, parseEventTypes, type ChoosableEventType } from '../domain/webhook-filter.js';
import { findOwnerApp } from '../store/repos/apps.js';
import { OutboundRefused, resolvePublic, validateOutboundUrl, type OutboundPolicy, type RefusalReason } from '../net/public-address.js';
import type { Db } from '../store/db.js';
import { recordEvent } from '../store/repos/outbox.js';
import { findToken, tokenMode } from '../store/repos/tokens.js';
import {
  cancelEndpointDeliveries, countTokenEndpoints, deliveryAttempts, dropPreviousSecret, endpointDeliveries, findEndpoint, insertEndpoint,
  listEndpointRows, markEndpointDeleted, markEndpointDisabled, markEndpointEnabled, rotateEndpointSecret, setEndpointEventTypes,
} from '../store/repos/webhook-endpoints.js';
import type { EndpointDisabledReason, WebhookEndpointRow } from '../store/schema.js';
import { newSigningSecret } from './sign.js';
import { ServiceError } from '../domain/service-error.js';
import type { Clock } from '../domain/clock.js';

/**
 * Webhook endpoints under a token holding `webhooks` (spec "Events", docs/spec-decisions.md §8): the console and the
 * CLI call these. The signing secret is shown once, when the endpoint is added or its secret rotated.
 */
export const MAX_ENDPOINTS_PER_TOKEN = 10;
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;

export interface EndpointEnv {
  db: Db;
  clock: Clock;
  policy: OutboundPolicy;
}

export interface EndpointSummary {
  id: string;
  /** The token holding a personal endpoint; null for an app's endpoint. */
  tokenId: string | null;
  /** The app holding an app endpoint (docs/webhooks.md "App endpoints"); null for a personal one. */
  appId: string | null;
  url: string;
  description: string | null;
  /** The event types it chose (docs/webhooks.md "Choosing event types"); null: every type its scopes allow, later ones included. */
  eventTypes: ChoosableEventType[] | null;
  status: 'enabled' | 'disabled';
  disabledReason: EndpointDisabledReason | null;
  disabledAt: Date | null;
  /** While the previous secret still signs alongside the new one (24 hours after a rotation). */
  previousSecretExpiresAt: Date | null;
  lastSuccessAt: Date | null;
  failingSince: Date | null;
  createdAt: Date;
}

export function summarizeEndpoint(e: WebhookEndpointRow, now: Date): EndpointSummary {
  const overlap = e.previous_secret_expires_at && e.previous_secret_expires_at.getTime() > now.getTime() ? e.previous_secret_expires_at : null;
  return {
    id: e.id,
    tokenId: e.token_id,
    appId: e.app_id,
    url: e.url,
    description: e.description,
    eventTypes: e.event_types === null ? null : (e.event_types as ChoosableEventType[]),
    status: e.disabled_at ? 'disabled' : 'enabled',
    disabledReason: e.disabled_reason,
    disabledAt: e.disabled_at,
    previousSecretExpiresAt: overlap,
    lastSuccessAt: e.last_success_at,
    failingSince: e.failing_since,
    createdAt: e.created_at,
  };
}

/**
 * The address rules of the spec: https on port 443, a domain name, no credentials, and every address
 * the name resolves to public (hosts the operator allow-listed for local work excepted). Checked here
 * and again before every delivery.
 */
export async function checkEndpointUrl(url: string, policy: OutboundPolicy): Promise<string> {
  try {
    const parsed = validateOutboundUrl(url, { ports: 'https-default', policy });
    await resolvePublic(parsed.hostname, policy);
    return parsed.toString();
  } catch (e) {
    if (e instanceof OutboundRefused) throw new ServiceError('invalid', `url: ${e.message}${LOCAL_REASONS.has(e.reason) ? LISTEN_HINT : ''}`, 'url');
    throw e;
  }
}

/**
 * A chosen list of event types, checked (docs/webhooks.md "Choosing event types"): exact names, at
 * least one, none that always arrives, each allowed by `scopes` (the token's, or those the app may
 * ask for). null or undefined: every type. `lacking` ends the sentence refusing a type for its scope.
 */
export function checkEventTypes(list: readonly string[] | null | undefined, scopes: readonly string[], lacking: string): ChoosableEventType[] | null {
  if (list === null || list === undefined) return null;
  try {
    return parseEventTypes(list, scopes, lacking);
  } catch (e) {
    if (e instanceof EventTypesRefused) throw new ServiceError('invalid', `event types: ${e.message}`, 'eventTypes');
    throw e;
  }
}

/** Refusals of what is most often a receiver on the developer's own machine (http://, :4242, localhost, 192.168.…). */
const LOCAL_REASONS: ReadonlySet<RefusalReason> = new Set(['scheme', 'port', 'ip_literal', 'host', 'not_public']);
/** Said after those: the service never delivers there, `listen` does (docs/webhooks-receiving.md). */
export const LISTEN_HINT = '; to receive webhooks on your own machine, run `calendar-access listen --forward-to http://localhost:4242/webhooks` instead (docs/webhooks-receiving.md)';

async function liveToken(db: Db, ownerId: string, tokenId: string, now: Date) {
  const token = await findToken(db, ownerId, tokenId);
  if (!token || token.revoked_at !== null || (token.expires_at !== null && token.expires_at.getTime() <= now.getTime())) {
    throw new ServiceError('not_found', `no live token ${tokenId} of this owner`);
  }
  if (!token.scopes.includes('webhooks')) throw new ServiceError('invalid', 'the token does not hold the webhooks scope; endpoints belong to a token with it', 'token');
  return token;
}

async function endpointOf(db: Db, ownerId: string, id: string): Promise<WebhookEndpointRow> {
  const e = await findEndpoint(db, ownerId, id);
  if (!e) throw new ServiceError('not_found', `no webhook endpoint ${id} of this owner`);
  return e;
}

/** A ping for one endpoint (when added, and when the owner asks for a test); an app endpoint's has no token. */
export async function recordPing(trx: Db, e: WebhookEndpointRow, mode: 'live' | 'test', now: Date): Promise<string> {
  return recordEvent(trx, { ownerId: e.owner_id, type: 'ping', data: { object: 'ping' }, test: mode === 'test', occurredAt: now, tokenId: e.token_id, endpointId: e.id });
}

/** Adds an endpoint and pings it; the answer carries the signing secret, shown this once. */
export async function addEndpoint(
  env: EndpointEnv,
  q: { ownerId: string; tokenId: string; url: string; description?: string | null; eventTypes?: readonly string[] | null },
): Promise<{ endpoint: EndpointSummary; secret: string }> {
  const now = env.clock.now();
  const token = await liveToken(env.db, q.ownerId, q.tokenId, now);
  const eventTypes = checkEventTypes(q.eventTypes, token.scopes, 'which the token does not hold');
  const url = await checkEndpointUrl(q.url, env.policy);
  const description = q.description?.trim() || null;
  if (description && description.length > 500) throw new ServiceError('invalid', 'description: at most 500 characters', 'description');
  const secret = newSigningSecret();
  const row = await env.db.transaction().execute(async (trx) => {
    if ((await countTokenEndpoints(trx, q.ownerId, token.id)) >= MAX_ENDPOINTS_PER_TOKEN) throw new ServiceError('conflict', `a token has at most ${MAX_ENDPOINTS_PER_TOKEN} endpoints`);
    const inserted = await insertEndpoint(trx, {
      id: newId(), owner_id: q.ownerId, token_id: token.id, url, description, secret, previous_secret: null, previous_secret_expires_at: null,
      disabled_at: null, disabled_reason: null, last_success_at: null, failing_since: null, created_at: now, updated_at: now, deleted_at: null, event_types: eventTypes,
    });
    await recordPing(trx, inserted, token.mode, now);
    return inserted;
  });
  return { endpoint: summarizeEndpoint(row, now), secret };
}

export async function listEndpoints(env: Pick<EndpointEnv, 'db' | 'clock'>, ownerId: string, tokenId?: string | null): Promise<EndpointSummary[]> {
  const now = env.clock.now();
  return (await listEndpointRows(env.db, ownerId, tokenId ?? null)).map((e) => summarizeEndpoint(e, now));
}

/**
 * The event types the endpoint receives from now on: a list (checked against the scopes of its
 * token, or those its app may ask for), or null for every type. Deliveries already queued are not
 * touched: the choice applies to events recorded after it, as the scopes of that moment do.
 */
export async function chooseEventTypes(env: Pick<EndpointEnv, 'db' | 'clock'>, ownerId: string, id: string, list: readonly string[] | null): Promise<EndpointSummary> {
  const now = env.clock.now();
  return env.db.transaction().execute(async (trx) => {
    const e = await endpointOf(trx, ownerId, id);
    let scopes: readonly string[] = [];
    let lacking = 'which the token does not hold';
    if (e.app_id !== null) {
      const app = await findOwnerApp(trx, ownerId, e.app_id);
      if (!app) throw new ServiceError('not_found', `no webhook endpoint ${id} of this owner`);
      scopes = app.scopes;
      lacking = 'which the app may not ask for';
    } else if (e.token_id !== null) {
      scopes = (await liveToken(trx, ownerId, e.token_id, now)).scopes;
    }
    const eventTypes = checkEventTypes(list, scopes, lacking);
    return summarizeEndpoint(await setEndpointEventTypes(trx, ownerId, id, eventTypes, now), now);
  });
}

/** Removes the endpoint; deliveries still waiting for it are cancelled. */
export async function removeEndpoint(env: Pick<EndpointEnv, 'db' | 'clock'>, ownerId: string, id: string): Promise<void> {
  const now = env.clock.now();
  await env.db.transaction().execute(async (trx) => {
    await endpointOf(trx, ownerId, id);
    await markEndpointDeleted(trx, ownerId, id, now);
    await cancelEndpointDeliveries(trx, id, 'the endpoint was removed', now);
  });
}

/** A new secret, shown once; the old one keeps signing alongside for 24 hours (or until endRotation). */
export async function rotateSecret(env: Pick<EndpointEnv, 'db' | 'clock'>, ownerId: string, id: string): Promise<{ endpoint: EndpointSummary; secret: string }> {
  const now = env.clock.now();
  const secret = newSigningSecret();
  const row = await env.db.transaction().execute(async (trx) => {
    const e = await endpointOf(trx, ownerId, id);
    return rotateEndpointSecret(trx, ownerId, id, { secret, previousSecret: e.secret, previousExpiresAt: new Date(now.getTime() + ROTATION_OVERLAP_MS), now });
  });
  return { endpoint: summarizeEndpoint(row, now), secret };
}

/** The owner ends the overlap early: only the new secret signs from now on. */
export async function endRotation(env: Pick<EndpointEnv, 'db' | 'clock'>, ownerId: string, id: string): Promise<EndpointSummary> {
  const now = env.clock.now();
  await endpointOf(env.db, ownerId, id);
  const row = await dropPreviousSecret(env.db, ownerId, id, now);
  return summarizeEndpoint(row, now);
}

/** Sends a ping to the endpoint now (its delivery is logged like any other). */
export async function pingEndpoint(env: Pick<EndpointEnv, 'db' | 'clock'>, ownerId: string, id: string): Promise<{ eventId: string }> {
  const now = env.clock.now();
  return env.db.transaction().execute(async (trx) => {
    const e = await endpointOf(trx, ownerId, id);
    if (e.disabled_at) throw new ServiceError('conflict', 'the endpoint is disabled; enable it first');
    return { eventId: await recordPing(trx, e, e.token_id === null ? 'live' : await tokenMode(trx, ownerId, e.token_id), now) };
  });
}

/**
 * Disables the endpoint (by the owner, after a 410, or after 5 days of failures); deliveries still
 * waiting are given up: once re-enabled, the receiver catches up with GET /webhook-events.
 */
export async function disableEndpoint(trx: Db, id: string, reason: EndpointDisabledReason, now: Date): Promise<void> {
  await markEndpointDisabled(trx, id, reason, now);
  await cancelEndpointDeliveries(trx, id, `the endpoint was disabled (${reason})`, now);
}

export async function disableEndpointByOwner(env: Pick<EndpointEnv, 'db' | 'clock'>, ownerId: string, id: string): Promise<EndpointSummary> {
  const now = env.clock.now();
  return env.db.transaction().execute(async (trx) => {
    await endpointOf(trx, ownerId, id);
    await disableEndpoint(trx, id, 'owner', now);
    return summarizeEndpoint(await endpointOf(trx, ownerId, id), now);
  });
}

/** Enables it again, keeping its secret; the failure clock starts afresh. */
export async function enableEndpoint(env: Pick<EndpointEnv, 'db' | 'clock'>, ownerId: string, id: string): Promise<EndpointSummary> {
  const now = env.clock.now();
  await endpointOf(env.db, ownerId, id);
  const row = await markEndpointEnabled(env.db, ownerId, id, now);
  return summarizeEndpoint(row, now);
}

export interface DeliveryLogEntry {
  id: string;
  eventId: string;
  eventType: string;
  status: string;
  attempts: number;
  nextAttemptAt: Date | null;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: Date;
  attemptLog: { attempt: number; startedAt: Date; durationMs: number; statusCode: number | null; error: string | null }[];
}

/** The endpoint's latest deliveries with their attempts, newest first (console, CLI). */
export async function deliveryLog(env: Pick<EndpointEnv, 'db'>, ownerId: string, id: string, limit = 20): Promise<DeliveryLogEntry[]> {
  await endpointOf(env.db, ownerId, id);
  const deliveries = await endpointDeliveries(env.db, ownerId, id, limit);
  const attempts = await deliveryAttempts(env.db, deliveries.map((d) => d.id));
  return deliveries.map((d) => ({
    id: d.id,
    eventId: d.event_id,
    eventType: d.type,
    status: d.status,
    attempts: d.attempts,
    nextAttemptAt: d.status === 'pending' ? d.next_attempt_at : null,
    lastStatus: d.last_status,
    lastError: d.last_error,
    createdAt: d.created_at,
    attemptLog: attempts
      .filter((a) => a.delivery_id === d.id)
      .map((a) => ({ attempt: a.attempt, startedAt: a.started_at, durationMs: a.duration_ms, statusCode: a.status_code, error: a.error })),
  }));
}
