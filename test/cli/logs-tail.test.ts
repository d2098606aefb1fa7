import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { ENGINES } from '../helpers/engines.js';
import { BIN, cliStore, runCli, startServe, until, type ServeProcess } from './cli-harness.js';

/** A `logs tail` running in a process of its own: what it printed so far, and how to stop it. */
function startTail(args: string[], env: NodeJS.ProcessEnv): { out: () => string; err: () => string; stop(): Promise<number | null>; child: ChildProcess } {
  const child = spawn(process.execPath, [BIN, 'logs', 'tail', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
  return {
    child,
    out: () => stdout,
    err: () => stderr,
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      return exited;
    },
  };
}

// The service a real `serve` (PGlite: the tail reaches it over its admin channel; PostgreSQL: over
// its own connection), the tail a real CLI process, the calls real HTTP.
for (const engine of ENGINES) {
  describe(`calendar-access logs tail on ${engine}`, () => {
    let store: Awaited<ReturnType<typeof cliStore>>;
    let serve: ServeProcess;
    let token: string;
    let tokenId: string;
    let other: string;

    before(async () => {
      store = await cliStore(engine, 'logs');
      serve = await startServe(store.env);
      const owner = await runCli(['owner', 'create', '--username', 'tia', '--name', 'Tia', '--timezone', 'Pacific/Auckland'], store.env);
      assert.equal(owner.code, 0, owner.stderr);
      const made = await runCli(['token', 'create', '--owner', 'tia', '--name', 'script', '--scopes', 'profile:read', '--json'], store.env);
      assert.equal(made.code, 0, made.stderr);
      ({ id: tokenId, token } = JSON.parse(made.stdout) as { id: string; token: string });
      const second = await runCli(['token', 'create', '--owner', 'tia', '--name', 'other', '--scopes', 'profile:read', '--json'], store.env);
      other = (JSON.parse(second.stdout) as { token: string }).token;
    });
    after(async () => {
      await serve?.stop();
      await store?.close();
    });

    const call = async (url: string, value = token): Promise<{ status: number; requestId: string }> => {
      const res = await fetch(`${serve.url}${url}`, { headers: { authorization: `Bearer ${value}` } });
      await res.arrayBuffer();
      return { status: res.status, requestId: res.headers.get('svc-request-id')! };
    };

    test('prints each new call of the owner as it happens, with its status, code, path and request id', async () => {
      const before = await call('/api/v1/me');
      const tail = startTail(['--owner', 'tia'], store.env);
      try {
        await until(() => tail.err().includes('Following the API calls of tia'), () => `the start line; stderr: ${tail.err()}`);
        const ok = await call('/api/v1/me');
        const refused = await call('/api/v1/me?since=yesterday');
        assert.equal(refused.status, 422);
        await until(() => tail.out().includes(refused.requestId) && tail.out().includes(ok.requestId), () => `both calls; stdout: ${tail.out()}`);
        const lines = tail.out().trim().split('\n');
        const okLine = lines.find((l) => l.includes(ok.requestId))!;
        assert.match(okLine, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3})?Z {2}200 {2}GET \/api\/v1\/me {2}req_\S+ {2}[\d.]+ ms$/);
        assert.match(lines.find((l) => l.includes(refused.requestId))!, /  422 invalid_input  GET \/api\/v1\/me\?… /);
        assert.ok(!tail.out().includes(before.requestId), 'a call from before the tail started is not printed');
        assert.ok(!tail.out().includes(token), 'no token value');
        assert.equal(new Set(lines).size, lines.length, 'no call twice');
      } finally {
        assert.equal(await tail.stop(), 0, tail.err());
      }
    });

    test('--token follows one token, and --json prints one object a line', async () => {
      const tail = startTail(['--owner', 'tia', '--token', tokenId, '--json'], store.env);
      try {
        await until(() => tail.err().includes('Following'), () => `the start line; stderr: ${tail.err()}`);
        const notMine = await call('/api/v1/me', other);
        const mine = await call('/api/v1/me');
        await until(() => tail.out().includes(mine.requestId), () => `the call; stdout: ${tail.out()}`);
        // The other token's call was answered first, so it was written no later than this one.
        assert.ok(!tail.out().includes(notMine.requestId), "another token's call is not printed");
        const line = JSON.parse(tail.out().trim().split('\n').at(-1)!) as Record<string, unknown>;
        assert.equal(line.requestId, mine.requestId);
        assert.equal(line.source, tokenId);
        assert.equal(line.status, 200);
        assert.equal(line.path, '/api/v1/me');
        assert.equal(line.code, null);
      } finally {
        assert.equal(await tail.stop(), 0, tail.err());
      }
    });

    test('refuses a token id that is not one of the owner\'s', async () => {
      const r = await runCli(['logs', 'tail', '--owner', 'tia', '--token', '00000000-0000-4000-8000-000000000000'], store.env);
      assert.equal(r.code, 1);
      assert.match(r.stderr, /no token or connected app 00000000-0000-4000-8000-000000000000 of this owner/);
    });
  });
}
