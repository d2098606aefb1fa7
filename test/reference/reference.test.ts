import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { EVENT_TYPES } from '../../src/domain/webhook-events.js';
import { createOwner } from '../../src/services/owners.js';
import { GUIDES, guidesMarkdown, readDoc, sectionOf } from '../../src/reference/guides.js';
import { referenceSite } from '../../src/reference/site.js';
import { useApi } from '../helpers/api.js';

/**
 * The API reference (issue #14 point 2) as the server answers it: the page under its own narrow
 * CSP with nothing inline, the renderer's files served from this site, and the document with the
 * guides of docs/ and an example payload for every webhook event type. The browser test
 * (test/browser/reference.test.ts) draws it in chromium. No storage is read: one engine suffices.
 */
type Doc = { info: { description: string }; webhooks: Record<string, { post: { requestBody: { content: { 'application/json': { example?: { type?: string } } } } } }> };

describe('the API reference at /docs', () => {
  const api = useApi('pglite');

  it('serves a page with no inline script or style, under a CSP that widens the pages\' only by data: images and same-site fetches', async () => {
    const res = await api.app.inject({ method: 'GET', url: '/docs' });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/html/);
    const csp = String(res.headers['content-security-policy']);
    // The test service is reached over https: its pages upgrade any http address.
    assert.equal(csp, "default-src 'none';script-src 'self';style-src 'self';img-src 'self' data:;connect-src 'self';form-action 'self';frame-ancestors 'none';base-uri 'none';upgrade-insecure-requests");
    assert.equal(res.headers['x-frame-options'], 'DENY');
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.doesNotMatch(res.body, /<script(?![^>]*\ssrc=)[^>]*>/i, 'an inline script');
    assert.doesNotMatch(res.body, /<style[\s>]|\sstyle=|\son[a-z]+=/i, 'an inline style or handler');
    assert.doesNotMatch(res.body, /https?:\/\//, 'an address of another site');
    const assets = [...res.body.matchAll(/(?:src|href)="(\/docs\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    assert.equal(assets.length, 4);
    for (const url of assets) {
      const file = await api.app.inject({ method: 'GET', url });
      assert.equal(file.statusCode, 200, url);
      assert.match(String(file.headers['content-type']), url.endsWith('.js') ? /^text\/javascript/ : /^text\/css/);
      assert.equal(file.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.doesNotMatch(file.body, /sourceMappingURL=/, `${url}: no source map for the browser to ask for`);
      assert.doesNotMatch(file.body, /fonts\.googleapis|@font-face|@import url/, `${url}: no web font`);
    }
    assert.equal((await api.app.inject({ method: 'GET', url: '/docs/' })).headers.location, '/docs');
  });

  it('answers the document with the guides and an example payload of every webhook event type', async () => {
    const res = await api.app.inject({ method: 'GET', url: '/docs/openapi.json' });
    assert.equal(res.statusCode, 200);
    const doc = res.json() as Doc;
    for (const guide of GUIDES) assert.ok(doc.info.description.includes(`<summary>${guide.title}</summary>`), guide.title);
    assert.match(doc.info.description, /Idempotency-Key/);
    assert.match(doc.info.description, /RateLimit-Reset/);
    assert.match(doc.info.description, /nextCursor/);
    assert.deepEqual(Object.keys(doc.webhooks).sort(), [...EVENT_TYPES].sort());
    for (const type of EVENT_TYPES) assert.equal(doc.webhooks[type]!.post.requestBody.content['application/json'].example?.type, type, type);
    // The API's own document is the same but for the guides and the address its samples call
    // (PUBLIC_BASE_URL here, test/reference/samples-address.test.ts).
    const served = (await api.app.inject({ method: 'GET', url: '/openapi.json' })).json() as Doc;
    const atDefault = JSON.parse(res.body.replaceAll('https://cal.example/api/v1', 'http://localhost:3000/api/v1')) as Doc;
    assert.deepEqual({ ...atDefault, info: { ...atDefault.info, description: '' } }, { ...served, info: { ...served.info, description: '' } });
  });

  it('refuses "docs" as a username, so no booking page hides the reference', async () => {
    await assert.rejects(createOwner(api.rt.store.db, api.clock, { username: 'docs', displayName: 'Docs', timezone: 'UTC' }), /"docs" is reserved/);
  });
});

describe('the guides of the reference', () => {
  it('are taken from docs/: a renamed section stops the reference with the heading it looked for', () => {
    const text = guidesMarkdown(readDoc);
    assert.match(text, /Every route takes `Authorization: Bearer <token>`/, 'api.md, Authentication');
    assert.match(text, /\| 422 \| `idempotency_mismatch` \|/, 'errors.md, the table');
    assert.doesNotMatch(text, /\]\((?!https?:)[^)]+\.md/, 'relative links to other docs are made plain text');
    assert.throws(() => sectionOf('# A\n\n## B\n', { file: 'x.md', heading: '## Gone' }), /docs\/x.md has no heading "## Gone"/);
  });

  it('take a section up to the next heading of its level, headings in code blocks ignored', () => {
    const md = '# T\n\n## One\ntext\n```sh\n# a comment\n```\n### Inner\nmore\n## Two\nno';
    assert.deepEqual(sectionOf(md, { file: 'x.md', heading: '## One' }), ['text', '```sh', '# a comment', '```', '### Inner', 'more']);
  });

  it('build the static copy from the same page, with addresses relative to it (npm run docs:build)', () => {
    const doc = JSON.parse(readFileSync('openapi.json', 'utf8')) as Record<string, unknown>;
    const site = referenceSite(doc);
    const page = site.get('index.html')!;
    assert.match(page, /data-spec="openapi\.json"/);
    for (const m of page.matchAll(/(?:src|href)="(assets\/[^"]+)"/g)) assert.ok(site.has(m[1]!), m[1]);
    assert.ok(site.has('openapi.json'));
  });
});
