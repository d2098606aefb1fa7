import { createHash } from 'node:crypto';
import type { Clock } from '../domain/clock.js';
import { randomBase62 } from '../domain/ids.js';
import { checkLimits, signUpLimit } from '../limits/policy.js';
import type { RateLimitStore } from '../limits/store.js';
import type { Db } from '../store/db.js';
import { disableBooking } from '../store/repos/booking.js';
import { findOwnerByUsername, markOwnerDeleted, setPasswordHash } from '../store/repos/owners.js';
import { deleteSession, endOtherSessions, endSessions, extendSession, insertSession, sessionWithOwner } from '../store/repos/sessions.js';
import { revokeAllTokens, unrevokedTokens } from '../store/repos/tokens.js';
import type { OwnerRow } from '../store/schema.js';
import { createOwner, type NewOwner } from './owners.js';
import { ServiceError } from '../domain/service-error.js';
import { recordGrantRevocation, recordRevocation } from '../webhooks/revocation.js';
import { liveGrantsOfOwner } from '../store/repos/grants.js';
import { throttledCheck, type PasswordAttempt } from './password-attempts.js';
import type { PasswordWork } from './password-work.js';

/**
 * The owner's own account (issue 6): sign-up and sign-in with a password (argon2id, through the
 * process's password gate, services/password-work.ts), sessions in an http-only cookie (only the
 * value's SHA-256 is stored), password change, and account deletion. Every check of a password is
 * throttled (services/password-attempts.ts); every new password must be hard to guess. The CSRF
 * tokens bound to a session are web/session.ts.
 */
export const SESSION_DAYS = 30;
const DAY_MS = 86_400_000;
export const MIN_PASSWORD = 10;
const MAX_PASSWORD = 200;

export interface AccountEnv {
  db: Db;
  clock: Clock;
  /** The server secret CSRF tokens are derived from. */
  secret: string;
  /** The password gate: every hash, check and strength estimate. */
  passwords: PasswordWork;
  /** Where failed password checks are counted and held. */
  limits: RateLimitStore;
  /** Whether emails go out through SMTP (else they stay in the console's outbox). */
  smtp: boolean;
}

/** The client of a password check: its address and, when it has one, the browser's trusted-device id. */
export type PasswordClient = Omit<PasswordAttempt, 'username'>;

/**
 * A new password: 10 to 200 characters and hard to guess (NIST SP 800-63B: no common, expected or
 * compromised passwords, no other composition rules), judged also against the account's own details.
 */
export async function checkNewPassword(passwords: PasswordWork, password: string, account: { username: string; displayName?: string; email?: string | null }, field = 'password'): Promise<void> {
  if (password.length < MIN_PASSWORD) throw new ServiceError('invalid', `The password needs at least ${MIN_PASSWORD} characters.`, field);
  if (password.length > MAX_PASSWORD) throw new ServiceError('invalid', `The password may have at most ${MAX_PASSWORD} characters.`, field);
  await passwords.checkStrength(password, [account.username, account.displayName ?? '', account.email ?? '', ...(account.email ?? '').split('@')], field);
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
  await insertSession(db, { idHash: hashSession(value), ownerId, now, expiresAt });
  return { value, expiresAt };
}

/** Creates the owner with a password and signs them in. */
export async function signUp(env: AccountEnv, input: Omit<NewOwner, 'passwordHash'> & { password: string }, client: { address: string; perHour: number }): Promise<{ owner: OwnerRow; session: NewSession }> {
  // Counted before any work: every attempt costs a strength estimate and a hash (docs/decisions.md "Hardening").
  const verdict = await checkLimits(env.limits, [signUpLimit(client.address, client.perHour)], env.clock.now().getTime());
  if (!verdict.allowed) {
    const minutes = Math.max(1, Math.ceil((verdict.retryAfter ?? 60) / 60));
    throw new ServiceError('rate_limited', `Too many sign-ups from your network. Please try again in ${minutes === 1 ? '1 minute' : `${minutes} minutes`}.`, 'username', verdict.retryAfter);
  }
  await checkNewPassword(env.passwords, input.password, input);
  const owner = await createOwner(env.db, env.clock, { ...input, passwordHash: await env.passwords.hash(input.password) });
  return { owner, session: await openSession(env.db, owner.id, env.clock.now()) };
}

/**
 * Signs in with username and password; the same refusal whatever was wrong. Throttled per account
 * and per address: while held, `rate_limited` with the wait, and no password is checked.
 */
export async function signIn(env: AccountEnv, username: string, password: string, client: PasswordClient): Promise<{ owner: OwnerRow; session: NewSession }> {
  const name = username.trim().toLowerCase();
  const { ok, owner } = await throttledCheck(env, { ...client, username: name }, async () => {
    const owner = await findOwnerByUsername(env.db, name);
    const hash = owner && !owner.deleted_at ? owner.password_hash : null;
    // A wrong username costs the same time as a wrong password.
    return { ok: hash ? await env.passwords.verify(hash, password) : (await env.passwords.hash(password), false), owner };
  });
  if (!ok || !owner) throw new ServiceError('invalid', 'That username and password do not match.', 'password');
  return { owner, session: await openSession(env.db, owner.id, env.clock.now()) };
}

/** The owner's password, checked under the same throttle as a sign-in (a stolen session cannot guess it at speed either). */
async function ownPasswordIs(env: AccountEnv, owner: OwnerRow, password: string, client: PasswordClient): Promise<boolean> {
  const hash = owner.password_hash;
  const checked = await throttledCheck(env, { ...client, username: owner.username }, async () => ({ ok: hash ? await env.passwords.verify(hash, password) : false, owner }));
  return checked.ok;
}

/** The signed-in owner of a session cookie, or null; a session is kept alive while used. */
export async function sessionOwner(env: AccountEnv, value: string | undefined): Promise<OwnerRow | null> {
  if (!value || value.length > 100) return null;
  const now = env.clock.now();
  const row = await sessionWithOwner(env.db, hashSession(value));
  if (!row || row.deleted_at || row.expires_at.getTime() <= now.getTime()) return null;
  if (now.getTime() - row.last_seen_at.getTime() > 3_600_000) {
    await extendSession(env.db, row.id, row.id_hash, now, new Date(now.getTime() + SESSION_DAYS * DAY_MS));
  }
  const { id_hash: _h, last_seen_at: _l, expires_at: _e, ...owner } = row;
  return owner;
}

export async function signOut(env: AccountEnv, value: string | undefined): Promise<void> {
  if (value) await deleteSession(env.db, hashSession(value));
}

/** Changes the password after checking the current one; every other session ends. */
export async function changePassword(env: AccountEnv, owner: OwnerRow, current: string, next: string, keepSession: string, client: PasswordClient): Promise<void> {
  if (!(await ownPasswordIs(env, owner, current, client))) throw new ServiceError('invalid', 'The current password is not right.', 'current');
  await checkNewPassword(env.passwords, next, { username: owner.username, displayName: owner.display_name, email: owner.email });
  const hash = await env.passwords.hash(next);
  await env.db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, owner.id, hash, env.clock.now());
    await endOtherSessions(trx, owner.id, hashSession(keepSession));
  });
}

/**
 * Deletes the account: the owner is marked deleted (every API call with its tokens then answers 401),
 * every live token gets its last event, `authorization.revoked` with reason `account_deleted`, and
 * every session ends. One transaction.
 */
export async function deleteAccount(env: AccountEnv, owner: OwnerRow, password: string, client: PasswordClient): Promise<void> {
  if (!(await ownPasswordIs(env, owner, password, client))) throw new ServiceError('invalid', 'The password is not right.', 'password');
  const now = env.clock.now();
  await env.db.transaction().execute(async (trx) => {
    const tokens = await unrevokedTokens(trx, owner.id);
    for (const t of tokens) {
      if (t.expires_at && t.expires_at.getTime() <= now.getTime()) continue;
      await recordRevocation(trx, { ownerId: owner.id, tokenId: t.id, mode: t.mode }, 'account_deleted', now);
    }
    // Each connected app's endpoint hears it too, once per grant.
    for (const g of await liveGrantsOfOwner(trx, owner.id)) await recordGrantRevocation(trx, { ownerId: owner.id, grantId: g.id }, 'account_deleted', now);
    await revokeAllTokens(trx, owner.id, now);
    await markOwnerDeleted(trx, owner.id, now);
    await disableBooking(trx, owner.id, now);
    await endSessions(trx, owner.id);
  });
}
