import type { Clock } from '../domain/clock.js';
import { newId } from '../domain/ids.js';
import { parseScopes, type Scope } from '../domain/scopes.js';
import { generateTokenValue, hashToken } from '../domain/token-format.js';
import { inTransaction, type Db } from '../store/db.js';
import { insertToken, listTokens, revokeToken } from '../store/repos/tokens.js';
import type { TokenRow } from '../store/schema.js';
import { enqueueJob } from '../store/repos/jobs.js';
import { ServiceError } from '../domain/service-error.js';
import { recordRevocation, TOKEN_EXPIRY } from '../webhooks/revocation.js';

/** Lifetimes the owner may choose for a personal token (docs/spec-decisions.md §2), in days; none is also allowed. */
export const TOKEN_LIFETIME_DAYS = [7, 30, 90, 365] as const;

export interface NewPersonalToken {
  ownerId: string;
  name: string;
  scopes: readonly string[];
  test: boolean;
  /** Seconds until it expires; null for no expiry. */
  expiresInSeconds: number | null;
}

export interface CreatedToken {
  id: string;
  /** The value: shown once, never stored. */
  token: string;
  scopes: Scope[];
  mode: 'live' | 'test';
  expiresAt: Date | null;
}

export async function createPersonalToken(db: Db, clock: Clock, input: NewPersonalToken): Promise<CreatedToken> {
  const name = input.name.trim();
  if (name.length === 0 || name.length > 200) throw new ServiceError('invalid', 'name: 1 to 200 characters');
  let scopes: Scope[];
  try {
    scopes = parseScopes(input.scopes);
  } catch (e) {
    throw new ServiceError('invalid', (e as Error).message);
  }
  if (scopes.length === 0) throw new ServiceError('invalid', 'scopes: name at least one');
  if (input.expiresInSeconds !== null && (!Number.isInteger(input.expiresInSeconds) || input.expiresInSeconds <= 0)) {
    throw new ServiceError('invalid', 'expires-in: a positive whole number of seconds');
  }
  const kind = input.test ? 'test' : 'pat';
  const token = generateTokenValue(kind);
  const now = clock.now();
  const row = {
    id: newId(),
    owner_id: input.ownerId,
    kind,
    name,
    scopes,
    mode: input.test ? 'test' : 'live',
    token_hash: hashToken(token),
    last_four: token.slice(-4),
    app_id: null,
    expires_at: input.expiresInSeconds === null ? null : new Date(now.getTime() + input.expiresInSeconds * 1000),
    created_at: now,
  } as const;
  await inTransaction(db, async (trx) => {
    await insertToken(trx, row);
    // Its last event is due when it expires (authorization.revoked, reason expired).
    if (row.expires_at) await enqueueJob(trx, { kind: TOKEN_EXPIRY, ownerId: row.owner_id, key: row.id, runAt: row.expires_at }, now);
  });
  return { id: row.id, token, scopes, mode: row.mode, expiresAt: row.expires_at };
}

export interface TokenSummary {
  id: string;
  name: string;
  prefix: string;
  lastFour: string;
  scopes: string[];
  mode: 'live' | 'test';
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

const PREFIX = { pat: 'svc_pat_', test: 'svc_test_', at: 'svc_at_' } as const;

export function summarizeToken(row: TokenRow): TokenSummary {
  return {
    id: row.id,
    name: row.name,
    prefix: PREFIX[row.kind],
    lastFour: row.last_four,
    scopes: row.scopes,
    mode: row.mode,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

/** The owner's personal tokens (OAuth access tokens belong to their app's grant, listed as connected apps). */
export async function listOwnerTokens(db: Db, ownerId: string): Promise<TokenSummary[]> {
  return (await listTokens(db, ownerId)).filter((t) => t.kind !== 'at').map(summarizeToken);
}

/** Revokes a token at once, with its last event, `authorization.revoked` (reason owner), in the same transaction. */
export async function revokePersonalToken(db: Db, clock: Clock, ownerId: string, tokenId: string): Promise<void> {
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    const row = await revokeToken(trx, ownerId, tokenId, now);
    if (!row) throw new ServiceError('not_found', `no live token ${tokenId} of this owner`);
    await recordRevocation(trx, { ownerId, tokenId, mode: row.mode }, 'owner', now);
  });
}
