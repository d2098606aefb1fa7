import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { formatInstant } from '../../src/domain/instant.js';
import { recordEvent } from '../../src/store/repos/outbox.js';
import { useApi } from '../helpers/api.js';
import { post, taskBody } from '../helpers/requests.js';
import { BIN, cliEnv, freePort, removeDataDir, runCli, startServe, tempDataDir, until } from './cli-harness.js';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A plain HTTP receiver on 127.0.0.1 recording every request; answers `status`. */
async function receiver(status = 200): Promise<{ url: string; got: Received[]; close(): Promise<void> }> {
  const got: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (body += d));
    req.on('end', () => {
      got.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      res.writeHead(status, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    got,
    close: () => new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
  };
}

const READY_LINE = /^Ready! Forwarding the events of (\S+) to (\S+)\. Your webhook signing secret is (svc_whsec_[A-Za-z0-9]+) \(\^C to quit\)$/m;

function readyLine(stderr: string): { api: string; to: string; secret: string } {
  const m = READY_LINE.exec(stderr);
  assert.ok(m, `the Ready line on stderr: ${stderr}`);
  return { api: m[1]!, to: m[2]!, secret: m[3]! };
}

const secretOf = (stderr: string): string => readyLine(stderr).secret;

/** The receiver's check of the spec ("Signature check"), written here from scratch. */
function assertSigned(header: string | undefined, body: string, secret: string): void {
  assert.match(String(header), /^t=\d+,v1=[0-9a-f]{64}$/);
  const parts = Object.fromEntries(header!.split(',').map((p) => p.split('=') as [string, string]));
  const t = Number(parts.t);
  assert.ok(Math.abs(Date.now() / 1000 - t) < 300, 'signed now');
  const expected = createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex');
  assert.ok(timingSafeEqual(Buffer.from(expected), Buffer.from(parts.v1!)), 'the signature verifies with the printed secret');
}

// The API in-process on a real socket (its clock pinned at the real time of the run), the CLI in a
// process of its own talking to it over HTTP only.
describe('calendar-access listen', () => {
  const api = useApi('pglite', formatInstant(new Date()));
  let apiUrl: string;
  let token: string;
  let since: string;
  let owner: Awaited<ReturnType<typeof api.owner>>;
  let asked = 0;
  const env = cliEnv({});

  const ask = async (): Promise<string> => {
    asked += 1;
    const res = await post(api, '/api/v1/requests/tasks', token, taskBody({ requester: { name: 'Ana Ruiz', email: `ana${asked}@example.com` } }));
    assert.equal(res.statusCode, 201, res.body);
    api.clock.advance(1000);
    return res.json().request.id as string;
  };
  /** The catch-up answer's items, and its raw bytes. */
  const catchUp = async () => {
    const res = await api.get(`/api/v1/webhook-events?since=${since}&limit=100`, token);
    assert.equal(res.statusCode, 200, res.body);
    return { items: res.json().data as { id: string; type: string; occurredAt: string; data: { id: string } }[], raw: res.body };
  };

  before(async () => {
    await api.app.listen({ host: '127.0.0.1', port: 0 });
    apiUrl = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
    owner = await api.owner();
    token = await api.token(owner, ['webhooks', 'requests:read', 'requests:create']);
    since = formatInstant(api.clock.now());
  });

  test('--once forwards each event as a delivery: headers, the catch-up bytes as body, signed with the printed secret', async () => {
    const requests = [await ask(), await ask()];
    const hook = await receiver();
    try {
      const run = await runCli(['listen', '--token', token, '--forward-to', hook.url, '--api', apiUrl, '--since', since, '--once'], env);
      assert.equal(run.code, 0, run.stderr);
      const secret = secretOf(run.stderr);
      const { items, raw } = await catchUp();
      assert.deepEqual(items.map((e) => [e.type, e.data.id]), requests.map((id) => ['request.created', id]));
      assert.equal(hook.got.length, 2);
      for (const [i, got] of hook.got.entries()) {
        const item = items[i]!;
        assert.equal(got.method, 'POST');
        assert.equal(got.url, '/hook');
        assert.equal(got.headers['content-type'], 'application/json');
        assert.equal(got.headers['user-agent'], 'Svc-Webhooks/1.0');
        assert.equal(got.headers['svc-event-id'], item.id);
        assert.equal(got.headers['svc-event-type'], 'request.created');
        assert.equal(got.headers['svc-delivery-attempt'], '1');
        assert.deepEqual(JSON.parse(got.body), item);
        assert.ok(raw.includes(got.body), 'the body is the record exactly as the API sent it');
        assertSigned(got.headers['svc-signature'] as string, got.body, secret);
      }
      assert.deepEqual(
        run.stdout.trimEnd().split('\n'),
        items.map((e) => `${e.occurredAt}  request.created  ${e.id}  → 200`),
      );
      // A second run has a secret of its own.
      const again = await runCli(['listen', '--token', token, '--forward-to', hook.url, '--api', apiUrl, '--since', since, '--once'], env);
      assert.equal(again.code, 0, again.stderr);
      assert.notEqual(secretOf(again.stderr), secret);
      assertSigned(hook.got[2]!.headers['svc-signature'] as string, hook.got[2]!.body, secretOf(again.stderr));
    } finally {
      await hook.close();
    }
  });

  test('--once without --since forwards what catch-up holds (30 days), not only what happens from now on', async () => {
    const own = await api.owner();
    const ownToken = await api.token(own, ['webhooks', 'requests:read', 'requests:create']);
    const ids: string[] = [];
    for (const n of [1, 2]) {
      const res = await post(api, '/api/v1/requests/tasks', ownToken, taskBody({ requester: { name: 'Ana Ruiz', email: `once${n}@example.com` } }));
      assert.equal(res.statusCode, 201, res.body);
      ids.push(res.json().request.id as string);
      api.clock.advance(1000);
    }
    const hook = await receiver();
    try {
      const run = await runCli(['listen', '--token', ownToken, '--forward-to', hook.url, '--api', apiUrl, '--once'], env);
      assert.equal(run.code, 0, run.stderr);
      assert.deepEqual(hook.got.map((g) => JSON.parse(g.body).data.id), ids);
      assert.equal(run.stdout.trimEnd().split('\n').length, 2);
    } finally {
      await hook.close();
    }
  });

  test('pages through more than one page of catch-up', async () => {
    const taskToken = await api.token(owner, ['webhooks', 'tasks:read']);
    const from = formatInstant(api.clock.now());
    for (let i = 0; i < 105; i++) {
      await recordEvent(api.rt.store.db, { ownerId: owner.id, type: 'task.created', data: { object: 'task', id: randomUUID() }, test: false, occurredAt: api.clock.now() });
      api.clock.advance(10);
    }
    const hook = await receiver();
    try {
      const run = await runCli(['listen', '--token', taskToken, '--forward-to', hook.url, '--api', apiUrl, '--since', from, '--once'], env);
      assert.equal(run.code, 0, run.stderr);
      assert.equal(hook.got.length, 105);
      assert.equal(new Set(hook.got.map((g) => g.headers['svc-event-id'])).size, 105);
      assert.equal(run.stdout.trimEnd().split('\n').length, 105);
    } finally {
      await hook.close();
    }
  });

  test('a receiver that is down or failing is reported per event, every event is tried, and --once then exits 1 saying how many failed', async () => {
    const down = await receiver();
    await down.close();
    const run = await runCli(['listen', '--token', token, '--forward-to', down.url, '--api', apiUrl, '--since', since, '--once'], env);
    assert.equal(run.code, 1, run.stderr);
    const lines = run.stdout.trimEnd().split('\n');
    assert.ok(lines.length >= 2);
    for (const line of lines) assert.match(line, /^\S+Z {2}request\.created {2}[0-9a-f-]{36} {2}→ failed \(.+\)$/);
    assert.ok(run.stderr.includes(`calendar-access: ${lines.length} of ${lines.length} events were not accepted by ${down.url}`), run.stderr);

    const failing = await receiver(500);
    try {
      const res = await runCli(['listen', '--token', token, '--forward-to', failing.url, '--api', apiUrl, '--since', since, '--once'], env);
      assert.equal(res.code, 1, res.stderr);
      assert.ok(res.stdout.trimEnd().split('\n').every((l) => l.endsWith('→ 500')), res.stdout);
      assert.equal(failing.got.length, lines.length, 'every event was tried');
    } finally {
      await failing.close();
    }
    const fine = await receiver(204);
    try {
      const res = await runCli(['listen', '--token', token, '--forward-to', fine.url, '--api', apiUrl, '--since', since, '--once'], env);
      assert.equal(res.code, 0, `any 2xx is success: ${res.stderr}`);
    } finally {
      await fine.close();
    }
  });

  test('an API refusal is printed and ends the command with exit 1, before any "Ready!"', async () => {
    const hook = await receiver();
    try {
      const noScope = await api.token(owner, ['requests:read']);
      const cases: [string[], RegExp][] = [
        [['--token', 'svc_pat_nothing'], /401 invalid_token/],
        [['--token', noScope], /403 insufficient_scope/],
        [['--token', token, '--since', formatInstant(new Date(api.clock.now().getTime() - 31 * 86_400_000))], /422 invalid_input: .* \(field since\)/],
      ];
      for (const [args, pattern] of cases) {
        const run = await runCli(['listen', '--forward-to', hook.url, '--api', apiUrl, '--once', ...(args.includes('--since') ? [] : ['--since', since]), ...args], env);
        assert.equal(run.code, 1, run.stderr);
        assert.match(run.stderr, pattern);
        assert.doesNotMatch(run.stderr, /Ready!/, 'the token was refused: nothing is ready');
        assert.equal(run.stdout, '');
      }
      const unreachable = await runCli(['listen', '--token', token, '--forward-to', hook.url, '--api', 'http://127.0.0.1:1', '--once'], env);
      assert.equal(unreachable.code, 1);
      assert.match(unreachable.stderr, /no calendar-access service answers at http:\/\/127\.0\.0\.1:1 \(.*; given by --api\)/);
      assert.doesNotMatch(unreachable.stderr, /Ready!/);
      assert.equal(hook.got.length, 0);
    } finally {
      await hook.close();
    }
  });

  test('bad options are usage errors (exit 2)', async () => {
    for (const args of [
      ['--forward-to', 'http://127.0.0.1:9/hook'],
      ['--token', token],
      ['--token', token, '--forward-to', 'ftp://127.0.0.1/hook'],
      ['--token', token, '--forward-to', 'not a url'],
      ['--token', token, '--forward-to', 'http://127.0.0.1:9/hook', '--since', '2026-03-01'],
    ]) {
      const run = await runCli(['listen', ...args], env);
      assert.equal(run.code, 2, `${args.join(' ')}: ${run.stderr}`);
    }
  });

  test('without --once it keeps polling, forwards each new event once, and stops on SIGTERM', async () => {
    const hook = await receiver();
    const from = formatInstant(api.clock.now());
    const first = await ask();
    const child = spawn(process.execPath, [BIN, 'listen', '--token', token, '--forward-to', hook.url, '--api', apiUrl, '--since', from], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
    // Every poll is a GET /webhook-events on the in-process API: counted to know when one more has run.
    let polls = 0;
    const countPoll = (req: { url?: string }) => {
      if (req.url?.startsWith('/api/v1/webhook-events')) polls += 1;
    };
    api.app.server.on('request', countPoll);
    const label = (what: string) => () => `${what}\nstdout: ${stdout}\nstderr: ${stderr}`;
    try {
      await until(() => hook.got.length === 1, label('the first event'));
      assert.equal(readyLine(stderr).api, apiUrl);
      const second = await ask();
      await until(() => hook.got.length === 2, label('the second event'));
      // One whole poll at least after the second event (the one after it has begun): nothing is forwarded twice.
      const seen = polls;
      await until(() => polls >= seen + 2, label('two more polls'));
      assert.deepEqual(hook.got.map((g) => JSON.parse(g.body).data.id), [first, second]);
      assert.equal(stdout.trimEnd().split('\n').length, 2);
      child.kill('SIGTERM');
      assert.equal(await exited, 0, stderr);
      assertSigned(hook.got[1]!.headers['svc-signature'] as string, hook.got[1]!.body, secretOf(stderr));
    } finally {
      api.app.server.off('request', countPoll);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await hook.close();
    }
  });
});

// A real `serve` on a port of its own (not 3000): listen without --api finds it as `demo` does,
// by asking the server that holds the data folder where it answers.
describe('calendar-access listen without --api', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let server: Awaited<ReturnType<typeof startServe>> | undefined;
  let port: number;
  before(async () => {
    dir = tempDataDir();
    env = cliEnv({ DATA_DIR: dir });
    port = await freePort();
    server = await startServe(env, { args: ['--port', String(port)] });
  });
  after(async () => {
    await server?.stop();
    removeDataDir(dir);
  });

  test('forwards the events of the serve running on the data folder, wherever it listens', async () => {
    assert.equal((await runCli(['owner', 'create', '--username', 'lena', '--name', 'Lena', '--timezone', 'Europe/Berlin'], env)).code, 0);
    const created = await runCli(['token', 'create', '--owner', 'lena', '--name', 'hooks', '--scopes', 'webhooks,requests:read,requests:create', '--json'], env);
    assert.equal(created.code, 0, created.stderr);
    const token = JSON.parse(created.stdout).token as string;
    const asked = await fetch(`${server!.url}/api/v1/requests/tasks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': `listen-${randomUUID()}` },
      body: JSON.stringify(taskBody()),
    });
    assert.equal(asked.status, 201, await asked.text());
    const hook = await receiver();
    try {
      const run = await runCli(['listen', '--token', token, '--forward-to', hook.url, '--once'], env);
      assert.equal(run.code, 0, run.stderr);
      assert.equal(readyLine(run.stderr).api, `http://localhost:${port}`);
      assert.deepEqual(hook.got.map((g) => g.headers['svc-event-type']), ['request.created']);
    } finally {
      await hook.close();
    }
  });
});
