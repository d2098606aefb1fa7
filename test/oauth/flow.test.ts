import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as oauth from 'oauth4webapi';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { webSession } from '../helpers/web.js';
import { authorizationUrl, consent, ISSUER, registerClient, signedInOwner, tokensFor } from './harness.js';

for (const engine of ENGINES) {
  describe(`an OAuth client library connects to an owner's calendar on ${engine}`, () => {
    const api = useApi(engine, '2026-03-29T00:30:00Z');

    it('discovers every endpoint, PKCE S256 and the client authentication methods from the RFC 8414 metadata', async () => {
      const c = await registerClient(api);
      assert.equal(c.as.issuer, ISSUER);
      assert.equal(c.as.authorization_endpoint, `${ISSUER}/oauth/authorize`);
      assert.equal(c.as.token_endpoint, `${ISSUER}/oauth/token`);
      assert.equal(c.as.revocation_endpoint, `${ISSUER}/oauth/revoke`);
      assert.deepEqual(c.as.code_challenge_methods_supported, ['S256']);
      assert.deepEqual(c.as.grant_types_supported, ['authorization_code', 'refresh_token']);
      assert.ok(c.as.token_endpoint_auth_methods_supported?.includes('none'));
    });

    it('runs the code flow with PKCE through the consent page, then calls /me with the access token', async () => {
      const c = await registerClient(api);
      const { web, owner } = await signedInOwner(api);
      const started = await authorizationUrl(c);
      const back = await consent(api, web, started);
      assert.equal(back.origin + back.pathname, 'https://client.example/callback');
      assert.equal(back.searchParams.get('state'), started.state);
      assert.equal(back.searchParams.get('iss'), ISSUER);
      const tokens = await tokensFor(c, back, started);
      assert.match(tokens.access_token, /^svc_at_[0-9A-Za-z]{38}$/);
      assert.match(tokens.refresh_token!, /^svc_rt_[0-9A-Za-z]{38}$/);
      assert.equal(tokens.token_type, 'bearer');
      assert.equal(tokens.expires_in, 3600);
      assert.equal(tokens.scope, 'profile:read events:read');

      const me = await api.get('/api/v1/me', tokens.access_token);
      assert.equal(me.statusCode, 200, me.body);
      const body = me.json() as { accountId: string; scopes: string[]; profile: { username: string } };
      assert.equal(body.accountId, owner.account_id);
      assert.deepEqual(body.scopes, ['profile:read', 'events:read']);
      assert.equal(body.profile.username, owner.username);
      const tasks = await api.get('/api/v1/tasks', tokens.access_token);
      assert.equal(tasks.statusCode, 403, 'a scope the owner did not grant is refused');
      assert.match(String(tasks.headers['www-authenticate']), /scope="tasks:read"/);
    });

    it('grants only the scopes the owner left ticked', async () => {
      const c = await registerClient(api);
      const { web } = await signedInOwner(api);
      const started = await authorizationUrl(c);
      const tokens = await tokensFor(c, await consent(api, web, started, { untick: ['events:read'] }), started);
      assert.equal(tokens.scope, 'profile:read');
      assert.deepEqual((await api.get('/api/v1/me', tokens.access_token)).json().scopes, ['profile:read']);
      assert.equal((await api.get('/api/v1/events?from=2026-03-29T00:00:00Z&to=2026-03-30T00:00:00Z', tokens.access_token)).statusCode, 403);
    });

    it('refreshes into a new pair, and the old access token keeps working until its hour is up', async () => {
      const c = await registerClient(api);
      const { web } = await signedInOwner(api);
      const started = await authorizationUrl(c);
      const first = await tokensFor(c, await consent(api, web, started), started);
      api.clock.advance(30 * 60_000);
      const res = await oauth.refreshTokenGrantRequest(c.as, c.client, c.auth, first.refresh_token!, c.options);
      const second = await oauth.processRefreshTokenResponse(c.as, c.client, res);
      assert.notEqual(second.access_token, first.access_token);
      assert.notEqual(second.refresh_token, first.refresh_token);
      assert.equal((await api.get('/api/v1/me', second.access_token)).statusCode, 200);
      assert.equal((await api.get('/api/v1/me', first.access_token)).statusCode, 200);
      api.clock.advance(31 * 60_000);
      const expired = await api.get('/api/v1/me', first.access_token);
      assert.equal(expired.statusCode, 401);
      assert.equal(expired.json().error.code, 'token_expired');
      assert.equal((await api.get('/api/v1/me', second.access_token)).statusCode, 200);
    });

    it('revokes a refresh token with RFC 7009: it and the access tokens of its family stop at once', async () => {
      const c = await registerClient(api);
      const { web } = await signedInOwner(api);
      const started = await authorizationUrl(c);
      const tokens = await tokensFor(c, await consent(api, web, started), started);
      assert.equal((await api.get('/api/v1/me', tokens.access_token)).statusCode, 200);
      const res = await oauth.revocationRequest(c.as, c.client, c.auth, tokens.refresh_token!, c.options);
      await oauth.processRevocationResponse(res);
      assert.equal(res.headers.get('cache-control'), 'no-store');
      const after = await api.get('/api/v1/me', tokens.access_token);
      assert.equal(after.statusCode, 401);
      await assert.rejects(async () => oauth.processRefreshTokenResponse(c.as, c.client, await oauth.refreshTokenGrantRequest(c.as, c.client, c.auth, tokens.refresh_token!, c.options)), (e: unknown) => e instanceof oauth.ResponseBodyError && e.error === 'invalid_grant');
    });

    it('revokes an access token alone; an unknown token answers 200 all the same', async () => {
      const c = await registerClient(api);
      const { web } = await signedInOwner(api);
      const started = await authorizationUrl(c);
      const tokens = await tokensFor(c, await consent(api, web, started), started);
      await oauth.processRevocationResponse(await oauth.revocationRequest(c.as, c.client, c.auth, tokens.access_token, c.options));
      assert.equal((await api.get('/api/v1/me', tokens.access_token)).statusCode, 401);
      await oauth.processRevocationResponse(await oauth.revocationRequest(c.as, c.client, c.auth, 'svc_at_unknown', c.options));
      const res = await oauth.refreshTokenGrantRequest(c.as, c.client, c.auth, tokens.refresh_token!, c.options);
      const next = await oauth.processRefreshTokenResponse(c.as, c.client, res);
      assert.equal((await api.get('/api/v1/me', next.access_token)).statusCode, 200, 'the refresh token still works');
    });

    it('lets a public client (no secret) connect with PKCE alone, with client_secret_post for a confidential one too', async () => {
      const pub = await registerClient(api, { type: 'public' });
      assert.equal(pub.secret, null);
      const { web } = await signedInOwner(api);
      const s1 = await authorizationUrl(pub);
      const t1 = await tokensFor(pub, await consent(api, web, s1), s1);
      assert.equal((await api.get('/api/v1/me', t1.access_token)).statusCode, 200);

      const conf = await registerClient(api);
      conf.auth = oauth.ClientSecretPost(conf.secret!);
      const s2 = await authorizationUrl(conf);
      const t2 = await tokensFor(conf, await consent(api, web, s2), s2);
      assert.equal((await api.get('/api/v1/me', t2.access_token)).statusCode, 200);
    });

    it('signs the owner in first when there is no session, and comes back to the consent page', async () => {
      const c = await registerClient(api);
      const { owner } = await signedInOwner(api);
      const web = webSession(api);
      const started = await authorizationUrl(c);
      const path = started.url.pathname + started.url.search;
      const first = await web.get(path);
      assert.equal(first.statusCode, 303);
      const signin = first.headers.location as string;
      assert.equal(signin, `/signin?next=${encodeURIComponent(path)}`);
      const form = await web.get(signin);
      const action = /<form method="post" action="([^"]+)"/.exec(form.body)![1]!.replace(/&amp;/g, '&');
      const signedIn = await web.post(action, { username: owner.username, password: 'long enough pw' });
      assert.equal(signedIn.statusCode, 303, signedIn.body);
      assert.equal(signedIn.headers.location, path);
      const page = await web.get(path);
      assert.equal(page.statusCode, 200);
      assert.match(page.body, new RegExp(`Connect Client \\d+ to your calendar`));
      assert.match(page.body, /See your name, username and time zone/);
      assert.match(page.body, new RegExp(`@${owner.username}`));
      // The pages' strict CSP (helmet's, as every page), the form allowed to lead back to the app's redirect URI.
      const csp = String(page.headers['content-security-policy']);
      for (const directive of ["default-src 'none'", "script-src 'self'", "style-src 'self'", "img-src 'self'", "frame-ancestors 'none'", "form-action 'self' https://client.example"]) {
        assert.ok(csp.split(';').includes(directive), `${directive} in ${csp}`);
      }
      assert.doesNotMatch(csp, /unsafe/);
      assert.equal(page.headers['x-frame-options'], 'DENY');
      assert.doesNotMatch(page.body, /<[a-z][^>]*\sstyle=/i, 'no style attribute');
      assert.doesNotMatch(page.body, /<script(?![^>]*\ssrc=)[^>]*>/i, 'no inline script');
      const refused = await web.get('/oauth/authorize?client_id=nobody');
      assert.equal(refused.statusCode, 400);
      assert.ok(String(refused.headers['content-security-policy']).split(';').includes("form-action 'self'"), 'an error page keeps the pages\' CSP as it is');
      assert.doesNotMatch(refused.body, /\sstyle=/);
    });

    it('sends the owner back with access_denied when they deny, and issues nothing', async () => {
      const c = await registerClient(api);
      const { web } = await signedInOwner(api);
      const started = await authorizationUrl(c);
      const back = await consent(api, web, started, { decision: 'deny' });
      assert.equal(back.searchParams.get('error'), 'access_denied');
      assert.equal(back.searchParams.get('state'), started.state);
      assert.equal(back.searchParams.get('code'), null);
      assert.throws(() => oauth.validateAuthResponse(c.as, c.client, back, started.state), (e: unknown) => e instanceof oauth.AuthorizationResponseError && e.error === 'access_denied');
    });
  });
}
