import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ENGINES } from '../helpers/engines.js';
import { cliStore, getJson, runCli, startServe, type ServeProcess } from '../cli/cli-harness.js';

describe('serve --role on the embedded PGlite store', () => {
  let store: Awaited<ReturnType<typeof cliStore>>;
  before(async () => {
    store = await cliStore('pglite', 'roles');
  });
  after(() => store.close());

  for (const role of ['api', 'worker']) {
    test(`--role ${role} is refused with a message that names PostgreSQL, and nothing is left listening`, async () => {
      const run = await runCli(['serve', '--port', '0', '--role', role], store.env);
      assert.notEqual(run.code, 0);
      assert.match(run.stderr + run.stdout, new RegExp(`--role ${role} needs PostgreSQL \\(DATABASE_URL\\)`));
    });
  }

  test('an unknown role is a usage error that lists the roles', async () => {
    const run = await runCli(['serve', '--role', 'cron'], store.env);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /api, worker|"all", "api", "worker"|all, api, worker/);
  });

  test('the default role answers the API, /healthz and /readyz on one port', async () => {
    const server = await startServe(store.env);
    try {
      assert.equal(server.logs.find((l) => typeof l.url === 'string')!.role, 'all');
      assert.deepEqual((await getJson(`${server.url}/healthz`)).body, { status: 'ok' });
      const ready = await getJson(`${server.url}/readyz`);
      assert.equal(ready.status, 200);
      assert.deepEqual(ready.body, { status: 'ready', checks: { database: 'ok', migrations: 'ok' } });
      assert.equal((await getJson(`${server.url}/api/v1/me`)).status, 401, 'the API is behind its guard');
    } finally {
      await server.stop();
    }
  });
});

if (!ENGINES.includes('postgres')) console.log('# serve --role api and worker need PostgreSQL, which does not answer here: only the PGlite cases ran');
else
  describe('serve --role api and --role worker on one PostgreSQL database', () => {
    let store: Awaited<ReturnType<typeof cliStore>>;
    let token: string;
    const servers: ServeProcess[] = [];
    before(async () => {
      store = await cliStore('postgres', 'roles');
      const demo = await runCli(['demo', '--json'], store.env);
      assert.equal(demo.code, 0, demo.stderr);
      token = JSON.parse(demo.stdout).token;
    });
    after(async () => {
      for (const s of servers) await s.stop('SIGKILL');
      await store.close();
    });

    test('an api instance answers the API and health, and starts no job or delivery loop', async () => {
      const api = await startServe(store.env, { args: ['--port', '0', '--role', 'api'] });
      servers.push(api);
      const line = api.logs.find((l) => typeof l.url === 'string')!;
      assert.equal(line.role, 'api');
      assert.equal((await getJson(`${api.url}/api/v1/me`, token)).status, 200);
      assert.equal((await getJson(`${api.url}/healthz`)).status, 200);
      assert.equal((await getJson(`${api.url}/readyz`)).status, 200);
      assert.deepEqual(line.parts, ['http', 'token last-use times', 'request log']);
    });

    test('a worker instance answers only health, and runs the job and delivery loops', async () => {
      const worker = await startServe(store.env, { args: ['--port', '0', '--role', 'worker'] });
      servers.push(worker);
      const line = worker.logs.find((l) => typeof l.url === 'string')!;
      assert.equal(line.role, 'worker');
      assert.deepEqual(line.parts, ['health', 'jobs', 'webhook deliveries']);
      assert.deepEqual((await getJson(`${worker.url}/healthz`)).body, { status: 'ok' });
      assert.equal((await getJson(`${worker.url}/readyz`)).body.status, 'ready');
      const me = await fetch(`${worker.url}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });
      assert.equal(me.status, 404);
    });
  });
