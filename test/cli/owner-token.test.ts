import assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { cliEnv, removeDataDir, runCli, tempDataDir } from './cli-harness.js';

describe('owner and token commands on a PGlite folder nobody serves', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  before(() => {
    dir = tempDataDir();
    env = cliEnv({ DATA_DIR: dir });
  });
  after(() => removeDataDir(dir));

  test('migrate on a new folder says which migrations ran, and the second time that there is nothing to run', async () => {
    const first = await runCli(['migrate'], env);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /^Ran 18 migrations: 0001_owners_world, 0002_booking, 0003_jobs_feeds, 0004_event_import, 0005_requests_flow, 0006_webhooks, 0007_accounts, 0008_event_occurrences, 0009_list_indexes, 0010_tasks_version, 0011_moved_occurrences, 0012_recurrence_sets, 0013_oauth_apps, 0014_feed_warnings, 0015_app_webhooks, 0016_request_log, 0017_event_changes, 0018_webhook_filters\.$/m);
    const second = await runCli(['migrate'], env);
    assert.equal(second.code, 0, second.stderr);
    assert.match(second.stdout, /Nothing to run/);
    assert.equal(existsSync(path.join(dir, 'calendar-access.lock')), false, 'the folder lock is released on exit');
  });

  test('owner create --json prints the new owner', async () => {
    const run = await runCli(['owner', 'create', '--username', 'alice', '--name', 'Alice Example', '--timezone', 'Europe/Paris', '--json'], env);
    assert.equal(run.code, 0, run.stderr);
    const owner = JSON.parse(run.stdout);
    assert.equal(owner.username, 'alice');
    assert.equal(owner.displayName, 'Alice Example');
    assert.equal(owner.timezone, 'Europe/Paris');
    assert.match(owner.accountId, /^acct_[A-Za-z0-9_-]{22}$/);
  });

  test('owner create --timezone takes a zone in any case and keeps it as the tz database spells it; a name outside the database is refused', async () => {
    const run = await runCli(['owner', 'create', '--username', 'zoe', '--name', 'Zoë', '--timezone', 'america/argentina/buenos_aires', '--json'], env);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(JSON.parse(run.stdout).timezone, 'America/Argentina/Buenos_Aires');
    const link = await runCli(['owner', 'create', '--username', 'ulf', '--name', 'Ulf', '--timezone', 'US/EASTERN'], env);
    assert.equal(link.code, 0, link.stderr);
    assert.match(link.stdout, /^Created owner ulf \("Ulf", US\/Eastern\)/);
    // ICU knows SystemV/PST8 (and would have kept it as "Systemv/PST8"); the tz database has no such zone.
    const unknown = await runCli(['owner', 'create', '--username', 'sys', '--name', 'Sys', '--timezone', 'systemv/pst8'], env);
    assert.equal(unknown.code, 1);
    assert.equal(unknown.stderr, 'calendar-access: timezone: "systemv/pst8" is not an IANA time zone such as Europe/Berlin\n');
  });

  test('owner create --password-file refuses a common password, saying why, and creates nothing; a hard one is taken', async () => {
    const file = path.join(dir, 'password.txt');
    writeFileSync(file, 'password12\n');
    const weak = await runCli(['owner', 'create', '--username', 'carol', '--name', 'Carol', '--timezone', 'UTC', '--password-file', file], env);
    assert.equal(weak.code, 1);
    assert.equal(weak.stderr, 'calendar-access: This password is too easy to guess. This is a commonly used password. Add more words that are less common.\n');
    writeFileSync(file, 'mauve kettle orbits slowly\n');
    const strong = await runCli(['owner', 'create', '--username', 'carol', '--name', 'Carol', '--timezone', 'UTC', '--password-file', file], env);
    assert.equal(strong.code, 0, strong.stderr);
    assert.match(strong.stdout, /Created owner carol/);
  });

  test('token create --json prints exactly id, token, scopes, mode and expiresAt', async () => {
    const askedAt = Date.now();
    const run = await runCli(['token', 'create', '--owner', 'alice', '--name', 'ci', '--scopes', 'events:read,profile:read', '--expires-in', '3600', '--json'], env);
    const answeredAt = Date.now();
    assert.equal(run.code, 0, run.stderr);
    const t = JSON.parse(run.stdout);
    assert.deepEqual(Object.keys(t).sort(), ['expiresAt', 'id', 'mode', 'scopes', 'token']);
    assert.match(t.token, /^svc_pat_[0-9A-Za-z]{38}$/);
    assert.deepEqual(t.scopes, ['profile:read', 'events:read']);
    assert.equal(t.mode, 'live');
    assert.match(t.expiresAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/);
    // An hour after its creation, which happened while the command ran (however long a busy machine took).
    const expires = Date.parse(t.expiresAt);
    assert.ok(expires >= askedAt + 3600_000 - 1000 && expires <= answeredAt + 3600_000, `expires an hour after creation: ${t.expiresAt}`);

    const testRun = await runCli(['token', 'create', '--owner', 'alice', '--name', 'sandbox', '--scopes', 'tasks:read', '--test', '--json'], env);
    assert.equal(testRun.code, 0, testRun.stderr);
    const sandbox = JSON.parse(testRun.stdout);
    assert.equal(sandbox.mode, 'test');
    assert.equal(sandbox.expiresAt, null);
    assert.match(sandbox.token, /^svc_test_/);

    const list = await runCli(['token', 'list', '--owner', 'alice'], env);
    assert.equal(list.code, 0, list.stderr);
    assert.ok(list.stdout.includes(`svc_pat_…${t.token.slice(-4)}`), list.stdout);
    assert.ok(!list.stdout.includes(t.token), 'the token value is never listed');
    assert.match(list.stdout, /^ID\s+NAME\s+TOKEN\s+SCOPES\s+MODE\s+CREATED\s+EXPIRES\s+LAST USED\s+REVOKED$/m);
  });

  test('a service refusal prints one line on stderr and exits with status 1', async () => {
    const unknownOwner = await runCli(['token', 'create', '--owner', 'nobody', '--name', 'x', '--scopes', 'events:read'], env);
    assert.equal(unknownOwner.code, 1);
    assert.equal(unknownOwner.stderr, 'calendar-access: no owner "nobody"\n');
    const badScope = await runCli(['token', 'create', '--owner', 'alice', '--name', 'x', '--scopes', 'events:write'], env);
    assert.equal(badScope.code, 1);
    assert.match(badScope.stderr, /^calendar-access: unknown scope "events:write"/);
    assert.equal(badScope.stderr.trim().split('\n').length, 1);
  });

  test('a usage error exits with status 2 and opens nothing', async () => {
    const missing = await runCli(['token', 'create', '--owner', 'alice', '--name', 'x'], env);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /required option '--scopes/);
    const badNumber = await runCli(['token', 'create', '--owner', 'alice', '--name', 'x', '--scopes', 'events:read', '--expires-in', 'soon'], env);
    assert.equal(badNumber.code, 2);
    const unknown = await runCli(['frobnicate'], env);
    assert.equal(unknown.code, 2);
  });
});
