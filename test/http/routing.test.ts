import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { generateTokenValue, hashToken } from '../../src/domain/token-format.js';

for (const engine of ENGINES) {
  describe(`routing and token kinds on ${engine}`, () => {
    const api = useApi(engine, '2026-10-25T00:30:00Z');

    it('answers 405 with Allow for a known path with another method, before reading a broken body', async () => {
      const res = await api.app.inject({ method: 'POST', url: '/api/v1/tasks', payload: '{not json', headers: { 'content-type': 'application/json' } });
      assert.equal(res.statusCode, 405);
      assert.equal(res.headers.allow, 'GET, HEAD');
      assert.equal(res.json().error.code, 'method_not_allowed');
    });

    it('answers GET /requests/tasks and /requests/appointments with 405 Allow: POST, not as a request named "tasks"', async () => {
      const token = await api.token(await api.owner());
      for (const url of ['/api/v1/requests/tasks', '/api/v1/requests/appointments']) {
        for (const method of ['GET', 'HEAD', 'OPTIONS', 'DELETE'] as const) {
          const res = await api.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
          assert.equal(res.statusCode, 405, `${method} ${url}`);
          assert.equal(res.headers.allow, 'POST', `${method} ${url}`);
          if (method !== 'HEAD') assert.equal(res.json().error.code, 'method_not_allowed');
        }
      }
      // A request id is still a request id.
      const res = await api.get(`/api/v1/requests/${randomUUID()}`, token);
      assert.equal(res.statusCode, 404);
    });

    it('answers 404 with the whole envelope for an unknown path and for a path that is not valid percent-encoding', async () => {
      for (const url of ['/api/v1/nope', '/api/v1/tasks/%E0%A4%A', '/api/v2/me', '/api/v1/me/']) {
        const res = await api.app.inject({ method: 'GET', url });
        assert.equal(res.statusCode, 404, url);
        assert.match(String(res.headers['svc-request-id']), /^req_[A-Za-z0-9_-]{22}$/);
        assert.equal(res.headers['cache-control'], 'no-store');
        assert.equal(res.headers['ratelimit-limit'], '60');
        assert.equal(res.json().error.requestId, res.headers['svc-request-id']);
      }
    });

    it('answers a trailing slash or an empty segment with 404 on every route alike, naming the path meant, whatever the query', async () => {
      const owner = await api.owner('America/New_York');
      const token = await api.token(owner);
      const cases: [string, string][] = [
        ['/api/v1/me/', '/api/v1/me'],
        ['/api/v1/events/?from=2026-10-24T00:00:00Z&to=2026-10-31T00:00:00Z', '/api/v1/events'],
        ['/api/v1/tasks/?limit=5', '/api/v1/tasks'],
        ['/api/v1/requests/', '/api/v1/requests'],
        ['/api/v1/webhook-events/', '/api/v1/webhook-events'],
        ['/api/v1/appointment-types/', '/api/v1/appointment-types'],
        ['/api/v1/requests//withdraw', '/api/v1/requests/withdraw'],
      ];
      for (const [url, meant] of cases) {
        const res = await api.get(url, token);
        assert.equal(res.statusCode, 404, url);
        assert.equal(res.json().error.code, 'not_found', url);
        assert.ok(res.json().error.message.includes(`did you mean ${meant}?`), res.json().error.message);
      }
      // Without the slash, the same calls are answered.
      assert.equal((await api.get('/api/v1/events?from=2026-10-24T00:00:00Z&to=2026-10-31T00:00:00Z', token)).statusCode, 200);
      assert.equal((await api.get('/api/v1/tasks?limit=5', token)).statusCode, 200);
      const post = await api.app.inject({ method: 'POST', url: '/api/v1/requests//withdraw', headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'k'.repeat(20) } });
      assert.equal(post.statusCode, 404);
    });

    it('serves the OpenAPI document without a token, outside /api/v1', async () => {
      const res = await api.app.inject({ method: 'GET', url: '/openapi.json' });
      assert.equal(res.statusCode, 200);
      assert.equal(res.json().openapi, '3.1.0');
      assert.equal(res.headers['cache-control'], 'no-store');
    });

    it('accepts an OAuth access token svc_at_ and answers 403 app_suspended once its app is suspended', async () => {
      const owner = await api.owner('Europe/Berlin');
      const db = api.rt.store.db;
      const appId = randomUUID();
      await db.insertInto('apps').values({ id: appId, name: 'Scheduler', suspended_at: null, created_at: api.clock.now() }).execute();
      const value = generateTokenValue('at');
      await db
        .insertInto('tokens')
        .values({
          id: randomUUID(), owner_id: owner.id, kind: 'at', name: 'Scheduler', scopes: ['events:read'], mode: 'live', token_hash: hashToken(value),
          last_four: value.slice(-4), app_id: appId, expires_at: new Date('2026-10-25T01:30:00Z'), created_at: api.clock.now(),
        })
        .execute();
      assert.ok(value.startsWith('svc_at_'));
      assert.equal((await api.get('/api/v1/me', value)).statusCode, 200);
      await db.updateTable('apps').set({ suspended_at: api.clock.now() }).where('id', '=', appId).execute();
      api.rt.authenticator.invalidate();
      const res = await api.get('/api/v1/me', value);
      assert.equal(res.statusCode, 403);
      assert.equal(res.json().error.code, 'app_suspended');
    });

    it('refuses a refresh token svc_rt_ at the API with 401 invalid_token', async () => {
      const res = await api.get('/api/v1/me', generateTokenValue('rt'));
      assert.equal(res.statusCode, 401);
      assert.equal(res.json().error.code, 'invalid_token');
    });
  });
}
