import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { ENGINES } from '../helpers/engines.js';
import { useApi, type ApiHarness } from '../helpers/api.js';
import { webSession, type WebSession } from '../helpers/web.js';
import { eventsOf } from '../../src/store/repos/outbox.js';
import { newId } from '../../src/domain/ids.js';

const PASSWORD = 'long enough pw';

async function signedIn(api: ApiHarness, username: string): Promise<{ web: WebSession; ownerId: string }> {
  const web = webSession(api);
  const made = await web.post('/signup', { username, name: 'Dev', timezone: 'Europe/Berlin', password: PASSWORD });
  assert.equal(made.statusCode, 303, made.body);
  const owner = await api.rt.store.db.selectFrom('owners').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  return { web, ownerId: owner.id };
}

/** A form post with repeated fields (several scope checkboxes), as a browser sends it. */
async function submitMany(api: ApiHarness, web: WebSession, url: string, pairs: [string, string][]): Promise<LightMyRequestResponse> {
  const token = /name="_csrf" value="([^"]+)"/.exec((await web.get('/app/developer')).body)?.[1] ?? '';
  const body = new URLSearchParams([['_csrf', token], ...pairs]).toString();
  return api.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: web.cookie(), host: 'cal.example', origin: 'https://cal.example' }, payload: body });
}

const createToken = (api: ApiHarness, web: WebSession, name: string, scopes: string[], mode = 'live', expiry = '30') =>
  submitMany(api, web, '/app/developer/tokens', [['name', name], ...scopes.map((s): [string, string] => ['scopes', s]), ['mode', mode], ['expiry', expiry]]);

const allMatches = (text: string, re: RegExp) => [...text.matchAll(new RegExp(re.source, 'g'))].map((m) => m[0]);

async function tokenIdByName(api: ApiHarness, ownerId: string, name: string): Promise<string> {
  return (await api.rt.store.db.selectFrom('tokens').select('id').where('owner_id', '=', ownerId).where('name', '=', name).executeTakeFirstOrThrow()).id;
}

for (const engine of ENGINES) {
  describe(`console developer tokens on ${engine}`, () => {
    const api = useApi(engine, '2026-03-29T00:30:00Z');

    it('creates a token through the form and shows its value once, never again', async () => {
      const { web } = await signedIn(api, `dev-${engine}-1`);
      const res = await createToken(api, web, 'Kitchen display', ['profile:read', 'webhooks'], 'live', '30');
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.headers.location, undefined, 'no redirect: the value is in this answer only');
      assert.equal(res.headers['cache-control'], 'no-store');
      assert.match(res.body, /Copy the token now/);
      const values = allMatches(res.body, /svc_pat_[A-Za-z0-9]{20,}/);
      assert.equal(values.length, 1, 'the value appears exactly once');
      const value = values[0]!;
      assert.match(value, /^svc_pat_/);
      assert.match(res.body, new RegExp(`<code id="new-token"[^>]*>${value}</code>`));
      assert.match(res.body, /datetime="2026-04-28T00:30:00.000Z"/, 'expires in 30 days');

      const me = await api.get('/api/v1/me', value);
      assert.equal(me.statusCode, 200, me.body);

      const list = await web.get('/app/developer');
      assert.equal(list.statusCode, 200);
      assert.ok(!list.body.includes(value), 'the list never shows the value');
      assert.ok(!list.body.includes(value.slice(8, -4)), 'nor its middle');
      assert.ok(list.body.includes(`svc_pat_…${value.slice(-4)}`), 'prefix and last four');
      assert.match(list.body, /Kitchen display/);
      assert.match(list.body, /<code>profile:read<\/code><br><code>webhooks<\/code>/);
      assert.match(list.body, /status ok">Active/);
    });

    it('makes a test-mode token (svc_test_) with no expiry', async () => {
      const { web } = await signedIn(api, `dev-${engine}-2`);
      const res = await createToken(api, web, 'Sandbox', ['events:read'], 'test', 'none');
      assert.equal(res.statusCode, 200, res.body);
      const value = allMatches(res.body, /svc_test_[A-Za-z0-9]{20,}/);
      assert.equal(value.length, 1);
      assert.match(value[0]!, /^svc_test_/);
      assert.match(res.body, /Test \(sandbox\)/);
      assert.match(res.body, /<dt>Expires<\/dt><dd><span class="muted">never<\/span>/);
      const list = await web.get('/app/developer');
      assert.ok(list.body.includes(`svc_test_…${value[0]!.slice(-4)}`));
      assert.ok(!list.body.includes(value[0]!));
    });

    it('refuses a token without scopes, keeping what was typed', async () => {
      const { web } = await signedIn(api, `dev-${engine}-3`);
      const res = await createToken(api, web, 'No scopes', [], 'live', '7');
      assert.equal(res.statusCode, 422);
      assert.match(res.body, /role="alert">The token was not created: scopes: name at least one/);
      assert.match(res.body, /value="No scopes"/);
      assert.match(res.body, /<option value="7" selected>/);
      const unknown = await createToken(api, web, 'Odd', ['calendar:write']);
      assert.equal(unknown.statusCode, 422);
      assert.match(unknown.body, /unknown scope &quot;calendar:write&quot;/);
    });

    it('revokes a token: the API answers 401 and the token gets authorization.revoked', async () => {
      const { web, ownerId } = await signedIn(api, `dev-${engine}-4`);
      const created = await createToken(api, web, 'Old script', ['profile:read']);
      const value = allMatches(created.body, /svc_pat_[A-Za-z0-9]{20,}/)[0]!;
      assert.equal((await api.get('/api/v1/me', value)).statusCode, 200);
      const id = await tokenIdByName(api, ownerId, 'Old script');
      const page = await web.get('/app/developer');
      assert.match(page.body, new RegExp(`name="id" value="${id}"><button type="submit" class="danger" aria-label="Revoke token Old script">Revoke`));

      const revoked = await web.submit('/app/developer/tokens/revoke', { id });
      assert.equal(revoked.statusCode, 303);
      assert.match(String(revoked.headers.location), /^\/app\/developer\?notice=/);
      // At once: the console forgets this instance's cached look-up of the token.
      const after = await api.get('/api/v1/me', value);
      assert.equal(after.statusCode, 401);
      const events = (await eventsOf(api.rt.store.db, ownerId)).filter((e) => e.type === 'authorization.revoked');
      assert.equal(events.length, 1);
      assert.equal(events[0]!.token_id, id);
      assert.deepEqual(events[0]!.data, { object: 'authorization', reason: 'owner' });

      const list = await web.get(String(revoked.headers.location));
      assert.match(list.body, /was revoked/);
      assert.match(list.body, /status bad">Revoked/);
      assert.ok(!list.body.includes(`value="${id}"><button type="submit" class="danger"`), 'no Revoke button any more');
      const again = await web.submit('/app/developer/tokens/revoke', { id });
      assert.equal(again.statusCode, 422);
      assert.match(again.body, /already revoked/);
    });

    it('cannot revoke another owner\'s token', async () => {
      const { ownerId } = await signedIn(api, `dev-${engine}-5`);
      const other = await signedIn(api, `dev-${engine}-6`);
      const victim = await api.token({ id: ownerId } as Parameters<ApiHarness['token']>[0], ['profile:read']);
      const id = (await api.rt.store.db.selectFrom('tokens').select('id').where('owner_id', '=', ownerId).executeTakeFirstOrThrow()).id;
      const res = await other.web.submit('/app/developer/tokens/revoke', { id });
      assert.equal(res.statusCode, 422);
      api.clock.advance(6_000);
      assert.equal((await api.get('/api/v1/me', victim)).statusCode, 200);
    });
  });

  describe(`console webhook endpoints on ${engine}`, () => {
    const api = useApi(engine, '2026-03-29T00:30:00Z', { ALLOW_PRIVATE_HOSTS: 'localhost' });

    async function withHookToken(n: number) {
      const s = await signedIn(api, `hook-${engine}-${n}`);
      const made = await createToken(api, s.web, 'Receiver', ['requests:read', 'webhooks']);
      assert.equal(made.statusCode, 200);
      return { ...s, tokenId: await tokenIdByName(api, s.ownerId, 'Receiver') };
    }

    it('offers endpoints only under tokens holding webhooks', async () => {
      const { web } = await signedIn(api, `hook-${engine}-0`);
      await createToken(api, web, 'Reader', ['events:read']);
      const page = await web.get('/app/developer');
      assert.match(page.body, /No active token holds the <code>webhooks<\/code> scope/);
      assert.ok(!page.body.includes('Add endpoint'));
    });

    it('refuses addresses outside the rules with a clear message (422)', async () => {
      const { web, tokenId } = await withHookToken(1);
      const cases: [string, RegExp][] = [
        ['http://hooks.example.com/in', /only https:\/\/ URLs/],
        ['https://hooks.example.com:8443/in', /only port 443 is allowed, not 8443/],
        ['https://93.184.216.34/in', /names an IP address \(93\.184\.216\.34\)/],
        ['https://user:pw@hooks.example.com/in', /user name or password/],
      ];
      for (const [url, message] of cases) {
        const res = await web.submit('/app/developer/endpoints', { token: tokenId, url, description: 'mine' });
        assert.equal(res.statusCode, 422, url);
        assert.match(res.body, /role="alert">That endpoint address cannot be used: /);
        assert.match(res.body, message);
        assert.ok(res.body.includes(`value="${url.replace(/&/g, '&amp;')}"`), 'the address stays in the form');
      }
      assert.equal((await api.rt.store.db.selectFrom('webhook_endpoints').select('id').where('token_id', '=', tokenId).execute()).length, 0);
    });

    it('says, refusing a receiver on the owner\'s own machine, that `calendar-access listen` forwards there', async () => {
      const { web, tokenId } = await withHookToken(5);
      const res = await web.submit('/app/developer/endpoints', { token: tokenId, url: 'http://localhost:4242/webhooks', description: 'laptop' });
      assert.equal(res.statusCode, 422);
      assert.match(res.body, /role="alert">That endpoint address cannot be used: only https:\/\/ URLs are fetched, not http:\/\/; to receive webhooks on your own machine, run `calendar-access listen --forward-to http:\/\/localhost:4242\/webhooks` instead \(docs\/webhooks-receiving\.md\)\./);
    });

    it('adds an endpoint, shows its secret once, rotates, pings, disables, enables and removes it', async () => {
      const { web, tokenId, ownerId } = await withHookToken(2);
      const added = await web.submit('/app/developer/endpoints', { token: tokenId, url: 'https://localhost:8443/hook', description: 'Local receiver' });
      assert.equal(added.statusCode, 200, added.body);
      assert.equal(added.headers['cache-control'], 'no-store');
      const secrets = allMatches(added.body, /svc_whsec_[A-Za-z0-9_-]+/);
      assert.equal(secrets.length, 1, 'the secret appears once');
      const secret = secrets[0]!;
      assert.match(added.body, /Copy the signing secret now/);
      const endpoint = await api.rt.store.db.selectFrom('webhook_endpoints').selectAll().where('token_id', '=', tokenId).executeTakeFirstOrThrow();
      assert.equal(endpoint.secret, secret);

      let page = await web.get('/app/developer');
      assert.ok(!page.body.includes(secret), 'the list never shows the secret');
      assert.match(page.body, /<code>https:\/\/localhost:8443\/hook<\/code><br><span class="muted">Local receiver<\/span>/);
      assert.match(page.body, /status ok">Enabled/);
      assert.match(page.body, /none yet/);

      // The ping recorded on adding is waiting in the log.
      let log = await web.get(`/app/developer/endpoint?id=${endpoint.id}`);
      assert.equal(log.statusCode, 200);
      assert.equal(allMatches(log.body, /<code>ping<\/code>/).length, 1);
      assert.match(log.body, /Pending/);
      assert.match(log.body, /No attempt yet/);

      // Rotation: a new secret, once; the old one signs alongside for 24 hours.
      const rotated = await web.submit('/app/developer/endpoints/rotate', { id: endpoint.id });
      assert.equal(rotated.statusCode, 200);
      assert.equal(rotated.headers['cache-control'], 'no-store');
      const fresh = allMatches(rotated.body, /svc_whsec_[A-Za-z0-9_-]+/);
      assert.equal(fresh.length, 1);
      assert.notEqual(fresh[0], secret);
      assert.ok(!rotated.body.includes(secret), 'the old secret is not shown');
      assert.match(rotated.body, /keeps signing alongside the new one until <time datetime="2026-03-30T00:30:00.000Z">/);
      page = await web.get('/app/developer');
      assert.ok(!page.body.includes(fresh[0]!));
      assert.match(page.body, /Old secret signs until <time datetime="2026-03-30T00:30:00.000Z">/);
      assert.match(page.body, /aria-label="End rotation Local receiver/);
      const ended = await web.submit('/app/developer/endpoints/end-rotation', { id: endpoint.id });
      assert.equal(ended.statusCode, 303);
      page = await web.get('/app/developer');
      assert.ok(!page.body.includes('Old secret signs until'));

      // Ping: a second delivery in the log; an attempt the worker logged shows with its details.
      api.clock.advance(60_000);
      const pinged = await web.submit('/app/developer/endpoints/ping', { id: endpoint.id });
      assert.equal(pinged.statusCode, 303);
      assert.match(String(pinged.headers.location), new RegExp(`^/app/developer/endpoint\\?id=${endpoint.id}&notice=`));
      const first = await api.rt.store.db.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', endpoint.id).orderBy('created_at').executeTakeFirstOrThrow();
      await api.rt.store.db.insertInto('webhook_attempts').values({
        id: newId(), delivery_id: first.id, endpoint_id: endpoint.id, attempt: 1, started_at: new Date('2026-03-29T00:30:01Z'), duration_ms: 812, status_code: 500, error: 'the receiver answered 500',
      }).execute();
      log = await web.get(String(pinged.headers.location));
      assert.match(log.body, /Ping sent/);
      assert.equal(allMatches(log.body, /<code>ping<\/code>/).length, 2);
      assert.match(log.body, /<td[^>]*>1<\/td><td[^>]*><time datetime="2026-03-29T00:30:01.000Z">[^<]+<\/time><\/td><td[^>]*>500<\/td><td[^>]*>812 ms<\/td><td[^>]*>the receiver answered 500<\/td>/);

      // Disable and enable change the status.
      assert.equal((await web.submit('/app/developer/endpoints/disable', { id: endpoint.id })).statusCode, 303);
      page = await web.get('/app/developer');
      assert.match(page.body, /status bad">Disabled<\/span><br><span class="muted">by you/);
      assert.ok(!page.body.includes('aria-label="Ping Local receiver'), 'a disabled endpoint is not pinged');
      const cancelled = await api.rt.store.db.selectFrom('webhook_deliveries').select('status').where('endpoint_id', '=', endpoint.id).execute();
      assert.ok(cancelled.every((d) => d.status === 'cancelled'), 'waiting deliveries are given up');
      const enabled = await web.submit('/app/developer/endpoints/enable', { id: endpoint.id, back: 'log' });
      assert.equal(enabled.statusCode, 303);
      assert.match(String(enabled.headers.location), /^\/app\/developer\/endpoint\?id=/);
      page = await web.get('/app/developer');
      assert.match(page.body, /status ok">Enabled/);

      // Another owner cannot touch it.
      const stranger = await signedIn(api, `hook-${engine}-3`);
      const refused = await stranger.web.submit('/app/developer/endpoints/disable', { id: endpoint.id });
      assert.equal(refused.statusCode, 422);
      assert.match(refused.body, /no longer exists/);
      assert.equal((await stranger.web.get(`/app/developer/endpoint?id=${endpoint.id}`)).statusCode, 303);

      // Remove.
      assert.equal((await web.submit('/app/developer/endpoints/remove', { id: endpoint.id })).statusCode, 303);
      page = await web.get('/app/developer');
      assert.ok(!page.body.includes('https://localhost:8443/hook'));
      assert.match(page.body, /No endpoints under this token yet/);
      assert.equal((await web.get(`/app/developer/endpoint?id=${endpoint.id}`)).statusCode, 303);
      const pings = (await eventsOf(api.rt.store.db, ownerId)).filter((e) => e.type === 'ping');
      assert.equal(pings.length, 2, 'one ping on adding, one asked for');
    });
  });
}
