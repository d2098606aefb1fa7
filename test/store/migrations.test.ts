import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { dropTestSchema, ENGINES, schemaTurn, TEST_DATABASE_URL } from '../helpers/engines.js';
import { migrate, openStore, type EngineName, type Store } from '../../src/store/db.js';
import { readServerSecret } from '../../src/store/repos/server-secrets.js';

const ALL_MIGRATIONS = ['0001_owners_world', '0002_booking', '0003_jobs_feeds', '0004_event_import', '0005_requests_flow', '0006_webhooks', '0007_accounts', '0008_event_occurrences', '0009_list_indexes', '0010_tasks_version', '0011_moved_occurrences', '0012_recurrence_sets', '0013_oauth_apps', '0014_feed_warnings', '0015_app_webhooks', '0016_request_log', '0017_event_changes', '0018_webhook_filters'];

const TABLES = [
  'appointment_types', 'apps', 'booking_settings', 'calendar_feeds', 'calendars', 'contacts', 'emails', 'event_horizons', 'event_occurrences', 'event_overrides', 'events',
  'idempotency_keys', 'imported_busy', 'jobs', 'journal_entries', 'oauth_codes', 'oauth_grants', 'oauth_refresh_tokens', 'owner_versions', 'owners', 'request_log', 'requests', 'server_secrets', 'sessions', 'tasks',
  'tokens', 'webhook_attempts', 'webhook_deliveries', 'webhook_endpoints', 'webhook_event_tokens', 'webhook_events',
];

/** An empty store, not yet migrated, and a second handle on the same database where the engine allows one. */
async function openBlank(engine: EngineName): Promise<{ stores: Store[]; close(): Promise<void> }> {
  if (engine === 'pglite') {
    const store = await openStore({ databaseUrl: null, dataDir: null });
    return { stores: [store], close: () => store.close() };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const a = await openStore({ databaseUrl: TEST_DATABASE_URL, dataDir: null, schema, poolSize: 2 });
  const b = await openStore({ databaseUrl: TEST_DATABASE_URL, dataDir: null, schema, poolSize: 2 });
  return {
    stores: [a, b],
    close: async () => {
      await a.close();
      await b.close();
      await dropTestSchema(schema);
    },
  };
}

async function tableNames(store: Store): Promise<string[]> {
  const rows = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name NOT LIKE 'kysely_%'
    ORDER BY table_name`.execute(store.db);
  return rows.rows.map((r) => r.table_name);
}

for (const engine of ENGINES) {
  describe(`migrations on ${engine}`, () => {
    let blank: Awaited<ReturnType<typeof openBlank>>;
    before(async () => {
      blank = await openBlank(engine);
    });
    after(async () => {
      await blank?.close();
    });

    it('create every table of the schema on an empty database exactly once when two runs start at once', async () => {
      const [a, b] = [blank.stores[0]!, blank.stores[1] ?? blank.stores[0]!];
      assert.deepEqual(await tableNames(a), []);
      const results = await schemaTurn(() => Promise.all([migrate(a), migrate(b)]));
      assert.deepEqual(results.flat(), ALL_MIGRATIONS, 'one run applies the migrations, the other finds them done');
      assert.deepEqual(await tableNames(a), TABLES);
    });

    it('are idempotent: a later run applies nothing and keeps the one cursor secret', async () => {
      const store = blank.stores[0]!;
      const secret = await readServerSecret(store.db, 'cursor');
      assert.match(secret, /^[0-9a-f]{64}$/);
      assert.deepEqual(await schemaTurn(() => migrate(store)), []);
      assert.deepEqual(await schemaTurn(() => migrate(store)), []);
      assert.deepEqual(await tableNames(store), TABLES);
      const secrets = await store.db.selectFrom('server_secrets').selectAll().execute();
      assert.equal(secrets.length, 1);
      assert.equal(await readServerSecret(store.db, 'cursor'), secret);
    });
  });
}
