import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { CalendarAccess, OAuthClient, OAuthError, type AuthorizationRequest, type OAuthTokens } from '@calendar-access/sdk';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { consent, ISSUER, REDIRECT, signedInOwner } from '../oauth/harness.js';
import { createApp, type ClientType } from '../../src/services/apps.js';

/**
 * The SDK's OAuth helpers (issue #14) against a running server: the authorization URL with PKCE
 * S256 and a state, the consent step through the real pages (as test/oauth does), the code exchange,
 * rotating refresh, revocation, and the typed errors a client meets on the way.
 */
const T0 = '2026-03-30T06:00:00Z';

/** The redirect the owner's browser is sent to, as the consent step of test/oauth/harness.ts answers it. */
const asStarted = (req: AuthorizationRequest) => ({ url: new URL(req.url), verifier: req.codeVerifier, state: req.state });

async function refusal(call: Promise<unknown>): Promise<OAuthError> {
  try {
    await call;
  } catch (e) {
    assert.ok(e instanceof OAuthError, `expected an OAuthError, got ${String(e)}`);
    return e;
  }
  assert.fail('the call succeeded');
}

for (const engine of ENGINES) {
  describe(`the SDK's OAuth helpers against a running server on ${engine}`, () => {
    const api = useApi(engine, T0);
    let base = '';
    before(async () => {
      await api.app.listen({ port: 0, host: '127.0.0.1' });
      const address = api.app.server.address();
      assert.ok(address && typeof address === 'object');
      base = `http://127.0.0.1:${address.port}`;
    });

    /** A registered app, and the SDK's OAuth client for it (the issuer is the server's public address). */
    async function app(type: ClientType = 'confidential', scopes = ['profile:read', 'events:read', 'tasks:read']) {
      const dev = await api.owner();
      const created = await createApp(api.rt.db, api.clock, { ownerId: dev.id, name: `SDK app ${type}`, homepageUrl: null, logoUrl: null, redirectUris: [REDIRECT], scopes, clientType: type });
      const oauth = new OAuthClient({ baseUrl: base, issuer: ISSUER, clientId: created.app.id, ...(created.clientSecret ? { clientSecret: created.clientSecret } : {}), redirectUri: REDIRECT });
      return { oauth, appId: created.app.id };
    }

    /** The owner approves in the consent page (leaving `untick` unticked); the redirect back. */
    async function approve(req: AuthorizationRequest, o: { decision?: 'approve' | 'deny'; untick?: string[] } = {}): Promise<URL> {
      const { web } = await signedInOwner(api, 'sdk');
      return consent(api, web, asStarted(req), o);
    }

    it('builds the authorization URL with a fresh state and an S256 challenge of its verifier', async () => {
      const { oauth, appId } = await app();
      const a = await oauth.authorizationUrl({ scope: ['profile:read', 'events:read'] });
      const b = await oauth.authorizationUrl();
      const url = new URL(a.url);
      assert.equal(url.origin + url.pathname, `${base}/oauth/authorize`);
      assert.equal(url.searchParams.get('response_type'), 'code');
      assert.equal(url.searchParams.get('client_id'), appId);
      assert.equal(url.searchParams.get('redirect_uri'), REDIRECT);
      assert.equal(url.searchParams.get('scope'), 'profile:read events:read');
      assert.equal(url.searchParams.get('state'), a.state);
      assert.equal(url.searchParams.get('code_challenge_method'), 'S256');
      assert.match(a.codeVerifier, /^[A-Za-z0-9_-]{43}$/);
      assert.equal(url.searchParams.get('code_challenge'), createHash('sha256').update(a.codeVerifier).digest('base64url'));
      assert.notEqual(a.state, b.state);
      assert.notEqual(a.codeVerifier, b.codeVerifier);
      assert.equal(new URL(b.url).searchParams.has('scope'), false, 'without scope: every scope the app was registered with');
    });

    it('exchanges the code for a pair with the scopes the owner left ticked, which the API client then uses', async () => {
      const { oauth } = await app();
      const req = await oauth.authorizationUrl({ scope: ['profile:read', 'events:read'] });
      const tokens = await oauth.exchangeCode(await approve(req, { untick: ['events:read'] }), req);
      assert.match(tokens.accessToken, /^svc_at_/);
      assert.match(tokens.refreshToken ?? '', /^svc_rt_/);
      assert.deepEqual(tokens.scopes, ['profile:read']);
      const inAnHour = (tokens.expiresAt?.getTime() ?? 0) - Date.now();
      assert.ok(inAnHour > 3_500_000 && inAnHour <= 3_600_000, `expires in ${inAnHour} ms`);
      const me = await new CalendarAccess({ token: tokens.accessToken, baseUrl: `${base}/api/v1` }).me.get();
      assert.deepEqual(me.scopes, ['profile:read']);
    });

    it('refreshes into a new pair (the old refresh token reused a minute later ends the grant: invalid_grant)', async () => {
      const { oauth } = await app();
      const req = await oauth.authorizationUrl();
      const first = await oauth.exchangeCode(await approve(req), req);
      const second = await oauth.refresh(first.refreshToken!);
      assert.notEqual(second.accessToken, first.accessToken);
      assert.notEqual(second.refreshToken, first.refreshToken);
      assert.deepEqual(second.scopes, ['profile:read', 'events:read', 'tasks:read']);
      api.clock.advance(61_000);
      const reused = await refusal(oauth.refresh(first.refreshToken!));
      assert.equal(reused.error, 'invalid_grant');
      assert.equal(reused.status, 400);
      // Reuse revokes the whole grant: the new pair too.
      assert.equal((await refusal(oauth.refresh(second.refreshToken!))).error, 'invalid_grant');
    });

    it('gives the API client a token source that refreshes before expiry and hands over each new pair', async () => {
      const { oauth } = await app();
      const req = await oauth.authorizationUrl();
      const tokens = await oauth.exchangeCode(await approve(req), req);
      const stored: OAuthTokens[] = [];
      // Expiring in 30 s: within the minute of margin, so the first call refreshes.
      const source = oauth.tokenSource({ ...tokens, expiresAt: new Date(Date.now() + 30_000) }, (fresh) => void stored.push(fresh));
      const client = new CalendarAccess({ token: source, baseUrl: `${base}/api/v1` });
      assert.equal((await client.me.get()).mode, 'live');
      assert.equal(stored.length, 1);
      assert.notEqual(stored[0]!.refreshToken, tokens.refreshToken);
      assert.equal(await source(), stored[0]!.accessToken, 'the new token is used, with no second refresh');
      assert.equal(stored.length, 1);
    });

    it('runs a public app on PKCE alone, and revokes: the refresh token and its access token stop working', async () => {
      const { oauth } = await app('public');
      const req = await oauth.authorizationUrl({ scope: ['profile:read'] });
      const tokens = await oauth.exchangeCode(await approve(req), req);
      await oauth.revoke(tokens.refreshToken!);
      await oauth.revoke('svc_rt_not-a-token-at-all');
      assert.equal((await refusal(oauth.refresh(tokens.refreshToken!))).error, 'invalid_grant');
      const me = await fetch(`${base}/api/v1/me`, { headers: { authorization: `Bearer ${tokens.accessToken}` } });
      assert.equal(me.status, 401);
    });

    it('refuses, with a typed error, a denial, a foreign state, a code used twice, a wrong verifier and a wrong secret', async () => {
      const { oauth, appId } = await app();
      const denied = await oauth.authorizationUrl();
      assert.equal((await refusal(oauth.exchangeCode(await approve(denied, { decision: 'deny' }), denied))).error, 'access_denied');

      const req = await oauth.authorizationUrl();
      const back = await approve(req);
      const foreign = await refusal(oauth.exchangeCode(back, { ...req, state: 'another-state' }));
      assert.equal(foreign.error, 'state_mismatch');
      assert.equal(foreign.status, undefined, 'found by the client, before any call');
      const wrongVerifier = await refusal(oauth.exchangeCode(back, { ...req, codeVerifier: 'x'.repeat(43) }));
      assert.equal(wrongVerifier.error, 'invalid_grant');

      const other = await oauth.authorizationUrl();
      const otherBack = await approve(other);
      const wrongSecret = new OAuthClient({ baseUrl: base, issuer: ISSUER, clientId: appId, clientSecret: 'svc_cs_wrong', redirectUri: REDIRECT });
      const badClient = await refusal(wrongSecret.exchangeCode(otherBack, other));
      assert.equal(badClient.error, 'invalid_client');
      assert.equal(badClient.status, 401);
      await oauth.exchangeCode(otherBack, other);
      assert.equal((await refusal(oauth.exchangeCode(otherBack, other))).error, 'invalid_grant', 'a code is used once');

      const spoofed = new URL(otherBack);
      spoofed.searchParams.set('iss', 'https://evil.example');
      assert.equal((await refusal(oauth.exchangeCode(spoofed, other))).error, 'issuer_mismatch');
    });
  });
}
