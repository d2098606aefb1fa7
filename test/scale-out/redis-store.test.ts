import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { Redis } from 'ioredis';
import { MemoryRateLimitStore } from '../../src/limits/memory-store.js';
import { checkLimits, limitsFor } from '../../src/limits/policy.js';
import { openRedis, redisReady, RedisRateLimitStore } from '../../src/limits/redis-store.js';
import type { RateLimitStore } from '../../src/limits/store.js';
import { PATIENCE_MS, PATIENT_REDIS, until } from '../helpers/patience.js';
import { CuttableRelay, REDIS_PRESENT, redisTarget, TEST_REDIS_URL, testPrefix } from './redis-helper.js';

const MINUTE = 60_000;
// A fixed instant in the middle of a minute, an hour and a day (UTC), on the day Europe moves its clocks.
const NOW = Date.parse('2026-03-29T01:30:30Z');

const logs: { level: string; msg: string }[] = [];
const log = { warn: (_o: object, msg: string) => void logs.push({ level: 'warn', msg }), info: (_o: object, msg: string) => void logs.push({ level: 'info', msg }) };

const connections: Redis[] = [];
async function redisStore(prefix: string, url = TEST_REDIS_URL): Promise<RedisRateLimitStore> {
  const redis = openRedis(url, 'test', PATIENT_REDIS);
  redis.on('error', () => undefined);
  connections.push(redis);
  const store = new RedisRateLimitStore(redis, log, prefix);
  assert.ok(await redisReady(redis, PATIENCE_MS), `Redis at ${url} is ready`);
  return store;
}
after(() => {
  for (const c of connections) c.disconnect();
});

const stores: [string, () => Promise<RateLimitStore>][] = [['memory', async () => new MemoryRateLimitStore()]];
if (REDIS_PRESENT) stores.push(['Redis', () => redisStore(testPrefix('store'))]);
else console.log(`# no Redis answers at ${TEST_REDIS_URL}: the rate-limit store tests run on the memory store only`);

for (const [name, make] of stores) {
  describe(`the ${name} rate-limit store`, () => {
    test('counts the calls of the last minute, sliding with the clock, refuses one past the limit without counting it, and a peek does not count', async () => {
      const s = await make();
      assert.deepEqual(await s.hit('k', MINUTE, NOW, 2), { count: 1, resetAt: NOW + MINUTE });
      assert.deepEqual(await s.hit('k', MINUTE, NOW + 20_000, 2), { count: 2, resetAt: NOW + MINUTE });
      assert.deepEqual(await s.peek('k', MINUTE, NOW + 25_000, 2), { count: 2, resetAt: NOW + MINUTE });
      // Past the minute's boundary (01:31:00) the calls of 01:30:30 and 01:30:50 still count.
      assert.deepEqual(await s.hit('k', MINUTE, NOW + 40_000, 2), { count: 3, resetAt: NOW + MINUTE }, 'refused until the first call is a minute old');
      assert.deepEqual(await s.hit('k', MINUTE, NOW + MINUTE, 2), { count: 2, resetAt: NOW + 20_000 + MINUTE }, 'admitted once it is');
      assert.deepEqual(await s.peek('k', MINUTE, NOW + MINUTE, 2), { count: 2, resetAt: NOW + 20_000 + MINUTE }, 'the refused call was not counted');
      assert.deepEqual(await s.peek('other', MINUTE, NOW, 2), { count: 0, resetAt: NOW });
    });

    test('keeps windows of different lengths of one key apart', async () => {
      const s = await make();
      await s.hit('c', 3_600_000, NOW, 30);
      await s.hit('c', 3_600_000, NOW, 30);
      assert.equal((await s.hit('c', 86_400_000, NOW, 200)).count, 1);
      assert.equal((await s.peek('c', 3_600_000, NOW, 30)).count, 2);
    });

    test('a hold keeps the later of two ends, ends by itself, and forget lifts it with the counts', async () => {
      const s = await make();
      await s.hold('h', NOW + 10_000);
      await s.hold('h', NOW + 5_000);
      assert.equal(await s.heldUntil('h', NOW), NOW + 10_000);
      assert.equal(await s.heldUntil('h', NOW + 10_000), 0);
      await s.hit('h', MINUTE, NOW, 5);
      await s.hit('h', 3_600_000, NOW, 5);
      await s.forget('h');
      assert.equal(await s.heldUntil('h', NOW), 0);
      assert.equal((await s.peek('h', MINUTE, NOW, 5)).count, 0);
      assert.equal((await s.peek('h', 3_600_000, NOW, 5)).count, 0);
    });
  });
}

if (REDIS_PRESENT) {
  describe('Redis shared by several instances', () => {
    test('two instances counting the same token at once lose no count: the 601st read of a minute is refused wherever it arrives', async () => {
      const prefix = testPrefix('shared');
      const a = await redisStore(prefix);
      const b = await redisStore(prefix);
      const limits = limitsFor('read', 'tok-1', 'owner-1');
      const verdicts = await Promise.all(Array.from({ length: 600 }, (_, i) => checkLimits(i % 2 ? a : b, limits, NOW)));
      assert.equal(a.fallingBack || b.fallingBack, false, JSON.stringify(logs));
      assert.deepEqual(verdicts.filter((v) => !v.allowed).map((v) => v.headers), []);
      const last = await checkLimits(b, limits, NOW);
      assert.equal(last.exceeded?.max, 600);
      assert.equal(last.headers['RateLimit-Remaining'], '0');
      const other = await checkLimits(a, limits, NOW);
      assert.ok(other.exceeded, 'the other instance refuses too');
    });

    test('when Redis goes away the store counts in memory, says so once, and shares counts again by itself when Redis is back', async () => {
      logs.length = 0;
      const relay = new CuttableRelay(redisTarget());
      await relay.open();
      const prefix = testPrefix('fallback');
      const s = await redisStore(prefix, relay.url);
      const direct = await redisStore(prefix);
      await s.hit('k', MINUTE, NOW, 600);
      assert.equal(s.fallingBack, false);
      assert.equal((await direct.peek('k', MINUTE, NOW, 600)).count, (await s.peek('k', MINUTE, NOW, 600)).count, 'counted in Redis');

      await relay.cut();
      await s.hit('k', MINUTE, NOW, 600);
      await s.hit('k', MINUTE, NOW, 600);
      assert.equal(s.fallingBack, true);
      assert.equal((await s.peek('k', MINUTE, NOW, 600)).count, 2, 'counted in memory while Redis is away');
      assert.equal(logs.filter((l) => l.level === 'warn').length, 1, 'said once');

      await relay.open();
      await until(async () => {
        await s.peek('k', MINUTE, NOW, 600);
        return !s.fallingBack;
      }, 'the store to find Redis again');
      const shared = (await s.hit('k', MINUTE, NOW, 600)).count;
      assert.equal((await direct.peek('k', MINUTE, NOW, 600)).count, shared, 'counted in Redis again');
      assert.ok(logs.some((l) => l.level === 'info' && /shared again/.test(l.msg)));
      await relay.cut();
    });
  });
} else {
  console.log('# the shared-count and fall-back tests need Redis and did not run');
}
