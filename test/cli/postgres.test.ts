import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { ENGINES, TEST_DATABASE_URL } from '../helpers/engines.js';
import { cliEnv, getJson, removeDataDir, runCli, startServe, tempDataDir } from './cli-harness.js';

// A database of its own rather than a schema: Kysely's Migrator looks for its tables in every schema
// of the database, so a fresh schema next to a migrated `public` would be taken as migrated already.
const database = `ca_cli_${randomBytes(5).toString('hex')}`;

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const skip = ENGINES.includes('postgres')
  ? false
  : process.env.TEST_ENGINES
    ? `PostgreSQL is not among the test engines (TEST_ENGINES=${process.env.TEST_ENGINES})`
    : `no PostgreSQL answers at ${TEST_DATABASE_URL.replace(/\/\/[^@]*@/, '//')}`;
if (skip) console.log(`# skipping the PostgreSQL CLI test: ${skip}`);

describe('commands on PostgreSQL (DATABASE_URL)', { skip }, () => {
  let url: string;
  let dir: string;
  let env: NodeJS.ProcessEnv;

  before(async () => {
    await admin((c) => c.query(`CREATE DATABASE ${database}`));
    const u = new URL(TEST_DATABASE_URL);
    u.pathname = `/${database}`;
    url = u.toString();
    dir = tempDataDir();
    env = cliEnv({ DATABASE_URL: url, DATA_DIR: path.join(dir, 'unused') });
  });
  after(async () => {
    removeDataDir(dir);
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
  });

  const count = async (table: string): Promise<number> => {
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      return Number((await db.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
    } finally {
      await db.end();
    }
  };

  test('demo builds the demo owner on PostgreSQL, and a second run replaces it', async () => {
    const first = await runCli(['demo', '--json'], env);
    assert.equal(first.code, 0, first.stderr);
    assert.equal(JSON.parse(first.stdout).owner, 'demo');
    const sizes = { events: await count('events'), tasks: await count('tasks'), requests: await count('requests') };
    assert.ok(sizes.events >= 50 && sizes.tasks >= 25 && sizes.requests >= 10, JSON.stringify(sizes));

    const second = await runCli(['demo', '--json'], env);
    assert.equal(second.code, 0, second.stderr);
    assert.equal(await count('owners'), 1);
    assert.deepEqual({ events: await count('events'), tasks: await count('tasks'), requests: await count('requests') }, sizes);
    assert.equal(existsSync(path.join(dir, 'unused')), false, 'no PGlite folder is made');
  });

  test('serve on PostgreSQL has no admin channel, and commands run alongside it in their own process', async () => {
    const server = await startServe(env);
    try {
      const line = server.logs.find((l) => typeof l.url === 'string')!;
      assert.equal(line.engine, 'postgres');
      assert.equal(line.adminSocket, undefined);
      const run = await runCli(['demo', '--json'], env);
      assert.equal(run.code, 0, run.stderr);
      const me = await getJson(`${server.url}/api/v1/me`, JSON.parse(run.stdout).token);
      assert.equal(me.status, 200);
      assert.equal(me.body.profile.username, 'demo');
    } finally {
      assert.equal(await server.stop(), 0);
    }
  });
});
