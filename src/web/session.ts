import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps.js';
import { sessionOwner, SESSION_DAYS, type AccountEnv } from '../services/accounts.js';
import type { OwnerRow } from '../store/schema.js';

/**
 * The owner's browser session, for every page that acts as the signed-in owner (the console today,
 * an OAuth consent page next): the cookie, who it belongs to, and the CSRF token bound to it. A
 * session lives in an http-only, SameSite=Lax cookie (Secure when the service is reached over
 * https); only the value's SHA-256 is stored (services/accounts.ts). The plugin using these
 * registers @fastify/cookie in its own context.
 */
export const SESSION_COOKIE = 'svc_session';

/** What the session glue needs: the store and clock of the accounts, and the server secret CSRF tokens are derived from. */
export type SessionEnv = AccountEnv;

/** The accounts' environment, from the bag. */
export function accountEnv(services: Pick<Deps, 'db' | 'clock' | 'secrets' | 'passwords' | 'limits' | 'config'>): AccountEnv {
  return { db: services.db, clock: services.clock, secret: services.secrets.csrf, passwords: services.passwords, limits: services.limits, smtp: services.config.smtpUrl !== null };
}

/** The session cookie's value, as the browser sent it. */
export function sessionValue(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE];
}

/** Sets the session cookie; `secure` when the service is reached over https. */
export function setSessionCookie(reply: FastifyReply, value: string, secure: boolean): FastifyReply {
  return reply.setCookie(SESSION_COOKIE, value, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: SESSION_DAYS * 86_400 });
}

export function clearSessionCookie(reply: FastifyReply): FastifyReply {
  return reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** The signed-in owner of the request's session and its cookie value, or null when there is none (or it ended). */
export async function signedInOwner(env: SessionEnv, request: FastifyRequest): Promise<{ owner: OwnerRow; value: string } | null> {
  const value = sessionValue(request);
  const owner = await sessionOwner(env, value);
  return owner && value ? { owner, value } : null;
}

/** The CSRF token of a session: an HMAC of the session's stored hash under the server secret. */
export function csrfToken(env: Pick<SessionEnv, 'secret'>, sessionValue: string): string {
  const hashed = createHash('sha256').update(sessionValue).digest('hex');
  return createHmac('sha256', env.secret).update(`csrf:${hashed}`).digest('base64url');
}

/** Whether `token` is the session's CSRF token, compared in constant time. */
export function checkCsrf(env: Pick<SessionEnv, 'secret'>, sessionValue: string, token: unknown): boolean {
  if (typeof token !== 'string') return false;
  const want = Buffer.from(csrfToken(env, sessionValue));
  const got = Buffer.from(token);
  return want.length === got.length && timingSafeEqual(want, got);
}
