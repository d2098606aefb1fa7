import { clientKey } from './client-address.js';
import type { Subject, Throttle } from './sign-in.js';

/**
 * Failed client authentications and grants at /oauth/token and /oauth/revoke (docs/oauth.md
 * "Throttling"), throttled with sign-in's machinery (sign-in.ts: free failures, then holds that
 * double, counted in the RateLimitStore so instances share them). Two subjects, as sign-in has:
 *
 * - the client address (IPv6 by its /64): every `invalid_client` and `invalid_grant` from it. 20
 *   free an hour (a backend whose users' refresh tokens ran out fails now and then), then 1 s, 2 s …
 *   at most a minute; the 200th locks it for 15 minutes.
 * - the client id: the same failures naming it, from anywhere. Held at most 30 s, never locked:
 *   a client_id is public (it is in every authorization URL), so failures others send with it must
 *   not keep the real client out for long; a success forgets its count.
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const OAUTH_ADDRESS_THROTTLE: Throttle = { name: 'oauth-address', windowMs: HOUR, free: 20, lockAt: 200, lockMs: 15 * MINUTE, maxDelayMs: MINUTE };
// lockAt is a count the holds never let it reach (20 free, then one a 30 s at most: about 140 an
// hour), finite because the store caps a key's count at it; its "lock" is no longer than a hold.
export const OAUTH_CLIENT_THROTTLE: Throttle = { name: 'oauth-client', windowMs: HOUR, free: 20, lockAt: 1000, lockMs: 30 * SECOND, maxDelayMs: 30 * SECOND };

/** Whom one attempt counts against: its address, and the client id it claims when it names one. */
export function oauthSubjects(address: string, clientId: string | undefined): Subject[] {
  const byAddress: Subject = { throttle: OAUTH_ADDRESS_THROTTLE, id: clientKey(address) };
  return clientId === undefined ? [byAddress] : [{ throttle: OAUTH_CLIENT_THROTTLE, id: clientId }, byAddress];
}
