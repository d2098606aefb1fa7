import type { MaybePromise } from '../domain/maybe-promise.js';

/**
 * Where rate-limit windows are counted, and holds kept: an interface, so that several instances can share counts
 * (Redis, later); the in-process store (memory-store.ts) is the default.
 */
export interface WindowCount {
  count: number;
  /** When the current window ends, in ms since the epoch. */
  resetAt: number;
}

export interface RateLimitStore {
  /**
   * Counts one call against `key` in the window containing `now` and returns the count so far. The
   * in-process store answers at once, without a promise (every API call counts here, and the guard
   * then waits for nothing: policy.ts countLimits); a shared store (Redis) answers with a promise.
   */
  hit(key: string, windowMs: number, now: number): MaybePromise<WindowCount>;
  /** The count so far, without counting (at once or with a promise, as `hit`). */
  peek(key: string, windowMs: number, now: number): MaybePromise<WindowCount>;
  /**
   * Holds `key` closed until `until` (ms since the epoch): a delay or a lock (limits/sign-in.ts). A
   * hold that already reaches further is kept. (Redis: SET key until PXAT until, keeping the later.)
   */
  hold(key: string, until: number): Promise<void>;
  /** Until when `key` is held closed (ms since the epoch), or 0 when it is open at `now`. */
  heldUntil(key: string, now: number): Promise<number>;
  /** Forgets `key`: its hold and its counts in every window (a lock lifted, a count started afresh). */
  forget(key: string): Promise<void>;
}
