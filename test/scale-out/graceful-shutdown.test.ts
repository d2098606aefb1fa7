import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { PATIENCE_MS, runCli, startServe, until, type ServeProcess } from '../cli/cli-harness.js';
import { clusterUnavailable, startCluster, startReceiver, type Cluster, type Receiver } from './cluster-harness.js';

/**
 * Graceful shutdown of real instances (docs/deploy.md "Stopping"), on PostgreSQL and Redis: on
 * SIGTERM an api instance refuses new connections and finishes the request under way; a worker lets
 * a webhook attempt under way finish within SHUTDOWN_GRACE_MS, and past it hands the delivery back
 * (its lease released, not left to run out).
 */
const unavailable = clusterUnavailable();

if (unavailable) console.log(`# ${unavailable}: graceful shutdown of api and worker instances was not tested`);
else
  describe('SIGTERM on api and worker instances', () => {
    let receiver: Receiver;
    let cluster: Cluster;
    let token = '';

    before(async () => {
      receiver = await startReceiver();
      cluster = await startCluster({
        apis: 1,
        workers: 1,
        receiver,
        // The grace time outlasts what the test does while an instance stops, however slow the machine.
        env: { SHUTDOWN_GRACE_MS: String(PATIENCE_MS) },
        prepare: async ({ env }) => {
          const cli = async (args: string[]) => {
            const r = await runCli(args, env);
            assert.equal(r.code, 0, `${args.join(' ')}: ${r.stderr}`);
            return r.stdout;
          };
          await cli(['owner', 'create', '--username', 'lena', '--name', 'Lena', '--timezone', 'Europe/Berlin']);
          const t = JSON.parse(await cli(['token', 'create', '--owner', 'lena', '--name', 'app', '--scopes', 'webhooks,requests:read,requests:create', '--json']));
          token = t.token;
          await cli(['endpoint', 'add', '--owner', 'lena', '--token', t.id, '--url', receiver.url('/hook')]);
        },
      });
    });
    after(async () => {
      receiver.gate = null;
      await cluster?.close();
      await receiver?.close();
    });

    const taskBody = () =>
      JSON.stringify({ message: 'Review', requester: { name: 'Ana Ruiz', email: `ana+${randomBytes(4).toString('hex')}@example.com` }, requesterTimezone: 'America/New_York', requesterLocale: 'en-US' });

    async function createRequest(): Promise<string> {
      const res = await fetch(`${cluster.apis[0]!.url}/api/v1/requests/tasks`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': `key_${randomBytes(12).toString('hex')}` },
        body: taskBody(),
      });
      assert.equal(res.status, 201);
      return ((await res.json()) as { request: { id: string } }).request.id;
    }

    const deliveryOf = async (requestId: string) =>
      (
        await cluster.sql<{ status: string; attempts: number; locked_by: string | null; locked_until: Date | null }>(
          `SELECT d.status, d.attempts, d.locked_by, d.locked_until FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id WHERE e.type = 'request.created' AND e.data->>'id' = $1`,
          [requestId],
        )
      )[0];
    const exited = (s: ServeProcess) => new Promise<number | null>((r) => (s.child.exitCode !== null ? r(s.child.exitCode) : s.child.once('exit', (code) => r(code))));
    const said = (s: ServeProcess, msg: RegExp) => s.logs.some((l) => typeof l.msg === 'string' && msg.test(l.msg));

    test('a worker stopped while a delivery is in flight finishes it within the grace time, then exits 0', async () => {
      await until(() => receiver.received >= 1 && receiver.answered === receiver.received, 'the endpoint\'s ping to be delivered', PATIENCE_MS);
      let open!: () => void;
      receiver.gate = new Promise<void>((r) => (open = r));
      const before = receiver.received;
      const id = await createRequest();
      await until(() => receiver.received > before, 'the attempt to reach the receiver', PATIENCE_MS);
      const worker = cluster.workers[0]!;
      const code = exited(worker);
      worker.child.kill('SIGTERM');
      await until(() => said(worker, /stopping \(SIGTERM\)/), 'the worker to start stopping', PATIENCE_MS);
      assert.equal(worker.child.exitCode, null, 'the worker waits for its attempt');
      assert.equal((await deliveryOf(id))!.status, 'pending');
      open();
      assert.equal(await code, 0);
      const d = (await deliveryOf(id))!;
      assert.equal(d.status, 'succeeded', 'the attempt under way was recorded before the worker left');
      assert.equal(d.attempts, 1);
      receiver.gate = null;
    });

    test('past the grace time a worker hands the delivery in flight back: its lease is released, and another worker delivers it', async () => {
      receiver.gate = new Promise<void>(() => undefined);
      const short = await startServe({ ...cluster.env, SHUTDOWN_GRACE_MS: '500' }, { args: ['--port', '0', '--role', 'worker'] });
      const before = receiver.received;
      const id = await createRequest();
      await until(() => receiver.received > before, 'the attempt to reach the receiver', PATIENCE_MS);
      assert.ok((await deliveryOf(id))!.locked_by, 'held by the worker');
      short.child.kill('SIGTERM');
      assert.equal(await exited(short), 0);
      const d = (await deliveryOf(id))!;
      assert.equal(d.status, 'pending');
      assert.equal(d.locked_by, null, 'the lease is released, not left to run out');
      assert.equal(d.locked_until, null);
      assert.equal(d.attempts, 0, 'the aborted attempt does not count as a step of the schedule');
      // Another worker takes it at once (its lease of 60 s was handed back).
      receiver.gate = null;
      const next = await startServe(cluster.env, { args: ['--port', '0', '--role', 'worker'] });
      try {
        await until(async () => (await deliveryOf(id))!.status === 'succeeded', 'the next worker to deliver it', PATIENCE_MS);
      } finally {
        await next.stop('SIGTERM');
      }
    });

    test('an api instance stopped while a request is under way refuses new connections and still answers that request', async () => {
      const api = cluster.apis[0]!;
      const url = new URL(api.url);
      const body = taskBody();
      // Expect: 100-continue: the server's "100 Continue" says it has the request, before any body is sent.
      const req = http.request({
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: '/api/v1/requests/tasks',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'idempotency-key': `key_${randomBytes(12).toString('hex')}`, expect: '100-continue' },
      });
      const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        req.on('response', (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, body: text }));
        });
        req.on('error', reject);
      });
      await new Promise<void>((resolve) => req.once('continue', () => resolve()));
      const code = exited(api);
      api.child.kill('SIGTERM');
      const refused = () =>
        new Promise<boolean>((resolve) => {
          const s = net.connect({ host: url.hostname, port: Number(url.port) });
          s.once('connect', () => (s.destroy(), resolve(false)));
          s.once('error', (e: NodeJS.ErrnoException) => resolve(e.code === 'ECONNREFUSED'));
        });
      await until(refused, 'new connections to be refused', PATIENCE_MS);
      assert.equal(api.child.exitCode, null, 'the instance waits for the request under way');
      req.end(body);
      const got = await answer;
      assert.equal(got.status, 201, got.body);
      const id = (JSON.parse(got.body) as { request: { id: string } }).request.id;
      assert.equal(await code, 0);
      assert.equal((await cluster.sql(`SELECT 1 FROM requests WHERE id = $1`, [id])).length, 1, 'the request answered is stored');
    });
  });
