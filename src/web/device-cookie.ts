import { createHmac, timingSafeEqual } from 'node:crypto';
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomBase62 } from '../domain/ids.js';

/**
 * A browser the owner has signed in with (OWASP's "device cookie"): after a right password the
 * browser gets a cookie naming the account, signed under the server secret. Wrong passwords from a
 * browser holding it are counted against that browser alone, so an attacker who locks the account
 * for every other browser (the username is public: it is the booking page's address) never locks
 * the owner out of their own (services/password-attempts.ts). Sent only to /signin.
 */
export const DEVICE_COOKIE = 'svc_device';
const YEAR_SECONDS = 365 * 86_400;

const signature = (secret: string, username: string, id: string) => createHmac('sha256', secret).update(`device:${username}:${id}`).digest('base64url');

/** The browser's device id when its cookie was issued for `username` (lower-cased), else null. */
export function trustedDevice(request: FastifyRequest, secret: string, username: string): string | null {
  const value = request.cookies[DEVICE_COOKIE];
  const m = value ? /^([A-Za-z0-9]{22})\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
  if (!m) return null;
  const want = Buffer.from(signature(secret, username, m[1]!));
  const got = Buffer.from(m[2]!);
  return want.length === got.length && timingSafeEqual(want, got) ? m[1]! : null;
}

/** Marks the browser as one `username` signed in with (keeping its id when it had one for that account). */
export function trustDevice(reply: FastifyReply, secret: string, username: string, id: string | null, secure: boolean): void {
  const device = id ?? randomBase62(22);
  reply.setCookie(DEVICE_COOKIE, `${device}.${signature(secret, username, device)}`, { path: '/signin', httpOnly: true, sameSite: 'lax', secure, maxAge: YEAR_SECONDS });
}
