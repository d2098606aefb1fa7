/**
 * Where rate-limit windows are counted: an interface, so that several instances can share counts
 * (Redis, later); the in-process store (memory-store.ts) is the default.
 */
export interface WindowCount {
  count: number;
  /** When the current window ends, in ms since the epoch. */
  resetAt: number;
}

export interface RateLimitStore {
  /** Counts one call against `key` in the window containing `now` and returns the count so far. */
  hit(key: string, windowMs: number, now: number): Promise<WindowCount>;
  /** The count so far, without counting. */
  peek(key: string, windowMs: number, now: number): Promise<WindowCount>;
}
