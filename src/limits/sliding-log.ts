/**
 * An exact sliding log: the instants of one key's admitted calls in the last window, oldest first.
 * A call at `now` is admitted when fewer than `max` calls were admitted in the span
 * (now - windowMs, now], so no span of that length ever holds more than `max`. Fixed windows let
 * twice the limit through across a boundary (issue 32: 80 availability calls of 60 in 1.9 s); GCRA
 * with a burst of `max` lets 2 × max - 1 through in a window (60 at once, then one a second: 119 in
 * 60 s) — see docs/decisions.md "Checks and limits".
 *
 * Pure: the caller's clock comes in, counts come out. The memory store keeps one CallLog per key;
 * the Redis store runs the same rule as one Lua script over a sorted set (redis-store.ts).
 * Memory per key: 8 bytes per call admitted in the last window, at most `max` of them (the ring
 * grows by doubling, from 4, only as calls come).
 */
export class CallLog {
  private times: Float64Array;
  private head = 0;
  private length = 0;

  constructor(capacity = 4) {
    this.times = new Float64Array(capacity);
  }

  /** Calls in the log. */
  get size(): number {
    return this.length;
  }

  /** The `i`-th oldest call's instant (0: the oldest). */
  at(i: number): number {
    let j = this.head + i;
    if (j >= this.times.length) j -= this.times.length;
    return this.times[j]!;
  }

  /** The newest call's instant, or -Infinity when the log is empty. */
  get newest(): number {
    return this.length === 0 ? -Infinity : this.at(this.length - 1);
  }

  /** Forgets the calls at or before `edge` (they left the window). */
  dropUntil(edge: number): void {
    const cap = this.times.length;
    while (this.length > 0 && this.times[this.head]! <= edge) {
      this.head = this.head + 1 === cap ? 0 : this.head + 1;
      this.length--;
    }
  }

  /**
   * Logs a call at `t`, growing the ring up to `max` instants. In order: a call from a clock behind
   * the newest one's (another instance, a clock set back) is put in its place, not at the end.
   */
  add(t: number, max: number): void {
    if (this.length === this.times.length) this.grow(Math.max(this.length + 1, Math.min(max, this.times.length * 2)));
    let i = this.length;
    while (i > 0 && this.at(i - 1) > t) {
      this.put(i, this.at(i - 1));
      i--;
    }
    this.put(i, t);
    this.length++;
  }

  /**
   * Forgets the newest call at or before `t` (a call given back); false when there is none. The
   * calls after it (from a clock ahead, or counted since) move down one place.
   */
  removeNewest(t: number): boolean {
    let i = this.length - 1;
    while (i >= 0 && this.at(i) > t) i--;
    if (i < 0) return false;
    for (let j = i; j < this.length - 1; j++) this.put(j, this.at(j + 1));
    this.length--;
    return true;
  }

  private put(i: number, t: number): void {
    let j = this.head + i;
    if (j >= this.times.length) j -= this.times.length;
    this.times[j] = t;
  }

  private grow(capacity: number): void {
    const next = new Float64Array(capacity);
    for (let i = 0; i < this.length; i++) next[i] = this.at(i);
    this.times = next;
    this.head = 0;
  }
}

/** What a log says about a key at `now`: see RateLimitStore.hit. */
export interface LogCount {
  /** Calls in the window ending at `now`, this one included when counting (max + 1 when it was refused: not logged). */
  count: number;
  /** When the count next falls: the instant one more call is admitted (`now` when the window is empty). */
  resetAt: number;
}

/**
 * Counts a call at `now` against `log` (when `add`), admitting it only while fewer than `max` are
 * in the window; a refused call is not logged, so a client that keeps calling is admitted again as
 * soon as its oldest admitted call leaves the window.
 */
export function countCall(log: CallLog, windowMs: number, now: number, max: number, add: boolean): LogCount {
  log.dropUntil(now - windowMs);
  let count = log.size;
  if (add) {
    if (count < max) log.add(now, max);
    count++;
  }
  return { count, resetAt: resetOf(log, windowMs, now, max) };
}

/**
 * Gives back the newest call logged at or before `now` (RateLimitStore.refund) and says the count
 * after it, as countCall without counting.
 */
export function refundCall(log: CallLog, windowMs: number, now: number, max: number): LogCount {
  log.dropUntil(now - windowMs);
  log.removeNewest(now);
  return { count: log.size, resetAt: resetOf(log, windowMs, now, max) };
}

/**
 * When the count falls below `max` again if it is there (the call at index size - max leaves the
 * window), else when it next falls (the oldest leaves); `now` for an empty log.
 */
function resetOf(log: CallLog, windowMs: number, now: number, max: number): number {
  if (log.size === 0) return now;
  return log.at(Math.max(0, log.size - max)) + windowMs;
}

/** True when every call of `log` has left its window at `now`: the key can be forgotten. */
export function idle(log: CallLog, windowMs: number, now: number): boolean {
  return log.newest <= now - windowMs;
}
