import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * PKCE (RFC 7636), S256 only (docs/spec-decisions.md §2: required for every client; `plain` is refused).
 * A verifier is 43 to 128 characters of [A-Z a-z 0-9 - . _ ~]; its challenge is the base64url
 * SHA-256 of it, without padding: always 43 characters.
 */
const VERIFIER_RE = /^[A-Za-z0-9\-._~]{43,128}$/;
const CHALLENGE_RE = /^[A-Za-z0-9_-]{43}$/;

export const PKCE_METHOD = 'S256';

export function isCodeVerifier(value: string): boolean {
  return VERIFIER_RE.test(value);
}

export function isCodeChallenge(value: string): boolean {
  return CHALLENGE_RE.test(value);
}

export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** Whether the verifier answers the challenge, compared in constant time. */
export function verifierMatches(verifier: string, challenge: string): boolean {
  if (!isCodeVerifier(verifier) || !isCodeChallenge(challenge)) return false;
  const got = Buffer.from(s256Challenge(verifier));
  const want = Buffer.from(challenge);
  return got.length === want.length && timingSafeEqual(got, want);
}
