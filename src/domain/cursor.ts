import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * List cursors (docs/spec-decisions.md §6, after Google's sync tokens): a base64url payload holding the sort key
 * and id of the last item, a fingerprint of the query, the token and the expiry, then `.` and an
 * HMAC of the payload. A cursor that is forged, expired, or used with another query or token is refused.
 */
export interface CursorPosition {
  /** Sort key of the last item returned (an instant in ms, or any string/number). */
  key: string | number;
  /** Id of the last item returned, the tie-breaker. */
  id: string;
}

interface Payload {
  k: string | number;
  i: string;
  q: string;
  t: string;
  e: number;
}

export const CURSOR_LIFETIME_MS = 24 * 60 * 60 * 1000;
/**
 * A cursor's expiry is rounded up to the next whole hour (UTC) after its 24 hours: it lasts at
 * least 24 hours and less than 25, and one page answers the same cursor, so the same bytes and the
 * same ETag, for an hour. An expiry in seconds changed every page's body every second, and a client
 * polling a first page with If-None-Match never got a 304 (docs/conditional-get.md).
 */
export const CURSOR_EXPIRY_STEP_MS = 60 * 60 * 1000;
export const CURSOR_MAX_LENGTH = 512;
export const CURSOR_PATTERN = '^[A-Za-z0-9_.-]{1,512}$';

/** Fingerprint of a query: every parameter but the cursor itself (limit included: a cursor is passed back with the same parameters), key order irrelevant. */
export function queryFingerprint(route: string, query: Record<string, unknown>): string {
  const entries = Object.entries(query)
    .filter(([k, v]) => k !== 'cursor' && v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const text = JSON.stringify([route, entries]);
  return remembered(fingerprints, text, () => createHash('sha256').update(text).digest('base64url').slice(0, 16));
}

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url').slice(0, 32);
}

/**
 * Hashes and cursors are pure functions of their input, and a sync client or many clients of one
 * calendar ask the same query again and again: the last ones are kept (a cursor's expiry is a whole
 * hour, so one page issues the same cursor for an hour).
 */
const REMEMBERED = 1000;
const fingerprints = new Map<string, string>();
const cursors = new Map<string, string>();

function remembered(memo: Map<string, string>, key: string, compute: () => string): string {
  let value = memo.get(key);
  if (value === undefined) {
    value = compute();
    if (memo.size >= REMEMBERED) memo.clear();
    memo.set(key, value);
  }
  return value;
}

/** When a cursor issued at `now` expires (epoch ms): 24 hours on, rounded up to the whole hour (CURSOR_EXPIRY_STEP_MS). */
export function cursorExpiry(now: Date): number {
  return Math.ceil((now.getTime() + CURSOR_LIFETIME_MS) / CURSOR_EXPIRY_STEP_MS) * CURSOR_EXPIRY_STEP_MS;
}

export function encodeCursor(
  secret: string,
  position: CursorPosition,
  context: { fingerprint: string; tokenId: string; now: Date },
): string {
  const payload: Payload = {
    k: position.key,
    i: position.id,
    q: context.fingerprint,
    t: context.tokenId,
    e: cursorExpiry(context.now) / 1000,
  };
  const json = JSON.stringify(payload);
  return remembered(cursors, `${secret}\n${json}`, () => {
    const body = Buffer.from(json).toString('base64url');
    return `${body}.${sign(secret, body)}`;
  });
}

export type CursorResult = { ok: true; position: CursorPosition } | { ok: false; reason: string };

export function decodeCursor(
  secret: string,
  cursor: string,
  context: { fingerprint: string; tokenId: string; now: Date },
): CursorResult {
  const dot = cursor.indexOf('.');
  if (dot <= 0) return { ok: false, reason: 'is not a cursor this service issued' };
  const body = cursor.slice(0, dot);
  const mac = Buffer.from(cursor.slice(dot + 1));
  const expected = Buffer.from(sign(secret, body));
  if (mac.length !== expected.length || !timingSafeEqual(mac, expected)) {
    return { ok: false, reason: 'is not a cursor this service issued' };
  }
  let payload: Payload;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Payload;
  } catch {
    return { ok: false, reason: 'is not a cursor this service issued' };
  }
  if (payload.t !== context.tokenId) return { ok: false, reason: 'belongs to another token' };
  if (payload.q !== context.fingerprint) return { ok: false, reason: 'belongs to a different query; pass the same parameters as the first page' };
  if (payload.e * 1000 <= context.now.getTime()) return { ok: false, reason: 'has expired (cursors last 24 hours); start again without it' };
  return { ok: true, position: { key: payload.k, id: payload.i } };
}
