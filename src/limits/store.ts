import type { MaybePromise } from '../domain/maybe-promise.js';

/**
 * Where rate-limit counts are kept, and holds: an interface, so that several instances can share
 * counts (Redis); the in-process store (memory-store.ts) is the default. Counts are sliding logs
 * (sliding-log.ts): a call is admitted while fewer than `max` were admitted in the `windowMs` before
 * it, so no span of `windowMs` ever admits more than `max`.
 */
export interface WindowCount {
  /**
   * Calls admitted in the window that ends now, this one included when counted; `max + 1` when
   * `hit` refused it (a refused call is not logged: it costs the client nothing later).
   */
  count: number;
  /**
   * When the count next falls, in ms since the epoch: at or over `max`, the instant one more call
   * is admitted; under it, when the oldest call leaves the window; `now` when there is none.
   */
  resetAt: number;
}

export interface RateLimitStore {
  /**
   * Counts one call against `key` in the `windowMs` ending at `now` if fewer than `max` are there,
   * and returns the count with it (over `max`: refused, not counted). The in-process store answers
   * at once, without a promise (every API call counts here, and the guard then waits for nothing:
   * policy.ts countLimits); a shared store (Redis) answers with a promise. Memory per key is
   * bounded by `max`.
   */
  hit(key: string, windowMs: number, now: number, max: number): MaybePromise<WindowCount>;
  /** The count so far, without counting (at once or with a promise, as `hit`). */
  peek(key: string, windowMs: number, now: number, max: number): MaybePromise<WindowCount>;
  /**
   * Gives back one call counted against `key`: the newest one logged at or before `now` (the call
   * being answered, which `hit` counted a moment before; should another call of the key have been
   * counted in between, giving that one back leaves the same count), and returns the count after
   * it. Nothing when the window holds none. A 304 Not Modified is given back to its token's limit
   * (docs/conditional-get.md). At once or with a promise, as `hit`.
   */
  refund(key: string, windowMs: number, now: number, max: number): MaybePromise<WindowCount>;
  /**
   * Holds `key` closed until `until` (ms since the epoch): a delay or a lock (limits/sign-in.ts). A
   * hold that already reaches further is kept. (Redis: SET key until PXAT until, keeping the later.)
   */
  hold(key: string, until: number): Promise<void>;
  /** Until when `key` is held closed (ms since the epoch), or 0 when it is open at `now`. */
  heldUntil(key: string, now: number): Promise<number>;
  /** Forgets `key`: its hold and its counts of every window length (a lock lifted, a count started afresh). */
  forget(key: string): Promise<void>;
}
