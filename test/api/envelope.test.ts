import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { ENGINES } from '../helpers/engines.js';
import { ALL_SCOPES, useApi, type ApiHarness } from '../helpers/api.js';
import { seedRequest, seedTask, setBooking } from '../helpers/seed.js';
import { assertEnvelope, assertError, FIELDS, keys, REQUEST_ID } from './expect.js';

for (const engine of ENGINES) {
  describe(`the envelope of every answer, and the fields of GET /me, on ${engine}`, () => {
    const api = useApi(engine);
    const ORIGIN = { origin: 'https://evil.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' };

    describe('the envelope', () => {
      it('carries Svc-Request-Id, Cache-Control no-store, the RateLimit headers and no CORS header on every kind of answer', async () => {
        const owner = await api.owner();
        const token = await api.token(owner, ['tasks:read']);
        const other = await api.owner();
        const foreign = await seedTask(api.rt.store.db, other.id, {});
        const answers: [number, LightMyRequestResponse][] = [];
        const call = async (status: number, url: string, authorization?: string, method: 'GET' | 'OPTIONS' | 'POST' | 'HEAD' = 'GET', remoteAddress = '192.0.2.1') => {
          const res = await api.app.inject({ method, url, remoteAddress, headers: { ...ORIGIN, ...(authorization ? { authorization: `Bearer ${authorization}` } : {}) } });
          assert.equal(res.statusCode, status, `${method} ${url}: ${res.body}`);
          answers.push([status, res]);
          return res;
        };
        await call(200, '/api/v1/tasks', token);
        await call(200, '/api/v1/me', token, 'HEAD');
        await call(401, '/api/v1/tasks');
        await call(403, '/api/v1/requests', token);
        await call(404, '/api/v1/unknown', token);
        await call(404, `/api/v1/tasks/${foreign}`, token);
        await call(405, '/api/v1/tasks', token, 'POST');
        await call(405, '/api/v1/tasks', token, 'OPTIONS');
        await call(422, '/api/v1/tasks?limit=0', token);
        for (let i = 0; i < 60; i++) await api.app.inject({ method: 'GET', url: '/api/v1/me', remoteAddress: '192.0.2.99' });
        await call(429, '/api/v1/me', undefined, 'GET', '192.0.2.99');
        const ids = new Set<string>();
        for (const [status, res] of answers) {
          assertEnvelope(res, String(status));
          ids.add(String(res.headers['svc-request-id']));
          if (status >= 400) {
            const error = res.json().error;
            assert.equal(error.requestId, res.headers['svc-request-id'], `${status}: requestId equals the header`);
            assert.deepEqual(keys(error), status === 422 ? FIELDS.errorWithField : FIELDS.error, `${status}: ${res.body}`);
            assert.match(String(res.headers['content-type']), /^application\/json; charset=utf-8$/);
          }
        }
        assert.equal(ids.size, answers.length, 'a new request id for every answer');
        assert.equal(answers.find(([s]) => s === 429)![1].headers['retry-after'], '60');
      });

      it('answers OPTIONS, a CORS preflight included, with 405 and Allow: GET, HEAD on every path of the API', async () => {
        const owner = await api.owner();
        const token = await api.token(owner, ALL_SCOPES);
        const id = randomUUID();
        for (const url of ['/api/v1/me', '/api/v1/appointment-types', '/api/v1/events', `/api/v1/events/${id}`, '/api/v1/tasks', `/api/v1/tasks/${id}`, '/api/v1/requests', `/api/v1/requests/${id}`]) {
          for (const headers of [ORIGIN, { ...ORIGIN, authorization: `Bearer ${token}` }]) {
            const res = await api.app.inject({ method: 'OPTIONS', url, headers });
            assertError(res, 405, 'method_not_allowed');
            assert.equal(res.headers.allow, 'GET, HEAD', url);
          }
        }
      });

      it('answers 404 not_found, not 422, for an empty path id (a trailing slash)', async () => {
        const owner = await api.owner();
        const token = await api.token(owner, ALL_SCOPES);
        for (const route of ['tasks', 'requests', 'events']) assertError(await api.get(`/api/v1/${route}/`, token), 404, 'not_found');
      });

      it('answers 404 not_found, not 400 bad_request echoing the path, for a path id of any length beyond a uuid', async () => {
        const owner = await api.owner();
        const token = await api.token(owner, ALL_SCOPES);
        for (const route of ['tasks', 'requests', 'events']) {
          assertError(await api.get(`/api/v1/${route}/${'x'.repeat(100)}`, token), 404, 'not_found');
          for (const id of ['x'.repeat(101), `${randomUUID()}@${'2026-03-29T00:30:00Z'.repeat(4)}`, 'x'.repeat(1000), 'x'.repeat(1001), 'x'.repeat(5000)]) {
            const res = await api.get(`/api/v1/${route}/${id}`, token);
            const error = assertError(res, 404, 'not_found');
            assert.equal(error.message.includes('xxxxxxxxxx'), false, 'the path is not echoed back');
          }
        }
      });

      it('answers a server fault with 500 internal, the whole envelope and nothing of the fault itself', async () => {
        const owner = await api.owner();
        const token = await api.token(owner, ['tasks:read']);
        const res = await withFailingDb(api, Object.assign(new Error('relation "tasks" does not exist'), { code: '42P01' }), () => api.get('/api/v1/tasks', token));
        const error = assertError(res, 500, 'internal');
        assert.equal(res.body.includes('tasks'), false, res.body);
        assert.equal(res.body.toLowerCase().includes('relation'), false, res.body);
        assert.equal(res.headers['ratelimit-limit'], '600');
        assert.match(error.message, /requestId/);
      });

      it('answers 503 unavailable with Retry-After when the database does not answer, so clients retry', async () => {
        const owner = await api.owner();
        const token = await api.token(owner, ['tasks:read']);
        const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
        const res = await withFailingDb(api, refused, () => api.get('/api/v1/tasks', token));
        assertError(res, 503, 'unavailable');
        assert.equal(res.headers['retry-after'], '1');
        assert.equal(res.body.includes('ECONNREFUSED'), false, res.body);
        assert.equal((await api.get('/api/v1/tasks', token)).statusCode, 200, 'answers again once the database is back');
      });

      it('never takes a request id from the caller', async () => {
        const owner = await api.owner();
        const res = await api.get('/api/v1/me', await api.token(owner), { headers: { 'svc-request-id': 'req_AAAAAAAAAAAAAAAAAAAAAA', 'x-request-id': 'mine' } });
        assert.match(String(res.headers['svc-request-id']), REQUEST_ID);
        assert.notEqual(res.headers['svc-request-id'], 'req_AAAAAAAAAAAAAAAAAAAAAA');
      });

      it('answers 200 bodies as JSON in UTF-8 and keeps non-ASCII text intact', async () => {
        const owner = await api.owner();
        const token = await api.token(owner, ['tasks:read']);
        await seedTask(api.rt.store.db, owner.id, { title: 'Zahnarzt – Müller 🦷', description: '日本語' });
        const res = await api.get('/api/v1/tasks', token);
        assert.match(String(res.headers['content-type']), /^application\/json; charset=utf-8$/);
        assert.equal(res.json().data[0].title, 'Zahnarzt – Müller 🦷');
        assert.equal(res.json().data[0].description, '日本語');
      });

      it('refuses an unknown query parameter on every route with 422 invalid_input naming it', async () => {
        const owner = await api.owner();
        const token = await api.token(owner, ALL_SCOPES);
        await setBooking(api.rt.store.db, owner.id, true);
        const task = await seedTask(api.rt.store.db, owner.id, {});
        const request = await seedRequest(api.rt.store.db, owner.id, {});
        const window = 'from=2026-03-01T00:00:00Z&to=2026-03-02T00:00:00Z';
        const urls = [
          '/api/v1/me?', '/api/v1/appointment-types?', `/api/v1/events?${window}&`, `/api/v1/events/${randomUUID()}?`, '/api/v1/tasks?',
          `/api/v1/tasks/${task}?`, '/api/v1/requests?', `/api/v1/requests/${request}?`,
        ];
        for (const url of urls) {
          assertError(await api.get(`${url}verbose=1`, token), 422, 'invalid_input', 'verbose');
          assertError(await api.get(`${url}Limit=1`, token), 422, 'invalid_input', 'Limit');
        }
      });
    });

    describe('Account fields', () => {
      it('GET /me answers exactly accountId, scopes, mode and profile, and the profile exactly its five fields', async () => {
        const owner = await api.owner('America/Los_Angeles');
        const res = await api.get('/api/v1/me', await api.token(owner, ALL_SCOPES));
        assert.deepEqual(keys(res.json()), FIELDS.account);
        assert.deepEqual(keys(res.json().profile), FIELDS.profile);
        assert.deepEqual(res.json().scopes, ALL_SCOPES);
        assert.equal(res.json().profile.timezone, 'America/Los_Angeles');
      });
    });
  });
}

/**
 * Runs `call` while every query the route handlers make fails with `fault`. The fault is injected in
 * the handlers' executor rather than in the shared catalog (renaming a table would race the other
 * test files migrating on the same PostgreSQL server).
 */
async function withFailingDb<T>(api: ApiHarness, fault: Error, call: () => Promise<T>): Promise<T> {
  const services = api.rt;
  const real = services.db;
  services.db = new Proxy(real, {
    get: (target, key, receiver) => {
      if (key === 'selectFrom' || key === 'executeQuery' || key === 'transaction') return () => { throw fault; };
      return Reflect.get(target, key, receiver);
    },
  });
  try {
    return await call();
  } finally {
    services.db = real;
  }
}
