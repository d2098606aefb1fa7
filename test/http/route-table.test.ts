import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { ENGINES } from '../helpers/engines.js';
import { ALL_SCOPES, useApi } from '../helpers/api.js';
import { assertError } from '../api/expect.js';
import { generateTokenValue } from '../../src/domain/token-format.js';
import { generateOpenApi } from '../../src/http/openapi.js';
import type { AnyRoute } from '../../src/http/route.js';
import { API_ROUTES } from '../../src/http/routes/index.js';

const INVALID = 'Bearer error="invalid_token"';

/** A call of `route` as a client would make it: path ids filled in, a JSON body and an Idempotency-Key on a POST. */
function request(route: AnyRoute, authorization: string | undefined, remoteAddress = '127.0.0.1') {
  const url = `/api/v1${route.url.replace(/:[A-Za-z]+/g, () => randomUUID())}`;
  const headers: Record<string, string> = authorization === undefined ? {} : { authorization };
  if (route.method === 'GET') return { method: route.method, url, remoteAddress, headers };
  // The guard runs before the body is read (onRequest): any body reaches it.
  return { method: route.method, url, remoteAddress, headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() }, payload: '{}' };
}

const label = (route: AnyRoute) => `${route.method} ${route.url}`;

for (const engine of ENGINES) {
  describe(`the guard over every route of the API on ${engine}`, () => {
    const api = useApi(engine);
    let addresses = 0;
    /** Calls without a valid token count per address (60 a minute): each test calls from its own. */
    const address = () => `203.0.113.${++addresses}`;
    const call = (route: AnyRoute, authorization?: string, remoteAddress?: string) => api.app.inject(request(route, authorization, remoteAddress));

    /** The OpenAPI document must list, on each route, every code the guard answered there. */
    let documented: Record<string, Record<string, { responses: Record<string, { description: string }> }>>;
    before(async () => {
      documented = (await generateOpenApi()).paths as typeof documented;
    });
    function assertDocumented(route: AnyRoute, res: LightMyRequestResponse) {
      const path = route.url.replace(/:([A-Za-z]+)/g, '{$1}');
      const description = documented[path]?.[route.method.toLowerCase()]?.responses[String(res.statusCode)]?.description ?? '';
      assert.ok(description.split(', ').includes(res.json().error.code), `${label(route)}: openapi.json lists ${res.statusCode} ${res.json().error.code}`);
    }

    it('covers every route of the API list', () => {
      assert.ok(API_ROUTES.length >= 14, 'the 14 routes of the spec at least');
      assert.equal(new Set(API_ROUTES.map(label)).size, API_ROUTES.length);
    });

    it('answers 401 invalid_token with the Bearer challenge on every route when no token is sent', async () => {
      const from = address();
      for (const route of API_ROUTES) {
        const res = await call(route, undefined, from);
        assertError(res, 401, 'invalid_token');
        assert.equal(res.headers['www-authenticate'], INVALID, label(route));
        assertDocumented(route, res);
      }
    });

    it('answers 401 invalid_token with the Bearer challenge on every route for a well-formed token nobody issued', async () => {
      const from = address();
      for (const route of API_ROUTES) {
        const res = await call(route, `Bearer ${generateTokenValue('pat')}`, from);
        assertError(res, 401, 'invalid_token');
        assert.equal(res.headers['www-authenticate'], INVALID, label(route));
      }
    });

    it('answers 401 token_expired with the Bearer challenge on every route once the token has reached the end of its life', async () => {
      const owner = await api.owner();
      const token = await api.token(owner, ALL_SCOPES, { expiresInSeconds: 7 * 86_400 });
      const t0 = api.clock.now();
      try {
        api.clock.advance(7 * 86_400_000);
        for (const route of API_ROUTES) {
          const res = await call(route, `Bearer ${token}`);
          assertError(res, 401, 'token_expired');
          assert.equal(res.headers['www-authenticate'], INVALID, label(route));
          assertDocumented(route, res);
        }
      } finally {
        api.clock.set(t0);
      }
    });

    it("answers 403 app_suspended on every route to a suspended app's token, whatever its scopes", async () => {
      const owner = await api.owner();
      const value = await api.suspendedAppToken(owner, ALL_SCOPES);
      for (const route of API_ROUTES) {
        const res = await call(route, `Bearer ${value}`);
        assertError(res, 403, 'app_suspended');
        assert.equal(res.headers['www-authenticate'], undefined, label(route));
        assertDocumented(route, res);
      }
    });

    it('answers 403 insufficient_scope naming the scope in WWW-Authenticate on every route that needs one, to a token holding every other scope', async () => {
      const owner = await api.owner();
      const scoped = API_ROUTES.filter((r) => r.scope !== null);
      assert.ok(scoped.length >= 13, 'every route but GET /me needs a scope');
      for (const route of scoped) {
        const token = await api.token(owner, ALL_SCOPES.filter((s) => s !== route.scope));
        const res = await call(route, `Bearer ${token}`);
        assertError(res, 403, 'insufficient_scope');
        assert.equal(res.headers['www-authenticate'], `Bearer error="insufficient_scope", scope="${route.scope}"`, label(route));
        assertDocumented(route, res);
      }
    });

    it("lets a token holding only the route's scope past the guard on every route", async () => {
      const owner = await api.owner();
      for (const route of API_ROUTES) {
        const token = await api.token(owner, route.scope ? [route.scope] : ['profile:read']);
        const res = await call(route, `Bearer ${token}`);
        // Past the guard the route answers for itself: a page, or its own 404 or 422 for the made-up call.
        assert.ok([200, 201, 404, 422].includes(res.statusCode), `${label(route)}: ${res.statusCode} ${res.body}`);
      }
    });

    it('answers 429 rate_limited with Retry-After on every route once the token has used up the budget of its rate class', async () => {
      const classes = [...new Set(API_ROUTES.map((r) => r.rateClass))];
      assert.deepEqual(classes.sort(), ['availability', 'create', 'read']);
      for (const rateClass of classes) {
        const routes = API_ROUTES.filter((r) => r.rateClass === rateClass);
        // A fresh owner per class: the owner's total of all tokens never decides here.
        const token = `Bearer ${await api.token(await api.owner(), ALL_SCOPES)}`;
        let calls = 0;
        while ((await call(routes[0]!, token)).statusCode !== 429) assert.ok(++calls <= 600, `${rateClass}: limited within 600 calls`);
        for (const route of routes) {
          const res = await call(route, token);
          assertError(res, 429, 'rate_limited');
          assert.match(String(res.headers['retry-after']), /^[1-9]\d*$/, label(route));
          assertDocumented(route, res);
        }
      }
    });

    it('answers 429 rate_limited with Retry-After on every route to an address that has guessed tokens 60 times in a minute', async () => {
      const from = address();
      for (let i = 0; i < 60; i++) assertError(await call(API_ROUTES[0]!, `Bearer ${generateTokenValue('pat')}`, from), 401, 'invalid_token');
      for (const route of API_ROUTES) {
        const res = await call(route, `Bearer ${generateTokenValue('pat')}`, from);
        assertError(res, 429, 'rate_limited');
        assert.match(String(res.headers['retry-after']), /^[1-9]\d*$/, label(route));
      }
    });
  });
}
