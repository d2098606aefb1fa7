/**
 * Rate limits (spec "Limits", decisions §9): fixed windows counted per key. The store is an interface
 * so that several instances can share counts through Redis; the in-process store is the default.
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

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private lastSweep = 0;

  async hit(key: string, windowMs: number, now: number): Promise<WindowCount> {
    return this.count(key, windowMs, now, 1);
  }

  async peek(key: string, windowMs: number, now: number): Promise<WindowCount> {
    return this.count(key, windowMs, now, 0);
  }

  private count(key: string, windowMs: number, now: number, add: number): WindowCount {
    this.sweep(now);
    const start = Math.floor(now / windowMs) * windowMs;
    const mapKey = `${key}:${windowMs}`;
    let w = this.windows.get(mapKey);
    if (!w || w.start !== start) {
      w = { start, count: 0 };
      if (add > 0) this.windows.set(mapKey, w);
    }
    w.count += add;
    return { count: w.count, resetAt: start + windowMs };
  }

  /** Forgets ended windows once a minute so memory stays bounded by the active keys. */
  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, w] of this.windows) {
      const windowMs = Number(key.slice(key.lastIndexOf(':') + 1));
      if (w.start + windowMs <= now) this.windows.delete(key);
    }
  }
}

export interface Limit {
  /** Key prefix naming the limit, e.g. `read:<tokenId>`. */
  key: string;
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type RateClass = 'read' | 'availability' | 'create';

/** The limits of one authenticated call: its class, per token, and the owner's total. */
export function limitsFor(rateClass: RateClass, tokenId: string, ownerId: string): Limit[] {
  const owner: Limit = { key: `owner:${ownerId}`, max: 3000, windowMs: MINUTE };
  switch (rateClass) {
    case 'read':
      return [{ key: `read:${tokenId}`, max: 600, windowMs: MINUTE }, owner];
    case 'availability':
      return [{ key: `availability:${tokenId}`, max: 60, windowMs: MINUTE }, owner];
    case 'create':
      return [
        { key: `create-hour:${tokenId}`, max: 30, windowMs: HOUR },
        { key: `create-day:${tokenId}`, max: 200, windowMs: DAY },
        owner,
      ];
  }
}

/** Calls without a valid token, per client address, so tokens cannot be guessed at speed. */
export const anonymousLimit = (address: string): Limit => ({ key: `anon:${address}`, max: 60, windowMs: MINUTE });

export interface LimitVerdict {
  allowed: boolean;
  headers: Record<string, string>;
  /** Seconds to wait, when not allowed. */
  retryAfter?: number;
}

function describe(limit: Limit, c: WindowCount, now: number) {
  return {
    limit: limit.max,
    remaining: Math.max(0, limit.max - c.count),
    reset: Math.max(0, Math.ceil((c.resetAt - now) / 1000)),
  };
}

/**
 * Counts a call against every limit that applies. Headers describe the limit closest to running out
 * (fewest calls remaining; on a tie, the one that resets last).
 */
export async function checkLimits(store: RateLimitStore, limits: Limit[], now: number, count = true): Promise<LimitVerdict> {
  // In order, most specific first: once one is exceeded, the later ones are only read, so a token
  // that keeps calling past its own limit does not use up its owner's budget for other tokens.
  const counts: WindowCount[] = [];
  let exceededOne = false;
  for (const l of limits) {
    const c = count && !exceededOne ? await store.hit(l.key, l.windowMs, now) : await store.peek(l.key, l.windowMs, now);
    counts.push(c);
    if (c.count > l.max) exceededOne = true;
  }
  const described = limits.map((l, i) => ({ rule: l, count: counts[i]!, ...describe(l, counts[i]!, now) }));
  const exceeded = described.filter((d) => d.count.count > d.rule.max);
  const closest = described.reduce((a, b) => (b.remaining < a.remaining || (b.remaining === a.remaining && b.reset > a.reset) ? b : a));
  const shown = exceeded.length > 0 ? exceeded.reduce((a, b) => (b.reset > a.reset ? b : a)) : closest;
  const headers = {
    'RateLimit-Limit': String(shown.limit),
    'RateLimit-Remaining': String(shown.remaining),
    'RateLimit-Reset': String(shown.reset),
  };
  if (exceeded.length === 0) return { allowed: true, headers };
  return { allowed: false, headers, retryAfter: Math.max(1, shown.reset) };
}
