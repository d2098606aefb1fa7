import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { ENGINES } from '../helpers/engines.js';
import { ALL_SCOPES, useApi } from '../helpers/api.js';
import { seedTask, tokenIdOf } from '../helpers/seed.js';
import { generateTokenValue, hashToken } from '../../src/domain/token-format.js';
import { revokePersonalToken } from '../../src/services/tokens.js';
import { assertError } from './expect.js';

const INVALID = 'Bearer error="invalid_token"';

/** The same token with one character of its random part changed: its checksum no longer matches. */
function oneCharChanged(token: string): string {
  const i = token.length - 10;
  return token.slice(0, i) + (token[i] === 'a' ? 'b' : 'a') + token.slice(i + 1);
}

for (const engine of ENGINES) {
  describe(`authentication on ${engine}`, () => {
    const api = useApi(engine);
    // Calls without a valid token count against a per-address limit (60 a minute): each test calls
    // from an address of its own so that the limit never decides an answer here.
    let address = 0;
    const from = () => {
      address += 1;
      const ip = `198.51.100.${address}`;
      return (url: string, authorization?: string) =>
        api.app.inject({ method: 'GET', url, remoteAddress: ip, headers: authorization === undefined ? {} : { authorization } });
    };

    function assertInvalidToken(res: Awaited<ReturnType<ReturnType<typeof from>>>, label: string) {
      assert.equal(res.statusCode, 401, `${label}: ${res.body}`);
      assertError(res, 401, 'invalid_token');
      assert.equal(res.headers['www-authenticate'], INVALID, label);
    }

    it('answers 401 invalid_token with a Bearer challenge when the Authorization header is missing or empty', async () => {
      const get = from();
      assertInvalidToken(await get('/api/v1/me'), 'missing');
      assertInvalidToken(await get('/api/v1/me', ''), 'empty');
      assertInvalidToken(await get('/api/v1/tasks'), 'missing, on a route with a scope');
    });

    it('answers 401 invalid_token for a header that is not a Bearer token', async () => {
      const owner = await api.owner();
      const token = await api.token(owner);
      const get = from();
      for (const header of [token, `Basic ${Buffer.from(`x:${token}`).toString('base64')}`, `Token ${token}`, 'Bearer', 'Bearer ', `Bearer ${token} extra`, `Bearer: ${token}`, `BearerX ${token}`]) {
        assertInvalidToken(await get('/api/v1/me', header), JSON.stringify(header));
      }
    });

    it('accepts the scheme name in any case, as RFC 6750 allows', async () => {
      const owner = await api.owner();
      const token = await api.token(owner);
      const get = from();
      assert.equal((await get('/api/v1/me', `bearer ${token}`)).statusCode, 200);
      assert.equal((await get('/api/v1/me', `BEARER ${token}`)).statusCode, 200);
    });

    it('accepts several spaces between the scheme and the token, as the RFC 6750 grammar (1*SP) allows', async () => {
      const owner = await api.owner();
      const token = await api.token(owner);
      assert.equal((await from()('/api/v1/me', `Bearer  ${token}`)).statusCode, 200);
    });

    it('answers 401 invalid_token for a malformed prefix, a wrong checksum, or an unknown well-formed token', async () => {
      const owner = await api.owner();
      const token = await api.token(owner);
      const get = from();
      assert.equal((await get('/api/v1/me', `Bearer ${token}`)).statusCode, 200);
      const rest = token.slice('svc_pat_'.length);
      for (const bad of [`svc_xyz_${rest}`, `svc_PAT_${rest}`, `svc_pat${rest}`, rest, oneCharChanged(token), token.slice(0, -1), `${token}0`, generateTokenValue('pat'), generateTokenValue('test'), generateTokenValue('at')]) {
        assertInvalidToken(await get('/api/v1/me', `Bearer ${bad}`), bad);
      }
    });

    it('refuses a refresh token svc_rt_ at the API', async () => {
      const get = from();
      assertInvalidToken(await get('/api/v1/me', `Bearer ${generateTokenValue('rt')}`), 'rt');
    });

    it('takes no token from the query string', async () => {
      const owner = await api.owner();
      const token = await api.token(owner);
      assertInvalidToken(await from()(`/api/v1/me?access_token=${token}`), 'access_token');
    });

    it('answers 401 invalid_token at once for a token revoked on this instance', async () => {
      const owner = await api.owner();
      const token = await api.token(owner);
      const get = from();
      assert.equal((await get('/api/v1/tasks', `Bearer ${token}`)).statusCode, 200);
      const id = await tokenIdOf(api.rt.store.db, token);
      await revokePersonalToken(api.rt.store.db, api.clock, owner.id, id);
      api.rt.authenticator.invalidate(id);
      assertInvalidToken(await get('/api/v1/tasks', `Bearer ${token}`), 'revoked');
      assertInvalidToken(await get('/api/v1/me', `Bearer ${token}`), 'revoked');
      // Another token of the same owner is untouched.
      assert.equal((await get('/api/v1/me', `Bearer ${await api.token(owner)}`)).statusCode, 200);
    });

    it('answers 401 invalid_token for a token revoked by another instance once the 5-second cache time has passed', async () => {
      const owner = await api.owner();
      const token = await api.token(owner);
      const get = from();
      const t0 = api.clock.now();
      try {
        assert.equal((await get('/api/v1/me', `Bearer ${token}`)).statusCode, 200);
        await revokePersonalToken(api.rt.store.db, api.clock, owner.id, await tokenIdOf(api.rt.store.db, token));
        api.clock.advance(5000);
        assertInvalidToken(await get('/api/v1/me', `Bearer ${token}`), 'revoked elsewhere');
      } finally {
        api.clock.set(t0);
      }
    });

    it('answers 401 invalid_token for a token of a deleted account', async () => {
      const owner = await api.owner();
      const token = await api.token(owner);
      await api.rt.store.db.updateTable('owners').set({ deleted_at: api.clock.now() }).where('id', '=', owner.id).execute();
      api.rt.authenticator.invalidate();
      assertInvalidToken(await from()('/api/v1/me', `Bearer ${token}`), 'account deleted');
    });

    it('answers 401 token_expired, with the invalid_token challenge, from the instant a token reaches the end of its life', async () => {
      const owner = await api.owner();
      const token = await api.token(owner, ['tasks:read'], { expiresInSeconds: 7 * 86_400 });
      const get = from();
      const t0 = api.clock.now();
      try {
        api.clock.advance(7 * 86_400_000 - 1000);
        assert.equal((await get('/api/v1/tasks', `Bearer ${token}`)).statusCode, 200, 'alive one second before');
        api.clock.advance(1000);
        const res = await get('/api/v1/tasks', `Bearer ${token}`);
        assertError(res, 401, 'token_expired');
        assert.equal(res.headers['www-authenticate'], INVALID);
        assertError(await get('/api/v1/me', `Bearer ${token}`), 401, 'token_expired');
      } finally {
        api.clock.set(t0);
      }
    });

    it('answers 403 insufficient_scope naming the needed scope in WWW-Authenticate, on every route that needs one', async () => {
      const owner = await api.owner();
      const get = from();
      const task = await seedTask(api.rt.store.db, owner.id, {});
      const cases: [string, string][] = [
        ['/api/v1/appointment-types', 'availability:read'],
        ['/api/v1/events?from=2026-03-01T00:00:00Z&to=2026-03-02T00:00:00Z', 'events:read'],
        [`/api/v1/events/${task}`, 'events:read'],
        ['/api/v1/tasks', 'tasks:read'],
        [`/api/v1/tasks/${task}`, 'tasks:read'],
        ['/api/v1/requests', 'requests:read'],
        [`/api/v1/requests/${task}`, 'requests:read'],
      ];
      for (const [url, scope] of cases) {
        const token = await api.token(owner, ALL_SCOPES.filter((s) => s !== scope));
        const res = await get(url, `Bearer ${token}`);
        assertError(res, 403, 'insufficient_scope');
        assert.equal(res.headers['www-authenticate'], `Bearer error="insufficient_scope", scope="${scope}"`, url);
      }
    });

    it('answers 403 app_suspended, not insufficient_scope, to a suspended app\'s token lacking the scope', async () => {
      const owner = await api.owner();
      const db = api.rt.store.db;
      const appId = randomUUID();
      await db.insertInto('apps').values({ id: appId, name: 'Gone', suspended_at: api.clock.now(), created_at: api.clock.now() }).execute();
      const value = generateTokenValue('at');
      await db
        .insertInto('tokens')
        .values({
          id: randomUUID(), owner_id: owner.id, kind: 'at', name: 'Gone', scopes: ['events:read'], mode: 'live', token_hash: hashToken(value),
          last_four: value.slice(-4), app_id: appId, expires_at: null, created_at: api.clock.now(),
        })
        .execute();
      const res = await from()('/api/v1/tasks?limit=0', `Bearer ${value}`);
      assertError(res, 403, 'app_suspended');
      assert.equal(res.headers['www-authenticate'], undefined);
    });

    it('does not let requests:contact stand in for requests:read', async () => {
      const owner = await api.owner();
      const res = await from()('/api/v1/requests', `Bearer ${await api.token(owner, ['requests:contact'])}`);
      assertError(res, 403, 'insufficient_scope');
      assert.equal(res.headers['www-authenticate'], 'Bearer error="insufficient_scope", scope="requests:read"');
    });

    it('answers GET /me to any valid token, whatever its scopes', async () => {
      const owner = await api.owner();
      const get = from();
      for (const scopes of [['webhooks'], ['requests:create'], ['profile:read']]) {
        const res = await get('/api/v1/me', `Bearer ${await api.token(owner, scopes)}`);
        assert.equal(res.statusCode, 200, scopes.join());
        assert.deepEqual(res.json().scopes, scopes);
      }
    });

    it('lets a test token read the same data as a live one', async () => {
      const owner = await api.owner();
      await seedTask(api.rt.store.db, owner.id, { title: 'Shared' });
      const get = from();
      const live = await get('/api/v1/tasks', `Bearer ${await api.token(owner, ['tasks:read'])}`);
      const test = await get('/api/v1/tasks', `Bearer ${await api.token(owner, ['tasks:read'], { test: true })}`);
      assert.deepEqual(test.json(), live.json());
      assert.equal(test.json().data.length, 1);
    });

    it('checks in the decided order: path, then token, then scope, then parameters', async () => {
      const owner = await api.owner();
      const get = from();
      const noScope = `Bearer ${await api.token(owner, ['events:read'])}`;
      assertError(await get('/api/v1/nowhere?limit=0', 'Bearer nope'), 404, 'not_found');
      const wrongMethod = await api.app.inject({ method: 'DELETE', url: '/api/v1/tasks?limit=0', remoteAddress: '198.51.100.250', headers: { authorization: 'Bearer nope' } });
      assertError(wrongMethod, 405, 'method_not_allowed');
      assertInvalidToken(await get('/api/v1/tasks?limit=0', 'Bearer nope'), 'bad token and bad parameter');
      assertError(await get('/api/v1/tasks?limit=0', noScope), 403, 'insufficient_scope');
      assertError(await get('/api/v1/tasks?limit=0', `Bearer ${await api.token(owner, ['tasks:read'])}`), 422, 'invalid_input', 'limit');
    });
  });
}
