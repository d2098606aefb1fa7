import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../domain/clock.js';
import type { Db } from '../../store/db.js';

/** What every request service needs, built once per instance (API, CLI, worker). */
export interface RequestEnv {
  db: Db;
  clock: Clock;
  /** Where the requester's status page is reached from outside. */
  publicBaseUrl: string;
  /** The server secret the status links are signed with. */
  linkSecret: string;
  /** SMTP is configured: emails are sent, not only kept in the local outbox. */
  smtp: boolean;
}

export function requestEnv(s: { db: Db; clock: Clock; config: { publicBaseUrl: string; smtpUrl: string | null }; cursorSecret: string }): RequestEnv {
  return { db: s.db, clock: s.clock, publicBaseUrl: s.config.publicBaseUrl, linkSecret: s.cursorSecret, smtp: s.config.smtpUrl !== null };
}

/**
 * The status link's secret part: an HMAC of the request id under the server secret (its own purpose
 * label keeps it apart from cursor signatures), so no link is stored and every email can repeat it.
 */
export function statusToken(secret: string, requestId: string): string {
  return createHmac('sha256', secret).update(`status-link:${requestId}`).digest('base64url').slice(0, 32);
}

export function statusUrl(env: Pick<RequestEnv, 'publicBaseUrl' | 'linkSecret'>, requestId: string): string {
  return `${env.publicBaseUrl}/status/${requestId}/${statusToken(env.linkSecret, requestId)}`;
}

/** Whether `token` is the status token of the request (constant-time). */
export function checkStatusToken(secret: string, requestId: string, token: string): boolean {
  const want = Buffer.from(statusToken(secret, requestId));
  const got = Buffer.from(token);
  return want.length === got.length && timingSafeEqual(want, got);
}
