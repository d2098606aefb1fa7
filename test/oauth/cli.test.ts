import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { cliEnv, removeDataDir, runCli, tempDataDir } from '../cli/cli-harness.js';

describe('calendar-access app commands on a PGlite folder nobody serves', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  before(async () => {
    dir = tempDataDir();
    env = cliEnv({ DATA_DIR: dir });
    const made = await runCli(['owner', 'create', '--username', 'dev', '--name', 'Dev', '--timezone', 'UTC'], env);
    assert.equal(made.code, 0, made.stderr);
  });
  after(() => removeDataDir(dir));

  test('app create --json prints the app with its client secret once; list, show and rotate-secret never show it again', async () => {
    const run = await runCli(['app', 'create', '--owner', 'dev', '--name', 'Planner', '--redirect-uri', 'https://planner.example/cb,http://127.0.0.1:8976/cb', '--scopes', 'profile:read,events:read', '--json'], env);
    assert.equal(run.code, 0, run.stderr);
    const app = JSON.parse(run.stdout);
    assert.equal(app.type, 'confidential');
    assert.match(app.clientSecret, /^svc_cs_[0-9A-Za-z]{40}$/);
    assert.deepEqual(app.redirectUris, ['https://planner.example/cb', 'http://127.0.0.1:8976/cb']);
    const list = await runCli(['app', 'list', '--owner', 'dev', '--json'], env);
    assert.equal(list.code, 0, list.stderr);
    assert.ok(!list.stdout.includes(app.clientSecret));
    assert.equal(JSON.parse(list.stdout)[0].secret, `svc_cs_…${app.clientSecret.slice(-4)}`);
    const rotated = await runCli(['app', 'rotate-secret', '--owner', 'dev', app.id, '--json'], env);
    assert.notEqual(JSON.parse(rotated.stdout).clientSecret, app.clientSecret);
    const show = await runCli(['app', 'show', '--owner', 'dev', app.id], env);
    assert.match(show.stdout, /client_id: +[0-9a-f-]{36}/);
  });

  test("app webhook: set prints the signing secret once, show, rotate-secret (both sign for 24 h), disable, enable, ping, deliveries", async () => {
    const hooks = { ...env, ALLOW_PRIVATE_HOSTS: 'localhost' };
    const made = JSON.parse((await runCli(['app', 'create', '--owner', 'dev', '--name', 'Hooked', '--redirect-uri', 'https://hooked.example/cb', '--scopes', 'requests:read,webhooks', '--json'], env)).stdout);
    const none = await runCli(['app', 'webhook', 'show', '--owner', 'dev', made.id], env);
    assert.match(none.stdout, /has no webhook endpoint/);
    const set = await runCli(['app', 'webhook', 'set', '--owner', 'dev', '--url', 'https://localhost:8443/hooks', made.id], hooks);
    assert.equal(set.code, 0, set.stderr);
    assert.match(set.stdout.trim(), /^svc_whsec_[0-9A-Za-z]+$/, 'the secret alone on stdout');
    const moved = JSON.parse((await runCli(['app', 'webhook', 'set', '--owner', 'dev', '--url', 'https://localhost:8443/v2', made.id, '--json'], hooks)).stdout);
    assert.equal(moved.secret, null, 'a moved address keeps its secret');
    assert.equal(moved.endpoint.appId, made.id);
    const rotated = JSON.parse((await runCli(['app', 'webhook', 'rotate-secret', '--owner', 'dev', made.id, '--json'], env)).stdout);
    assert.notEqual(rotated.secret, set.stdout.trim());
    assert.ok(rotated.endpoint.previousSecretExpiresAt);
    assert.equal(JSON.parse((await runCli(['app', 'webhook', 'disable', '--owner', 'dev', made.id, '--json'], env)).stdout).status, 'disabled');
    assert.notEqual((await runCli(['app', 'webhook', 'ping', '--owner', 'dev', made.id], env)).code, 0, 'no ping to a disabled endpoint');
    assert.equal(JSON.parse((await runCli(['app', 'webhook', 'enable', '--owner', 'dev', made.id, '--json'], env)).stdout).status, 'enabled');
    assert.equal((await runCli(['app', 'webhook', 'ping', '--owner', 'dev', made.id], env)).code, 0);
    const log = JSON.parse((await runCli(['app', 'webhook', 'deliveries', '--owner', 'dev', made.id, '--json'], env)).stdout) as { eventType: string }[];
    assert.deepEqual(log.map((d) => d.eventType), ['ping', 'ping', 'ping'].slice(0, log.length));
    assert.ok(log.length >= 2);
    const refused = await runCli(['app', 'webhook', 'set', '--owner', 'dev', '--url', 'http://example.com/hooks', made.id], env);
    assert.notEqual(refused.code, 0, 'not https');
  });

  test('a public app has no secret; suspend and unsuspend say so; delete makes it unknown', async () => {
    const run = await runCli(['app', 'create', '--owner', 'dev', '--name', 'Phone', '--type', 'public', '--redirect-uri', 'com.example.phone:/cb', '--scopes', 'tasks:read', '--json'], env);
    assert.equal(run.code, 0, run.stderr);
    const app = JSON.parse(run.stdout);
    assert.equal(app.clientSecret, null);
    const suspended = await runCli(['app', 'suspend', app.id, '--reason', 'abuse', '--json'], env);
    assert.equal(JSON.parse(suspended.stdout).suspendedReason, 'abuse');
    const lifted = await runCli(['app', 'unsuspend', app.id], env);
    assert.match(lifted.stdout, /no longer suspended/);
    assert.equal((await runCli(['app', 'delete', '--owner', 'dev', app.id], env)).code, 0);
    const gone = await runCli(['app', 'show', '--owner', 'dev', app.id], env);
    assert.notEqual(gone.code, 0);
    assert.match(gone.stderr, /no app/);
  });

  test('refuses a redirect URI that is neither https nor loopback, or not absolute as written (https:/relative), an unknown scope and a wrong type, writing nothing', async () => {
    for (const args of [
      ['--redirect-uri', 'http://evil.example/cb', '--scopes', 'profile:read'],
      ['--redirect-uri', 'https://ok.example/cb#frag', '--scopes', 'profile:read'],
      ['--redirect-uri', 'https:/relative', '--scopes', 'profile:read'],
      ['--redirect-uri', 'https://ok.example/cb', '--scopes', 'calendar:write'],
      ['--redirect-uri', 'https://ok.example/cb', '--scopes', 'profile:read', '--type', 'secret'],
    ]) {
      const run = await runCli(['app', 'create', '--owner', 'dev', '--name', 'Bad', ...args], env);
      assert.notEqual(run.code, 0, args.join(' '));
      assert.equal(run.stdout, '');
      if (args[1] === 'https:/relative') assert.match(run.stderr, /redirect URI https:\/relative: not an absolute URL as written/);
    }
    const list = JSON.parse((await runCli(['app', 'list', '--owner', 'dev', '--json'], env)).stdout) as { name: string }[];
    assert.ok(!list.some((a) => a.name === 'Bad'));
  });
});
