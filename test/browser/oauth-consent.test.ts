import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as oauth from 'oauth4webapi';
import { screenshot, SKIP_REASON, startWorld, type BrowserWorld } from './browser.js';

/**
 * OAuth in a browser (issue 12): a developer registers an app in the console; an owner with no
 * session follows the app's authorization link, signs in, lands on the consent page, unticks a
 * scope and allows; the app (oauth4webapi, over a real socket) exchanges the code, calls /me,
 * refreshes and revokes.
 */
const USER = { username: 'olga', name: 'Olga Owner', password: 'a long enough password' };
// A port Chromium does not refuse as unsafe; nothing listens there: the browser's route answers.
const CALLBACK = 'http://127.0.0.1:8976/callback';

describe('in a browser: an owner connects an OAuth app through the consent page', { skip: SKIP_REASON ?? false }, () => {
  let world: BrowserWorld;

  before(async () => {
    world = await startWorld();
  });
  after(async () => {
    await world?.close();
  });

  it('registers the app, signs in from the link, consents with one scope unticked, and the client library gets working tokens', async () => {
    const { page: dev } = await world.newPage();
    await dev.goto(`${world.base}/signup`);
    await dev.fill('#username', USER.username);
    await dev.fill('#name', USER.name);
    await dev.fill('#password', USER.password);
    await Promise.all([dev.waitForURL(/\/app\/calendar/), dev.click('button[type=submit]')]);

    await dev.goto(`${world.base}/app/developer/apps`);
    await dev.fill('#app-name', 'Focus Planner');
    await dev.fill('#app-redirects', CALLBACK);
    await dev.check('input[name=scopes][value="profile:read"]');
    await dev.check('input[name=scopes][value="events:read"]');
    await Promise.all([dev.waitForLoadState(), dev.click('text=Register app')]);
    const clientId = (await dev.textContent('#client-id'))!.trim();
    const secret = (await dev.textContent('#client-secret'))!.trim();
    assert.match(secret, /^svc_cs_/);

    const options = { [oauth.allowInsecureRequests]: true } as const;
    const issuer = new URL(world.base);
    const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...options }));
    const client: oauth.Client = { client_id: clientId };
    const auth = oauth.ClientSecretBasic(secret);
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const url = new URL(as.authorization_endpoint!);
    for (const [k, v] of Object.entries({ response_type: 'code', client_id: clientId, redirect_uri: CALLBACK, scope: 'profile:read events:read', state, code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256' })) url.searchParams.set(k, v);

    // The owner, in a fresh browser with no session: sign in first, then back to consent.
    const { context, page } = await world.newPage();
    let landed: string | null = null;
    await context.route(`${CALLBACK}**`, async (route) => {
      landed = route.request().url();
      await route.fulfill({ status: 200, contentType: 'text/plain', body: 'back at the app' });
    });
    await page.goto(url.href);
    await page.waitForURL(/\/signin\?next=/);
    await page.fill('#username', USER.username);
    await page.fill('#password', USER.password);
    const [consentResponse] = await Promise.all([page.waitForResponse((r) => r.url().startsWith(`${world.base}/oauth/authorize?`) && r.status() === 200), page.click('button[type=submit]')]);
    // The pages' strict CSP (helmet's, as every page), framing refused, the form allowed to lead back to the app.
    const csp = consentResponse.headers()['content-security-policy'] ?? '';
    assert.match(csp, /(^|;)default-src 'none'(;|$)/);
    assert.match(csp, /(^|;)style-src 'self'(;|$)/);
    assert.match(csp, /(^|;)frame-ancestors 'none'(;|$)/);
    assert.match(csp, /(^|;)form-action 'self' http:\/\/127\.0\.0\.1:8976(;|$)/);
    assert.equal(consentResponse.headers()['x-frame-options'], 'DENY');
    await page.waitForSelector('text=Connect Focus Planner to your calendar?');
    assert.ok(await page.isVisible('text=registered by'));
    assert.ok(await page.isVisible(`text=${USER.name} (@${USER.username})`));
    await screenshot(page, 'oauth-consent');
    await page.uncheck('input[name=grant][value="events:read"]');
    const [callback] = await Promise.all([page.waitForRequest((r) => r.url().startsWith(CALLBACK)), page.click('button[value=approve]')]);
    landed = callback.url();
    assert.ok(landed, 'the browser was sent back to the app');
    const back = new URL(landed!);

    const params = oauth.validateAuthResponse(as, client, back, state);
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, await oauth.authorizationCodeGrantRequest(as, client, auth, params, CALLBACK, verifier, options));
    assert.equal(tokens.scope, 'profile:read');
    const me = await fetch(`${world.base}/api/v1/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    assert.equal(me.status, 200);
    assert.deepEqual(((await me.json()) as { scopes: string[] }).scopes, ['profile:read']);

    const refreshed = await oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, auth, tokens.refresh_token!, options));
    assert.equal((await fetch(`${world.base}/api/v1/me`, { headers: { authorization: `Bearer ${refreshed.access_token}` } })).status, 200);
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, auth, refreshed.refresh_token!, options));
    assert.equal((await fetch(`${world.base}/api/v1/me`, { headers: { authorization: `Bearer ${refreshed.access_token}` } })).status, 401);

    // The owner sees the app among the connected ones until it is revoked; here the client revoked its family, the grant stays listed.
    await page.goto(`${world.base}/app/developer/apps`);
    assert.ok(await page.isVisible('text=Focus Planner'));
  });
});
