import { createHash, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../domain/clock.js';
import { newId, randomBase62 } from '../domain/ids.js';
import { registrableRedirectUri } from '../domain/redirect-uris.js';
import { parseScopes, type Scope } from '../domain/scopes.js';
import { ServiceError } from '../domain/service-error.js';
import { inTransaction, type Db } from '../store/db.js';
import { findClientApp, findOwnerApp, insertApp, listOwnerApps, markAppDeleted, setAppSecret, setAppSuspension } from '../store/repos/apps.js';
import { grantCounts, liveGrantsOfApp } from '../store/repos/grants.js';
import { findOwner } from '../store/repos/owners.js';
import type { AppRow } from '../store/schema.js';
import { revokeGrant } from './grants.js';
import { cancelEndpointDeliveries, markAppEndpointDeleted } from '../store/repos/webhook-endpoints.js';

/**
 * OAuth apps, as their developer registers and manages them (console Settings → Developer → Apps,
 * `calendar-access app ...`) and as an operator suspends them (docs/oauth.md). The client_id is
 * the app's id; a confidential app's secret is `svc_cs_` + 40 base62, shown once, stored hashed.
 */
export type ClientType = 'public' | 'confidential';

export interface NewApp {
  ownerId: string;
  name: string;
  homepageUrl: string | null;
  logoUrl: string | null;
  redirectUris: readonly string[];
  scopes: readonly string[];
  clientType: ClientType;
}

export interface AppSummary {
  id: string;
  clientId: string;
  name: string;
  homepageUrl: string | null;
  logoUrl: string | null;
  redirectUris: string[];
  scopes: string[];
  clientType: ClientType;
  /** `svc_cs_…` + the last four characters, or null for a public app. */
  secretHint: string | null;
  suspendedAt: Date | null;
  suspendedReason: string | null;
  createdAt: Date;
  /** Owners connected to it now. */
  connections: number;
}

const SECRET_PREFIX = 'svc_cs_';
const MAX_REDIRECTS = 10;

export const hashSecret = (value: string): string => createHash('sha256').update(value).digest('hex');

/** Whether `given` is the app's secret, compared in constant time on the hashes. */
export function secretMatches(app: Pick<AppRow, 'secret_hash'>, given: string): boolean {
  if (!app.secret_hash) return false;
  const a = Buffer.from(hashSecret(given), 'hex');
  const b = Buffer.from(app.secret_hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

function summarize(row: AppRow, connections: number): AppSummary {
  return {
    id: row.id,
    clientId: row.id,
    name: row.name,
    homepageUrl: row.homepage_url,
    logoUrl: row.logo_url,
    redirectUris: row.redirect_uris,
    scopes: row.scopes,
    clientType: row.client_type,
    secretHint: row.secret_last_four ? `${SECRET_PREFIX}…${row.secret_last_four}` : null,
    suspendedAt: row.suspended_at,
    suspendedReason: row.suspended_reason,
    createdAt: row.created_at,
    connections,
  };
}

function optionalUrl(value: string | null, field: string): string | null {
  if (value === null || value.trim() === '') return null;
  const text = value.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ServiceError('invalid', `${field}: an absolute https URL`, field);
  }
  if (text.length > 2048 || !['https:', 'http:'].includes(url.protocol) || url.username || url.password) throw new ServiceError('invalid', `${field}: an https URL of at most 2,048 characters`, field);
  return text;
}

/** The URIs in canonical form, each once (`HTTPS://A.example:443/cb` is `https://a.example/cb`), or the first refusal. */
function checkedRedirectUris(list: readonly string[]): string[] {
  const uris: string[] = [];
  for (const text of list.map((u) => u.trim()).filter((u) => u !== '')) {
    const checked = registrableRedirectUri(text);
    if (!checked.ok) throw new ServiceError('invalid', checked.problem, 'redirectUris');
    if (!uris.includes(checked.uri)) uris.push(checked.uri);
  }
  if (uris.length === 0 || uris.length > MAX_REDIRECTS) throw new ServiceError('invalid', `redirect URIs: 1 to ${MAX_REDIRECTS}`, 'redirectUris');
  return uris;
}

function checkedScopes(list: readonly string[]): Scope[] {
  let scopes: Scope[];
  try {
    scopes = parseScopes(list);
  } catch (e) {
    throw new ServiceError('invalid', `scopes: ${(e as Error).message}`, 'scopes');
  }
  if (scopes.length === 0) throw new ServiceError('invalid', 'scopes: name at least one the app may ask for', 'scopes');
  return scopes;
}

export interface CreatedApp {
  app: AppSummary;
  /** The client secret (confidential apps): shown this once. */
  clientSecret: string | null;
}

export async function createApp(db: Db, clock: Clock, input: NewApp): Promise<CreatedApp> {
  const name = input.name.trim();
  if (name.length === 0 || name.length > 100) throw new ServiceError('invalid', 'name: 1 to 100 characters', 'name');
  if (input.clientType !== 'public' && input.clientType !== 'confidential') throw new ServiceError('invalid', 'type: public or confidential', 'type');
  const redirectUris = checkedRedirectUris(input.redirectUris);
  const scopes = checkedScopes(input.scopes);
  const secret = input.clientType === 'confidential' ? `${SECRET_PREFIX}${randomBase62(40)}` : null;
  const now = clock.now();
  const row: AppRow = {
    id: newId(),
    name,
    owner_id: input.ownerId,
    homepage_url: optionalUrl(input.homepageUrl, 'homepage'),
    logo_url: optionalUrl(input.logoUrl, 'logo'),
    redirect_uris: redirectUris,
    scopes,
    client_type: input.clientType,
    secret_hash: secret ? hashSecret(secret) : null,
    secret_last_four: secret ? secret.slice(-4) : null,
    suspended_at: null,
    suspended_reason: null,
    deleted_at: null,
    created_at: now,
  };
  await insertApp(db, row);
  return { app: summarize(row, 0), clientSecret: secret };
}

export async function listApps(db: Db, ownerId: string): Promise<AppSummary[]> {
  const rows = await listOwnerApps(db, ownerId);
  const counts = await grantCounts(db, rows.map((r) => r.id));
  return rows.map((r) => summarize(r, counts.get(r.id) ?? 0));
}

async function requireApp(db: Db, ownerId: string, appId: string): Promise<AppRow> {
  const row = await findOwnerApp(db, ownerId, appId);
  if (!row) throw new ServiceError('not_found', `no app ${appId} of this owner`);
  return row;
}

export async function showApp(db: Db, ownerId: string, appId: string): Promise<AppSummary> {
  const row = await requireApp(db, ownerId, appId);
  return summarize(row, (await grantCounts(db, [row.id])).get(row.id) ?? 0);
}

/** A new client secret, at once: the old one stops working (docs/oauth.md). */
export async function rotateAppSecret(db: Db, ownerId: string, appId: string): Promise<{ app: AppSummary; clientSecret: string }> {
  const app = await requireApp(db, ownerId, appId);
  if (app.client_type !== 'confidential') throw new ServiceError('invalid', 'a public app has no secret to rotate', 'type');
  const secret = `${SECRET_PREFIX}${randomBase62(40)}`;
  const row = await setAppSecret(db, ownerId, appId, hashSecret(secret), secret.slice(-4));
  if (!row) throw new ServiceError('not_found', `no app ${appId} of this owner`);
  return { app: summarize(row, (await grantCounts(db, [row.id])).get(row.id) ?? 0), clientSecret: secret };
}

/**
 * Deletes an app: every owner's grant of it is revoked with its tokens (each access token's last
 * event `authorization.revoked`), in one transaction. Returns the revoked token ids (caches).
 */
export async function deleteApp(db: Db, clock: Clock, ownerId: string, appId: string): Promise<string[]> {
  const now = clock.now();
  return inTransaction(db, async (trx) => {
    const row = await markAppDeleted(trx, ownerId, appId, now);
    if (!row) throw new ServiceError('not_found', `no app ${appId} of this owner`);
    const revoked: string[] = [];
    for (const grant of await liveGrantsOfApp(trx, appId)) revoked.push(...(await revokeGrant(trx, grant, 'app_deleted', now)));
    // Its webhook endpoint goes with it, and what it was still owed.
    const endpointId = await markAppEndpointDeleted(trx, appId, now);
    if (endpointId) await cancelEndpointDeliveries(trx, endpointId, 'the app was deleted', now);
    return revoked;
  });
}

/** An operator suspends or unsuspends an app (any owner's). */
export async function setSuspension(db: Db, clock: Clock, appId: string, reason: string | null): Promise<AppSummary> {
  if (reason !== null && (reason.trim().length === 0 || reason.length > 500)) throw new ServiceError('invalid', 'reason: 1 to 500 characters', 'reason');
  const row = await setAppSuspension(db, appId, reason === null ? null : { at: clock.now(), reason: reason.trim() });
  if (!row) throw new ServiceError('not_found', `no app ${appId}`);
  return summarize(row, (await grantCounts(db, [row.id])).get(row.id) ?? 0);
}

/** The app of a client_id as the consent page shows it: with the username of who registered it. Undefined when unknown or deleted. */
export async function appForConsent(db: Db, clientId: string): Promise<{ app: AppRow; developer: string } | undefined> {
  const app = await findClientApp(db, clientId);
  if (!app || app.owner_id === null) return undefined;
  const dev = await findOwner(db, app.owner_id);
  return dev && dev.deleted_at === null ? { app, developer: dev.username } : undefined;
}
