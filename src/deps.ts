import type { Config } from './config.js';
import { systemClock, type Clock } from './domain/clock.js';
import { IcalWorkers } from './ical/workers.js';
import type { RunnerLog } from './jobs/runner.js';
import { MemoryRateLimitStore } from './limits/memory-store.js';
import { openRedis, redisReady, RedisRateLimitStore } from './limits/redis-store.js';
import type { RateLimitStore } from './limits/store.js';
import { outboundPolicy, type OutboundPolicy } from './net/public-address.js';
import { Authenticator } from './services/authenticator.js';
import { AvailabilityService } from './services/availability.js';
import { OwnerVersions } from './services/owner-versions.js';
import { PasswordWork } from './services/password-work.js';
import { openInvalidationBus, type Invalidation, type InvalidationBus } from './services/invalidation.js';
import { checkReadiness, type ReadinessReport } from './services/readiness.js';
import { PageCache, pageSize, type PageBytes } from './services/page-cache.js';
import { migrate, openStore, type Db, type Store, type StoreOptions } from './store/db.js';
import { readServerSecret } from './store/repos/server-secrets.js';
import { RequestLogBuffer } from './request-log/buffer.js';
import { insertRequestLogBatches } from './store/repos/request-log.js';

/**
 * The server's secrets, one name per use. Today one stored value (server_secrets `cursor`) serves
 * all four: each use signs under its own purpose label (`status-link:`, `csrf:`, `device:`, the cursor's own
 * fields), so a signature of one kind is never valid as another.
 */
export interface Secrets {
  /** Signs the list routes' `nextCursor`. */
  cursor: string;
  /** Signs the requester's status links (services/status-links.ts). */
  statusLinks: string;
  /** Signs the console's CSRF tokens. */
  csrf: string;
  /** Signs the cookie of a browser the owner signed in with (web/device-cookie.ts). */
  devices: string;
  /** Derives a refresh token's successor pair (services/grants.ts), so a retry gets the same pair. */
  oauth: string;
}

export type Log = RunnerLog;

/**
 * The one dependency bag, built once at start (`openDeps`) and handed to every part: the API and
 * the pages (as `ctx.services`), the job kinds, the CLI's operations, the admin channel.
 */
export interface Deps {
  config: Config;
  store: Store;
  db: Db;
  clock: Clock;
  secrets: Secrets;
  log: Log;
  /** Where rate-limit windows are counted. */
  limits: RateLimitStore;
  /** The rules every outbound fetch follows (feeds, webhook endpoints). */
  outbound: OutboundPolicy;
  /** The owners' change counters, which caches are keyed by. */
  versions: OwnerVersions;
  availability: AvailabilityService;
  /** Pages of GET /events, /tasks and /requests, written once, kept until a change or the clock moves them. */
  pages: PageCache<PageBytes>;
  authenticator: Authenticator;
  /** Worker threads that read iCalendar feeds and imported files, off the request path (threads start on first use). */
  ical: IcalWorkers;
  /** Every argon2 hash and check and every password-strength estimate, through one bounded gate. */
  passwords: PasswordWork;
  /** Whether this instance can serve (GET /readyz): database, migrations, Redis when configured. */
  readiness(): Promise<ReadinessReport>;
  /** Migrations this opening ran (none when it was handed a store already migrated). */
  migrated: string[];
  /**
   * Tells every instance what to forget (services/invalidation.ts): a revoked token, a disconnected
   * grant, a suspended app, a changed owner. This instance forgets at once; the others within a second.
   */
  invalidation: InvalidationBus;
  /**
   * Forgets cached token look-ups (one token, or all) on every instance: a revocation takes effect at
   * once here, within a second elsewhere. Never rejects: a failed broadcast is logged, and the token
   * cache's few seconds bound it.
   */
  forgetTokens(tokenId?: string): Promise<void>;
  /** The request log's writer: API calls gathered after their answers, written in batches (src/request-log/). */
  requestLog: RequestLogBuffer;
  /** Writes what is pending (token last-use times, the request log), stops the iCalendar threads and closes the store. */
  close(): Promise<void>;
}

export interface DepsOptions {
  clock?: Clock;
  /** A store already open and migrated (tests, benchmarks); else one is opened from the config and migrated once. */
  store?: Store;
  storeOptions?: StoreOptions;
  limits?: RateLimitStore;
  log?: Log;
  /** The password gate (benchmarks compare its settings); else one with the defaults. */
  passwords?: PasswordWork;
}

const silent: Log = { info: () => undefined, warn: () => undefined, error: () => undefined };

export async function openDeps(config: Config, options: DepsOptions = {}): Promise<Deps> {
  let store = options.store;
  let migrated: string[] = [];
  if (!store) {
    const onIdleConnectionError = (e: Error) =>
      (options.log ?? silent).warn({ err: e }, 'PostgreSQL ended an idle pooled connection; the next query opens another');
    store = await openStore({ ...(options.storeOptions ?? { databaseUrl: config.databaseUrl, dataDir: config.dataDir }), onIdleConnectionError });
    try {
      migrated = await migrate(store);
    } catch (e) {
      await store.close();
      throw e;
    }
  }
  const opened = store;
  const clock = options.clock ?? systemClock;
  const signing = await readServerSecret(opened.db, 'cursor');
  const versions = new OwnerVersions(opened.db);
  if (opened.listen) await versions.followChanges(opened.listen);
  const authenticator = new Authenticator(opened.db, clock, config.tokenCacheSeconds * 1000);
  // REDIS_URL: rate limits shared by every instance (docs/deploy.md); else counted in this process.
  // A command unanswered after REDIS_COMMAND_TIMEOUT_MS (500 ms) is counted in memory instead.
  const redis = config.redisUrl && !options.limits ? openRedis(config.redisUrl, 'limits', { commandTimeout: config.deadlines.redisCommandMs }) : null;
  const limits = options.limits ?? (redis ? new RedisRateLimitStore(redis, options.log ?? silent) : new MemoryRateLimitStore());
  // A start waits this long for Redis (REDIS_START_WAIT_MS, 5 s), then starts on the fall-back (docs/deploy.md).
  if (redis && !(await redisReady(redis, config.deadlines.redisStartWaitMs))) {
    (options.log ?? silent).warn({}, `Redis does not answer at start: rate limits are counted in this instance's memory until it does`);
  }
  const log = options.log ?? silent;
  const invalidation = await openInvalidationBus({
    store: opened,
    databaseUrl: config.databaseUrl,
    redis: redis && config.redisUrl ? { publisher: redis, subscriber: openRedis(config.redisUrl, 'invalidations', { enableOfflineQueue: true, commandTimeout: undefined }) } : null,
    onError: (e) => log.warn({ err: e }, 'the invalidation channel failed; cached token look-ups expire within the token cache time meanwhile'),
  });
  invalidation.subscribe((m) => forget(authenticator, versions, m));
  const ical = new IcalWorkers();
  const passwords = options.passwords ?? new PasswordWork();
  const requestLog = new RequestLogBuffer((batches) => insertRequestLogBatches(opened.db, batches), log);
  return {
    config,
    store: opened,
    db: opened.db,
    clock,
    secrets: { cursor: signing, statusLinks: signing, csrf: signing, devices: signing, oauth: signing },
    log,
    limits,
    outbound: outboundPolicy(config),
    versions,
    availability: new AvailabilityService(opened.db, versions),
    pages: new PageCache(pageSize),
    authenticator,
    ical,
    passwords,
    migrated,
    requestLog,
    readiness: () => checkReadiness({ store: opened, pingRedis: redis ? async () => void (await redis.ping()) : null, checkLimitMs: config.deadlines.readinessCheckMs }),
    invalidation,
    forgetTokens: (tokenId) =>
      invalidation
        .publish(tokenId === undefined ? { kind: 'tokens' } : { kind: 'token', tokenId })
        .catch((e: unknown) => log.warn({ err: e }, 'could not tell the other instances to forget a token')),
    close: async () => {
      await authenticator.flushLastUsed().catch(() => undefined);
      await requestLog.flush();
      await ical.close();
      await passwords.close();
      await invalidation.close();
      if (limits instanceof RedisRateLimitStore) limits.detach();
      redis?.disconnect();
      await opened.close();
    },
  };
}

/** What an instance forgets on an invalidation (its own or another instance's). */
function forget(authenticator: Authenticator, versions: OwnerVersions, m: Invalidation): void {
  switch (m.kind) {
    case 'token':
      return authenticator.invalidate(m.tokenId);
    case 'tokens':
      return authenticator.invalidate();
    case 'grant':
      return authenticator.forgetMatching({ ownerId: m.ownerId, appId: m.appId });
    case 'app':
      return authenticator.forgetMatching({ appId: m.appId });
    case 'owner':
      authenticator.forgetMatching({ ownerId: m.ownerId });
      return versions.forget(m.ownerId);
  }
}
