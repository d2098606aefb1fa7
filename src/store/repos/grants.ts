import type { Insertable } from 'kysely';
import type { Db } from '../db.js';
import type { OauthCodesTable, OauthGrantRow, OauthCodeRow, OauthRefreshTokenRow, OauthRefreshTokensTable, TokenRow } from '../schema.js';

/**
 * OAuth grants, authorization codes and refresh tokens (docs/oauth.md). Codes and refresh tokens
 * are looked up by the hash of their value alone (unique across owners), then every change is
 * filtered on the owner they belong to.
 */

// --- grants: one live grant per (app, owner) ---

export async function findLiveGrant(db: Db, ownerId: string, appId: string): Promise<OauthGrantRow | undefined> {
  return db.selectFrom('oauth_grants').selectAll().where('owner_id', '=', ownerId).where('app_id', '=', appId).where('revoked_at', 'is', null).forUpdate().executeTakeFirst();
}

export async function findGrant(db: Db, ownerId: string, grantId: string): Promise<OauthGrantRow | undefined> {
  return db.selectFrom('oauth_grants').selectAll().where('owner_id', '=', ownerId).where('id', '=', grantId).executeTakeFirst();
}

/**
 * Inserts the live grant of (app, owner) unless one exists; either way answers the live grant, locked.
 * Two first code exchanges at once (two tabs consented) both reach here without a grant: the second
 * insert waits for the first to commit, does nothing, and both go on with the one grant (0013's
 * partial unique index `oauth_grants_live` decides; a read-committed statement then sees the winner).
 */
export async function insertOrFindLiveGrant(db: Db, row: Omit<OauthGrantRow, 'last_used_at' | 'revoked_at' | 'revoked_reason'>): Promise<{ grant: OauthGrantRow; inserted: boolean }> {
  const inserted = await db
    .insertInto('oauth_grants')
    .values(row)
    .onConflict((oc) => oc.columns(['app_id', 'owner_id']).where('revoked_at', 'is', null).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { grant: inserted, inserted: true };
  const live = await findLiveGrant(db, row.owner_id, row.app_id);
  if (!live) throw new Error('the live grant of this app and owner vanished while being inserted');
  return { grant: live, inserted: false };
}

export async function setGrantScopes(db: Db, ownerId: string, grantId: string, scopes: string[], now: Date): Promise<void> {
  await db.updateTable('oauth_grants').set({ scopes, updated_at: now }).where('owner_id', '=', ownerId).where('id', '=', grantId).execute();
}

export async function touchGrant(db: Db, ownerId: string, grantId: string, now: Date): Promise<void> {
  await db.updateTable('oauth_grants').set({ last_used_at: now }).where('owner_id', '=', ownerId).where('id', '=', grantId).execute();
}

export async function revokeGrantRow(db: Db, ownerId: string, grantId: string, reason: NonNullable<OauthGrantRow['revoked_reason']>, now: Date): Promise<OauthGrantRow | undefined> {
  return db
    .updateTable('oauth_grants')
    .set({ revoked_at: now, revoked_reason: reason, updated_at: now })
    .where('owner_id', '=', ownerId)
    .where('id', '=', grantId)
    .where('revoked_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** The owner's live grants (the account is being deleted). */
export async function liveGrantsOfOwner(db: Db, ownerId: string): Promise<OauthGrantRow[]> {
  return db.selectFrom('oauth_grants').selectAll().where('owner_id', '=', ownerId).where('revoked_at', 'is', null).execute();
}

/** Live grants of an app, of any owner (an app's deletion revokes them all). */
export async function liveGrantsOfApp(db: Db, appId: string): Promise<OauthGrantRow[]> {
  return db.selectFrom('oauth_grants').selectAll().where('app_id', '=', appId).where('revoked_at', 'is', null).execute();
}

export interface ConnectedAppRow {
  grant: OauthGrantRow;
  appName: string;
  appHomepage: string | null;
  appOwnerUsername: string | null;
  appSuspendedAt: Date | null;
  appSuspendedReason: string | null;
  /** When one of its tokens was last used (the grant's own last refresh counts too). */
  lastUsedAt: Date | null;
}

/** The owner's live grants with their apps: the console's "connected apps". */
export async function connectedApps(db: Db, ownerId: string): Promise<ConnectedAppRow[]> {
  const rows = await db
    .selectFrom('oauth_grants as g')
    .innerJoin('apps as a', 'a.id', 'g.app_id')
    .leftJoin('owners as dev', 'dev.id', 'a.owner_id')
    .selectAll('g')
    .select((eb) => [
      'a.name as app_name',
      'a.homepage_url as app_homepage',
      'dev.username as dev_username',
      'a.suspended_at as app_suspended_at',
      'a.suspended_reason as app_suspended_reason',
      eb.selectFrom('tokens as t').select((e) => e.fn.max('t.last_used_at').as('m')).whereRef('t.grant_id', '=', 'g.id').as('token_last_used'),
    ])
    .where('g.owner_id', '=', ownerId)
    .where('g.revoked_at', 'is', null)
    .where('a.deleted_at', 'is', null)
    .orderBy('g.created_at')
    .orderBy('g.id')
    .execute();
  return rows.map(({ app_name, app_homepage, dev_username, app_suspended_at, app_suspended_reason, token_last_used, ...grant }) => {
    const used = [grant.last_used_at, token_last_used ? new Date(token_last_used as Date | string) : null].filter((d): d is Date => d !== null);
    return {
      grant,
      appName: app_name,
      appHomepage: app_homepage,
      appOwnerUsername: dev_username,
      appSuspendedAt: app_suspended_at,
      appSuspendedReason: app_suspended_reason,
      lastUsedAt: used.length === 0 ? null : new Date(Math.max(...used.map((d) => d.getTime()))),
    };
  });
}

/** How many owners an app is connected to (live grants), for its developer's list. */
export async function grantCounts(db: Db, appIds: string[]): Promise<Map<string, number>> {
  if (appIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('oauth_grants')
    .select((eb) => ['app_id', eb.fn.countAll<string>().as('n')])
    .where('app_id', 'in', appIds)
    .where('revoked_at', 'is', null)
    .groupBy('app_id')
    .execute();
  return new Map(rows.map((r) => [r.app_id, Number(r.n)]));
}

// --- authorization codes ---

export async function insertCode(db: Db, row: Insertable<OauthCodesTable>): Promise<void> {
  await db.insertInto('oauth_codes').values(row).execute();
}

/** A code by the hash of its value, locked until the transaction ends. */
export async function lockCode(db: Db, codeHash: string): Promise<OauthCodeRow | undefined> {
  return db.selectFrom('oauth_codes').selectAll().where('code_hash', '=', codeHash).forUpdate().executeTakeFirst();
}

export async function markCodeUsed(db: Db, ownerId: string, codeHash: string, now: Date): Promise<void> {
  await db.updateTable('oauth_codes').set({ used_at: now }).where('owner_id', '=', ownerId).where('code_hash', '=', codeHash).execute();
}

/** Codes past their life by a day: gone (housekeeping). By expiry alone, across owners. */
export async function deleteExpiredCodes(db: Db, before: Date): Promise<number> {
  const r = await db.deleteFrom('oauth_codes').where('expires_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}

// --- refresh tokens ---

export async function insertRefreshToken(db: Db, row: Insertable<OauthRefreshTokensTable>): Promise<void> {
  await db.insertInto('oauth_refresh_tokens').values(row).execute();
}

/** A refresh token by the hash of its value, locked until the transaction ends. */
export async function lockRefreshToken(db: Db, hash: string): Promise<OauthRefreshTokenRow | undefined> {
  return db.selectFrom('oauth_refresh_tokens').selectAll().where('token_hash', '=', hash).forUpdate().executeTakeFirst();
}

export async function findRefreshToken(db: Db, hash: string): Promise<OauthRefreshTokenRow | undefined> {
  return db.selectFrom('oauth_refresh_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirst();
}

export async function markRefreshTokenUsed(db: Db, ownerId: string, id: string, now: Date): Promise<void> {
  await db.updateTable('oauth_refresh_tokens').set({ used_at: now }).where('owner_id', '=', ownerId).where('id', '=', id).execute();
}

/** Whether a grant still has a refresh token an app can use: not revoked, not used (rotated), not expired. */
export async function grantHasLiveRefreshToken(db: Db, ownerId: string, grantId: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('oauth_refresh_tokens')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('grant_id', '=', grantId)
    .where('revoked_at', 'is', null)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Revokes the refresh tokens of a grant, or of one family of it. */
export async function revokeRefreshTokens(db: Db, ownerId: string, by: { grantId: string } | { familyId: string }, now: Date): Promise<void> {
  let q = db.updateTable('oauth_refresh_tokens').set({ revoked_at: now }).where('owner_id', '=', ownerId).where('revoked_at', 'is', null);
  q = 'grantId' in by ? q.where('grant_id', '=', by.grantId) : q.where('family_id', '=', by.familyId);
  await q.execute();
}

/** Revokes the access tokens of a grant, or of one family; returns those it revoked. */
export async function revokeAccessTokens(db: Db, ownerId: string, by: { grantId: string } | { familyId: string }, now: Date): Promise<TokenRow[]> {
  let q = db.updateTable('tokens').set({ revoked_at: now }).where('owner_id', '=', ownerId).where('revoked_at', 'is', null);
  q = 'grantId' in by ? q.where('grant_id', '=', by.grantId) : q.where('family_id', '=', by.familyId);
  return q.returningAll().execute();
}

/** The access token a refresh token's use issued (by the hash of its derived value), if it was stored. */
export async function findAccessTokenByHash(db: Db, ownerId: string, hash: string): Promise<TokenRow | undefined> {
  return db.selectFrom('tokens').selectAll().where('owner_id', '=', ownerId).where('token_hash', '=', hash).executeTakeFirst();
}
