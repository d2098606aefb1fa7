import type { Config } from './config.js';
import { systemClock, type Clock } from './domain/clock.js';
import { IcalWorkers } from './ical/workers.js';
import type { RunnerLog } from './jobs/runner.js';
import { MemoryRateLimitStore } from './limits/memory-store.js';
import type { RateLimitStore } from './limits/store.js';
import { outboundPolicy, type OutboundPolicy } from './net/public-address.js';
import { Authenticator } from './services/authenticator.js';
import { AvailabilityService } from './services/availability.js';
import { OwnerVersions } from './services/owner-versions.js';
import { PasswordWork } from './services/password-work.js';
import { PageCache, pageSize, type PageBytes } from './services/page-cache.js';
import { migrate, openStore, type Db, type Store, type StoreOptions } from './store/db.js';
import { readServerSecret } from './store/repos/server-secrets.js';

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
  /** Migrations this opening ran (none when it was handed a store already migrated). */
  migrated: string[];
  /** Forgets cached token look-ups on this instance (one token, or all): a revocation takes effect at once. */
  forgetTokens(tokenId?: string): void;
  /** Writes what is pending (token last-use times), stops the iCalendar threads and closes the store. */
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
    store = await openStore(options.storeOptions ?? { databaseUrl: config.databaseUrl, dataDir: config.dataDir });
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
  const ical = new IcalWorkers();
  const passwords = options.passwords ?? new PasswordWork();
  return {
    config,
    store: opened,
    db: opened.db,
    clock,
    secrets: { cursor: signing, statusLinks: signing, csrf: signing, devices: signing, oauth: signing },
    log: options.log ?? silent,
    limits: options.limits ?? new MemoryRateLimitStore(),
    outbound: outboundPolicy(config),
    versions,
    availability: new AvailabilityService(opened.db, versions),
    pages: new PageCache(pageSize),
    authenticator,
    ical,
    passwords,
    migrated,
    forgetTokens: (tokenId) => authenticator.invalidate(tokenId),
    close: async () => {
      await authenticator.flushLastUsed().catch(() => undefined);
      await ical.close();
      await passwords.close();
      await opened.close();
    },
  };
}
