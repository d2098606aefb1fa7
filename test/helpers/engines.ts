import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { migrate, openStore, type EngineName, type Store } from '../../src/store/db.js';

/**
 * Every storage test runs once per engine: embedded PGlite always, PostgreSQL when one answers at
 * TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test). Each PostgreSQL store lives in
 * a schema of its own, dropped at close, so test files never see each other's rows.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

async function postgresAnswers(): Promise<boolean> {
  // The test command probes once and names the engines for every file (TEST_ENGINES), so a file
  // started on a busy machine does not lose its PostgreSQL half to a slow connection.
  if (process.env.TEST_ENGINES) return process.env.TEST_ENGINES.split(',').includes('postgres');
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export const ENGINES: EngineName[] = (await postgresAnswers()) ? ['pglite', 'postgres'] : ['pglite'];

/**
 * Kysely's migrator reads the tables of every schema of the database, so a test schema that another
 * file drops at that moment fails it ("schema t_... does not exist"). Migrations and drops of test
 * schemas take turns under one advisory lock, across files and concurrent test runs.
 */
export async function schemaTurn<T>(fn: () => Promise<T>): Promise<T> {
  if (!ENGINES.includes('postgres')) return fn();
  const lock = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock(7272740)');
    return await fn();
  } finally {
    await lock.end().catch(() => undefined);
  }
}

export async function dropTestSchema(schema: string): Promise<void> {
  await schemaTurn(async () => {
    const drop = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await drop.connect();
    await drop.query(`DROP SCHEMA ${schema} CASCADE`);
    await drop.end();
  });
}

export async function openTestStore(engine: EngineName): Promise<Store> {
  if (engine === 'pglite') {
    const store = await openStore({ databaseUrl: null, dataDir: null });
    await migrate(store);
    return store;
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const store = await openStore({ databaseUrl: TEST_DATABASE_URL, dataDir: null, schema, poolSize: 5 });
  await schemaTurn(() => migrate(store));
  return {
    ...store,
    close: async () => {
      await store.close();
      await dropTestSchema(schema);
    },
  };
}
