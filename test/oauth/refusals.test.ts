import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as oauth from 'oauth4webapi';
import { ENGINES } from '../helpers/engines.js';
import { useApi, type ApiHarness } from '../helpers/api.js';
import { setSuspension } from '../../src/services/apps.js';
import { disconnectApp } from '../../src/services/grants.js';
import { eventsOf } from '../../src/store/repos/outbox.js';
import { authorizationUrl, consent, REDIRECT, registerClient, signedInOwner, tokenPost, tokensFor, type Client } from './harness.js';

/** A code the owner approved, not yet exchanged. */
async function approvedCode(api: ApiHarness, c: Client, extra: Record<string, string> = {}) {
  const { web, owner } = await signedInOwner(api);
  const started = await authorizationUrl(c, extra);
  const back = await consent(api, web, started);
  return { started, back, owner, web, code: back.searchParams.get('code')! };
}

const basic = (c: Client) => ({ authorization: `Basic ${Buffer.from(`${encodeURIComponent(c.client.client_id)}:${encodeURIComponent(c.secret!)}`).toString('base64')}` });

async function refused(res: Response | { statusCode: number; json(): unknown }, error: string): Promise<void> {
  const status = 'status' in res ? res.status : res.statusCode;
  const body = ('status' in res ? await res.json() : res.json()) as { error: string; error_description: string };
  assert.equal(body.error, error, JSON.stringify(body));
  assert.equal(typeof body.error_description, 'string');
  assert.ok(status === 400 || status === 401, String(status));
}

async function refreshRaw(api: ApiHarness, c: Client, refreshToken: string) {
  return tokenPost(api, { grant_type: 'refresh_token', refresh_token: refreshToken }, basic(c));
}

for (const engine of ENGINES) {
  describe(`the authorization server refuses on ${engine}`, () => {
    const api = useApi(engine, '2026-03-29T00:30:00Z');

    it('a wrong PKCE verifier: invalid_grant, and the code is not spent by the attempt', async () => {
      const c = await registerClient(api);
      const { code, started } = await approvedCode(api, c);
      await refused(await tokenPost(api, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: oauth.generateRandomCodeVerifier() }, basic(c)), 'invalid_grant');
      await refused(await tokenPost(api, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: 'short' }, basic(c)), 'invalid_grant');
      const right = await tokenPost(api, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: started.verifier }, basic(c));
      assert.equal(right.statusCode, 200, right.body);
    });

    it('the plain PKCE method, or no challenge at all: invalid_request sent back to the client', async () => {
      const c = await registerClient(api);
      const { web } = await signedInOwner(api);
      for (const extra of [{ code_challenge_method: 'plain' }, { code_challenge: '' }] as Record<string, string>[]) {
        const started = await authorizationUrl(c, extra);
        const res = await web.get(started.url.pathname + started.url.search);
        assert.equal(res.statusCode, 303);
        const back = new URL(res.headers.location as string);
        assert.equal(back.searchParams.get('error'), 'invalid_request');
        assert.equal(back.searchParams.get('state'), started.state);
      }
    });

    it('a reused code: invalid_grant, and the tokens it issued are revoked', async () => {
      const c = await registerClient(api);
      const { started, back } = await approvedCode(api, c);
      const tokens = await tokensFor(c, back, started);
      assert.equal((await api.get('/api/v1/me', tokens.access_token)).statusCode, 200);
      const again = await tokenPost(api, { grant_type: 'authorization_code', code: back.searchParams.get('code')!, redirect_uri: REDIRECT, code_verifier: started.verifier }, basic(c));
      await refused(again, 'invalid_grant');
      assert.equal((await api.get('/api/v1/me', tokens.access_token)).statusCode, 401);
      await refused(await refreshRaw(api, c, tokens.refresh_token!), 'invalid_grant');
    });

    it('an expired code (past 10 minutes): invalid_grant', async () => {
      const c = await registerClient(api);
      const { started, code } = await approvedCode(api, c);
      api.clock.advance(10 * 60_000 + 1000);
      await refused(await tokenPost(api, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: started.verifier }, basic(c)), 'invalid_grant');
    });

    it('a redirect URI off by one character: a page at authorize (never a redirect), invalid_grant at the token endpoint', async () => {
      const c = await registerClient(api);
      const { web } = await signedInOwner(api);
      for (const uri of [`${REDIRECT}/`, REDIRECT.slice(0, -1), REDIRECT.replace('https', 'http'), `${REDIRECT}?x=1`]) {
        const started = await authorizationUrl(c, { redirect_uri: uri });
        const res = await web.get(started.url.pathname + started.url.search);
        assert.equal(res.statusCode, 400, uri);
        assert.equal(res.headers.location, undefined);
        assert.match(res.body, /not one that Client \d+ registered/);
      }
      const { started, code } = await approvedCode(api, c);
      await refused(await tokenPost(api, { grant_type: 'authorization_code', code, redirect_uri: `${REDIRECT}x`, code_verifier: started.verifier }, basic(c)), 'invalid_grant');
    });

    it('an unknown client: a page, never a redirect', async () => {
      const c = await registerClient(api);
      const { web } = await signedInOwner(api);
      const started = await authorizationUrl(c, { client_id: '00000000-0000-4000-8000-000000000000' });
      const res = await web.get(started.url.pathname + started.url.search);
      assert.equal(res.statusCode, 400);
      assert.match(res.body, /Unknown app/);
    });

    it('a scope the app may not ask for: invalid_scope sent back to the client', async () => {
      const c = await registerClient(api, { scopes: ['profile:read'] });
      const { web } = await signedInOwner(api);
      for (const scope of ['profile:read tasks:read', 'calendar:write']) {
        const started = await authorizationUrl(c, {}, scope);
        const res = await web.get(started.url.pathname + started.url.search);
        assert.equal(res.statusCode, 303);
        assert.equal(new URL(res.headers.location as string).searchParams.get('error'), 'invalid_scope');
      }
    });

    it('reuse of a rotated refresh token after 60 s: invalid_grant, and the whole grant is revoked', async () => {
      const c = await registerClient(api);
      const { started, back, owner } = await approvedCode(api, c);
      const first = await tokensFor(c, back, started);
      const second = await oauth.processRefreshTokenResponse(c.as, c.client, await oauth.refreshTokenGrantRequest(c.as, c.client, c.auth, first.refresh_token!, c.options));
      api.clock.advance(61_000);
      await refused(await refreshRaw(api, c, first.refresh_token!), 'invalid_grant');
      assert.equal((await api.get('/api/v1/me', second.access_token)).statusCode, 401, 'the new access token is revoked too');
      await refused(await refreshRaw(api, c, second.refresh_token!), 'invalid_grant');
      const grant = await api.rt.db.selectFrom('oauth_grants').selectAll().where('owner_id', '=', owner.id).executeTakeFirstOrThrow();
      assert.equal(grant.revoked_reason, 'reuse');
    });

    it('a retry of a rotated refresh token within 60 s gets the very same new pair', async () => {
      const c = await registerClient(api);
      const { started, back } = await approvedCode(api, c);
      const first = await tokensFor(c, back, started);
      const a = await refreshRaw(api, c, first.refresh_token!);
      assert.equal(a.statusCode, 200, a.body);
      api.clock.advance(30_000);
      const b = await refreshRaw(api, c, first.refresh_token!);
      assert.equal(b.statusCode, 200, b.body);
      assert.equal(b.json().access_token, a.json().access_token);
      assert.equal(b.json().refresh_token, a.json().refresh_token);
      assert.equal(b.json().expires_in, 3600 - 30);
      assert.equal((await api.get('/api/v1/me', b.json().access_token)).statusCode, 200);
      const c2 = await refreshRaw(api, c, b.json().refresh_token);
      assert.equal(c2.statusCode, 200, 'the successor rotates normally');
      await refused(await refreshRaw(api, c, first.refresh_token!), 'invalid_grant');
      assert.equal((await api.get('/api/v1/me', c2.json().access_token)).statusCode, 401, 'once the successor was used, a retry is a reuse: the grant goes');
    });

    it('a suspended app: 403 app_suspended on every API call, unauthorized_client at the token endpoint, and back after unsuspend', async () => {
      const c = await registerClient(api);
      const { started, back } = await approvedCode(api, c);
      const tokens = await tokensFor(c, back, started);
      await setSuspension(api.rt.db, api.clock, c.appId, 'spam');
      api.rt.forgetTokens();
      for (const path of ['/api/v1/me', '/api/v1/events?from=2026-03-29T00:00:00Z&to=2026-03-30T00:00:00Z', '/api/v1/tasks']) {
        const res = await api.get(path, tokens.access_token);
        assert.equal(res.statusCode, 403, path);
        assert.equal(res.json().error.code, 'app_suspended');
      }
      await refused(await refreshRaw(api, c, tokens.refresh_token!), 'unauthorized_client');
      const { web } = await signedInOwner(api);
      const again = await authorizationUrl(c);
      const page = await web.get(again.url.pathname + again.url.search);
      assert.equal(page.statusCode, 400);
      assert.match(page.body, /is suspended/);
      await setSuspension(api.rt.db, api.clock, c.appId, null);
      api.rt.forgetTokens();
      assert.equal((await api.get('/api/v1/me', tokens.access_token)).statusCode, 200);
      assert.equal((await refreshRaw(api, c, tokens.refresh_token!)).statusCode, 200);
    });

    it('a disconnected grant: its tokens stop at once, and authorization.revoked (owner) is the last event of each', async () => {
      const c = await registerClient(api, { scopes: ['profile:read', 'webhooks'] });
      const { web, owner } = await signedInOwner(api);
      const started = await authorizationUrl(c, {}, 'profile:read webhooks');
      const tokens = await tokensFor(c, await consent(api, web, started), started);
      assert.equal((await api.get('/api/v1/me', tokens.access_token)).statusCode, 200);
      const grant = await api.rt.db.selectFrom('oauth_grants').selectAll().where('owner_id', '=', owner.id).executeTakeFirstOrThrow();
      for (const id of await disconnectApp(api.rt.db, api.clock, owner.id, grant.id)) api.rt.forgetTokens(id);
      assert.equal((await api.get('/api/v1/me', tokens.access_token)).statusCode, 401);
      await refused(await refreshRaw(api, c, tokens.refresh_token!), 'invalid_grant');
      const token = await api.rt.db.selectFrom('tokens').select('id').where('grant_id', '=', grant.id).executeTakeFirstOrThrow();
      const events = (await eventsOf(api.rt.db, owner.id)).filter((e) => e.token_id === token.id);
      assert.equal(events.at(-1)?.type, 'authorization.revoked');
      assert.deepEqual(events.at(-1)?.data, { object: 'authorization', reason: 'owner' });
    });

    it('a confidential client without its secret, or with a wrong one: invalid_client (401), nothing issued', async () => {
      const c = await registerClient(api);
      const { started, code } = await approvedCode(api, c);
      const fields = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: started.verifier };
      await refused(await tokenPost(api, { ...fields, client_id: c.client.client_id }), 'invalid_client');
      const wrong = await tokenPost(api, fields, { authorization: `Basic ${Buffer.from(`${c.client.client_id}:svc_cs_wrong`).toString('base64')}` });
      await refused(wrong, 'invalid_client');
      assert.equal(wrong.statusCode, 401);
      assert.match(String(wrong.headers['www-authenticate']), /^Basic/);
      const ok = await tokenPost(api, fields, basic(c));
      assert.equal(ok.statusCode, 200, 'the code was not spent by the refused attempts');
    });
  });
}
