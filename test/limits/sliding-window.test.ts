import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { Redis } from 'ioredis';
import { MemoryRateLimitStore } from '../../src/limits/memory-store.js';
import { checkLimits, limitsFor, type LimitVerdict } from '../../src/limits/policy.js';
import { openRedis, redisReady, RedisRateLimitStore } from '../../src/limits/redis-store.js';
import type { RateLimitStore } from '../../src/limits/store.js';
import { PATIENCE_MS, PATIENT_REDIS } from '../helpers/patience.js';
import { REDIS_PRESENT, TEST_REDIS_URL, testPrefix } from '../scale-out/redis-helper.js';

// Minute boundaries that are also clock changes: Europe/Berlin jumps 02:00 -> 03:00 at
// 2026-03-29T01:00:00Z, America/Los_Angeles 02:00 -> 03:00 at 2026-03-08T10:00:00Z, and
// Australia/Sydney falls back 03:00 -> 02:00 at 2026-04-04T16:00:00Z. Limits count UTC instants:
// each must behave the same.
const BOUNDARIES = ['2026-03-29T01:00:00Z', '2026-03-08T10:00:00Z', '2026-04-04T16:00:00Z'].map(Date.parse);
const SECOND = 1000;

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
      return new RedisRateLimitStore(redis, silent, testPrefix('sliding'));
    },
  ]);
else console.log(`# no Redis answers at ${TEST_REDIS_URL}: the sliding-window tests ran on the memory store only`);

const headers = (v: LimitVerdict) => [v.headers['RateLimit-Limit'], v.headers['RateLimit-Remaining'], v.headers['RateLimit-Reset'], v.retryAfter];

for (const [name, make] of stores) {
  describe(`availability calls counted in the ${name} store`, () => {
    for (const boundary of BOUNDARIES) {
      const at = new Date(boundary).toISOString();
      test(`refuses a second burst of 60 sent just after the minute of ${at} when 60 went just before it, and says truly when to come back`, async () => {
        const store = await make();
        const limits = limitsFor('availability', `token-${name}-${boundary}`, `owner-${name}-${boundary}`);
        const before = boundary - 500;
        for (let i = 1; i <= 60; i++) {
          const v = await checkLimits(store, limits, before);
          assert.equal(v.allowed, true, `call ${i} before the boundary`);
          assert.deepEqual(headers(v), ['60', String(60 - i), '60', undefined], `call ${i} before the boundary`);
        }
        for (let i = 1; i <= 60; i++) {
          const v = await checkLimits(store, limits, boundary + 500);
          assert.equal(v.allowed, false, `call ${i} after the boundary`);
          // The first burst leaves the window 59 s later: nothing can be sent before then.
          assert.deepEqual(headers(v), ['60', '0', '59', 59], `call ${i} after the boundary`);
        }
        const waiting = await checkLimits(store, limits, before + 59_999);
        assert.deepEqual(headers(waiting), ['60', '0', '1', 1], 'a millisecond before the first burst is a minute old');
        const back = await checkLimits(store, limits, before + 60 * SECOND);
        assert.equal(back.allowed, true, 'admitted once the first burst is a minute old');
        assert.deepEqual(headers(back), ['60', '59', '60', undefined], 'the refused calls were not counted');
      });
    }

    test('admits one call a second for ten minutes, every one of them, with RateLimit-Remaining 0 and RateLimit-Reset 1 once the minute is full', async () => {
      const store = await make();
      const limits = limitsFor('availability', `steady-${name}`, `owner-steady-${name}`);
      const start = BOUNDARIES[0]! - 30 * SECOND;
      for (let i = 0; i < 600; i++) {
        const v = await checkLimits(store, limits, start + i * SECOND);
        assert.equal(v.allowed, true, `call ${i + 1}`);
        if (i >= 59) assert.deepEqual(headers(v), ['60', '0', '1', undefined], `call ${i + 1}`);
        else assert.deepEqual(headers(v), ['60', String(59 - i), String(60 - i), undefined], `call ${i + 1}`);
      }
    });

    test('lets a client calling every 100 ms through exactly 60 times in every minute: 300 in five minutes, never 61 in any 60 s', async () => {
      const store = await make();
      const limits = limitsFor('availability', `greedy-${name}`, `owner-greedy-${name}`);
      // Starting 3 s before a boundary, where fixed windows let 120 through in 63 s.
      const start = BOUNDARIES[1]! - 3 * SECOND;
      const admitted: number[] = [];
      for (let t = start; t < start + 5 * 60 * SECOND; t += 100) {
        const v = await checkLimits(store, limits, t);
        if (v.allowed) admitted.push(t);
        else assert.equal(Number(v.headers['RateLimit-Remaining']), 0, `refused at ${t - start} ms with calls remaining`);
      }
      assert.equal(admitted.length, 300);
      let most = 0;
      for (let i = 0, j = 0; i < admitted.length; i++) {
        while (admitted[i]! - admitted[j]! >= 60 * SECOND) j++;
        most = Math.max(most, i - j + 1);
      }
      assert.equal(most, 60, 'the most calls admitted in any 60 s');
      // Each minute's 60 go in the first 6 s of it: 0.0-5.9 s, 60.0-65.9 s, ...
      assert.deepEqual(admitted.filter((_, i) => i % 60 === 0).map((t) => (t - start) / SECOND), [0, 60, 120, 180, 240]);
    });
  });
}
