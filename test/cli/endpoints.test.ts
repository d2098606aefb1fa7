import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { ENGINES } from '../helpers/engines.js';
import { cliStore, runCli, type CliRun } from './cli-harness.js';

// `calendar-access endpoint …` on each engine, without `serve`: adding an endpoint or pinging it
// only records a ping delivery, so no receiver is needed (nothing is sent).

const HOUR = 3_600_000;
const SECRET = /^svc_whsec_[0-9A-Za-z]{32}$/;

interface Listed {
  id: string;
  tokenId: string;
  url: string;
  status: string;
  disabledReason: string | null;
  previousSecretExpiresAt: string | null;
  eventTypes: string[] | null;
}

for (const engine of ENGINES) {
  describe(`webhook endpoints through the CLI on ${engine}`, () => {
    let store: Awaited<ReturnType<typeof cliStore>>;
    let env: NodeJS.ProcessEnv;
    /** This process's operator allow-list: the one receiver address of the test. */
    let allowEnv: NodeJS.ProcessEnv;
    let tokenId = '';
    let readOnlyTokenId = '';

    const run = (args: string[], e = env) => runCli(args, e);
    const cli = async (args: string[], e = env): Promise<CliRun> => {
      const r = await run(args, e);
      assert.equal(r.code, 0, `${args.join(' ')}\nstdout: ${r.stdout}\nstderr: ${r.stderr}`);
      return r;
    };
    const json = async (args: string[], e = env) => JSON.parse((await cli([...args, '--json'], e)).stdout);
    const list = async (): Promise<Listed[]> => json(['endpoint', 'list', '--owner', 'lena']);

    before(async () => {
      store = await cliStore(engine, 'endpoints');
      env = { ...store.env, ALLOW_PRIVATE_HOSTS: '' };
      allowEnv = { ...store.env, ALLOW_PRIVATE_HOSTS: 'localhost' };
      await cli(['owner', 'create', '--username', 'lena', '--name', 'Lena', '--timezone', 'Europe/Berlin']);
      tokenId = (await json(['token', 'create', '--owner', 'lena', '--name', 'hooks', '--scopes', 'webhooks,requests:read'])).id;
      readOnlyTokenId = (await json(['token', 'create', '--owner', 'lena', '--name', 'reader', '--scopes', 'requests:read'])).id;
    });
    after(() => store.close());

    test('the address rules, and a token without webhooks, refuse with exit 1 naming the rule', async () => {
      const add = (url: string, token = tokenId, e = env) => run(['endpoint', 'add', '--owner', 'lena', '--token', token, '--url', url], e);
      const cases: [() => Promise<CliRun>, RegExp][] = [
        [() => add('http://hooks.example.com/in'), /url: only https:\/\/ URLs/],
        [() => add('https://93.184.216.34/in'), /url: the URL names an IP address \(93\.184\.216\.34\)/],
        [() => add('https://hooks.example.com:8443/in'), /url: only port 443 is allowed, not 8443/],
        [() => add('https://user:pass@hooks.example.com/in'), /url: the URL carries a user name or password/],
        [() => add('https://localhost/in'), /url: "localhost" is not a public domain name/],
        // Allow-listed address, but the token lacks the scope.
        [() => add('https://localhost:8443/hook', readOnlyTokenId, allowEnv), /does not hold the webhooks scope/],
      ];
      // Three at a time: on PGlite they take the data folder in turn.
      for (let i = 0; i < cases.length; i += 3) {
        const batch = cases.slice(i, i + 3);
        const runs = await Promise.all(batch.map(([start]) => start()));
        runs.forEach((r, j) => {
          assert.equal(r.code, 1, r.stderr);
          assert.match(r.stderr, batch[j]![1]);
          assert.equal(r.stdout, '');
        });
      }
    });

    test('a local receiver\'s address is refused with the way to receive there: listen --forward-to, in one line', async () => {
      const add = (url: string) => run(['endpoint', 'add', '--owner', 'lena', '--token', tokenId, '--url', url]);
      const runs = await Promise.all(['http://localhost:4242/webhooks', 'https://hooks.example.com:8443/in', 'https://localhost/in'].map(add));
      for (const r of runs) {
        assert.equal(r.code, 1, r.stderr);
        // (On PGlite a line may come before it: a run waiting for the data folder says so.)
        assert.match(r.stderr, /^calendar-access: url: [^\n]+; to receive webhooks on your own machine, run `calendar-access listen --forward-to http:\/\/localhost:4242\/webhooks` instead \(docs\/webhooks-receiving\.md\)$/m);
      }
      // A refusal that no local receiver explains says nothing of listen.
      const credentials = await add('https://user:pass@hooks.example.com/in');
      assert.doesNotMatch(credentials.stderr, /listen/);
    });

    test('add, rotate, end-rotation, ping, deliveries, disable, enable, remove', async () => {
      // add: the id, then the secret, on stdout; the words for people on stderr.
      const added = await cli(['endpoint', 'add', '--owner', 'lena', '--token', tokenId, '--url', 'https://localhost:8443/hook', '--description', 'local receiver'], allowEnv);
      const [id, secret, ...rest] = added.stdout.split('\n');
      assert.deepEqual(rest, ['']);
      assert.match(id!, /^[0-9a-f-]{36}$/);
      assert.match(secret!, SECRET);
      assert.match(added.stderr, /shown once: copy it now/);
      assert.match(added.stderr, new RegExp(`Added endpoint ${id} \\(localhost:8443/hook\\) for token ${tokenId}; a ping is queued`));

      // rotate: a new secret; the old one signs alongside for 24 hours, as list shows.
      const rotatedFrom = Date.now();
      const rotated = await cli(['endpoint', 'rotate', '--owner', 'lena', id!]);
      const rotatedTo = Date.now();
      const newSecret = rotated.stdout.trimEnd();
      assert.match(newSecret, SECRET);
      assert.notEqual(newSecret, secret);
      assert.match(rotated.stderr, /shown once: copy it now/);
      const until = /signs alongside the new one until (\S+Z) /.exec(rotated.stderr)?.[1];
      assert.ok(until, rotated.stderr);

      // (Commands that do not depend on each other run side by side; on PGlite they take the folder in turn.)
      const [all, pinged] = await Promise.all([list(), cli(['endpoint', 'ping', '--owner', 'lena', id!])]);
      assert.equal(all.length, 1, 'the refused ones were not added');
      const [listed] = all;
      assert.equal(listed!.id, id);
      assert.equal(listed!.tokenId, tokenId);
      assert.equal(listed!.url, 'https://localhost:8443/hook');
      assert.equal(listed!.status, 'enabled');
      assert.equal(listed!.previousSecretExpiresAt, until);
      // Rotated during the run (the instant is whole seconds): 24 hours after then.
      const end = Date.parse(until) - 24 * HOUR;
      assert.ok(end >= rotatedFrom - 1000 && end <= rotatedTo, `rotation at ${new Date(end).toISOString()}, run from ${new Date(rotatedFrom).toISOString()}`);

      // ping: one more ping delivery, waiting for a serve to send it.
      const eventId = pinged.stdout.trimEnd();
      assert.match(eventId, /^[0-9a-f-]{36}$/);
      assert.match(pinged.stderr, /delivers it within a second/);
      const [deliveries] = await Promise.all([
        json(['endpoint', 'deliveries', '--owner', 'lena', id!, '--limit', '5']),
        cli(['endpoint', 'end-rotation', '--owner', 'lena', id!]),
      ]);
      assert.equal(deliveries.length, 2);
      assert.equal(deliveries[0].eventId, eventId);
      for (const d of deliveries) {
        assert.equal(d.eventType, 'ping');
        assert.equal(d.status, 'pending');
        assert.equal(d.attempts, 0);
        assert.ok(d.nextAttemptAt, 'a pending delivery has its next attempt');
        assert.deepEqual(d.attemptLog, []);
      }

      // disable: the table shows it, and no rotation overlap (ended above).
      const disabled = await json(['endpoint', 'disable', '--owner', 'lena', id!]);
      assert.equal(disabled.status, 'disabled');
      assert.equal(disabled.disabledReason, 'owner');
      const table = (await cli(['endpoint', 'list', '--owner', 'lena'])).stdout.split('\n');
      assert.match(table[0]!, /^ID +TOKEN +URL +EVENTS +STATUS +LAST SUCCESS +FAILING SINCE +OLD SECRET UNTIL$/);
      assert.deepEqual(table[1]!.split(/ {2,}/), [id, tokenId, 'localhost:8443/hook', 'all', 'disabled (owner)', '-', '-', '-']);

      // enable: same secret, and the way to catch up.
      const enabled = await cli(['endpoint', 'enable', '--owner', 'lena', id!]);
      assert.match(enabled.stdout, /same signing secret.*GET \/webhook-events/);
      const [[again], unknown] = await Promise.all([list(), run(['endpoint', 'ping', '--owner', 'lena', randomUUID()])]);
      assert.equal(again!.status, 'enabled');
      assert.equal(again!.disabledReason, null);
      assert.equal(unknown.code, 1);
      assert.match(unknown.stderr, /no webhook endpoint \S+ of this owner/);

      await cli(['endpoint', 'remove', '--owner', 'lena', id!]);
      assert.equal((await cli(['endpoint', 'list', '--owner', 'lena'])).stdout, 'lena has no webhook endpoints.\n');
    });

    test('--events limits an endpoint to those types; update changes them, --all-events takes every type again; list shows each (docs/webhooks.md "Choosing event types")', async () => {
      const add = (events: string) => run(['endpoint', 'add', '--owner', 'lena', '--token', tokenId, '--url', 'https://localhost:8443/only', '--events', events], allowEnv);
      const added = await add('request.created, request.declined,request.created');
      assert.equal(added.code, 0, added.stderr);
      const id = added.stdout.split('\n')[0]!;
      assert.match(added.stderr, new RegExp(`Added endpoint ${id} \\(localhost:8443/only\\) for token ${tokenId}, receiving only request\\.created, request\\.declined \\(and ping, authorization\\.revoked\\); a ping is queued`));

      // Refusals name what is wrong, exit 1, and add nothing. (The token holds webhooks and requests:read.)
      const refusals: [string[], RegExp][] = [
        [['endpoint', 'add', '--owner', 'lena', '--token', tokenId, '--url', 'https://localhost:8443/x', '--events', 'request.created,task.completed'], /^calendar-access: event types: "task\.completed" needs tasks:read, which the token does not hold$/m],
        [['endpoint', 'update', '--owner', 'lena', id, '--events', 'request.*'], /"request\.\*": wildcards are not taken, so that a type added later is never sent unasked; name the types: request\.created, request\.withdrawn, request\.accepted, request\.declined, request\.expired$/m],
        [['endpoint', 'update', '--owner', 'lena', id, '--events', ''], /choose at least one event type, or every type; an endpoint that wants none should be disabled instead$/m],
        [['endpoint', 'update', '--owner', 'lena', id, '--events', 'ping'], /"ping" always arrives and is not chosen: leave it out$/m],
        [['endpoint', 'update', '--owner', 'lena', id], /name them with --events a,b, or take every type with --all-events$/m],
        [['endpoint', 'update', '--owner', 'lena', id, '--events', 'request.created', '--all-events'], /--events or --all-events, not both$/m],
      ];
      for (let i = 0; i < refusals.length; i += 3) {
        const batch = refusals.slice(i, i + 3);
        const runs = await Promise.all(batch.map(([args]) => run(args, allowEnv)));
        runs.forEach((r, j) => {
          assert.equal(r.code, 1, r.stderr);
          assert.match(r.stderr, batch[j]![1]);
          assert.equal(r.stdout, '');
        });
      }

      const [listed] = await list();
      assert.deepEqual(listed!.eventTypes, ['request.created', 'request.declined'], 'in the catalogue order, once each; the refused changes changed nothing');
      const updated = await cli(['endpoint', 'update', '--owner', 'lena', id, '--events', 'request.expired']);
      assert.equal(updated.stdout, `Endpoint ${id} receives only request.expired (and ping, authorization.revoked) from the next event on.\n`);
      const table = (await cli(['endpoint', 'list', '--owner', 'lena'])).stdout.split('\n');
      assert.deepEqual(table[1]!.split(/ {2,}/).slice(2, 5), ['localhost:8443/only', 'request.expired', 'enabled']);
      const all = await json(['endpoint', 'update', '--owner', 'lena', id, '--all-events']);
      assert.equal(all.eventTypes, null);
      assert.equal((await list())[0]!.eventTypes, null);
      await cli(['endpoint', 'remove', '--owner', 'lena', id]);
    });

    test("app webhook set --events and update: an app's endpoint limited to types the app may ask for", async () => {
      const made = await json(['app', 'create', '--owner', 'lena', '--name', 'Hooked', '--redirect-uri', 'https://hooked.example/cb', '--scopes', 'requests:read,tasks:read,webhooks']);
      const set = await json(['app', 'webhook', 'set', '--owner', 'lena', '--url', 'https://localhost:8443/app', '--events', 'task.completed', made.id], allowEnv);
      assert.deepEqual(set.endpoint.eventTypes, ['task.completed']);
      const [shown, refused] = await Promise.all([
        cli(['app', 'webhook', 'show', '--owner', 'lena', made.id]),
        run(['app', 'webhook', 'update', '--owner', 'lena', made.id, '--events', 'event.created']),
      ]);
      assert.match(shown.stdout, /^ {2}events: +task\.completed$/m);
      assert.equal(refused.code, 1);
      assert.match(refused.stderr, /"event\.created" needs events:read, which the app may not ask for$/m);
      const moved = await json(['app', 'webhook', 'set', '--owner', 'lena', '--url', 'https://localhost:8443/app2', made.id], allowEnv);
      assert.deepEqual(moved.endpoint.eventTypes, ['task.completed'], 'moving the address keeps the choice');
      const updated = await cli(['app', 'webhook', 'update', '--owner', 'lena', made.id, '--events', 'request.created,task.completed']);
      assert.match(updated.stdout, /receives only request\.created, task\.completed \(and ping, authorization\.revoked\) from the next event on/);
      assert.equal((await json(['app', 'webhook', 'update', '--owner', 'lena', made.id, '--all-events'])).eventTypes, null);
      assert.match((await cli(['app', 'webhook', 'show', '--owner', 'lena', made.id])).stdout, /^ {2}events: +all$/m);
    });
  });
}

describe('endpoint help', () => {
  test('lists the endpoint commands', async () => {
    const top = await runCli(['--help'], process.env);
    assert.match(top.stdout, /^ {2}endpoint +Manage the webhook endpoints/m);
    const sub = await runCli(['endpoint', '--help'], process.env);
    for (const name of ['add', 'list', 'update', 'remove', 'rotate', 'end-rotation', 'ping', 'disable', 'enable', 'deliveries']) {
      assert.match(sub.stdout, new RegExp(`^ {2}${name} `, 'm'));
    }
    // The address rules, and where a receiver on the developer's own machine gets its events instead.
    const add = await runCli(['endpoint', 'add', '--help'], process.env);
    assert.match(add.stdout.replace(/\s+/g, ' '), /https on port 443, .*for a receiver on your own machine, use `calendar-access listen --forward-to` instead/);
    assert.match(add.stdout.replace(/\s+/g, ' '), /--events <types> only these event types, comma-separated exact names .*ping and authorization\.revoked always arrive/);
    assert.match(add.stdout, /--all-events/);
  });
});
