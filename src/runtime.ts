import type { Config } from './config.js';
import { systemClock, type Clock } from './domain/clock.js';
import { pageSize } from './services/page-cache.js';
import { MemoryRateLimitStore } from './limits/memory-store.js';
import type { RateLimitStore } from './limits/store.js';
import type { ApiServices } from './http/route.js';
import { Authenticator } from './services/authenticator.js';
import { AvailabilityService } from './services/availability.js';
import { OwnerVersions } from './services/owner-versions.js';
import { PageCache } from './services/page-cache.js';
import { migrate, openStore, type StoreOptions, type Store } from './store/db.js';

/** Everything one instance holds: the store and the in-memory parts shared by the API and the CLI. */
export interface Runtime {
  config: Config;
  store: Store;
  clock: Clock;
  services: ApiServices;
  authenticator: Authenticator;
  rateLimits: RateLimitStore;
  close(): Promise<void>;
}

export async function readCursorSecret(store: Store): Promise<string> {
  const row = await store.db.selectFrom('server_secrets').select('value').where('name', '=', 'cursor').executeTakeFirstOrThrow();
  return row.value;
}

export async function openRuntime(
  config: Config,
  options: { clock?: Clock; store?: StoreOptions; existingStore?: Store; rateLimits?: RateLimitStore } = {},
): Promise<Runtime> {
  const store = options.existingStore ?? (await openStore(options.store ?? { databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  try {
    await migrate(store);
  } catch (e) {
    await store.close();
    throw e;
  }
  const clock = options.clock ?? systemClock;
  const versions = new OwnerVersions(store.db);
  if (store.listen) await versions.followChanges(store.listen);
  const availability = new AvailabilityService(store.db, versions);
  const authenticator = new Authenticator(store.db, clock, config.tokenCacheSeconds * 1000);
  const services: ApiServices = {
    db: store.db, clock, config, cursorSecret: await readCursorSecret(store), availability, versions, pages: new PageCache(pageSize),
    forgetTokens: (tokenId) => authenticator.invalidate(tokenId),
  };
  return {
    config,
    store,
    clock,
    services,
    authenticator,
    rateLimits: options.rateLimits ?? new MemoryRateLimitStore(),
    close: async () => {
      await authenticator.flushLastUsed().catch(() => undefined);
      await store.close();
    },
  };
}
