import { createHmac, timingSafeEqual } from 'node:crypto';

/** Where the requester's status page is reached from outside, and the secret its links are signed with. */
export interface StatusLinks {
  publicBaseUrl: string;
  /** The server's status-link secret (`secrets.statusLinks`). */
  linkSecret: string;
}

/**
 * The status link's secret part: an HMAC of the request id under the server secret (its own purpose
 * label keeps it apart from cursor signatures), so no link is stored and every email can repeat it.
 */
export function statusToken(secret: string, requestId: string): string {
  return createHmac('sha256', secret).update(`status-link:${requestId}`).digest('base64url').slice(0, 32);
}

export function statusUrl(links: StatusLinks, requestId: string): string {
  return `${links.publicBaseUrl}/status/${requestId}/${statusToken(links.linkSecret, requestId)}`;
}

/** Whether `token` is the status token of the request (constant-time). */
export function checkStatusToken(secret: string, requestId: string, token: string): boolean {
  const want = Buffer.from(statusToken(secret, requestId));
  const got = Buffer.from(token);
  return want.length === got.length && timingSafeEqual(want, got);
}
