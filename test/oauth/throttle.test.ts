import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import * as oauth from 'oauth4webapi';
import { ENGINES } from '../helpers/engines.js';
import { useApi, type ApiHarness } from '../helpers/api.js';
import { authorizationUrl, consent, REDIRECT, registerClient, signedInOwner, tokensFor, type Client } from './harness.js';

const basicOf = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

/** A token request from one client address (app.inject's remoteAddress). */
function post(api: ApiHarness, address: string, fields: Record<string, string>, authorization?: string): Promise<LightMyRequestResponse> {
  return api.app.inject({
    method: 'POST', url: '/oauth/token', remoteAddress: address,
    headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'cal.example', ...(authorization ? { authorization } : {}) },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** How 300 tries went: refused as the guess they are, then held (429 with Retry-After), and the longest wait asked. */
async function tally(tries: (i: number) => Promise<LightMyRequestResponse>, refusal: string): Promise<{ refused: number; held: number; wait: number }> {
  const out = { refused: 0, held: 0, wait: 0 };
  for (let i = 0; i < 300; i++) {
    const res = await tries(i);
    if (res.statusCode === 429) {
      assert.deepEqual(Object.keys(res.json()).sort(), ['error', 'error_description']);
      assert.equal(res.json().error, 'temporarily_unavailable');
      assert.equal(res.headers['www-authenticate'], undefined, 'a held attempt is not told its credentials are wrong');
      out.held += 1;
      out.wait = Math.max(out.wait, Number(res.headers['retry-after']));
    } else {
      assert.equal(res.json().error, refusal, res.body);
      out.refused += 1;
    }
  }
  return out;
}

async function approved(api: ApiHarness, c: Client) {
  const { web } = await signedInOwner(api);
  const started = await authorizationUrl(c);
  return { started, back: await consent(api, web, started) };
}

/** The throttle answer as oauth4webapi reads it: an OAuth error with its status, and Retry-After readable. */
async function heldForLibrary(c: Client, attempt: () => Promise<Response>): Promise<number> {
  const res = await attempt();
  let wait = 0;
  await assert.rejects(oauth.processRefreshTokenResponse(c.as, c.client, res), (e: unknown) => {
    assert.ok(e instanceof oauth.ResponseBodyError, String(e));
    assert.equal(e.status, 429);
    assert.equal(e.error, 'temporarily_unavailable');
    wait = Number(e.response.headers.get('retry-after'));
    return true;
  });
  assert.ok(wait >= 1, 'Retry-After names at least a second');
  return wait;
}

for (const engine of ENGINES) {
  describe(`failed OAuth attempts are slowed down on ${engine}`, () => {
    const api = useApi(engine, '2026-03-29T00:30:00Z');

    it('300 wrong client secrets from one address: 20 free, then 429 with Retry-After; the right secret is held too, and works once the hold lifts', async () => {
      const c = await registerClient(api);
      const { started, back } = await approved(api, c);
      const fields = { grant_type: 'authorization_code', code: back.searchParams.get('code')!, redirect_uri: REDIRECT, code_verifier: started.verifier };
      const seen = await tally((i) => post(api, '198.51.100.7', fields, basicOf(c.appId, `svc_cs_wrong${i}`)), 'invalid_client');
      assert.deepEqual({ refused: seen.refused, held: seen.held }, { refused: 21, held: 279 });
      // The standard client, with the right secret, from the same address: held, and told for how long.
      const params = oauth.validateAuthResponse(c.as, c.client, back, started.state);
      const wait = await heldForLibrary(c, () => oauth.authorizationCodeGrantRequest(c.as, c.client, c.auth, params, REDIRECT, started.verifier, c.options));
      assert.equal(wait, seen.wait);
      api.clock.advance(wait * 1000);
      const tokens = await tokensFor(c, back, started);
      assert.match(tokens.access_token, /^svc_at_/);
    });

    it('300 wrong authorization codes from one client: 20 free, then held; a real code works once the hold lifts', async () => {
      const c = await registerClient(api);
      const { started, back } = await approved(api, c);
      const seen = await tally((i) => post(api, '198.51.100.8', { grant_type: 'authorization_code', code: `guess-${i}`, redirect_uri: REDIRECT, code_verifier: started.verifier }, basicOf(c.appId, c.secret!)), 'invalid_grant');
      assert.deepEqual({ refused: seen.refused, held: seen.held }, { refused: 21, held: 279 });
      api.clock.advance(seen.wait * 1000);
      const right = await post(api, '198.51.100.8', { grant_type: 'authorization_code', code: back.searchParams.get('code')!, redirect_uri: REDIRECT, code_verifier: started.verifier }, basicOf(c.appId, c.secret!));
      assert.equal(right.statusCode, 200, right.body);
    });

    it('300 wrong or expired refresh tokens: 20 free, then held for the client from every address; oauth4webapi refreshes once the hold lifts', async () => {
      // An expired one first: a refresh token 90 days unused.
      const expiredClient = await registerClient(api);
      const other = await approved(api, expiredClient);
      const stale = await tokensFor(expiredClient, other.back, other.started);
      api.clock.advance(91 * 86_400_000);
      const expired = await post(api, '198.51.100.9', { grant_type: 'refresh_token', refresh_token: stale.refresh_token! }, basicOf(expiredClient.appId, expiredClient.secret!));
      assert.equal(expired.json().error, 'invalid_grant');
      const c = await registerClient(api);
      const { started, back } = await approved(api, c);
      const tokens = await tokensFor(c, back, started);
      // Guesses from 300 addresses, one each: the address never sees a hold, the client does.
      const seen = await tally((i) => post(api, `203.0.113.${i % 250}`, { grant_type: 'refresh_token', refresh_token: `svc_rt_guess${i}` }, basicOf(c.appId, c.secret!)), 'invalid_grant');
      assert.deepEqual({ refused: seen.refused, held: seen.held }, { refused: 21, held: 279 });
      const wait = await heldForLibrary(c, () => oauth.refreshTokenGrantRequest(c.as, c.client, c.auth, tokens.refresh_token!, c.options));
      // Another client at that moment is not held: the hold is this client's.
      const stranger = await post(api, '192.0.2.1', { grant_type: 'refresh_token', refresh_token: 'svc_rt_nope' }, basicOf(expiredClient.appId, expiredClient.secret!));
      assert.equal(stranger.json().error, 'invalid_grant');
      api.clock.advance(wait * 1000);
      const refreshed = await oauth.processRefreshTokenResponse(c.as, c.client, await oauth.refreshTokenGrantRequest(c.as, c.client, c.auth, tokens.refresh_token!, c.options));
      assert.match(refreshed.access_token, /^svc_at_/);
    });
  });
}
