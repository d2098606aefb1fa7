import { CallLog, countCall, idle, refundCall } from './sliding-log.js';
import type { RateLimitStore, WindowCount } from './store.js';

/** Sliding logs (sliding-log.ts) kept in this process's memory, and holds: the default for one instance. */
export class MemoryRateLimitStore implements RateLimitStore {
  /** Logs by window length, then by key (a key's string is then hashed once, not joined to its length each call). */
  private readonly logs = new Map<number, Map<string, CallLog>>();
  /** Held keys and until when. */
  private readonly holds = new Map<string, number>();
  private lastSweep = 0;

  // At once, without a promise: see RateLimitStore.hit.
  hit(key: string, windowMs: number, now: number, max: number): WindowCount {
    return this.count(key, windowMs, now, max, true);
  }

  peek(key: string, windowMs: number, now: number, max: number): WindowCount {
    return this.count(key, windowMs, now, max, false);
  }

  refund(key: string, windowMs: number, now: number, max: number): WindowCount {
    this.sweep(now);
    const log = this.logs.get(windowMs)?.get(key);
    if (!log) return { count: 0, resetAt: now };
    return refundCall(log, windowMs, now, max);
  }

  async hold(key: string, until: number): Promise<void> {
    if ((this.holds.get(key) ?? 0) < until) this.holds.set(key, until);
  }

  async heldUntil(key: string, now: number): Promise<number> {
    this.sweep(now);
    const until = this.holds.get(key) ?? 0;
    return until > now ? until : 0;
  }

  async forget(key: string): Promise<void> {
    this.holds.delete(key);
    for (const byKey of this.logs.values()) byKey.delete(key);
  }

  private count(key: string, windowMs: number, now: number, max: number, add: boolean): WindowCount {
    this.sweep(now);
    let byKey = this.logs.get(windowMs);
    if (!byKey) this.logs.set(windowMs, (byKey = new Map()));
    let log = byKey.get(key);
    if (!log) {
      if (!add) return { count: 0, resetAt: now };
      byKey.set(key, (log = new CallLog()));
    }
    return countCall(log, windowMs, now, max, add);
  }

  /**
   * Forgets idle logs (every call left the window) and ended holds once a minute, so memory stays
   * bounded by the active keys, each by its limit.
   */
  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [windowMs, byKey] of this.logs) {
      for (const [key, log] of byKey) if (idle(log, windowMs, now)) byKey.delete(key);
    }
    for (const [key, until] of this.holds) if (until <= now) this.holds.delete(key);
  }
}
