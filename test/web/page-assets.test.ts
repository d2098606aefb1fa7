import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { webSession } from '../helpers/web.js';
import { bookableOwner } from '../helpers/requests.js';
import { CONSOLE_CSS } from '../../src/web/assets/console-css.js';
import { PAGE_CSS } from '../../src/web/assets/page-css.js';

/**
 * A page costs one request for its HTML plus cached static files (issue #15 point 5): at most one
 * stylesheet and one script, each at a fingerprinted address, sent with a year's `immutable`
 * lifetime and an `ETag` a revalidation answers with 304. The HTML itself is never cached (it holds
 * the signed-in owner's data and CSRF token).
 */
const IMMUTABLE = 'public, max-age=31536000, immutable';

function assetsOf(body: string): { css: string[]; js: string[] } {
  return {
    css: [...body.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => m[1]!),
    js: [...body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!),
  };
}

for (const engine of ENGINES) {
  describe(`page assets, on ${engine}`, () => {
    const api = useApi(engine, '2026-03-29T00:30:00Z');

    it('gives every page one stylesheet and at most one script, fingerprinted, cached for a year, revalidated with a 304', async () => {
      const { owner, typeId } = await bookableOwner(api);
      const web = webSession(api);
      await web.post('/signup', { username: `pa-${engine}`, name: 'Ada', timezone: 'UTC', password: 'correct horse battery' });
      const pages: [string, LightMyRequestResponse][] = [
        ['sign-in', await api.get('/signin')],
        ['sign-up', await api.get('/signup')],
        ['the console', await web.get('/app/calendar')],
        ['the console inbox', await web.get('/app/inbox')],
        ['the booking page', await api.get(`/${owner.username}`)],
        ['the booking form', await api.get(`/${owner.username}/book?type=${typeId}&start=2026-03-30T07:00:00Z`)],
        ['a page that does not exist', await api.get('/nobody-has-this-name')],
      ];
      const seen = new Set<string>();
      for (const [what, res] of pages) {
        assert.equal(res.headers['cache-control'], 'no-store', `${what}: the HTML is not cached`);
        const { css, js } = assetsOf(res.body);
        assert.equal(css.length, 1, `${what}: one stylesheet, ${css.join(', ')}`);
        assert.ok(js.length <= 1, `${what}: at most one script, ${js.join(', ')}`);
        for (const url of [...css, ...js]) {
          assert.match(url, /^\/assets\/[a-z0-9+-]+-[0-9a-f]{12}\.(css|js)$/, `${what}: a fingerprinted address`);
          seen.add(url);
        }
      }
      assert.ok([...seen].some((u) => u.startsWith('/assets/page+console-')), 'the console\'s sheet is page.css and console.css joined');
      for (const url of seen) {
        const res = await api.get(url);
        assert.equal(res.statusCode, 200, url);
        assert.equal(res.headers['cache-control'], IMMUTABLE, url);
        assert.match(String(res.headers['content-type']), url.endsWith('.css') ? /^text\/css/ : /^text\/javascript/, url);
        const etag = String(res.headers.etag);
        assert.match(etag, /^"[0-9a-f]{12}"$/, url);
        assert.ok(url.includes(etag.slice(1, -1)), `${url}: the ETag is the address's hash`);
        const again = await api.get(url, undefined, { headers: { 'if-none-match': etag } });
        assert.equal(again.statusCode, 304, `${url}: revalidated`);
        assert.equal(again.body, '');
        assert.equal(again.headers['cache-control'], IMMUTABLE);
      }
    });

    it('answers the console\'s one stylesheet as the pages\' sheet then its own, and 404 for an old hash or a name it does not have', async () => {
      const pageUrl = assetsOf((await api.get('/signin')).body).css[0]!;
      assert.match(pageUrl, /^\/assets\/page-[0-9a-f]{12}\.css$/);
      const web = webSession(api);
      await web.post('/signup', { username: `pb-${engine}`, name: 'Bo', timezone: 'UTC', password: 'correct horse battery' });
      const consoleUrl = assetsOf((await web.get('/app/todos')).body).css[0]!;
      assert.match(consoleUrl, /^\/assets\/page\+console-[0-9a-f]{12}\.css$/);
      assert.equal((await api.get(consoleUrl)).body, `${PAGE_CSS}\n${CONSOLE_CSS}`);
      for (const url of [pageUrl.replace(/-[0-9a-f]{12}\./, '-000000000000.'), '/assets/nothing-0123456789ab.css', '/assets/page+page-0123456789ab.css', '/assets/page-0123456789ab.js', '/assets/page.css']) {
        assert.equal((await api.get(url)).statusCode, 404, url);
      }
    });
  });
}
