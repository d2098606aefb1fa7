import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../../src/config.js';
import { openDeps, type Deps } from '../../src/deps.js';
import { until } from '../cli/cli-harness.js';
import { dropTestSchema, ENGINES, schemaTurn, TEST_DATABASE_URL } from '../helpers/engines.js';

// PostgreSQL may end a connection the pool keeps idle (a restart, a fail-over, pg_terminate_backend,
// idle_session_timeout). The service says so in its log and goes on; it used to die of the pool's
// unheard 'error' event.

if (!ENGINES.includes('postgres')) console.log('# no PostgreSQL answers: an idle pooled connection ended by the server was not tested');
else
  describe('PostgreSQL ending an idle pooled connection', () => {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const warnings: { err?: unknown; msg: string }[] = [];
    let deps: Deps;
    const admin = async (q: string, params: unknown[] = []) => {
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      try {
        return await c.query(q, params);
      } finally {
        await c.end();
      }
    };
    before(async () => {
      await admin(`CREATE SCHEMA ${schema}`);
      const log = { info: () => undefined, error: () => undefined, warn: (obj: { err?: unknown }, msg: string) => void warnings.push({ ...obj, msg }) };
      deps = await schemaTurn(() => openDeps(loadConfig({}), { storeOptions: { databaseUrl: TEST_DATABASE_URL, dataDir: null, schema, poolSize: 1 }, log }));
    });
    after(async () => {
      await deps?.close();
      await dropTestSchema(schema);
    });

    test('is logged as a warning, and the next query runs on a new connection', async () => {
      const pidOf = async () => (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(deps.db)).rows[0]!.pid;
      const first = await pidOf();
      const ended = await admin('SELECT pg_terminate_backend($1) AS ended', [first]);
      assert.equal(ended.rows[0].ended, true);
      await until(() => warnings.length > 0, 'the warning about the ended connection');
      assert.match(warnings[0]!.msg, /PostgreSQL ended an idle pooled connection/);
      assert.match(String((warnings[0]!.err as Error).message), /terminating connection due to administrator command/);
      const second = await pidOf();
      assert.notEqual(second, first);
      assert.deepEqual(await deps.db.selectFrom('owners').select('id').execute(), []);
    });
  });
