import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { Redis } from 'ioredis';
import { MemoryRateLimitStore } from '../../src/limits/memory-store.js';
import { checkLimits, limitsFor, refundCall } from '../../src/limits/policy.js';
import { openRedis, redisReady, RedisRateLimitStore } from '../../src/limits/redis-store.js';
import type { RateLimitStore } from '../../src/limits/store.js';
import { PATIENCE_MS, PATIENT_REDIS } from '../helpers/patience.js';
import { REDIS_PRESENT, TEST_REDIS_URL, testPrefix } from '../scale-out/redis-helper.js';

// A 304 Not Modified is given back to its token's limit (docs/conditional-get.md): RateLimitStore.refund.
// Instants on clock changes: Europe/Berlin jumps 02:00 -> 03:00 at 2026-03-29T01:00:00Z,
// America/Los_Angeles at 2026-03-08T10:00:00Z; limits count UTC instants, so each behaves alike.
const INSTANTS = ['2026-03-29T01:00:00Z', '2026-03-08T10:00:00Z'].map(Date.parse);
const MINUTE = 60_000;

const connections: Redis[] = [];
after(() => {
  for (const c of connections) c.disconnect();
});
const silent = { warn: () => undefined, info: () => undefined };

const stores: [string, () => Promise<RateLimitStore>][] = [['memory', async () => new MemoryRateLimitStore()]];
if (REDIS_PRESENT)
  stores.push([
    'Redis',
    async () => {
      const redis = openRedis(TEST_REDIS_URL, 'test', PATIENT_REDIS);
      connections.push(redis);
      assert.ok(await redisReady(redis, PATIENCE_MS), `Redis at ${TEST_REDIS_URL} is ready`);
      return new RedisRateLimitStore(redis, silent, testPrefix('refund'));
    },
  ]);
else console.log(`# no Redis answers at ${TEST_REDIS_URL}: the refund tests ran on the memory store only`);

let n = 0;
const key = (name: string) => `refund-${name}-${process.pid}-${++n}`;

for (const [name, make] of stores) {
  describe(`calls given back in the ${name} store`, () => {
    for (const t of INSTANTS) {
      const at = new Date(t).toISOString();
      test(`gives back the call just counted at ${at}: the count falls by one, and the call after it counts as if it had never been`, async () => {
        const store = await make();
        const k = key(name);
        for (let i = 1; i <= 3; i++) assert.equal((await store.hit(k, MINUTE, t + i * 1000, 5)).count, i);
        const given = await store.refund(k, MINUTE, t + 3000, 5);
        assert.deepEqual(given, { count: 2, resetAt: t + 1000 + MINUTE });
        assert.deepEqual(await store.peek(k, MINUTE, t + 3000, 5), { count: 2, resetAt: t + 1000 + MINUTE });
        assert.equal((await store.hit(k, MINUTE, t + 4000, 5)).count, 3);
      });
    }

    test('makes room for one more call once the window is full, and never more than one per call given back', async () => {
      const store = await make();
      const k = key(name);
      const t = INSTANTS[0]!;
      for (let i = 0; i < 3; i++) assert.ok((await store.hit(k, MINUTE, t, 3)).count <= 3);
      assert.equal((await store.hit(k, MINUTE, t, 3)).count, 4, 'the fourth is refused');
      await store.refund(k, MINUTE, t, 3);
      assert.equal((await store.hit(k, MINUTE, t, 3)).count, 3, 'admitted again after one was given back');
      assert.equal((await store.hit(k, MINUTE, t, 3)).count, 4, 'but only one');
    });

    test('gives back nothing from an empty window, nor a call that already left it: the count never falls below what was admitted', async () => {
      const store = await make();
      const k = key(name);
      const t = INSTANTS[1]!;
      assert.deepEqual(await store.refund(k, MINUTE, t, 10), { count: 0, resetAt: t });
      await store.hit(k, MINUTE, t, 10);
      // A minute later the call has left the window: there is nothing to give back.
      assert.deepEqual(await store.refund(k, MINUTE, t + MINUTE, 10), { count: 0, resetAt: t + MINUTE });
      assert.equal((await store.hit(k, MINUTE, t + MINUTE, 10)).count, 1);
      assert.equal((await store.refund(k, MINUTE, t + MINUTE, 10)).count, 0);
      assert.equal((await store.refund(k, MINUTE, t + MINUTE, 10)).count, 0, 'a second refund finds nothing');
    });

    test('gives back the newest call at or before now, never one counted later by a clock ahead', async () => {
      const store = await make();
      const k = key(name);
      const t = INSTANTS[0]!;
      await store.hit(k, MINUTE, t, 10);
      await store.hit(k, MINUTE, t + 2000, 10);
      // Another instance, its clock 5 s ahead, counted a call "later".
      await store.hit(k, MINUTE, t + 7000, 10);
      const given = await store.refund(k, MINUTE, t + 2000, 10);
      assert.equal(given.count, 2);
      // The call at t + 7000 stayed: once t's call leaves the window, one call is left.
      assert.equal((await store.peek(k, MINUTE, t + MINUTE, 10)).count, 1);
    });

    test("gives a 304 back to the token's read limit and keeps it on the owner's: RateLimit-Remaining after it is what it was before the call", async () => {
      const store = await make();
      const t = INSTANTS[0]!;
      const limits = limitsFor('read', key(`${name}-token`), key(`${name}-owner`));
      const first = await checkLimits(store, limits, t);
      assert.equal(first.headers['RateLimit-Remaining'], '599');
      const counted = await checkLimits(store, limits, t + 1000);
      assert.equal(counted.headers['RateLimit-Remaining'], '598');
      const given = await refundCall(store, limits, t + 1000);
      assert.deepEqual(given, { allowed: true, headers: { 'RateLimit-Limit': '600', 'RateLimit-Remaining': '599', 'RateLimit-Reset': '59' } });
      assert.equal((await store.peek(limits[0]!.key, MINUTE, t + 1000, 600)).count, 1, "the token's reads");
      assert.equal((await store.peek(limits[1]!.key, MINUTE, t + 1000, 3000)).count, 2, "the owner's calls");
    });

    test("shows the owner's limit on a 304 when the owner has no call left, as on any answer", async () => {
      const store = await make();
      const t = INSTANTS[1]!;
      const ownerId = key(`${name}-busy-owner`);
      const limits = limitsFor('availability', key(`${name}-busy-token`), ownerId);
      // The owner's other tokens used 2,999 of 3,000 this minute.
      for (let i = 0; i < 2999; i++) await store.hit(`owner:${ownerId}`, MINUTE, t - 30_000, 3000);
      assert.equal((await checkLimits(store, limits, t)).allowed, true);
      const given = await refundCall(store, limits, t);
      assert.deepEqual(given.headers, { 'RateLimit-Limit': '3000', 'RateLimit-Remaining': '0', 'RateLimit-Reset': '30' });
    });
  });
}
