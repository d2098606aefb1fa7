import { asUuid } from '../domain/ids.js';
import { formatInstant } from '../domain/instant.js';
import { requireOwner } from '../services/owners.js';
import { ServiceError } from '../domain/service-error.js';
import { createPersonalToken, listOwnerTokens, revokePersonalToken } from '../services/tokens.js';
import { booleanArg, optionalIntegerArg, stringArg, stringListArg, type Operation } from './operation.js';

export interface TokenCreateResult {
  id: string;
  /** The value, shown this once. */
  token: string;
  scopes: string[];
  mode: 'live' | 'test';
  expiresAt: string | null;
}

export interface TokenListEntry {
  id: string;
  name: string;
  prefix: string;
  lastFour: string;
  scopes: string[];
  mode: 'live' | 'test';
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface TokenRevokeResult {
  id: string;
  revoked: true;
}

const instantOrNull = (d: Date | null): string | null => (d === null ? null : formatInstant(d));

export const tokenCreateOperation: Operation<TokenCreateResult> = async (rt, args) => {
  const owner = await requireOwner(rt.store.db, stringArg(args, 'owner'));
  const created = await createPersonalToken(rt.store.db, rt.clock, {
    ownerId: owner.id,
    name: stringArg(args, 'name'),
    scopes: stringListArg(args, 'scopes'),
    test: booleanArg(args, 'test'),
    expiresInSeconds: optionalIntegerArg(args, 'expiresIn'),
  });
  return { id: created.id, token: created.token, scopes: created.scopes, mode: created.mode, expiresAt: instantOrNull(created.expiresAt) };
};

export const tokenListOperation: Operation<TokenListEntry[]> = async (rt, args) => {
  const owner = await requireOwner(rt.store.db, stringArg(args, 'owner'));
  return (await listOwnerTokens(rt.store.db, owner.id)).map((t) => ({
    id: t.id,
    name: t.name,
    prefix: t.prefix,
    lastFour: t.lastFour,
    scopes: t.scopes,
    mode: t.mode,
    createdAt: formatInstant(t.createdAt),
    expiresAt: instantOrNull(t.expiresAt),
    lastUsedAt: instantOrNull(t.lastUsedAt),
    revokedAt: instantOrNull(t.revokedAt),
  }));
};

/**
 * Revokes in the store, then tells every instance to forget the token (services/invalidation.ts):
 * at once in this process (inside `serve` through the admin channel), within a second on the others.
 */
export const tokenRevokeOperation: Operation<TokenRevokeResult> = async (rt, args) => {
  const owner = await requireOwner(rt.store.db, stringArg(args, 'owner'));
  const text = stringArg(args, 'id');
  const id = asUuid(text);
  if (id === null) throw new ServiceError('not_found', `no live token ${text} of this owner`);
  await revokePersonalToken(rt.store.db, rt.clock, owner.id, id);
  await rt.forgetTokens(id);
  return { id, revoked: true };
};
