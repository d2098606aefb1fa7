import type { RateLimitStore, WindowCount } from './store.js';

/** Fixed windows counted in this process's memory, and holds: the default for one instance. */
export class MemoryRateLimitStore implements RateLimitStore {
  /** Windows by length, then by key (a key's string is then hashed once, not joined to its length each call). */
  private readonly windows = new Map<number, Map<string, { start: number; count: number }>>();
  /** Held keys and until when. */
  private readonly holds = new Map<string, number>();
  private lastSweep = 0;

  // At once, without a promise: see RateLimitStore.hit.
  hit(key: string, windowMs: number, now: number): WindowCount {
    return this.count(key, windowMs, now, 1);
  }

  peek(key: string, windowMs: number, now: number): WindowCount {
    return this.count(key, windowMs, now, 0);
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
    for (const byKey of this.windows.values()) byKey.delete(key);
  }

  private count(key: string, windowMs: number, now: number, add: number): WindowCount {
    this.sweep(now);
    const start = Math.floor(now / windowMs) * windowMs;
    let byKey = this.windows.get(windowMs);
    if (!byKey) this.windows.set(windowMs, (byKey = new Map()));
    let w = byKey.get(key);
    if (!w || w.start !== start) {
      w = { start, count: 0 };
      if (add > 0) byKey.set(key, w);
    }
    w.count += add;
    return { count: w.count, resetAt: start + windowMs };
  }

  /** Forgets ended windows and holds once a minute so memory stays bounded by the active keys. */
  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [windowMs, byKey] of this.windows) {
      for (const [key, w] of byKey) if (w.start + windowMs <= now) byKey.delete(key);
    }
    for (const [key, until] of this.holds) if (until <= now) this.holds.delete(key);
  }
}
