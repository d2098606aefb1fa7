import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../domain/clock.js';
import { scopeString } from '../domain/consent.js';
import { newId } from '../domain/ids.js';
import { verifierMatches } from '../domain/pkce.js';
import { sameRedirectUri } from '../domain/redirect-uris.js';
import { deriveTokenValue, generateTokenValue, hashToken, parseTokenValue } from '../domain/token-format.js';
import { inTransaction, type Db } from '../store/db.js';
import {
  connectedApps,
  findAccessTokenByHash,
  findGrant,
  findLiveGrant,
  findRefreshToken,
  grantHasLiveRefreshToken,
  insertCode,
  insertOrFindLiveGrant,
  insertRefreshToken,
  lockCode,
  lockRefreshToken,
  markCodeUsed,
  markRefreshTokenUsed,
  revokeAccessTokens,
  revokeGrantRow,
  revokeRefreshTokens,
  setGrantScopes,
  touchGrant,
  type ConnectedAppRow,
} from '../store/repos/grants.js';
import { findTokenByHash, insertToken, revokeToken } from '../store/repos/tokens.js';
import type { AppRow, OauthGrantRow, TokenRow } from '../store/schema.js';
import { ServiceError } from '../domain/service-error.js';
import { recordGrantRevocation, recordRevocation } from '../webhooks/revocation.js';

/**
 * OAuth grants and their tokens (docs/spec-decisions.md §2, docs/oauth.md): codes single-use for 10
 * minutes, access tokens `svc_at_` for 60, refresh tokens `svc_rt_` single-use and rotated, a reuse
 * revoking the whole grant except a retry within 60 s, which gets the same new pair; 90 days unused
 * ends a refresh token. Each act is one transaction; a refusal that revokes commits its revocation.
 */
export const CODE_LIFE_MS = 10 * 60_000;
export const ACCESS_LIFE_MS = 60 * 60_000;
export const REFRESH_IDLE_MS = 90 * 86_400_000;
export const RETRY_GRACE_MS = 60_000;

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  /** Seconds the access token has left. */
  expiresIn: number;
  scope: string;
}

/** A refusal of the token endpoint, in RFC 6749 §5.2's words. */
export class GrantRefusal {
  constructor(
    readonly error: 'invalid_grant' | 'invalid_scope',
    readonly description: string,
  ) {}
}

const hashCode = (code: string): string => createHash('sha256').update(`code:${code}`).digest('hex');

/** A new authorization code for what the owner approved: 256 random bits, base64url. */
export async function issueCode(db: Db, clock: Clock, c: { app: AppRow; ownerId: string; redirectUri: string; scopes: readonly string[]; codeChallenge: string }): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  const now = clock.now();
  await insertCode(db, {
    code_hash: hashCode(code),
    app_id: c.app.id,
    owner_id: c.ownerId,
    redirect_uri: c.redirectUri,
    scopes: [...c.scopes],
    code_challenge: c.codeChallenge,
    family_id: newId(),
    expires_at: new Date(now.getTime() + CODE_LIFE_MS),
    created_at: now,
  });
  return code;
}

/** Writes an access token and a refresh token of one family of the grant. */
async function writePair(trx: Db, o: { app: AppRow; grant: OauthGrantRow; familyId: string; scopes: string[]; access: string; refresh: string; now: Date }): Promise<TokenPair> {
  const expiresAt = new Date(o.now.getTime() + ACCESS_LIFE_MS);
  await insertToken(trx, {
    id: newId(),
    owner_id: o.grant.owner_id,
    kind: 'at',
    name: o.app.name,
    scopes: o.scopes,
    mode: 'live',
    token_hash: hashToken(o.access),
    last_four: o.access.slice(-4),
    app_id: o.app.id,
    grant_id: o.grant.id,
    family_id: o.familyId,
    expires_at: expiresAt,
    created_at: o.now,
  });
  await insertRefreshToken(trx, {
    id: newId(),
    token_hash: hashToken(o.refresh),
    grant_id: o.grant.id,
    owner_id: o.grant.owner_id,
    family_id: o.familyId,
    scopes: o.scopes,
    expires_at: new Date(o.now.getTime() + REFRESH_IDLE_MS),
    created_at: o.now,
  });
  await touchGrant(trx, o.grant.owner_id, o.grant.id, o.now);
  return { accessToken: o.access, refreshToken: o.refresh, expiresIn: ACCESS_LIFE_MS / 1000, scope: scopeString(o.scopes) };
}

/** Revokes access tokens (with each one's last event) and refresh tokens of a grant or a family; the revoked access token ids. */
async function revokeTokens(trx: Db, ownerId: string, by: { grantId: string } | { familyId: string }, now: Date): Promise<string[]> {
  await revokeRefreshTokens(trx, ownerId, by, now);
  const revoked = await revokeAccessTokens(trx, ownerId, by, now);
  for (const t of revoked) await recordRevocation(trx, { ownerId, tokenId: t.id, mode: t.mode }, 'owner', now);
  return revoked.map((t) => t.id);
}

/** Ends a grant and every token of it, in the caller's transaction; the revoked access token ids. */
export async function revokeGrant(trx: Db, grant: OauthGrantRow, reason: NonNullable<OauthGrantRow['revoked_reason']>, now: Date): Promise<string[]> {
  const ended = await revokeGrantRow(trx, grant.owner_id, grant.id, reason, now);
  // The app endpoint's last event for this owner (an app being deleted loses its endpoint instead).
  // The spec's reasons are owner, expired, account_deleted: a grant ended for a reused refresh token
  // says `owner`, as each of its access tokens does (docs/decisions.md).
  if (ended && reason !== 'app_deleted') await recordGrantRevocation(trx, { ownerId: grant.owner_id, grantId: grant.id }, 'owner', now);
  return revokeTokens(trx, grant.owner_id, { grantId: grant.id }, now);
}

export interface Outcome<T> {
  result: T | GrantRefusal;
  /** Access tokens revoked on the way (a reused code or refresh token): forget them in caches. */
  revoked: string[];
}

/** authorization_code (RFC 6749 §4.1.3 with RFC 7636 §4.6). */
export async function exchangeCode(db: Db, clock: Clock, x: { app: AppRow; code: string; redirectUri: string; verifier: string }): Promise<Outcome<TokenPair>> {
  const now = clock.now();
  const refuse = (d: string, revoked: string[] = []): Outcome<TokenPair> => ({ result: new GrantRefusal('invalid_grant', d), revoked });
  return inTransaction(db, async (trx) => {
    const code = await lockCode(trx, hashCode(x.code));
    if (!code || code.app_id !== x.app.id) return refuse('The code is unknown, or was issued to another client.');
    if (code.used_at !== null) {
      // RFC 6749 §4.1.2: a code used twice revokes what it issued.
      return refuse('The code was already used; the tokens it issued are revoked.', await revokeTokens(trx, code.owner_id, { familyId: code.family_id }, now));
    }
    if (code.expires_at.getTime() <= now.getTime()) return refuse('The code expired (codes live 10 minutes).');
    if (!sameRedirectUri(code.redirect_uri, x.redirectUri)) return refuse('redirect_uri differs from the one of the authorization request.');
    if (!verifierMatches(x.verifier, code.code_challenge)) return refuse('code_verifier does not match the code_challenge.');
    await markCodeUsed(trx, code.owner_id, code.code_hash, now);
    let grant = await findLiveGrant(trx, code.owner_id, x.app.id);
    if (!grant) {
      // Another first exchange for this app and owner may be inserting it right now: one grant wins, both codes get their pair.
      const made = await insertOrFindLiveGrant(trx, { id: newId(), app_id: x.app.id, owner_id: code.owner_id, scopes: code.scopes, created_at: now, updated_at: now });
      grant = made.grant;
      if (!made.inserted) await setGrantScopes(trx, grant.owner_id, grant.id, code.scopes, now);
    } else {
      await setGrantScopes(trx, grant.owner_id, grant.id, code.scopes, now);
    }
    const pair = await writePair(trx, { app: x.app, grant, familyId: code.family_id, scopes: code.scopes, access: generateTokenValue('at'), refresh: generateTokenValue('rt'), now });
    return { result: pair, revoked: [] };
  });
}

/** refresh_token (RFC 6749 §6), rotated, with reuse detection and the 60 s retry grace. */
export async function refreshGrant(db: Db, clock: Clock, secret: string, x: { app: AppRow; refreshToken: string; scopes: readonly string[] | null }): Promise<Outcome<TokenPair>> {
  const now = clock.now();
  const refuse = (d: string, revoked: string[] = [], error: GrantRefusal['error'] = 'invalid_grant'): Outcome<TokenPair> => ({ result: new GrantRefusal(error, d), revoked });
  const parsed = parseTokenValue(x.refreshToken);
  if (!parsed || parsed.kind !== 'rt') return refuse('refresh_token is not a refresh token of this service.');
  return inTransaction(db, async (trx) => {
    const rt = await lockRefreshToken(trx, hashToken(parsed.value));
    if (!rt) return refuse('The refresh token is unknown.');
    const grant = await findGrant(trx, rt.owner_id, rt.grant_id);
    if (!grant || grant.app_id !== x.app.id) return refuse('The refresh token was issued to another client.');
    if (rt.revoked_at !== null || grant.revoked_at !== null) return refuse('The refresh token was revoked.');
    if (rt.expires_at.getTime() <= now.getTime()) return refuse('The refresh token expired (90 days unused).');
    const access = deriveTokenValue('at', secret, parsed.value);
    const refresh = deriveTokenValue('rt', secret, parsed.value);
    if (rt.used_at !== null) {
      const successor = await findRefreshToken(trx, hashToken(refresh));
      const issued = await findAccessTokenByHash(trx, rt.owner_id, hashToken(access));
      const withinGrace = now.getTime() - rt.used_at.getTime() <= RETRY_GRACE_MS;
      if (withinGrace && successor && successor.used_at === null && successor.revoked_at === null && issued && issued.revoked_at === null && issued.expires_at) {
        return { result: { accessToken: access, refreshToken: refresh, expiresIn: Math.max(0, Math.floor((issued.expires_at.getTime() - now.getTime()) / 1000)), scope: scopeString(successor.scopes) }, revoked: [] };
      }
      return refuse('The refresh token was already used; the grant is revoked.', await revokeGrant(trx, grant, 'reuse', now));
    }
    let scopes = rt.scopes;
    if (x.scopes !== null) {
      const beyond = x.scopes.filter((s) => !rt.scopes.includes(s));
      if (beyond.length > 0) return refuse(`scope may only narrow what was granted; ${beyond[0]} was not.`, [], 'invalid_scope');
      scopes = rt.scopes.filter((s) => x.scopes!.includes(s));
    }
    await markRefreshTokenUsed(trx, rt.owner_id, rt.id, now);
    return { result: await writePair(trx, { app: x.app, grant, familyId: rt.family_id, scopes, access, refresh, now }), revoked: [] };
  });
}

/**
 * RFC 7009 revocation by the client: a refresh token ends its family (and the access tokens it
 * issued), an access token ends itself. Unknown values and other clients' tokens change nothing,
 * and the answer does not tell them apart.
 */
export async function revokeByClient(db: Db, clock: Clock, x: { app: AppRow; token: string }): Promise<string[]> {
  const parsed = parseTokenValue(x.token);
  if (!parsed || (parsed.kind !== 'rt' && parsed.kind !== 'at')) return [];
  const now = clock.now();
  return inTransaction(db, async (trx) => {
    if (parsed.kind === 'rt') {
      const rt = await lockRefreshToken(trx, hashToken(parsed.value));
      if (!rt) return [];
      const grant = await findGrant(trx, rt.owner_id, rt.grant_id);
      if (!grant || grant.app_id !== x.app.id) return [];
      const revoked = await revokeTokens(trx, rt.owner_id, { familyId: rt.family_id }, now);
      // The app gave up its last way back in: the grant ends too, so the owner's console no longer
      // lists the app as connected (as Google's revoke endpoint removes the app's access).
      if (grant.revoked_at === null && !(await grantHasLiveRefreshToken(trx, grant.owner_id, grant.id, now))) {
        revoked.push(...(await revokeGrant(trx, grant, 'client', now)));
      }
      return revoked;
    }
    const found = await findAccessTokenAnyOwner(trx, parsed.value);
    if (!found || found.app_id !== x.app.id || found.revoked_at !== null) return [];
    await revokeAccessTokenRow(trx, found, now);
    return [found.id];
  });
}

async function findAccessTokenAnyOwner(trx: Db, value: string): Promise<TokenRow | undefined> {
  return (await findTokenByHash(trx, hashToken(value)))?.token;
}

async function revokeAccessTokenRow(trx: Db, t: TokenRow, now: Date): Promise<void> {
  const row = await revokeToken(trx, t.owner_id, t.id, now);
  if (row) await recordRevocation(trx, { ownerId: t.owner_id, tokenId: t.id, mode: t.mode }, 'owner', now);
}

/** The owner's connected apps (console). */
export async function listConnectedApps(db: Db, ownerId: string): Promise<ConnectedAppRow[]> {
  return connectedApps(db, ownerId);
}

/** The owner disconnects an app: its tokens stop at once; each access token's last event is `authorization.revoked` (owner). */
export async function disconnectApp(db: Db, clock: Clock, ownerId: string, grantId: string): Promise<string[]> {
  const now = clock.now();
  return inTransaction(db, async (trx) => {
    const grant = await findGrant(trx, ownerId, grantId);
    if (!grant || grant.revoked_at !== null) throw new ServiceError('not_found', 'no such connected app');
    return revokeGrant(trx, grant, 'owner', now);
  });
}
