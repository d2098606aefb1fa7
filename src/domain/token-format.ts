import { createHash, createHmac } from 'node:crypto';
import { randomBase62 } from './ids.js';

/**
 * Token values (docs/spec-decisions.md §2, GitHub-style): prefix + 32 random base62 characters + a 6-character
 * base62 CRC-32 of them, so a mistyped or truncated token is refused without a database look-up.
 */
export type TokenKind = 'pat' | 'test' | 'at' | 'rt';

export const TOKEN_PREFIX: Record<TokenKind, string> = {
  pat: 'svc_pat_',
  test: 'svc_test_',
  at: 'svc_at_',
  rt: 'svc_rt_',
};

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const TOKEN_RE = /^svc_(pat|test|at|rt)_([0-9A-Za-z]{32})([0-9A-Za-z]{6})$/;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text, 'utf8')) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function checksum(body: string): string {
  let n = crc32(body);
  let out = '';
  for (let i = 0; i < 6; i++) {
    out = BASE62[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out;
}

export function generateTokenValue(kind: TokenKind): string {
  const body = randomBase62(32);
  return `${TOKEN_PREFIX[kind]}${body}${checksum(body)}`;
}

/**
 * A token value derived from a seed under a secret (HMAC-SHA-512 in counter mode, bytes mapped to
 * base62 by rejection, so uniform): the same seed always gives the same value. A refresh token's
 * successor pair is derived from the refresh token itself, so a retry within the grace gets the
 * same pair without any token value being stored (docs/oauth.md).
 */
export function deriveTokenValue(kind: TokenKind, secret: string, seed: string): string {
  let body = '';
  for (let counter = 0; body.length < 32; counter++) {
    for (const byte of createHmac('sha512', secret).update(`token:${kind}:${counter}:${seed}`).digest()) {
      if (byte < 248) body += BASE62[byte % 62];
      if (body.length === 32) break;
    }
  }
  return `${TOKEN_PREFIX[kind]}${body}${checksum(body)}`;
}

export interface ParsedToken {
  kind: TokenKind;
  value: string;
}

/** Null for anything that is not a well-formed token with a correct checksum. */
export function parseTokenValue(value: string): ParsedToken | null {
  const m = TOKEN_RE.exec(value);
  if (!m) return null;
  const [, kind, body, sum] = m;
  if (checksum(body!) !== sum) return null;
  return { kind: kind as TokenKind, value };
}

/** Only this hash is stored; the value is shown once. */
export function hashToken(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
