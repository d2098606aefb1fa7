import { pendingMigrations, type Store } from '../store/db.js';
import { pingDatabase } from '../store/repos/health.js';

/** One check of GET /readyz: `ok`, or what is wrong in a few words. */
export type CheckResult = 'ok' | string;

export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, CheckResult>;
}

export interface ReadinessDeps {
  store: Store;
  /** Redis when it is configured (REDIS_URL): resolves when it answers a PING. */
  pingRedis?: (() => Promise<void>) | null;
  /** A check that does not answer within this long fails (READINESS_CHECK_MS, 2 s): a load balancer polls every few seconds. */
  checkLimitMs: number;
}

function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

async function check(what: () => Promise<string | void>, limitMs: number): Promise<CheckResult> {
  try {
    return (await within(what(), limitMs)) || 'ok';
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/**
 * Whether this instance should take traffic: the database answers, its migrations are all run
 * (an instance newer than its schema is not ready), and Redis answers when it is configured.
 */
export async function checkReadiness(deps: ReadinessDeps): Promise<ReadinessReport> {
  const checks: Record<string, CheckResult> = {};
  const [database, migrations, redis] = await Promise.all([
    check(() => pingDatabase(deps.store.db), deps.checkLimitMs),
    check(async () => {
      const pending = await pendingMigrations(deps.store);
      if (pending.length > 0) return `pending: ${pending.join(', ')}`;
    }, deps.checkLimitMs),
    deps.pingRedis ? check(deps.pingRedis, deps.checkLimitMs) : Promise.resolve(null),
  ]);
  checks.database = database;
  checks.migrations = migrations;
  if (redis !== null) checks.redis = redis;
  return { ready: Object.values(checks).every((c) => c === 'ok'), checks };
}
