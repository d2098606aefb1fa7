import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from '../helpers/engines.js';
import { useApi, type ApiHarness } from '../helpers/api.js';
import type { WebSession } from '../helpers/web.js';
import { REDIRECT, signedInOwner } from './harness.js';

/** Settings → Developer → Apps → Webhook: the app's one endpoint, set and managed in the console. */
async function submit(api: ApiHarness, web: WebSession, url: string, pairs: [string, string][]) {
  const token = /name="_csrf" value="([^"]+)"/.exec((await web.get('/app/developer/apps')).body)?.[1] ?? '';
  return api.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: web.cookie(), host: 'cal.example', origin: 'https://cal.example' }, payload: new URLSearchParams([['_csrf', token], ...pairs]).toString() });
}

for (const engine of ENGINES) {
  describe(`an app's webhook in the console on ${engine}`, () => {
    const api = useApi(engine, '2026-03-29T00:30:00Z', { ALLOW_PRIVATE_HOSTS: 'localhost' });

    it('sets the address (secret shown once), changes it keeping the secret, pings, disables and enables, with the delivery log', async () => {
      const { web } = await signedInOwner(api, 'dev');
      const made = await submit(api, web, '/app/developer/apps', [['name', 'Hooked'], ['redirectUris', REDIRECT], ['scopes', 'requests:read'], ['scopes', 'webhooks'], ['type', 'confidential']]);
      const appId = /<code id="client-id">([^<]+)<\/code>/.exec(made.body)![1]!;
      const apps = await web.get('/app/developer/apps');
      assert.ok(apps.body.includes(`/app/developer/app-webhook?id=${appId}`), 'each app links to its webhook page');
      const empty = await web.get(`/app/developer/app-webhook?id=${appId}`);
      assert.equal(empty.statusCode, 200);
      assert.match(empty.body, /No webhook endpoint yet/);

      const set = await submit(api, web, '/app/developer/app-webhook', [['id', appId], ['url', 'https://localhost:8443/hooks']]);
      assert.equal(set.statusCode, 200, set.body);
      assert.equal(set.headers['cache-control'], 'no-store');
      const secret = /(svc_whsec_[0-9A-Za-z]+)/.exec(set.body)![1]!;
      const page = await web.get(`/app/developer/app-webhook?id=${appId}`);
      assert.match(page.body, /https:\/\/localhost:8443\/hooks/);
      assert.ok(!page.body.includes(secret), 'the page never shows the secret again');
      assert.match(page.body, /<code>ping<\/code>/, 'the ping is in the delivery log');

      const moved = await submit(api, web, '/app/developer/app-webhook', [['id', appId], ['url', 'https://localhost:8443/v2']]);
      assert.equal(moved.statusCode, 303);
      assert.match((await web.get(moved.headers.location as string)).body, /same signing secret/);

      const refused = await submit(api, web, '/app/developer/app-webhook', [['id', appId], ['url', 'http://example.com/x']]);
      assert.equal(refused.statusCode, 422, 'the page again, with what is wrong');
      assert.match(refused.body, /cannot be used/);

      assert.equal((await submit(api, web, '/app/developer/app-webhook/disable', [['id', appId]])).statusCode, 303);
      assert.match((await web.get(`/app/developer/app-webhook?id=${appId}`)).body, /Disabled/);
      assert.equal((await submit(api, web, '/app/developer/app-webhook/enable', [['id', appId]])).statusCode, 303);
      assert.equal((await submit(api, web, '/app/developer/app-webhook/ping', [['id', appId]])).statusCode, 303);
      const after = (await web.get(`/app/developer/app-webhook?id=${appId}`)).body;
      assert.equal([...after.matchAll(/<code>ping<\/code>/g)].length, 3, 'three pings: set, moved, asked for');
      assert.doesNotMatch(after, /<[a-z][^>]*\sstyle=/i, 'nothing inline for the CSP to block');

      const stranger = await signedInOwner(api);
      const other = await stranger.web.get(`/app/developer/app-webhook?id=${appId}`);
      assert.equal(other.statusCode, 303, "another owner cannot see the app's webhook");
    });
  });
}
