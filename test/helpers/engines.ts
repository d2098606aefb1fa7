import pg from 'pg';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { migrate, openStore, type EngineName, type Store } from '../../src/store/db.js';
import { PGLITE_CONF } from '../../src/store/pglite-folder.js';

const PGLITE_VERSION = (JSON.parse(readFileSync(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url), 'utf8')) as { version: string }).version;

/**
 * Every storage test runs once per engine: embedded PGlite always, PostgreSQL when one answers at
 * TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test). Each PostgreSQL store lives in
 * a schema of its own, dropped at close, so test files never see each other's rows.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A probe that times out turns PostgreSQL off without a failure, so it is long: a loaded machine can
 * take seconds to connect (load 12-24). An absent server costs nothing (the connection is refused at once).
 */
const PROBE_MS = 30_000;

async function postgresAnswers(): Promise<boolean> {
  // The test command probes once and names the engines for every file (TEST_ENGINES), so a file
  // started on a busy machine does not lose its PostgreSQL half to a slow connection.
  if (process.env.TEST_ENGINES) return process.env.TEST_ENGINES.split(',').includes('postgres');
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: PROBE_MS });
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

/**
 * A migrated PGlite database as a dump, made once and kept on disk between runs (issue #32 point 8:
 * initdb took 3-20 s for each of the suite's hundreds of in-memory stores, the largest part of its
 * time on a busy machine; loading a dump takes about a second). The file's name is a hash of what
 * could change the database: PGlite's version, its settings and every migration's source. A store
 * started from it still runs `migrate` (nothing to do) and draws its own cursor secret, so stores
 * share nothing but their schema.
 */
let template: Promise<Blob> | null = null;

/** A hash of what could change a migrated database: PGlite's version, its settings, every migration's source. */
function templateKey(): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ pglite: PGLITE_VERSION, conf: PGLITE_CONF }));
  const dir = fileURLToPath(new URL('../../src/store/migrations/', import.meta.url));
  for (const name of readdirSync(dir).sort()) hash.update(`${name}\0${readFileSync(path.join(dir, name), 'utf8')}\0`);
  return hash.digest('hex').slice(0, 16);
}

function templateFile(): string {
  return path.join(os.tmpdir(), `calendar-access-test-template-${templateKey()}.tar`);
}

/**
 * A migrated PGlite data folder, made once and kept between runs like the dump above, for the tests
 * that drive the CLI or `serve` on a folder (test/cli/cli-harness.ts `cliStore`): creating a folder's
 * database costs ~9 s of CPU, paid by the first command of every such file. Tests of a new folder
 * (its creation, its modes, the first start's migrations) start from an empty one instead.
 */
export async function migratedFolderTemplate(): Promise<string> {
  const folder = path.join(os.tmpdir(), `calendar-access-test-folder-${templateKey()}`);
  if (existsSync(path.join(folder, 'PG_VERSION'))) return folder;
  const partial = `${folder}.${process.pid}.${randomBytes(4).toString('hex')}`;
  const store = await openStore({ databaseUrl: null, dataDir: partial });
  try {
    await migrate(store);
  } finally {
    await store.close();
  }
  try {
    // Made whole, then renamed: another file running beside this one never copies half a folder.
    renameSync(partial, folder);
  } catch {
    // Another file made it first.
    rmSync(partial, { recursive: true, force: true });
  }
  return folder;
}

async function migratedTemplate(): Promise<Blob> {
  const file = templateFile();
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const store = await openStore({ databaseUrl: null, dataDir: null });
  try {
    await migrate(store);
    const dump = await store.dump!();
    // Written whole, then renamed: a file running beside this one never reads half a dump.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return dump;
  } finally {
    await store.close();
  }
}

export async function openTestStore(engine: EngineName): Promise<Store> {
  if (engine === 'pglite') {
    template ??= migratedTemplate();
    const store = await openStore({ databaseUrl: null, dataDir: null, fromDump: await template });
    await migrate(store);
    await sql`UPDATE server_secrets SET value = ${randomBytes(32).toString('hex')} WHERE name = 'cursor'`.execute(store.db);
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
