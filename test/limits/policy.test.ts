import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkLimits, countLimits, limitsFor, type Limit } from '../../src/limits/policy.js';
import { MemoryRateLimitStore } from '../../src/limits/memory-store.js';
import type { RateLimitStore, WindowCount } from '../../src/limits/store.js';

/** A store answering given counts, recording which keys were counted. */
function storeOf(counts: Record<string, WindowCount>, hits: string[]): RateLimitStore {
  return {
    hit: async (key) => {
      hits.push(key);
      return counts[key]!;
    },
    peek: async (key) => counts[key]!,
    refund: async (key) => counts[key]!,
    hold: async () => undefined,
    heldUntil: async () => 0,
    forget: async () => undefined,
  };
}

/**
 * The verdict as the rules say it (docs/spec-decisions.md §9), written the plain way: the limits up
 * to the first exceeded one are counted (over past `max`), the later ones read (over at `max`: a call
 * now would be refused).
 */
function expectedVerdict(limits: Limit[], counts: WindowCount[], now: number) {
  const firstOver = limits.findIndex((l, i) => counts[i]!.count > l.max);
  const d = limits.map((l, i) => ({
    of: l,
    over: firstOver >= 0 && i > firstOver ? counts[i]!.count >= l.max : counts[i]!.count > l.max,
    limit: l.max,
    remaining: Math.max(0, l.max - counts[i]!.count),
    reset: Math.max(0, Math.ceil((counts[i]!.resetAt - now) / 1000)),
  }));
  const exceeded = d.filter((x) => x.over);
  const closest = d.reduce((a, b) => (b.remaining < a.remaining || (b.remaining === a.remaining && b.reset > a.reset) ? b : a));
  const shown = exceeded.length > 0 ? exceeded.reduce((a, b) => (b.reset > a.reset ? b : a)) : closest;
  const headers = { 'RateLimit-Limit': String(shown.limit), 'RateLimit-Remaining': String(shown.remaining), 'RateLimit-Reset': String(shown.reset) };
  return exceeded.length === 0 ? { allowed: true, headers } : { allowed: false, headers, retryAfter: Math.max(1, shown.reset), exceeded: shown.of };
}

describe('checkLimits', () => {
  it('describes the limit closest to running out, or the exceeded one that resets last, and stops counting after an exceeded one', async () => {
    let state = 7;
    const random = (n: number) => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) % n;
    const now = 1_774_744_200_000;
    for (let round = 0; round < 500; round++) {
      const limits: Limit[] = Array.from({ length: 1 + random(3) }, (_, i) => ({ key: `k${i}`, max: 1 + random(5), windowMs: 60_000 * (1 + random(3)) }));
      const counts = limits.map((l) => ({ count: random(l.max + 3), resetAt: now + random(3) * 1000 + random(2) }));
      const hits: string[] = [];
      const store = storeOf(Object.fromEntries(limits.map((l, i) => [l.key, counts[i]!])), hits);
      assert.deepEqual(await checkLimits(store, limits, now), expectedVerdict(limits, counts, now), JSON.stringify({ limits, counts }));
      const firstOver = limits.findIndex((l, i) => counts[i]!.count > l.max);
      assert.deepEqual(hits, limits.slice(0, firstOver < 0 ? limits.length : firstOver + 1).map((l) => l.key));
      hits.length = 0;
      await checkLimits(store, limits, now, false);
      assert.deepEqual(hits, [], 'nothing counted');
    }
  });
});

describe('countLimits', () => {
  it('answers at once, without a promise, when the store does, and as a store that makes it wait would', async () => {
    const now = 1_774_744_200_000;
    const limits: Limit[] = [{ key: 'read:t', max: 2, windowMs: 60_000 }, { key: 'owner:o', max: 3, windowMs: 60_000 }];
    const memory = new MemoryRateLimitStore();
    // The same store behind promises: the path a shared store (Redis) takes.
    const waiting = new MemoryRateLimitStore();
    const later = { hit: async (k: string, w: number, n: number, m: number) => waiting.hit(k, w, n, m), peek: async (k: string, w: number, n: number, m: number) => waiting.peek(k, w, n, m), refund: async (k: string, w: number, n: number, m: number) => waiting.refund(k, w, n, m), hold: async () => undefined, heldUntil: async () => 0, forget: async () => undefined };
    for (let call = 0; call < 4; call++) {
      const atOnce = countLimits(memory, limits, now);
      assert.equal(atOnce instanceof Promise, false, `call ${call + 1}`);
      const awaited = countLimits(later, limits, now);
      assert.ok(awaited instanceof Promise);
      assert.deepEqual(atOnce, await awaited, `call ${call + 1}`);
    }
    assert.deepEqual(countLimits(memory, limits, now), { allowed: false, headers: { 'RateLimit-Limit': '2', 'RateLimit-Remaining': '0', 'RateLimit-Reset': '60' }, retryAfter: 60, exceeded: limits[0] });
  });
});

describe('limitsFor', () => {
  it('gives a token the same limits every call, and the limits of its owner', () => {
    const a = limitsFor('read', 'token-a', 'owner-1');
    assert.equal(limitsFor('read', 'token-a', 'owner-1'), a);
    assert.deepEqual(a.map((l) => [l.key, l.max, l.windowMs]), [['read:token-a', 600, 60_000], ['owner:owner-1', 3000, 60_000]]);
    assert.deepEqual(limitsFor('create', 'token-a', 'owner-1').map((l) => l.key), ['create-hour:token-a', 'create-day:token-a', 'owner:owner-1']);
    assert.deepEqual(limitsFor('read', 'token-a', 'owner-2').map((l) => l.key), ['read:token-a', 'owner:owner-2']);
  });
});
