import { Redis, type RedisOptions } from 'ioredis';
import type { MaybePromise } from '../domain/maybe-promise.js';
import { MemoryRateLimitStore } from './memory-store.js';
import type { RateLimitStore, WindowCount } from './store.js';

/** What the store says when Redis goes away or comes back (the service's log). */
export interface RedisStoreLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * How every Redis connection of the service behaves: a command fails at once while the connection is
 * down (no queue that would hold a request up) or after 500 ms without an answer, and the client
 * reconnects by itself (ioredis's default back-off, at most 2 s apart). Commands sent in the same
 * tick go out as one pipeline.
 */
export const REDIS_OPTIONS: RedisOptions = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  commandTimeout: 500,
  enableAutoPipelining: true,
  retryStrategy: (times) => Math.min(times * 100, 2000),
};

/**
 * One key per limited thing (a hash): a field per window length, `start:count`, and `h` for a hold.
 * Counting, reading and holding are each one script, so two instances counting the same call at once
 * never lose a count (docs/decisions.md "Scale-out"). The caller's clock decides the window, as in the
 * memory store, so windows line up with the RateLimit-Reset every instance sends.
 */
const COUNT = `
local f = ARGV[1]
local start = ARGV[2]
local add = tonumber(ARGV[3])
local cur = redis.call('HGET', KEYS[1], f)
local count = 0
if cur then
  local s, c = string.match(cur, '^(%d+):(%d+)$')
  if s == start then count = tonumber(c) end
end
if add > 0 then
  count = count + add
  redis.call('HSET', KEYS[1], f, start .. ':' .. count)
  if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[4]) then redis.call('PEXPIRE', KEYS[1], ARGV[4]) end
end
return count
`;

const HOLD = `
local cur = tonumber(redis.call('HGET', KEYS[1], 'h') or '0')
if cur < tonumber(ARGV[1]) then redis.call('HSET', KEYS[1], 'h', ARGV[1]) end
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 1
`;

/** A hold's key outlives the hold by a day: clocks pinned in tests may lie behind Redis's own. */
const HOLD_KEEP_MS = 86_400_000;

type Scripted = Redis & {
  rlCount(key: string, field: string, start: string, add: string, ttlMs: string): Promise<number>;
  rlHold(key: string, until: string, ttlMs: string): Promise<number>;
};

/**
 * Rate-limit windows and holds in Redis, shared by every instance on it (REDIS_URL). When Redis
 * does not answer, the service keeps answering: counts fall back to this instance's memory (each
 * instance then limits on its own, so a client can get up to N times a limit through N instances),
 * the fall-back is logged once and shown in the metrics, and the shared counts resume by themselves
 * when the connection is ready again (docs/deploy.md).
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Scripted;
  private readonly local = new MemoryRateLimitStore();
  private falling = false;
  private readonly onReady = () => this.recover();

  constructor(
    redis: Redis,
    private readonly log: RedisStoreLog,
    private readonly prefix = 'ca:rl:',
  ) {
    this.redis = redis as Scripted;
    if (typeof this.redis.rlCount !== 'function') {
      redis.defineCommand('rlCount', { numberOfKeys: 1, lua: COUNT });
      redis.defineCommand('rlHold', { numberOfKeys: 1, lua: HOLD });
    }
    redis.on('ready', this.onReady);
  }

  /** True while counts are kept in this instance's memory because Redis does not answer. */
  get fallingBack(): boolean {
    return this.falling;
  }

  hit(key: string, windowMs: number, now: number): Promise<WindowCount> {
    return this.count(key, windowMs, now, 1);
  }

  peek(key: string, windowMs: number, now: number): Promise<WindowCount> {
    return this.count(key, windowMs, now, 0);
  }

  hold(key: string, until: number): Promise<void> {
    return this.either(
      async () => void (await this.redis.rlHold(this.prefix + key, String(until), String(Math.max(until - Date.now(), 0) + HOLD_KEEP_MS))),
      () => this.local.hold(key, until),
    );
  }

  heldUntil(key: string, now: number): Promise<number> {
    return this.either(
      async () => {
        const until = Number((await this.redis.hget(this.prefix + key, 'h')) ?? 0);
        return until > now ? until : 0;
      },
      () => this.local.heldUntil(key, now),
    );
  }

  forget(key: string): Promise<void> {
    // Both: a lock lifted must not come back from memory counted while Redis was away.
    return this.either(
      async () => {
        await this.redis.del(this.prefix + key);
        await this.local.forget(key);
      },
      () => this.local.forget(key),
    );
  }

  /** Stops listening to the connection (which its owner closes). */
  detach(): void {
    this.redis.off('ready', this.onReady);
  }

  private count(key: string, windowMs: number, now: number, add: number): Promise<WindowCount> {
    const start = Math.floor(now / windowMs) * windowMs;
    const resetAt = start + windowMs;
    return this.either(
      async () => {
        const count = await this.redis.rlCount(this.prefix + key, String(windowMs), String(start), String(add), String(Math.max(resetAt - now, 1000)));
        return { count, resetAt };
      },
      () => this.local[add > 0 ? 'hit' : 'peek'](key, windowMs, now),
    );
  }

  private async either<T>(shared: () => Promise<T>, local: () => MaybePromise<T>): Promise<T> {
    if (this.redis.status !== 'ready') {
      this.fallBack(`the connection is ${this.redis.status}`);
      return local();
    }
    try {
      const result = await shared();
      this.recover();
      return result;
    } catch (e) {
      this.fallBack(e instanceof Error ? e.message : String(e));
      return local();
    }
  }

  private fallBack(reason: string): void {
    if (this.falling) return;
    this.falling = true;
    this.log.warn({ reason }, `Redis does not answer (${reason}): rate limits are counted in this instance's memory until it does`);
  }

  private recover(): void {
    if (!this.falling) return;
    this.falling = false;
    this.log.info({}, 'Redis answers again: rate limits are shared again');
  }
}

/** A Redis connection with the service's settings (REDIS_OPTIONS); `name` shows in CLIENT LIST. */
export function openRedis(url: string, name: string, overrides: RedisOptions = {}): Redis {
  const redis = new Redis(url, { ...REDIS_OPTIONS, connectionName: `calendar-access:${name}`, ...overrides });
  // Failures are reported by the users of the connection (the fall-back's one warning), not on every retry.
  redis.on('error', () => undefined);
  return redis;
}

/** Resolves true once `redis` is ready, false after `ms` without it (the service then starts on its fall-back). */
export function redisReady(redis: Redis, ms: number): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      resolve(ok);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), ms);
    redis.on('ready', onReady);
  });
}
