import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import { migrationProvider } from './migrations/index.js';
import { PGliteDialect } from './pglite-dialect.js';
import { initFolder, makePrivate, PGLITE_CONF } from './pglite-folder.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
export type EngineName = 'pglite' | 'postgres';

export interface Store {
  db: Db;
  engine: EngineName;
  /** PostgreSQL schema the store lives in, when not the default. */
  schema?: string;
  /**
   * Only where every writer shares this process (PGlite: one process per data folder): subscribe to
   * a notification channel. PGlite hands a transaction's notifications over before its commit
   * resolves, so a follower of these never lags a write.
   */
  listen?: (channel: string, onPayload: (payload: string) => void) => Promise<void>;
  /** PostgreSQL: the connection pool's use now (metrics). */
  poolUse?: () => { total: number; idle: number; waiting: number; max: number };
  /** PGlite: the data folder as a tarball, to start another store from (`StoreOptions.fromDump`). */
  dump?: () => Promise<Blob>;
  close(): Promise<void>;
}

// Local dates stay 'YYYY-MM-DD' text: turning them into a Date would move them by the process's zone.
const DATE_OID = 1082;

export interface StoreOptions {
  /** PostgreSQL connection string; null selects PGlite. */
  databaseUrl: string | null;
  /** PGlite data folder; null keeps the database in memory (tests). */
  dataDir: string | null;
  /** PostgreSQL schema to use (tests isolate themselves in one). */
  schema?: string;
  poolSize?: number;
  /**
   * Told when PostgreSQL ends a pooled connection that sits idle (a restart, a fail-over,
   * `pg_terminate_backend`, `idle_session_timeout`): the pool drops it and opens another on the next
   * query. Without a listener the pool's 'error' event would end the process.
   */
  onIdleConnectionError?: (error: Error) => void;
  /**
   * PGlite in memory only: start from this dump of a data folder (PGlite's `loadDataDir`, a tarball
   * `Store.dump` made) instead of running initdb, which takes seconds (the tests start from one
   * migrated dump, test/helpers/engines.ts).
   */
  fromDump?: Blob;
}

export async function openStore(options: StoreOptions): Promise<Store> {
  if (options.databaseUrl) {
    // The PostgreSQL driver is loaded only for PostgreSQL (about 15 MB an embedded store does without).
    const { default: pg } = await import('pg');
    pg.types.setTypeParser(DATE_OID, (v: string) => v);
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    const onIdleError = options.onIdleConnectionError ?? (() => undefined);
    pool.on('error', (e) => onIdleError(e));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const max = options.poolSize ?? 10;
    const poolUse = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max });
    return { db, engine: 'postgres', ...(options.schema ? { schema: options.schema } : {}), poolUse, close: () => db.destroy() };
  }
  if (options.dataDir) await initFolder(options.dataDir);
  const pglite = new PGlite({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.fromDump && !options.dataDir ? { loadDataDir: options.fromDump } : {}),
    postgresqlconf: PGLITE_CONF,
    parsers: { [DATE_OID]: (v: string) => v },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  const listen = async (channel: string, onPayload: (payload: string) => void) => {
    await pglite.listen(channel, onPayload);
  };
  const dataDir = options.dataDir;
  const close = async () => {
    await db.destroy();
    // Kysely closes the driver only once a query has run; a store opened and closed unused still
    // has a PGlite starting up in the background.
    await pglite.waitReady;
    if (!pglite.closed) await pglite.close();
    if (dataDir) makePrivate(dataDir);
  };
  const dump = async () => (await pglite.dumpDataDir('none')) as Blob;
  return { db, engine: 'pglite', listen, close, dump };
}

/** Brings the schema up to date; safe when several instances start at once (Kysely locks). */
export async function migrate(store: Store): Promise<string[]> {
  const migrator = new Migrator({
    db: store.db,
    provider: migrationProvider,
    ...(store.schema ? { migrationTableSchema: store.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Migrations this code has that the store has not run yet (GET /readyz: an instance older than its schema is fine, a newer one is not ready). */
export async function pendingMigrations(store: Store): Promise<string[]> {
  const migrator = new Migrator({
    db: store.db,
    provider: migrationProvider,
    ...(store.schema ? { migrationTableSchema: store.schema } : {}),
  });
  return (await migrator.getMigrations()).filter((m) => m.executedAt === undefined).map((m) => m.name);
}

/** Runs `work` in the caller's transaction when it is one, else in a new transaction. */
export async function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
