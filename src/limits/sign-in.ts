import type { RateLimitStore } from './store.js';

/**
 * Wrong passwords, throttled (docs/decisions.md "Hardening"): failures are counted per subject in
 * the last hour (a sliding window); the first few are free, then each one holds the subject closed
 * for a delay that doubles (1 s, 2 s, 4 s … at most a minute), and the failure that reaches `lockAt` locks it for an
 * hour. While a subject is held no password is checked at all, so a right one is refused exactly
 * like a wrong one and costs no hashing. The state lives in the RateLimitStore (counts and holds), so
 * several instances share it once the store is shared.
 */
export interface Throttle {
  /** Key prefix. */
  name: string;
  windowMs: number;
  /** Failures in a window that cost nothing. */
  free: number;
  /** The failure that locks the subject. */
  lockAt: number;
  lockMs: number;
  maxDelayMs: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** An account, as signed in to from browsers it has not been signed in with before. */
export const ACCOUNT_THROTTLE: Throttle = { name: 'signin-account', windowMs: HOUR, free: 3, lockAt: 10, lockMs: HOUR, maxDelayMs: MINUTE };
/** A browser the account was signed in with before (web/device-cookie.ts): counted on its own, so others' failures never lock it out. */
export const DEVICE_THROTTLE: Throttle = { ...ACCOUNT_THROTTLE, name: 'signin-device' };
/** A client address, whatever account it tries. */
export const ADDRESS_THROTTLE: Throttle = { name: 'signin-address', windowMs: HOUR, free: 10, lockAt: 100, lockMs: HOUR, maxDelayMs: MINUTE };

/** One throttled subject: a throttle and whom it counts (a username, a device, an address). */
export interface Subject {
  throttle: Throttle;
  id: string;
}

/** Ids are what a client sent: bounded, so a long one cannot grow the store's memory. */
const keyOf = (s: Subject) => `${s.throttle.name}:${s.id.slice(0, 200)}`;
const holdOf = (s: Subject) => `${keyOf(s)}:held`;

/** What the `n`-th failure in a window does: nothing, hold for a delay, or lock. */
export function afterFailure(t: Throttle, n: number): { holdMs: number; locks: boolean } {
  if (n >= t.lockAt) return { holdMs: t.lockMs, locks: n === t.lockAt };
  if (n <= t.free) return { holdMs: 0, locks: false };
  return { holdMs: Math.min(t.maxDelayMs, SECOND * 2 ** (n - t.free - 1)), locks: false };
}

/** Seconds until every subject is open again, or 0 when none is held. */
export async function heldFor(store: RateLimitStore, subjects: Subject[], now: number): Promise<number> {
  let until = 0;
  for (const s of subjects) until = Math.max(until, await store.heldUntil(holdOf(s), now));
  return until > now ? Math.max(1, Math.ceil((until - now) / SECOND)) : 0;
}

/** Counts a wrong password against every subject; returns the subjects this failure locked. */
export async function countFailure(store: RateLimitStore, subjects: Subject[], now: number): Promise<Subject[]> {
  const locked: Subject[] = [];
  for (const s of subjects) {
    // Counted up to the lock: a locked subject has no password checked, so nothing past it matters
    // (and the log of a key stays at most `lockAt` long).
    const { count } = await store.hit(keyOf(s), s.throttle.windowMs, now, s.throttle.lockAt);
    const { holdMs, locks } = afterFailure(s.throttle, count);
    if (holdMs > 0) await store.hold(holdOf(s), now + holdMs);
    if (locks) locked.push(s);
  }
  return locked;
}

/** A right password: the subject's failures are forgotten. */
export async function clearFailures(store: RateLimitStore, subject: Subject): Promise<void> {
  await store.forget(keyOf(subject));
  await store.forget(holdOf(subject));
}
