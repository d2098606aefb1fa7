import argon2 from 'argon2';
import { createHash } from 'node:crypto';
import type { Clock } from '../domain/clock.js';
import { randomBase62 } from '../domain/ids.js';
import type { Db } from '../store/db.js';
import { findOwnerByUsername } from '../store/repos/owners.js';
import type { OwnerRow } from '../store/schema.js';
import { createOwner, type NewOwner } from './owners.js';
import { ServiceError } from './service-error.js';
import { recordRevocation } from '../webhooks/revocation.js';

/**
 * The owner's own account (issue 6): sign-up and sign-in with a password (argon2id through the
 * `argon2` package), sessions in an http-only cookie (only the value's SHA-256 is stored), password
 * change, and account deletion. The CSRF tokens bound to a session are web/session.ts.
 */
export const SESSION_DAYS = 30;
const DAY_MS = 86_400_000;
export const MIN_PASSWORD = 10;
const MAX_PASSWORD = 200;

/** OWASP's argon2id settings: 19 MiB, 2 passes, 1 lane. */
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export interface AccountEnv {
  db: Db;
  clock: Clock;
  /** The server secret CSRF tokens are derived from. */
  secret: string;
}

function checkPassword(password: string, field = 'password'): void {
  if (password.length < MIN_PASSWORD) throw new ServiceError('invalid', `The password needs at least ${MIN_PASSWORD} characters.`, field);
  if (password.length > MAX_PASSWORD) throw new ServiceError('invalid', `The password may have at most ${MAX_PASSWORD} characters.`, field);
}

export async function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, HASH_OPTIONS);
}

const hashSession = (value: string) => createHash('sha256').update(value).digest('hex');

export interface NewSession {
  /** The cookie value: shown to the browser only. */
  value: string;
  expiresAt: Date;
}

async function openSession(db: Db, ownerId: string, now: Date): Promise<NewSession> {
  const value = randomBase62(43);
  const expiresAt = new Date(now.getTime() + SESSION_DAYS * DAY_MS);
  await db.insertInto('sessions').values({ id_hash: hashSession(value), owner_id: ownerId, created_at: now, last_seen_at: now, expires_at: expiresAt }).execute();
  return { value, expiresAt };
}

/** Creates the owner with a password and signs them in. */
export async function signUp(env: AccountEnv, input: Omit<NewOwner, 'passwordHash'> & { password: string }): Promise<{ owner: OwnerRow; session: NewSession }> {
  checkPassword(input.password);
  const owner = await createOwner(env.db, env.clock, { ...input, passwordHash: await hashPassword(input.password) });
  return { owner, session: await openSession(env.db, owner.id, env.clock.now()) };
}

/** Signs in with username and password; the same refusal whatever was wrong. */
export async function signIn(env: AccountEnv, username: string, password: string): Promise<{ owner: OwnerRow; session: NewSession }> {
  const owner = await findOwnerByUsername(env.db, username.trim().toLowerCase());
  const hash = owner && !owner.deleted_at ? owner.password_hash : null;
  // A wrong username costs the same time as a wrong password.
  const ok = hash ? await argon2.verify(hash, password) : (await argon2.hash(password, HASH_OPTIONS), false);
  if (!ok || !owner) throw new ServiceError('invalid', 'That username and password do not match.', 'password');
  return { owner, session: await openSession(env.db, owner.id, env.clock.now()) };
}

/** The signed-in owner of a session cookie, or null; a session is kept alive while used. */
export async function sessionOwner(env: AccountEnv, value: string | undefined): Promise<OwnerRow | null> {
  if (!value || value.length > 100) return null;
  const now = env.clock.now();
  const row = await env.db
    .selectFrom('sessions as s')
    .innerJoin('owners as o', 'o.id', 's.owner_id')
    .selectAll('o')
    .select(['s.id_hash', 's.last_seen_at', 's.expires_at'])
    .where('s.id_hash', '=', hashSession(value))
    .executeTakeFirst();
  if (!row || row.deleted_at || row.expires_at.getTime() <= now.getTime()) return null;
  if (now.getTime() - row.last_seen_at.getTime() > 3_600_000) {
    await env.db.updateTable('sessions').set({ last_seen_at: now, expires_at: new Date(now.getTime() + SESSION_DAYS * DAY_MS) }).where('id_hash', '=', row.id_hash).execute();
  }
  const { id_hash: _h, last_seen_at: _l, expires_at: _e, ...owner } = row;
  return owner;
}

export async function signOut(env: AccountEnv, value: string | undefined): Promise<void> {
  if (value) await env.db.deleteFrom('sessions').where('id_hash', '=', hashSession(value)).execute();
}

/** Changes the password after checking the current one; every other session ends. */
export async function changePassword(env: AccountEnv, owner: OwnerRow, current: string, next: string, keepSession: string): Promise<void> {
  if (!owner.password_hash || !(await argon2.verify(owner.password_hash, current))) throw new ServiceError('invalid', 'The current password is not right.', 'current');
  checkPassword(next, 'password');
  const hash = await hashPassword(next);
  await env.db.transaction().execute(async (trx) => {
    await trx.updateTable('owners').set({ password_hash: hash, updated_at: env.clock.now() }).where('id', '=', owner.id).execute();
    await trx.deleteFrom('sessions').where('owner_id', '=', owner.id).where('id_hash', '!=', hashSession(keepSession)).execute();
  });
}

/**
 * Deletes the account: the owner is marked deleted (every API call with its tokens then answers 401),
 * every live token gets its last event, `authorization.revoked` with reason `account_deleted`, and
 * every session ends. One transaction.
 */
export async function deleteAccount(env: AccountEnv, owner: OwnerRow, password: string): Promise<void> {
  if (!owner.password_hash || !(await argon2.verify(owner.password_hash, password))) throw new ServiceError('invalid', 'The password is not right.', 'password');
  const now = env.clock.now();
  await env.db.transaction().execute(async (trx) => {
    const tokens = await trx.selectFrom('tokens').select(['id', 'mode', 'expires_at']).where('owner_id', '=', owner.id).where('revoked_at', 'is', null).execute();
    for (const t of tokens) {
      if (t.expires_at && t.expires_at.getTime() <= now.getTime()) continue;
      await recordRevocation(trx, { ownerId: owner.id, tokenId: t.id, mode: t.mode }, 'account_deleted', now);
    }
    await trx.updateTable('tokens').set({ revoked_at: now }).where('owner_id', '=', owner.id).where('revoked_at', 'is', null).execute();
    await trx.updateTable('owners').set({ deleted_at: now, updated_at: now, password_hash: null }).where('id', '=', owner.id).execute();
    await trx.updateTable('booking_settings').set({ enabled: false, updated_at: now }).where('owner_id', '=', owner.id).execute();
    await trx.deleteFrom('sessions').where('owner_id', '=', owner.id).execute();
  });
}
