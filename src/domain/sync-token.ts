import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Sync tokens of the events change feed (docs/sync.md), in the style of list cursors (cursor.ts): a
 * base64url payload and `.` and an HMAC of it. The payload names who may use it (`h`, the holder:
 * a personal token, or an app's grant of one owner, which outlives its hourly access tokens), the
 * owner's change number the next round reads after (`x`, decimal text), and when that position was
 * first handed out (`i`, unix seconds). Nothing in it depends on the moment of the call, so a
 * round that finds nothing new hands the same token back, and the same bytes answer again.
 */
export interface SyncPosition {
  /** Rows numbered above this change number are new to the holder. */
  after: string;
  /** When this position was handed out first, in ms since the epoch. */
  issuedAt: number;
}

interface Payload {
  h: string;
  x: string;
  i: number;
}

/** A sync token is honoured this long after its position was handed out; then the client starts again. */
export const SYNC_TOKEN_LIFETIME_MS = 30 * 86_400_000;
/** A round that finds nothing hands the same token back until it is a day old, then a fresh one. */
export const SYNC_TOKEN_REFRESH_MS = 86_400_000;
export const SYNC_TOKEN_PATTERN = '^[A-Za-z0-9_.-]{1,512}$';

const XID = /^[0-9]{1,20}$/;

function sign(secret: string, body: string): string {
  return createHmac('sha256', `sync\n${secret}`).update(body).digest('base64url').slice(0, 32);
}

export function encodeSyncToken(secret: string, holder: string, position: SyncPosition): string {
  const payload: Payload = { h: holder, x: position.after, i: Math.floor(position.issuedAt / 1000) };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(secret, body)}`;
}

export type SyncTokenResult =
  | { ok: true; position: SyncPosition }
  | { ok: false; reason: 'forged' | 'holder' }
  | { ok: false; reason: 'expired'; position: SyncPosition };

/** Reads a token: forged or another holder's is refused; one past its lifetime says so (start again). */
export function decodeSyncToken(secret: string, token: string, holder: string, now: Date): SyncTokenResult {
  const dot = token.indexOf('.');
  if (dot <= 0) return { ok: false, reason: 'forged' };
  const body = token.slice(0, dot);
  const mac = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(sign(secret, body));
  if (mac.length !== expected.length || !timingSafeEqual(mac, expected)) return { ok: false, reason: 'forged' };
  let payload: Payload;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Payload;
  } catch {
    return { ok: false, reason: 'forged' };
  }
  if (typeof payload.x !== 'string' || !XID.test(payload.x) || typeof payload.i !== 'number') return { ok: false, reason: 'forged' };
  if (payload.h !== holder) return { ok: false, reason: 'holder' };
  const position = { after: payload.x, issuedAt: payload.i * 1000 };
  if (now.getTime() - position.issuedAt > SYNC_TOKEN_LIFETIME_MS) return { ok: false, reason: 'expired', position };
  return { ok: true, position };
}

/**
 * The token a round ends with. A round that returned nothing keeps the position it began from (no
 * row of the owner lies between the two), so the token stays the same bytes, until it is a day old.
 */
export function nextSyncPosition(from: SyncPosition | null, upper: string, returnedAny: boolean, now: Date): SyncPosition {
  if (from && !returnedAny && now.getTime() - from.issuedAt < SYNC_TOKEN_REFRESH_MS) return from;
  return { after: upper, issuedAt: now.getTime() };
}

/** Who a sync token belongs to: a personal token, or an app's access to one owner (its access tokens rotate hourly). */
export function syncHolder(principal: { tokenId: string; ownerId: string; appId: string | null }): string {
  return principal.appId ? `app:${principal.appId}:${principal.ownerId}` : `token:${principal.tokenId}`;
}
