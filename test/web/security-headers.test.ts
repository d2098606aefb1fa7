import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import Fastify, { type LightMyRequestResponse, type RouteOptions } from 'fastify';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { webSession } from '../helpers/web.js';
import { appointmentBody, bookableOwner, post } from '../helpers/requests.js';
import { pagesPlugin } from '../../src/web/pages-plugin.js';

/**
 * Every answer carries security headers (issue #11 point 8): every HTML answer, errors and 404s
 * included, a strict Content-Security-Policy with nothing inline allowed, nosniff and no framing;
 * the API the headers that make sense for JSON. The pages pass their own CSP as they are: no inline
 * script, style element, style attribute or event handler anywhere (the browser tests check the
 * same in chromium, test/browser/csp.test.ts).
 */
function assertPageHeaders(res: LightMyRequestResponse, what: string): void {
  const csp = String(res.headers['content-security-policy'] ?? '');
  assert.match(String(res.headers['content-type']), /^text\/html/, `${what}: an HTML answer`);
  assert.match(csp, /(^|;)default-src 'none'(;|$)/, `${what}: ${csp}`);
  assert.match(csp, /(^|;)script-src 'self'(;|$)/, `${what}: ${csp}`);
  assert.match(csp, /(^|;)style-src 'self'(;|$)/, `${what}: ${csp}`);
  assert.match(csp, /(^|;)frame-ancestors 'none'(;|$)/, `${what}: ${csp}`);
  assert.match(csp, /(^|;)form-action 'self'(;|$)/, `${what}: ${csp}`);
  assert.doesNotMatch(csp, /unsafe/, `${what}: ${csp}`);
  assert.equal(res.headers['x-content-type-options'], 'nosniff', what);
  assert.equal(res.headers['x-frame-options'], 'DENY', what);
  assert.equal(res.headers['referrer-policy'], 'same-origin', what);
  assert.equal(res.headers['strict-transport-security'], 'max-age=31536000', `${what}: the service is reached over https`);
}

/** Nothing a strict CSP would block: inline scripts, style elements and attributes, event handlers. */
function assertNothingInline(body: string, what: string): void {
  assert.doesNotMatch(body, /<script(?![^>]*\ssrc=)[^>]*>/i, `${what}: an inline script`);
  assert.doesNotMatch(body, /<style[\s>]/i, `${what}: a style element`);
  assert.doesNotMatch(body, /<[a-z][^>]*\sstyle=/i, `${what}: a style attribute`);
  assert.doesNotMatch(body, /<[a-z][^>]*\son[a-z]+=/i, `${what}: an event handler attribute`);
  assert.doesNotMatch(body, /javascript:/i, `${what}: a javascript: address`);
}

/** Every GET route of the console without a path parameter, as registered. */
async function consolePages(services: Parameters<typeof pagesPlugin>[1]['services']): Promise<string[]> {
  const bare = Fastify();
  const found: string[] = [];
  bare.addHook('onRoute', (route: RouteOptions) => {
    if ([route.method].flat().includes('GET') && route.url.startsWith('/app/') && !route.url.includes(':')) found.push(route.url);
  });
  await bare.register(pagesPlugin, { services });
  await bare.ready();
  await bare.close();
  return found;
}

for (const engine of ENGINES) {
  describe(`security headers, on ${engine}`, () => {
    const api = useApi(engine, '2026-03-29T00:30:00Z');

    it('puts the pages\' headers and strict CSP on every kind of HTML answer, errors and 404s included', async () => {
      const { owner, typeId, token } = await bookableOwner(api);
      const created = await post(api, '/api/v1/requests/appointments', token, appointmentBody(typeId, '2026-03-30T07:00:00Z', '2026-03-30T07:30:00Z'));
      assert.equal(created.statusCode, 201, created.body);
      const status = new URL(created.json().statusUrl.url).pathname;
      const web = webSession(api);
      await web.post('/signup', { username: `sh-${engine}-1`, name: 'Ada', timezone: 'UTC', password: 'correct horse battery' });
      const answers: [string, LightMyRequestResponse, number][] = [
        ['sign-in', await api.get('/signin'), 200],
        ['sign-up', await api.get('/signup'), 200],
        ['the console', await web.get('/app/calendar'), 200],
        ['the booking page', await api.get(`/${owner.username}`), 200],
        ['the booking form', await api.get(`/${owner.username}/book?type=${typeId}&start=2026-03-30T07:00:00Z`), 200],
        ['a booking page that does not exist', await api.get('/nobody-has-this-name'), 404],
        ['the status page', await api.get(status), 200],
        ['a status link that does not work', await api.get(`${status.slice(0, -3)}xyz`), 404],
        ['a form from another site', await web.post('/signin', { username: 'x', password: 'y' }, { origin: 'https://evil.example' }), 403],
        ['a console form without its token', await web.post('/app/account/password', { current: 'x', password: 'y' }), 403],
      ];
      for (const [what, res, code] of answers) {
        assert.equal(res.statusCode, code, `${what}: ${res.body.slice(0, 200)}`);
        assertPageHeaders(res, what);
        assertNothingInline(res.body, what);
      }
    });

    it('serves every console page with nothing inline for the CSP to block', async () => {
      const web = webSession(api);
      await web.post('/signup', { username: `sh-${engine}-2`, name: 'Bo', timezone: 'Europe/Berlin', password: 'correct horse battery' });
      const pages = await consolePages(api.rt);
      assert.ok(pages.length >= 10, `found ${pages.length} console pages`);
      for (const url of pages) {
        const res = await web.get(url);
        if (res.statusCode === 303) continue;
        assert.equal(res.statusCode, 200, `${url}: ${res.body.slice(0, 200)}`);
        assertPageHeaders(res, url);
        assertNothingInline(res.body, url);
      }
    });

    it('serves the pages\' stylesheets and scripts from this site, with their types and nosniff', async () => {
      const page = await api.get('/signup');
      const sources = [...page.body.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
      assert.ok(sources.some((s) => s.endsWith('.css')) && sources.some((s) => s.endsWith('.js')), sources.join(' '));
      for (const src of sources) {
        const res = await api.get(src);
        assert.equal(res.statusCode, 200, src);
        assert.match(String(res.headers['content-type']), src.endsWith('.css') ? /^text\/css/ : src.endsWith('.svg') ? /^image\/svg\+xml/ : /^text\/javascript/);
        assert.equal(res.headers['x-content-type-options'], 'nosniff');
      }
    });

    it('gives every API answer nosniff, no framing and a CSP that loads nothing', async () => {
      const owner = await api.owner();
      const token = await api.token(owner);
      const answers: [string, LightMyRequestResponse][] = [
        ['200', await api.get('/api/v1/me', token)],
        ['401', await api.get('/api/v1/me')],
        ['404', await api.get('/api/v1/nothing-here', token)],
        ['405', await api.app.inject({ method: 'DELETE', url: '/api/v1/me' })],
        ['the OpenAPI document', await api.get('/openapi.json')],
      ];
      for (const [what, res] of answers) {
        assert.match(String(res.headers['content-type']), /^application\/json/, what);
        assert.equal(res.headers['x-content-type-options'], 'nosniff', what);
        assert.equal(res.headers['x-frame-options'], 'DENY', what);
        assert.equal(res.headers['content-security-policy'], "default-src 'none';frame-ancestors 'none'", what);
        assert.equal(res.headers['referrer-policy'], 'no-referrer', what);
        assert.equal(res.headers['cache-control'], 'no-store', what);
      }
    });
  });
}
