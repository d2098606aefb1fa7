import assert from 'node:assert/strict';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { cliEnv, getJson, removeDataDir, runCli, startServe, tempDataDir, until, type ServeProcess } from './cli-harness.js';

const DEMO_PASSWORD = 'mauve kettle orbits slowly';

// One folder for the whole story, in order: demo twice, serve, read, commands while serving, stop.
describe('demo, serve and commands sent to a running server over its admin socket', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let server: ServeProcess | null = null;
  let firstToken: string;
  let token: string;
  let api: string;

  before(() => {
    dir = tempDataDir();
    // A long cache: a revoked token answering 401 at once can only come from the server's own revocation.
    env = cliEnv({ DATA_DIR: dir, TOKEN_CACHE_SECONDS: '600' });
  });
  after(async () => {
    await server?.stop('SIGKILL');
    removeDataDir(dir);
  });

  test('demo --json prints exactly the owner and a token', async () => {
    const run = await runCli(['demo', '--json'], env);
    assert.equal(run.code, 0, run.stderr);
    const out = JSON.parse(run.stdout);
    assert.deepEqual(Object.keys(out).sort(), ['owner', 'token']);
    assert.equal(out.owner, 'demo');
    assert.match(out.token, /^svc_pat_/);
    firstToken = out.token;
  });

  test('demo --password-file refuses an easy password, saying why, and changes nothing', async () => {
    const file = path.join(dir, 'weak.txt');
    writeFileSync(file, 'password12\n');
    const run = await runCli(['demo', '--password-file', file], env);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /^calendar-access: This password is too easy to guess\./);
    const list = await runCli(['token', 'list', '--owner', 'demo', '--json'], env);
    assert.ok((JSON.parse(list.stdout) as { token?: string }[]).length > 0, 'the first demo owner is still there');
  });

  test('demo run a second time resets the demo owner instead of adding a second one, here with a console password', async () => {
    const file = path.join(dir, 'password.txt');
    writeFileSync(file, `${DEMO_PASSWORD}\n`);
    const shown = await runCli(['demo', '--password-file', file], env);
    assert.equal(shown.code, 0, shown.stderr);
    assert.match(shown.stdout, /^Reset the demo owner "demo"/);
    assert.match(shown.stdout, new RegExp(`The console: http://localhost:\\d+/signin, signed in as "demo" with the password from ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.`));
    const run = await runCli(['demo', '--json', '--password-file', file], env);
    assert.equal(run.code, 0, run.stderr);
    token = JSON.parse(run.stdout).token;
    assert.notEqual(token, firstToken);
    const list = await runCli(['token', 'list', '--owner', 'demo', '--json'], env);
    assert.equal(list.code, 0, list.stderr);
    const names = (JSON.parse(list.stdout) as { name: string }[]).map((t) => t.name).sort();
    assert.deepEqual(names, ['Acme Scheduler', 'calendar-access demo'], 'only the new demo owner tokens exist');
  });

  test('serve listens, says where, and takes the folder with an owner-only admin socket', async () => {
    server = await startServe(env);
    api = `${server.url}/api/v1`;
    const line = server.logs.find((l) => typeof l.url === 'string')!;
    assert.equal(line.engine, 'pglite');
    assert.match(String(line.msg), /PGlite .*fsync is off/);
    const socket = path.join(dir, 'admin.sock');
    assert.equal(line.adminSocket, socket);
    assert.ok(statSync(socket).isSocket());
    assert.equal(statSync(socket).mode & 0o777, 0o600);
    assert.ok(existsSync(path.join(dir, 'calendar-access.lock')));
  });

  test('the demo owner signs in to the console with the password demo was given', async () => {
    const signIn = (password: string) =>
      fetch(`${server!.url}/signin`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server!.url }, body: new URLSearchParams({ username: 'demo', password }) });
    const refused = await signIn('not the password at all');
    assert.equal(refused.status, 422);
    const res = await signIn(DEMO_PASSWORD);
    assert.equal(res.status, 303, await res.text());
    assert.match(res.headers.get('location') ?? '', /^\/app\//);
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    const inbox = await fetch(`${server!.url}/app/inbox`, { headers: { cookie } });
    assert.equal(inbox.status, 200);
    assert.match(await inbox.text(), /Waiting for you \([1-9]\d*\)/, 'the demo calendar has requests waiting');
  });

  test('the demo token reads /me, /tasks and /requests over HTTP, and the token of the replaced demo owner is refused', async () => {
    const me = await getJson(`${api}/me`, token);
    assert.equal(me.status, 200);
    assert.equal(me.body.profile.username, 'demo');
    assert.equal(me.body.scopes.length, 8);

    const tasks = await getJson(`${api}/tasks?limit=100`, token);
    assert.equal(tasks.status, 200);
    const statuses = new Set(tasks.body.data.map((t: { status: string }) => t.status));
    assert.deepEqual([...statuses].sort(), ['completed', 'open']);
    assert.ok(tasks.body.data.length >= 20 && tasks.body.data.length <= 30, `got ${tasks.body.data.length} to-dos`);
    assert.ok(tasks.body.data.some((t: { requestId: string | null }) => t.requestId !== null), 'a to-do made from a request');

    const requests = await getJson(`${api}/requests?limit=100`, token);
    assert.equal(requests.status, 200);
    const seen = new Set(requests.body.data.map((r: { status: string }) => r.status));
    for (const s of ['pending', 'accepted', 'declined', 'withdrawn', 'expired', 'rescheduled', 'cancelled', 'completed']) assert.ok(seen.has(s), `a ${s} request`);
    assert.ok(requests.body.data.some((r: { createdByThisToken: boolean }) => r.createdByThisToken));

    assert.equal((await getJson(`${api}/me`, firstToken)).status, 401);
  });

  test('the demo calendar has all-day, free, moved and cancelled occurrences and appointments in the coming weeks', async () => {
    const from = new Date();
    const to = new Date(from.getTime() + 56 * 86_400_000);
    const events: Record<string, unknown>[] = [];
    let cursor: string | null = null;
    do {
      const q = `from=${from.toISOString().slice(0, 19)}Z&to=${to.toISOString().slice(0, 19)}Z&limit=100${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await getJson(`${api}/events?${q}`, token);
      assert.equal(page.status, 200, JSON.stringify(page.body));
      events.push(...page.body.data);
      cursor = page.body.nextCursor;
    } while (cursor);
    assert.ok(events.filter((e) => e.occurrenceOf === null).length >= 35, 'single events over the next 8 weeks');
    assert.ok(events.some((e) => e.allDay && e.startDate !== null && e.endDate !== null));
    assert.ok(events.some((e) => e.showAs === 'free'));
    assert.ok(events.some((e) => e.isAppointment && e.requestId !== null));
    assert.ok(events.some((e) => e.occurrenceOf !== null && e.status === 'cancelled'), 'a cancelled occurrence');
    const moved = events.find((e) => e.occurrenceOf !== null && String(e.id).split('@')[1] !== `${String(e.start).slice(0, 19)}Z`);
    assert.ok(moved, 'a moved occurrence keeps the id of its original start');
    assert.equal(new Set(events.map((e) => e.calendar)).size, 3);
  });

  test('token create and token revoke in another process go through the admin socket, and the revoked token is refused at once', async () => {
    const created = await runCli(['token', 'create', '--owner', 'demo', '--name', 'probe', '--scopes', 'profile:read', '--json'], env);
    assert.equal(created.code, 0, created.stderr);
    const probe = JSON.parse(created.stdout);
    assert.equal((await getJson(`${api}/me`, probe.token)).status, 200); // now cached for 600 s

    const revoked = await runCli(['token', 'revoke', '--owner', 'demo', probe.id], env);
    assert.equal(revoked.code, 0, revoked.stderr);
    const after = await getJson(`${api}/me`, probe.token);
    assert.equal(after.status, 401);
    assert.equal(after.body.error.code, 'invalid_token');

    const commands = server!.logs.map((l) => l.command);
    assert.ok(commands.includes('token.create') && commands.includes('token.revoke'), 'the server ran both commands');
  });

  test('demo while the server runs resets through the server, and the previous demo token is refused at once', async () => {
    assert.equal((await getJson(`${api}/me`, token)).status, 200);
    const run = await runCli(['demo', '--json'], env);
    assert.equal(run.code, 0, run.stderr);
    const fresh = JSON.parse(run.stdout).token;
    assert.equal((await getJson(`${api}/me`, token)).status, 401);
    assert.equal((await getJson(`${api}/me`, fresh)).status, 200);
    // The server logs the command as it answers: its line may reach this process just after the answer.
    await until(() => server!.logs.some((l) => l.command === 'demo'), 'the server to log the demo command');
  });

  test('SIGTERM stops the server cleanly, freeing the folder for commands run in their own process', async () => {
    const code = await server!.stop('SIGTERM');
    server = null;
    assert.equal(code, 0);
    assert.equal(existsSync(path.join(dir, 'admin.sock')), false);
    assert.equal(existsSync(path.join(dir, 'calendar-access.lock')), false);
    const list = await runCli(['token', 'list', '--owner', 'demo'], env);
    assert.equal(list.code, 0, list.stderr);
    assert.match(list.stdout, /calendar-access demo/);
  });
});
