import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { webSession } from '../helpers/web.js';

for (const engine of ENGINES) {
  describe(`the front door, the favicon and the 404 page on ${engine}`, () => {
    const api = useApi(engine, '2026-03-30T06:00:00Z');
    const get = (url: string, headers: Record<string, string> = {}) => api.app.inject({ method: 'GET', url, headers });

    it('shows a visitor a landing page with sign-in and sign-up, and sends a signed-in owner to the console', async () => {
      const visitor = await get('/');
      assert.equal(visitor.statusCode, 200);
      assert.match(String(visitor.headers['content-type']), /^text\/html/);
      assert.match(visitor.body, /<title>calendar-access · your calendar, shared on your terms<\/title>/);
      assert.match(visitor.body, /<h1>Your calendar, shared on your terms<\/h1>/);
      assert.match(visitor.body, /<a class="button" href="\/signup">Create an account<\/a>/);
      assert.match(visitor.body, /href="\/signin">Sign in<\/a>/);
      assert.match(String(visitor.headers['content-security-policy']), /script-src 'self'/);
      const web = webSession(api);
      const made = await web.post('/signup', { username: `door-${engine}`, name: 'Ada', email: 'ada@example.com', timezone: 'Europe/Berlin', password: 'correct horse battery' });
      assert.equal(made.statusCode, 303, made.body);
      const owner = await web.get('/');
      assert.equal(owner.statusCode, 303);
      assert.equal(owner.headers.location, '/app');
    });

    it('links a favicon from every page layout and serves it as SVG', async () => {
      const pages = [await get('/'), await get('/signin'), await get('/no/such/page')];
      const web = webSession(api);
      await web.post('/signup', { username: `fav-${engine}`, name: 'Bo', email: 'bo@example.com', timezone: 'UTC', password: 'correct horse battery' });
      pages.push(await web.get('/app/account'));
      for (const page of pages) {
        const href = /<link rel="icon" href="(\/assets\/favicon-[0-9a-f]{12}\.svg)" type="image\/svg\+xml">/.exec(page.body)?.[1];
        assert.ok(href, page.body.slice(0, 400));
        const icon = await get(href);
        assert.equal(icon.statusCode, 200);
        assert.match(String(icon.headers['content-type']), /^image\/svg\+xml/);
        assert.match(icon.body, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      }
    });

    it('answers an unknown page address with a 404 page in the same style, and the API with its JSON 404', async () => {
      const landing = await get('/');
      for (const url of ['/no/such/page', '/app-nope/x', '/some-owner/book/extra', '/alice/']) {
        const res = await get(url);
        assert.equal(res.statusCode, 404, url);
        assert.match(String(res.headers['content-type']), /^text\/html/, url);
        assert.match(res.body, /<title>Page not found · calendar-access<\/title>/, url);
        assert.match(res.body, /<link rel="stylesheet" href="\/assets\/page-[0-9a-f]{12}\.css">/);
        assert.match(res.body, /<a class="button secondary" href="\/">Go to the start page<\/a>/);
        // The pages' headers and CSP, so the page's own stylesheet loads, and nothing inline would.
        assert.equal(res.headers['content-security-policy'], "default-src 'none';script-src 'self';style-src 'self';img-src 'self';form-action 'self';frame-ancestors 'none';base-uri 'none';upgrade-insecure-requests");
        for (const name of ['content-security-policy', 'referrer-policy', 'x-frame-options', 'cross-origin-resource-policy', 'strict-transport-security']) {
          assert.equal(res.headers[name], landing.headers[name], `${url}: ${name} as on every page`);
        }
        assert.ok(res.headers['svc-request-id'], 'the envelope headers still come');
      }
      const head = await api.app.inject({ method: 'HEAD', url: '/no/such/page' });
      assert.equal(head.statusCode, 404);
      for (const url of ['/api/v1/nope', '/api/v1/me/', '/oauth/nope']) {
        const res = await get(url);
        assert.equal(res.statusCode, 404, url);
        assert.match(String(res.headers['content-type']), /^application\/json/, url);
        assert.equal(res.json().error.code, 'not_found');
      }
      // Only reading a page gets the page: a post to nowhere keeps the JSON error.
      const post = await api.app.inject({ method: 'POST', url: '/no/such/page', headers: { origin: 'https://cal.example', host: 'cal.example' } });
      assert.equal(post.statusCode, 404);
      assert.match(String(post.headers['content-type']), /^application\/json/);
    });
  });
}
