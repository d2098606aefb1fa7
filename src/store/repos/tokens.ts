import type { Db } from '../db.js';
import type { TokenRow } from '../schema.js';

export interface OwnerProfile {
  displayName: string;
  username: string;
  timezone: string;
  locale: string;
}

/** What authentication needs of a token, its owner and its app, in one query. */
export interface TokenPrincipalRow {
  token: TokenRow;
  accountId: string;
  profile: OwnerProfile;
  ownerDeleted: boolean;
  appSuspended: boolean;
}

export async function findTokenByHash(db: Db, hash: string): Promise<TokenPrincipalRow | null> {
  const row = await db
    .selectFrom('tokens')
    .innerJoin('owners', 'owners.id', 'tokens.owner_id')
    .leftJoin('apps', 'apps.id', 'tokens.app_id')
    .selectAll('tokens')
    .select([
      'owners.account_id as account_id',
      'owners.deleted_at as owner_deleted_at',
      'owners.display_name as owner_display_name',
      'owners.username as owner_username',
      'owners.timezone as owner_timezone',
      'owners.locale as owner_locale',
      'apps.suspended_at as app_suspended_at',
    ])
    .where('tokens.token_hash', '=', hash)
    .executeTakeFirst();
  if (!row) return null;
  const { account_id, owner_deleted_at, owner_display_name, owner_username, owner_timezone, owner_locale, app_suspended_at, ...token } = row;
  return {
    token,
    accountId: account_id,
    profile: { displayName: owner_display_name, username: owner_username, timezone: owner_timezone, locale: owner_locale },
    ownerDeleted: owner_deleted_at !== null,
    appSuspended: app_suspended_at !== null,
  };
}

export async function insertToken(db: Db, row: Omit<TokenRow, 'last_used_at' | 'revoked_at' | 'grant_id' | 'family_id'> & Partial<Pick<TokenRow, 'grant_id' | 'family_id'>>): Promise<void> {
  await db.insertInto('tokens').values(row).execute();
}

export async function listTokens(db: Db, ownerId: string): Promise<TokenRow[]> {
  return db.selectFrom('tokens').selectAll().where('owner_id', '=', ownerId).orderBy('created_at').orderBy('id').execute();
}

/** Revokes one of the owner's tokens; undefined when it is not the owner's or already revoked. */
export async function revokeToken(db: Db, ownerId: string, tokenId: string, now: Date): Promise<TokenRow | undefined> {
  return db
    .updateTable('tokens')
    .set({ revoked_at: now })
    .where('owner_id', '=', ownerId)
    .where('id', '=', tokenId)
    .where('revoked_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** When tokens were last used: a batch of ids of any owners (the authenticator's), each a primary key. */
export async function touchTokens(db: Db, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('tokens').set({ last_used_at: now }).where('id', 'in', ids).execute();
}

/** The owner's tokens not revoked (expired ones too), for what a revocation of them all must tell each. */
export async function unrevokedTokens(db: Db, ownerId: string): Promise<Pick<TokenRow, 'id' | 'mode' | 'expires_at'>[]> {
  return db.selectFrom('tokens').select(['id', 'mode', 'expires_at']).where('owner_id', '=', ownerId).where('revoked_at', 'is', null).execute();
}

export async function revokeAllTokens(db: Db, ownerId: string, now: Date): Promise<void> {
  await db.updateTable('tokens').set({ revoked_at: now }).where('owner_id', '=', ownerId).where('revoked_at', 'is', null).execute();
}

/** Whether the owner holds a token of this name (revoked ones too). */
export async function hasTokenNamed(db: Db, ownerId: string, name: string): Promise<boolean> {
  const row = await db.selectFrom('tokens').select('id').where('owner_id', '=', ownerId).where('name', '=', name).executeTakeFirst();
  return row !== undefined;
}

/** One of the owner's tokens, in any state. */
export async function findToken(db: Db, ownerId: string, tokenId: string): Promise<TokenRow | undefined> {
  return db.selectFrom('tokens').selectAll().where('id', '=', tokenId).where('owner_id', '=', ownerId).executeTakeFirst();
}

/** Whether one of the owner's tokens is live or test (it must exist). */
export async function tokenMode(db: Db, ownerId: string, tokenId: string): Promise<'live' | 'test'> {
  return (await db.selectFrom('tokens').select('mode').where('owner_id', '=', ownerId).where('id', '=', tokenId).executeTakeFirstOrThrow()).mode;
}

/** A token locked until the transaction ends. By id alone: the token.expire job's key is the token's id, unique across owners. */
export async function lockToken(trx: Db, tokenId: string): Promise<TokenRow | undefined> {
  return trx.selectFrom('tokens').selectAll().where('id', '=', tokenId).forUpdate().executeTakeFirst();
}
