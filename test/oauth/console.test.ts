import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as oauth from 'oauth4webapi';
import { ENGINES } from '../helpers/engines.js';
import { useApi, type ApiHarness } from '../helpers/api.js';
import type { WebSession } from '../helpers/web.js';
import { setSuspension } from '../../src/services/apps.js';
import { authorizationUrl, consent, ISSUER, REDIRECT, registerClient, signedInOwner, tokensFor, injectFetch, type Client } from './harness.js';

/** A console form post with repeated fields, carrying the page's CSRF token. */
async function submit(api: ApiHarness, web: WebSession, url: string, pairs: [string, string][]) {
  const token = /name="_csrf" value="([^"]+)"/.exec((await web.get('/app/developer/apps')).body)?.[1] ?? '';
  return api.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: web.cookie(), host: 'cal.example', origin: 'https://cal.example' }, payload: new URLSearchParams([['_csrf', token], ...pairs]).toString() });
}

async function clientFor(api: ApiHarness, clientId: string, secret: string): Promise<Client> {
  const options = { [oauth.customFetch]: injectFetch(api) };
  const as = await oauth.processDiscoveryResponse(new URL(ISSUER), await oauth.discoveryRequest(new URL(ISSUER), { algorithm: 'oauth2', ...options }));
  return { as, client: { client_id: clientId }, auth: oauth.ClientSecretBasic(secret), appId: clientId, secret, options };
}

for (const engine of ENGINES) {
  describe(`Settings → Developer → Apps in the console on ${engine}`, () => {
    const api = useApi(engine, '2026-03-29T00:30:00Z');

    it('registers an app and shows its secret once; a rotated secret replaces the old one at once', async () => {
      const { web } = await signedInOwner(api, 'dev');
      const made = await submit(api, web, '/app/developer/apps', [['name', 'Planner'], ['homepage', 'https://planner.example'], ['redirectUris', REDIRECT], ['scopes', 'profile:read'], ['scopes', 'events:read'], ['type', 'confidential']]);
      assert.equal(made.statusCode, 200, made.body);
      assert.equal(made.headers['cache-control'], 'no-store');
      const clientId = /<code id="client-id">([^<]+)<\/code>/.exec(made.body)![1]!;
      const secret = /<code id="client-secret"[^>]*>(svc_cs_[A-Za-z0-9]+)<\/code>/.exec(made.body)![1]!;
      const list = await web.get('/app/developer/apps');
      assert.match(list.body, /Planner/);
      assert.ok(!list.body.includes(secret), 'the list never shows the secret');

      const { web: ownerWeb } = await signedInOwner(api);
      const c = await clientFor(api, clientId, secret);
      const s1 = await authorizationUrl(c);
      await tokensFor(c, await consent(api, ownerWeb, s1), s1);

      const rotated = await submit(api, web, '/app/developer/apps/rotate', [['id', clientId]]);
      const fresh = /<code id="client-secret"[^>]*>(svc_cs_[A-Za-z0-9]+)<\/code>/.exec(rotated.body)![1]!;
      assert.notEqual(fresh, secret);
      const s2 = await authorizationUrl(c);
      const back = await consent(api, ownerWeb, s2);
      await assert.rejects(() => tokensFor(c, back, s2), (e: unknown) => e instanceof oauth.WWWAuthenticateChallengeError && e.status === 401 && e.cause[0]?.scheme === 'basic');
      const s3 = await authorizationUrl(c);
      assert.ok((await tokensFor({ ...c, auth: oauth.ClientSecretBasic(fresh) }, await consent(api, ownerWeb, s3), s3)).access_token);
    });

    it('refuses a redirect URI that is not https (or loopback) and keeps what was typed', async () => {
      const { web } = await signedInOwner(api, 'dev');
      const res = await submit(api, web, '/app/developer/apps', [['name', 'Leaky'], ['redirectUris', 'http://leaky.example/cb'], ['scopes', 'profile:read'], ['type', 'public']]);
      assert.equal(res.statusCode, 422);
      assert.match(res.body, /http is allowed only for a loopback address/);
      assert.match(res.body, /value="Leaky"/);
    });

    it("lists a connected app with its scopes, when it connected and when it was last used; disconnecting stops its tokens at once", async () => {
      const c = await registerClient(api);
      const { web } = await signedInOwner(api);
      const started = await authorizationUrl(c);
      const tokens = await tokensFor(c, await consent(api, web, started), started);
      assert.equal((await api.get('/api/v1/me', tokens.access_token)).statusCode, 200);
      await api.rt.authenticator.flushLastUsed();
      const page = await web.get('/app/developer/apps');
      assert.match(page.body, /Client \d+/);
      assert.match(page.body, /<code>profile:read<\/code> <code>events:read<\/code>/);
      assert.equal((page.body.match(/datetime="2026-03-29T00:30:00.000Z"/g) ?? []).length, 2, 'connected and last used');
      const grantId = /name="id" value="([0-9a-f-]{36})"><button class="danger" type="submit">Disconnect/.exec(page.body)![1]!;
      const res = await submit(api, web, '/app/developer/apps/disconnect', [['id', grantId]]);
      assert.equal(res.statusCode, 303);
      assert.equal((await api.get('/api/v1/me', tokens.access_token)).statusCode, 401);
      assert.match((await web.get('/app/developer/apps')).body, /No app is connected/);
    });

    it('no longer lists an app as connected once it revoked its own refresh token (RFC 7009), even one it got by refreshing; revoking an access token alone keeps it connected', async () => {
      const c = await registerClient(api);
      const { web } = await signedInOwner(api);
      const started = await authorizationUrl(c);
      const first = await tokensFor(c, await consent(api, web, started), started);
      await oauth.processRevocationResponse(await oauth.revocationRequest(c.as, c.client, c.auth, first.access_token, c.options));
      assert.match((await web.get('/app/developer/apps')).body, /Client \d+/, 'an access token alone ends nothing else');
      const rotated = await oauth.processRefreshTokenResponse(c.as, c.client, await oauth.refreshTokenGrantRequest(c.as, c.client, c.auth, first.refresh_token!, c.options));
      await oauth.processRevocationResponse(await oauth.revocationRequest(c.as, c.client, c.auth, rotated.refresh_token!, c.options));
      const page = (await web.get('/app/developer/apps')).body;
      assert.match(page, /No app is connected/);
      assert.equal((await api.get('/api/v1/me', rotated.access_token)).statusCode, 401);
    });

    it("shows a suspended app's suspension to the owners connected to it", async () => {
      const c = await registerClient(api);
      const { web } = await signedInOwner(api);
      const started = await authorizationUrl(c);
      await tokensFor(c, await consent(api, web, started), started);
      await setSuspension(api.rt.db, api.clock, c.appId, 'Sent spam');
      const page = await web.get('/app/developer/apps');
      assert.match(page.body, /Suspended<\/span> <span class="muted">Sent spam/);
    });

    it('deleting an app disconnects every owner at once', async () => {
      const { web: dev } = await signedInOwner(api, 'dev');
      const made = await submit(api, dev, '/app/developer/apps', [['name', 'Doomed'], ['redirectUris', REDIRECT], ['scopes', 'profile:read'], ['type', 'confidential']]);
      const clientId = /<code id="client-id">([^<]+)<\/code>/.exec(made.body)![1]!;
      const secret = /<code id="client-secret"[^>]*>(svc_cs_[A-Za-z0-9]+)<\/code>/.exec(made.body)![1]!;
      const c = await clientFor(api, clientId, secret);
      const { web } = await signedInOwner(api);
      const started = await authorizationUrl(c, {}, 'profile:read');
      const tokens = await tokensFor(c, await consent(api, web, started), started);
      assert.equal((await api.get('/api/v1/me', tokens.access_token)).statusCode, 200);
      assert.equal((await submit(api, dev, '/app/developer/apps/delete', [['id', clientId]])).statusCode, 303);
      assert.equal((await api.get('/api/v1/me', tokens.access_token)).statusCode, 401);
    });
  });
}
