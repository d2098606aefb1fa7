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
  // The service passes REDIS_COMMAND_TIMEOUT_MS (config.deadlines.redisCommandMs); 500 ms is its default.
  commandTimeout: 500,
  enableAutoPipelining: true,
  retryStrategy: (times) => Math.min(times * 100, 2000),
};

/**
 * One hash per limited thing (`h` for a hold, `n` a sequence, a field `w<ms>` per window length
 * counted) and one sorted set per window length beside it: the instants of the calls admitted in
 * the last window, the sliding log of sliding-log.ts. Counting and reading are one script (EVALSHA,
 * atomic): drop the calls that left the window, admit while fewer than `max` remain, answer the count
 * and when it next falls. Two instances counting the same call at once never lose a count, nor
 * admit one past `max` (docs/decisions.md "Scale-out"). The caller's clock decides, as in the memory
 * store (tests pin it). Both keys expire (PEXPIRE) once the newest call has left the window, so a
 * key's memory is at most `max` entries, and only while it is used.
 */
const COUNT = `
local now = tonumber(ARGV[1])
local w = tonumber(ARGV[2])
local max = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - w)
local size = redis.call('ZCARD', KEYS[2])
local count = size
if ARGV[4] == '1' then
  if size < max then
    local n = redis.call('HINCRBY', KEYS[1], 'n', 1)
    redis.call('ZADD', KEYS[2], now, ARGV[1] .. ':' .. n)
    redis.call('HSET', KEYS[1], 'w' .. ARGV[2], '1')
    size = size + 1
    local newest = tonumber(redis.call('ZRANGE', KEYS[2], -1, -1, 'WITHSCORES')[2])
    local keep = math.max(newest - now, 0) + w
    redis.call('PEXPIRE', KEYS[2], keep)
    if redis.call('PTTL', KEYS[1]) < keep then redis.call('PEXPIRE', KEYS[1], keep) end
  end
  count = count + 1
end
local resetAt = now
if size > 0 then
  local i = math.max(size - max, 0)
  resetAt = tonumber(redis.call('ZRANGE', KEYS[2], i, i, 'WITHSCORES')[2]) + w
end
return {count, resetAt}
`;

/**
 * A call given back (RateLimitStore.refund): the newest of the log at or before `now` leaves it.
 * The expiries stay: they follow the newest call, which only moves earlier.
 */
const REFUND = `
local now = tonumber(ARGV[1])
local w = tonumber(ARGV[2])
local max = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - w)
local newest = redis.call('ZREVRANGEBYSCORE', KEYS[1], now, '-inf', 'LIMIT', 0, 1)
if newest[1] then redis.call('ZREM', KEYS[1], newest[1]) end
local size = redis.call('ZCARD', KEYS[1])
local resetAt = now
if size > 0 then
  local i = math.max(size - max, 0)
  resetAt = tonumber(redis.call('ZRANGE', KEYS[1], i, i, 'WITHSCORES')[2]) + w
end
return {size, resetAt}
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
  rlCount(key: string, log: string, now: string, windowMs: string, max: string, add: '0' | '1'): Promise<[number, number]>;
  rlRefund(log: string, now: string, windowMs: string, max: string): Promise<[number, number]>;
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
    if (typeof this.redis.rlRefund !== 'function') redis.defineCommand('rlRefund', { numberOfKeys: 1, lua: REFUND });
    if (typeof this.redis.rlCount !== 'function') {
      redis.defineCommand('rlCount', { numberOfKeys: 2, lua: COUNT });
      redis.defineCommand('rlHold', { numberOfKeys: 1, lua: HOLD });
    }
    redis.on('ready', this.onReady);
  }

  /** True while counts are kept in this instance's memory because Redis does not answer. */
  get fallingBack(): boolean {
    return this.falling;
  }

  hit(key: string, windowMs: number, now: number, max: number): Promise<WindowCount> {
    return this.count(key, windowMs, now, max, true);
  }

  peek(key: string, windowMs: number, now: number, max: number): Promise<WindowCount> {
    return this.count(key, windowMs, now, max, false);
  }

  refund(key: string, windowMs: number, now: number, max: number): Promise<WindowCount> {
    const log = `${this.prefix + key}#${windowMs}`;
    return this.either(
      async () => {
        const [count, resetAt] = await this.redis.rlRefund(log, String(now), String(windowMs), String(max));
        return { count, resetAt };
      },
      () => this.local.refund(key, windowMs, now, max),
    );
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
        const hash = this.prefix + key;
        const logs = (await this.redis.hkeys(hash)).filter((f) => f.startsWith('w')).map((f) => `${hash}#${f.slice(1)}`);
        await this.redis.del(hash, ...logs);
        await this.local.forget(key);
      },
      () => this.local.forget(key),
    );
  }

  /** Stops listening to the connection (which its owner closes). */
  detach(): void {
    this.redis.off('ready', this.onReady);
  }

  private count(key: string, windowMs: number, now: number, max: number, add: boolean): Promise<WindowCount> {
    const hash = this.prefix + key;
    return this.either(
      async () => {
        const [count, resetAt] = await this.redis.rlCount(hash, `${hash}#${windowMs}`, String(now), String(windowMs), String(max), add ? '1' : '0');
        return { count, resetAt };
      },
      () => this.local[add ? 'hit' : 'peek'](key, windowMs, now, max),
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
