import { newId } from '../domain/ids.js';
import { ServiceError } from '../domain/service-error.js';
import { findOwnerApp } from '../store/repos/apps.js';
import { findAppEndpoint, insertEndpoint, setEndpointEventTypes, setEndpointUrl } from '../store/repos/webhook-endpoints.js';
import type { WebhookEndpointRow } from '../store/schema.js';
import {
  checkEndpointUrl, checkEventTypes, chooseEventTypes, deliveryLog, disableEndpointByOwner, enableEndpoint, endRotation, pingEndpoint, recordPing, removeEndpoint, rotateSecret, summarizeEndpoint,
  type DeliveryLogEntry, type EndpointEnv, type EndpointSummary,
} from './endpoints.js';
import { newSigningSecret } from './sign.js';

/**
 * An OAuth app's own webhook endpoint (issue 12, docs/webhooks.md "App endpoints"), like a GitHub
 * App's: one URL and signing secret per app, set by its developer (console Settings → Developer →
 * Apps, `calendar-access app webhook ...`). Every owner connected by a grant holding `webhooks`
 * sends its entitled events there, each with that owner's `account`. Once the endpoint exists it is
 * an endpoint like any other: rotation, ping, disable/enable, the delivery log and the 5-day
 * auto-disable are endpoints.ts's and the one delivery worker's.
 */
type Env = Pick<EndpointEnv, 'db' | 'clock'>;

async function ownApp(env: Env, ownerId: string, appId: string) {
  const app = await findOwnerApp(env.db, ownerId, appId);
  if (!app) throw new ServiceError('not_found', `no app ${appId} of this owner`);
  return app;
}

/** The app's endpoint, or a clear not_found (the app is not the developer's, or has no endpoint yet). */
export async function appEndpointRow(env: Env, ownerId: string, appId: string): Promise<WebhookEndpointRow> {
  await ownApp(env, ownerId, appId);
  const e = await findAppEndpoint(env.db, ownerId, appId);
  if (!e) throw new ServiceError('not_found', `app ${appId} has no webhook endpoint; set one first`);
  return e;
}

/**
 * Sets the app's endpoint address. The first time it makes the endpoint and its signing secret
 * (answered this once); later it moves the address and keeps the secret. A ping goes to the address
 * either way. The app must be allowed to ask for `webhooks`. `eventTypes` (docs/webhooks.md
 * "Choosing event types"), checked against the scopes the app may ask for: a list, or null for every
 * type; left out, a new endpoint takes every type and a moved one keeps its choice.
 */
export async function setAppEndpoint(
  env: EndpointEnv,
  q: { ownerId: string; appId: string; url: string; description?: string | null; eventTypes?: readonly string[] | null },
): Promise<{ endpoint: EndpointSummary; secret: string | null }> {
  const now = env.clock.now();
  const app = await ownApp(env, q.ownerId, q.appId);
  if (!app.scopes.includes('webhooks')) throw new ServiceError('invalid', 'the app may not ask for the webhooks scope, so no owner could send it events', 'scopes');
  const eventTypes = checkEventTypes(q.eventTypes, app.scopes, 'which the app may not ask for');
  const url = await checkEndpointUrl(q.url, env.policy);
  const description = q.description?.trim() || null;
  if (description && description.length > 500) throw new ServiceError('invalid', 'description: at most 500 characters', 'description');
  return env.db.transaction().execute(async (trx) => {
    const existing = await findAppEndpoint(trx, q.ownerId, app.id);
    if (existing) {
      let moved = await setEndpointUrl(trx, q.ownerId, existing.id, url, description ?? existing.description, now);
      if (q.eventTypes !== undefined) moved = await setEndpointEventTypes(trx, q.ownerId, existing.id, eventTypes, now);
      if (!moved.disabled_at) await recordPing(trx, moved, 'live', now);
      return { endpoint: summarizeEndpoint(moved, now), secret: null };
    }
    const secret = newSigningSecret();
    const row = await insertEndpoint(trx, {
      id: newId(), owner_id: q.ownerId, token_id: null, app_id: app.id, url, description, secret, previous_secret: null, previous_secret_expires_at: null,
      disabled_at: null, disabled_reason: null, last_success_at: null, failing_since: null, created_at: now, updated_at: now, deleted_at: null, event_types: eventTypes,
    });
    await recordPing(trx, row, 'live', now);
    return { endpoint: summarizeEndpoint(row, now), secret };
  });
}

/** The app's endpoint, or null when it has none. */
export async function showAppEndpoint(env: Env, ownerId: string, appId: string): Promise<EndpointSummary | null> {
  await ownApp(env, ownerId, appId);
  const e = await findAppEndpoint(env.db, ownerId, appId);
  return e ? summarizeEndpoint(e, env.clock.now()) : null;
}

const byApp = <T>(act: (env: Env, ownerId: string, endpointId: string) => Promise<T>) =>
  async (env: Env, ownerId: string, appId: string): Promise<T> => act(env, ownerId, (await appEndpointRow(env, ownerId, appId)).id);

/** A new secret shown once; the old one keeps signing alongside for 24 hours, as for every endpoint. */
export const rotateAppEndpointSecret = byApp(rotateSecret);
export const endAppEndpointRotation = byApp(endRotation);
export const pingAppEndpoint = byApp(pingEndpoint);
export const disableAppEndpoint = byApp(disableEndpointByOwner);
export const enableAppEndpoint = byApp(enableEndpoint);
export const removeAppEndpoint = byApp(removeEndpoint);

/** The event types the app's endpoint receives from now on: a list (allowed by the app's scopes), or null for every type. */
export async function chooseAppEndpointEventTypes(env: Env, ownerId: string, appId: string, list: readonly string[] | null): Promise<EndpointSummary> {
  return chooseEventTypes(env, ownerId, (await appEndpointRow(env, ownerId, appId)).id, list);
}

export async function appEndpointDeliveries(env: Env, ownerId: string, appId: string, limit = 20): Promise<DeliveryLogEntry[]> {
  return deliveryLog(env, ownerId, (await appEndpointRow(env, ownerId, appId)).id, limit);
}
