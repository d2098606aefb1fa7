import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { pino } from 'pino';
import pg from 'pg';
import { loadConfig } from '../../src/config.js';
import { openDeps } from '../../src/deps.js';
import { buildApp } from '../../src/http/app.js';
import { REQUEST_CONTEXT_CARRIED, requestLogFields } from '../../src/http/request-context.js';
import { migrate, openStore } from '../../src/store/db.js';
import { cliStore, freePort, getJson, startServe, type ServeProcess } from '../cli/cli-harness.js';
import { ENGINES, TEST_DATABASE_URL } from '../helpers/engines.js';

describe('metrics on their own port', () => {
  let store: Awaited<ReturnType<typeof cliStore>>;
  let server: ServeProcess;
  let metricsPort: number;
  before(async () => {
    store = await cliStore('pglite', 'metrics');
    metricsPort = await freePort();
    server = await startServe({ ...store.env, METRICS_PORT: String(metricsPort) });
  });
  after(async () => {
    await server.stop();
    await store.close();
  });

  test('GET /metrics on METRICS_PORT counts requests by route pattern and status, and shows the queues and the fall-back', async () => {
    assert.equal((await getJson(`${server.url}/api/v1/me`)).status, 401);
    assert.equal((await getJson(`${server.url}/api/v1/events/abc`)).status, 401);
    assert.equal((await getJson(`${server.url}/healthz`)).status, 200);
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type')!, /text\/plain/);
    const text = await res.text();
    assert.match(text, /http_requests_total\{method="GET",route="\/api\/v1\/me",status="401",role="all"\} 1/);
    assert.match(text, /http_requests_total\{method="GET",route="\/api\/v1\/events\/:id",status="401",role="all"\} 1/, 'by pattern, not by id');
    assert.match(text, /http_request_duration_seconds_count\{[^}]*route="\/healthz",status="200"[^}]*\} 1/);
    for (const name of ['jobs_due', 'jobs_oldest_due_seconds', 'webhook_deliveries_due', 'webhook_deliveries_oldest_due_seconds', 'rate_limit_fallback', 'process_cpu_user_seconds_total']) {
      assert.match(text, new RegExp(`^${name}\\{role="all"\\} `, 'm'), name);
    }
    assert.match(server.logs.find((l) => typeof l.url === 'string')!.metrics as string, new RegExp(`:${metricsPort}/metrics$`));
  });

  test('the public port does not answer /metrics', async () => {
    assert.equal((await fetch(`${server.url}/metrics`)).status, 404);
  });
});

describe('logs', () => {
  test(REQUEST_CONTEXT_CARRIED
    ? 'a line written by any floor while a request is answered carries the request id'
    : "on a runtime whose AsyncLocalStorage runs on async_hooks, the request's own lines carry its id and a service's carry none", async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const l of chunk.toString().split('\n')) if (l.trim()) lines.push(JSON.parse(l));
        done();
      },
    });
    const log = pino({ mixin: (_m, _l, logger) => requestLogFields(logger.bindings()) }, sink);
    const deps = await openDeps(loadConfig({}), { storeOptions: { databaseUrl: null, dataDir: null }, log });
    const app = await buildApp(deps, log);
    app.get('/probe', async (request) => {
      await new Promise((r) => setTimeout(r, 5));
      deps.log.info({}, 'a service says something');
      request.log.info({}, 'the request says something');
      return { ok: true };
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/probe' });
      const id = res.headers['svc-request-id'];
      assert.match(String(id), /^req_/);
      assert.equal(lines.find((l) => l.msg === 'the request says something')?.reqId, id);
      const said = lines.find((l) => l.msg === 'a service says something');
      assert.ok(said, 'the service line is written');
      assert.equal(said.reqId, REQUEST_CONTEXT_CARRIED ? id : undefined);
      deps.log.info({}, 'outside any request');
      assert.equal(lines.find((l) => l.msg === 'outside any request')?.reqId, undefined);
    } finally {
      await app.close();
      await deps.close();
    }
  });
});

if (!ENGINES.includes('postgres')) console.log('# no PostgreSQL answers: instances starting together on one database were not tested');
else
  describe('instances starting together on one fresh PostgreSQL database', () => {
    const database = `ca_migrate_${process.pid}_${Date.now().toString(36)}`;
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${database}`;
    const admin = async (q: string) => {
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      try {
        await c.query(q);
      } finally {
        await c.end();
      }
    };
    before(() => admin(`CREATE DATABASE ${database}`));
    after(() => admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));

    test('four instances migrating at once run every migration exactly once (an advisory lock), and all start', async () => {
      const stores = await Promise.all(Array.from({ length: 4 }, () => openStore({ databaseUrl: url.toString(), dataDir: null, poolSize: 2 })));
      try {
        const ran = await Promise.all(stores.map((s) => migrate(s)));
        const all = ran.flat();
        assert.ok(all.length > 0);
        assert.equal(new Set(all).size, all.length, 'no migration ran twice');
        assert.equal(ran.filter((r) => r.length > 0).length, 1, 'one instance ran them, the others found them done');
        const c = new pg.Client({ connectionString: url.toString() });
        await c.connect();
        const { rows } = await c.query('SELECT name, count(*)::int AS n FROM kysely_migration GROUP BY name HAVING count(*) > 1');
        await c.end();
        assert.deepEqual(rows, []);
      } finally {
        for (const s of stores) await s.close();
      }
    });
  });
