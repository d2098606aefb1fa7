import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import Fastify, { type RouteOptions } from 'fastify';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { webSession } from '../helpers/web.js';
import { pagesPlugin } from '../../src/web/pages-plugin.js';

/**
 * Every page request that can change something must come from this site (issue #11 point 9): one
 * hook of the pages plugin checks Origin (or Referer without it) before any handler, so a route
 * added tomorrow is covered without a line of its own. The walk finds the routes the way Fastify
 * registers them, so a new form is walked too.
 */
const REFUSED = /This form came from another site/;

/** Every route of the pages plugin whose method can change something, as registered. */
async function unsafePageRoutes(services: Parameters<typeof pagesPlugin>[1]['services']): Promise<{ method: string; url: string }[]> {
  const bare = Fastify();
  const found: { method: string; url: string }[] = [];
  bare.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) if (!['GET', 'HEAD', 'OPTIONS'].includes(method)) found.push({ method, url: route.url });
  });
  await bare.register(pagesPlugin, { services });
  await bare.ready();
  await bare.close();
  return found;
}

for (const engine of ENGINES) {
  describe(`page posts come from this site, on ${engine}`, () => {
    const api = useApi(engine, '2026-03-29T00:30:00Z');

    it('refuses a sign-out carrying the right CSRF token from another origin, and the owner stays signed in', async () => {
      const web = webSession(api);
      assert.equal((await web.post('/signup', { username: `so-${engine}-1`, name: 'Ada', timezone: 'UTC', password: 'correct horse battery' })).statusCode, 303);
      const refused = await web.submit('/signout', {}, { origin: 'https://evil.example' });
      assert.equal(refused.statusCode, 403);
      assert.match(refused.body, REFUSED);
      assert.equal((await web.get('/app/account')).statusCode, 200, 'still signed in');
      assert.equal((await web.submit('/signout', {})).statusCode, 303, 'from this site it signs out');
      assert.equal((await web.get('/app/account')).statusCode, 303);
    });

    it('walks every page route that takes a post and refuses it from another origin, from nowhere said, and from a null origin', async () => {
      const routes = await unsafePageRoutes(api.rt);
      assert.ok(routes.length >= 30, `found only ${routes.length} page post routes`);
      const web = webSession(api);
      const username = `so-${engine}-2`;
      await web.post('/signup', { username, name: 'Bo', timezone: 'UTC', password: 'correct horse battery' });
      const csrf = /name="_csrf" value="([^"]+)"/.exec((await web.get('/app/account')).body)?.[1] ?? '';
      const params: Record<string, string> = { username, id: randomUUID(), token: 'x'.repeat(43), action: 'withdraw' };
      const foreign: Record<string, string>[] = [
        { origin: 'https://evil.example' },
        { origin: 'http://cal.example.evil.example' },
        { origin: 'null' },
        { referer: 'https://evil.example/page' },
        {},
      ];
      for (const { method, url } of routes) {
        const path = url.replace(/:(\w+)/g, (_m, name: string) => params[name] ?? 'x');
        for (const headers of foreign) {
          const res = await api.app.inject({
            method: method as 'POST',
            url: path,
            headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'cal.example', cookie: web.cookie(), ...headers },
            payload: new URLSearchParams({ _csrf: csrf, name: 'x' }).toString(),
          });
          assert.equal(res.statusCode, 403, `${method} ${url} with ${JSON.stringify(headers)}: ${res.statusCode}`);
          assert.match(res.body, REFUSED, `${method} ${url}`);
        }
      }
      assert.equal((await web.get('/app/account')).statusCode, 200, 'nothing signed the owner out or deleted the account');
    });

    it('takes a post whose Referer is this site when the browser sends no Origin', async () => {
      const res = await api.app.inject({
        method: 'POST',
        url: '/signin',
        headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'cal.example', referer: 'https://cal.example/signin' },
        payload: new URLSearchParams({ username: 'nobody-here', password: 'not the password' }).toString(),
      });
      assert.equal(res.statusCode, 422, 'reached the sign-in handler');
      assert.doesNotMatch(res.body, REFUSED);
    });

    it('takes a post from the public address even when the request reached another host name', async () => {
      const res = await api.app.inject({
        method: 'POST',
        url: '/signin',
        headers: { 'content-type': 'application/x-www-form-urlencoded', host: '10.0.0.7:3000', origin: 'https://cal.example' },
        payload: new URLSearchParams({ username: 'nobody-here', password: 'not the password' }).toString(),
      });
      assert.equal(res.statusCode, 422);
    });
  });
}
