import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { ENGINES } from '../helpers/engines.js';
import { useApi, type ApiHarness } from '../helpers/api.js';
import { authorizationUrl, REDIRECT, registerClient, signedInOwner, tokenPost, consent, type Client } from './harness.js';

const LONG = 'x'.repeat(3000);

/** Rows an OAuth request could write: codes, grants, refresh tokens, access tokens. */
async function footprint(api: ApiHarness): Promise<number[]> {
  const db = api.rt.db;
  const count = async (table: 'oauth_codes' | 'oauth_grants' | 'oauth_refresh_tokens' | 'tokens') => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  const revoked = Number((await db.selectFrom('tokens').select((eb) => eb.fn.countAll<string>().as('n')).where('revoked_at', 'is not', null).executeTakeFirstOrThrow()).n);
  return [await count('oauth_codes'), await count('oauth_grants'), await count('oauth_refresh_tokens'), await count('tokens'), revoked];
}

/** An /authorize answer that is either our own page (400, no redirect) or a redirect to the client with an OAuth error. */
function clearRefusal(res: LightMyRequestResponse, what: string, expect: 'page' | string): void {
  if (expect === 'page') {
    assert.equal(res.statusCode, 400, `${what}: ${res.body.slice(0, 200)}`);
    assert.equal(res.headers.location, undefined, what);
    assert.match(String(res.headers['content-type']), /text\/html/, what);
    return;
  }
  assert.equal(res.statusCode, 303, `${what}: ${res.body.slice(0, 200)}`);
  const back = new URL(res.headers.location as string);
  assert.equal(back.origin + back.pathname, REDIRECT, what);
  assert.equal(back.searchParams.get('error'), expect, what);
  assert.ok(back.searchParams.get('error_description'), what);
}

/** The query of an authorization request with one parameter changed: removed, repeated, or given a value. */
function query(started: URL, name: string, how: 'missing' | 'repeated' | 'long'): string {
  const params = new URLSearchParams(started.search);
  const value = params.get(name) ?? 'x';
  params.delete(name);
  if (how === 'repeated') {
    params.append(name, value);
    params.append(name, value);
  }
  if (how === 'long') params.append(name, LONG);
  return `/oauth/authorize?${params.toString()}`;
}

const AUTHORIZE_EXPECT: Record<string, Record<'missing' | 'repeated' | 'long', 'page' | string | 'consent'>> = {
  client_id: { missing: 'page', repeated: 'page', long: 'page' },
  redirect_uri: { missing: 'page', repeated: 'page', long: 'page' },
  response_type: { missing: 'invalid_request', repeated: 'invalid_request', long: 'invalid_request' },
  code_challenge: { missing: 'invalid_request', repeated: 'invalid_request', long: 'invalid_request' },
  code_challenge_method: { missing: 'invalid_request', repeated: 'invalid_request', long: 'invalid_request' },
  scope: { missing: 'consent', repeated: 'invalid_request', long: 'invalid_request' },
  state: { missing: 'consent', repeated: 'invalid_request', long: 'invalid_request' },
};

async function codeFor(api: ApiHarness, c: Client) {
  const { web } = await signedInOwner(api);
  const started = await authorizationUrl(c);
  const back = await consent(api, web, started);
  return { code: back.searchParams.get('code')!, verifier: started.verifier };
}

const basic = (c: Client) => ({ authorization: `Basic ${Buffer.from(`${c.client.client_id}:${c.secret}`).toString('base64')}` });

for (const engine of ENGINES) {
  describe(`hostile input to the OAuth endpoints on ${engine}`, () => {
    const api = useApi(engine, '2026-03-29T00:30:00Z');

    it('every /oauth/authorize parameter missing, repeated or too long gets a page or an OAuth error, and writes nothing', async () => {
      const c = await registerClient(api);
      const { web } = await signedInOwner(api);
      const started = await authorizationUrl(c);
      const before = await footprint(api);
      for (const [name, cases] of Object.entries(AUTHORIZE_EXPECT)) {
        for (const how of ['missing', 'repeated', 'long'] as const) {
          const res = await web.get(query(started.url, name, how));
          const what = `${name} ${how}`;
          if (cases[how] === 'consent') assert.equal(res.statusCode, 200, what);
          else clearRefusal(res, what, cases[how]);
        }
      }
      for (const [name, value, expect] of [
        ['response_type', 'token', 'unsupported_response_type'],
        ['code_challenge', 'not base64url!', 'invalid_request'],
        ['client_id', 'not-a-uuid', 'page'],
        ['redirect_uri', 'javascript:alert(1)', 'page'],
        ['scope', 'profile:read  events:read', 'invalid_scope'],
      ] as const) {
        const params = new URLSearchParams(started.url.search);
        params.set(name, value);
        clearRefusal(await web.get(`/oauth/authorize?${params}`), `${name}=${value}`, expect);
      }
      assert.deepEqual(await footprint(api), before);
    });

    it('a consent post without its CSRF token, from another site, or with its request tampered with issues no code', async () => {
      const c = await registerClient(api);
      const { web } = await signedInOwner(api);
      const started = await authorizationUrl(c);
      const page = await web.get(started.url.pathname + started.url.search);
      const hidden = Object.fromEntries([...page.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!.replace(/&amp;/g, '&')]));
      const before = await footprint(api);
      const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
        api.app.inject({ method: 'POST', url: '/oauth/authorize', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: web.cookie(), host: 'cal.example', origin: 'https://cal.example', ...headers }, payload: new URLSearchParams(fields).toString() });
      const { _csrf, ...rest } = hidden;
      assert.equal((await post({ ...rest, grant: 'profile:read', decision: 'approve' })).statusCode, 403);
      assert.equal((await post({ ...hidden, grant: 'profile:read', decision: 'approve' }, { origin: 'https://evil.example' })).statusCode, 403);
      assert.equal((await post({ ...hidden, redirect_uri: 'https://evil.example/cb', grant: 'profile:read', decision: 'approve' })).statusCode, 400);
      const widened = await post({ ...hidden, grant: 'tasks:read', decision: 'approve' });
      assert.equal(new URL(widened.headers.location as string).searchParams.get('error'), 'access_denied', 'a scope not asked for is not granted');
      const json = await api.app.inject({ method: 'POST', url: '/oauth/authorize', headers: { 'content-type': 'application/json', cookie: web.cookie(), host: 'cal.example', origin: 'https://cal.example' }, payload: JSON.stringify({ ...hidden, decision: 'approve' }) });
      assert.equal(json.statusCode, 403);
      assert.deepEqual(await footprint(api), before);
    });

    it('every /oauth/token parameter missing, repeated or too long gets invalid_request (or invalid_client), and spends nothing', async () => {
      const c = await registerClient(api, { type: 'public' });
      const { code, verifier } = await codeFor(api, c);
      const fields: Record<string, string> = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier, client_id: c.client.client_id };
      const before = await footprint(api);
      for (const name of Object.keys(fields)) {
        for (const how of ['missing', 'repeated', 'long'] as const) {
          const params = new URLSearchParams(fields);
          params.delete(name);
          if (how === 'repeated') {
            params.append(name, fields[name]!);
            params.append(name, fields[name]!);
          }
          if (how === 'long') params.append(name, LONG);
          const res = await tokenPost(api, params.toString());
          const body = res.json() as { error: string; error_description: string };
          const expected = name === 'client_id' && how === 'missing' ? 'invalid_client' : 'invalid_request';
          assert.equal(body.error, expected, `${name} ${how}: ${res.body}`);
          assert.ok(body.error_description, `${name} ${how}`);
          assert.equal(res.headers['cache-control'], 'no-store');
          assert.deepEqual(Object.keys(body).sort(), ['error', 'error_description']);
        }
      }
      const wrongTypes: [string, string, string][] = [
        ['application/json', JSON.stringify(fields), 'invalid_request'],
        ['text/plain', new URLSearchParams(fields).toString(), 'invalid_request'],
        ['application/x-www-form-urlencoded', new URLSearchParams({ ...fields, grant_type: 'password' }).toString(), 'unsupported_grant_type'],
        ['application/x-www-form-urlencoded', new URLSearchParams({ ...fields, grant_type: 'client_credentials' }).toString(), 'unsupported_grant_type'],
        ['application/x-www-form-urlencoded', new URLSearchParams({ ...fields, client_id: 'not-a-uuid' }).toString(), 'invalid_client'],
        ['application/x-www-form-urlencoded', new URLSearchParams({ ...fields, client_secret: 'svc_cs_x' }).toString(), 'invalid_client'],
        ['application/x-www-form-urlencoded', '%%%', 'invalid_request'],
      ];
      for (const [type, payload, expected] of wrongTypes) {
        const res = await api.app.inject({ method: 'POST', url: '/oauth/token', headers: { 'content-type': type, host: 'cal.example' }, payload });
        assert.equal(res.json().error, expected, `${type} ${payload.slice(0, 60)}: ${res.body}`);
      }
      assert.deepEqual(await footprint(api), before);
      const ok = await tokenPost(api, fields);
      assert.equal(ok.statusCode, 200, `the code still works: ${ok.body}`);
    });

    it('a refresh or revocation request with a missing, repeated, too long or malformed token changes nothing', async () => {
      const c = await registerClient(api);
      const { code, verifier } = await codeFor(api, c);
      const pair = (await tokenPost(api, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier }, basic(c))).json() as { refresh_token: string; access_token: string };
      const before = await footprint(api);
      const cases: [string, string][] = [
        ['grant_type=refresh_token', 'invalid_request'],
        [`grant_type=refresh_token&refresh_token=${pair.refresh_token}&refresh_token=${pair.refresh_token}`, 'invalid_request'],
        [`grant_type=refresh_token&refresh_token=${LONG}`, 'invalid_request'],
        ['grant_type=refresh_token&refresh_token=svc_rt_AAAA', 'invalid_grant'],
        [`grant_type=refresh_token&refresh_token=${pair.access_token}`, 'invalid_grant'],
        [`grant_type=refresh_token&refresh_token=${pair.refresh_token}&scope=tasks:read`, 'invalid_scope'],
        [`grant_type=refresh_token&refresh_token=${pair.refresh_token}&scope=${LONG}`, 'invalid_request'],
      ];
      for (const [payload, expected] of cases) {
        const res = await tokenPost(api, payload, basic(c));
        assert.equal(res.json().error, expected, `${payload.slice(0, 80)}: ${res.body}`);
      }
      for (const payload of ['', `token=${pair.refresh_token}&token=${pair.refresh_token}`, `token=${LONG}`]) {
        const res = await api.app.inject({ method: 'POST', url: '/oauth/revoke', headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'cal.example', ...basic(c) }, payload });
        assert.equal(res.statusCode, 400, payload.slice(0, 40));
        assert.equal(res.json().error, 'invalid_request');
      }
      assert.deepEqual(await footprint(api), before);
      assert.equal((await api.get('/api/v1/me', pair.access_token)).statusCode, 200);
    });
  });
}
