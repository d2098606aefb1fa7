import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { Redis } from 'ioredis';
import { MemoryRateLimitStore } from '../../src/limits/memory-store.js';
import { checkLimits, limitsFor } from '../../src/limits/policy.js';
import { openRedis, redisReady, RedisRateLimitStore } from '../../src/limits/redis-store.js';
import type { RateLimitStore } from '../../src/limits/store.js';
import { until } from '../cli/cli-harness.js';
import { CuttableRelay, REDIS_PRESENT, redisTarget, TEST_REDIS_URL, testPrefix } from './redis-helper.js';

const MINUTE = 60_000;
// A fixed instant in the middle of a minute, an hour and a day (UTC), on the day Europe moves its clocks.
const NOW = Date.parse('2026-03-29T01:30:30Z');

const logs: { level: string; msg: string }[] = [];
const log = { warn: (_o: object, msg: string) => void logs.push({ level: 'warn', msg }), info: (_o: object, msg: string) => void logs.push({ level: 'info', msg }) };

const connections: Redis[] = [];
async function redisStore(prefix: string, url = TEST_REDIS_URL): Promise<RedisRateLimitStore> {
  const redis = openRedis(url, 'test');
  redis.on('error', () => undefined);
  connections.push(redis);
  const store = new RedisRateLimitStore(redis, log, prefix);
  assert.ok(await redisReady(redis, 30_000), `Redis at ${url} is ready`);
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
    test('counts calls in fixed windows that line up with the clock, and a peek does not count', async () => {
      const s = await make();
      assert.deepEqual(await s.hit('k', MINUTE, NOW), { count: 1, resetAt: Date.parse('2026-03-29T01:31:00Z') });
      assert.deepEqual(await s.hit('k', MINUTE, NOW + 20_000), { count: 2, resetAt: Date.parse('2026-03-29T01:31:00Z') });
      assert.deepEqual(await s.peek('k', MINUTE, NOW + 25_000), { count: 2, resetAt: Date.parse('2026-03-29T01:31:00Z') });
      assert.deepEqual(await s.hit('k', MINUTE, NOW + 30_000), { count: 1, resetAt: Date.parse('2026-03-29T01:32:00Z') }, 'a new minute starts afresh');
      assert.deepEqual(await s.peek('other', MINUTE, NOW), { count: 0, resetAt: Date.parse('2026-03-29T01:31:00Z') });
    });

    test('keeps windows of different lengths of one key apart', async () => {
      const s = await make();
      await s.hit('c', 3_600_000, NOW);
      await s.hit('c', 3_600_000, NOW);
      assert.equal((await s.hit('c', 86_400_000, NOW)).count, 1);
      assert.equal((await s.peek('c', 3_600_000, NOW)).count, 2);
    });

    test('a hold keeps the later of two ends, ends by itself, and forget lifts it with the counts', async () => {
      const s = await make();
      await s.hold('h', NOW + 10_000);
      await s.hold('h', NOW + 5_000);
      assert.equal(await s.heldUntil('h', NOW), NOW + 10_000);
      assert.equal(await s.heldUntil('h', NOW + 10_000), 0);
      await s.hit('h', MINUTE, NOW);
      await s.forget('h');
      assert.equal(await s.heldUntil('h', NOW), 0);
      assert.equal((await s.peek('h', MINUTE, NOW)).count, 0);
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
      await s.hit('k', MINUTE, NOW);
      assert.equal(s.fallingBack, false);
      assert.equal((await direct.peek('k', MINUTE, NOW)).count, (await s.peek('k', MINUTE, NOW)).count, 'counted in Redis');

      await relay.cut();
      await s.hit('k', MINUTE, NOW);
      await s.hit('k', MINUTE, NOW);
      assert.equal(s.fallingBack, true);
      assert.equal((await s.peek('k', MINUTE, NOW)).count, 2, 'counted in memory while Redis is away');
      assert.equal(logs.filter((l) => l.level === 'warn').length, 1, 'said once');

      await relay.open();
      await until(async () => {
        await s.peek('k', MINUTE, NOW);
        return !s.fallingBack;
      }, 'the store to find Redis again', 60_000);
      const shared = (await s.hit('k', MINUTE, NOW)).count;
      assert.equal((await direct.peek('k', MINUTE, NOW)).count, shared, 'counted in Redis again');
      assert.ok(logs.some((l) => l.level === 'info' && /shared again/.test(l.msg)));
      await relay.cut();
    });
  });
} else {
  console.log('# the shared-count and fall-back tests need Redis and did not run');
}
