import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { referenceSite } from '../../src/reference/site.js';
import type { Page } from 'playwright-core';
import { EVENT_TYPES } from '../../src/domain/webhook-events.js';
import { GUIDES } from '../../src/reference/guides.js';
import { DESKTOP, PHONE, SKIP_REASON, startWorld, type BrowserWorld } from './browser.js';

/**
 * The API reference at /docs (issue #14 point 2) in chromium: every operation of openapi.json and
 * every webhook event type is on the page, the guides are there, an operation shows its curl and SDK
 * samples, and the page runs under its Content-Security-Policy with no request leaving 127.0.0.1.
 */
type Operation = { operationId: string; summary?: string };
const DOC = JSON.parse(readFileSync('openapi.json', 'utf8')) as { paths: Record<string, Record<string, Operation>>; webhooks: Record<string, Record<string, Operation>> };
const operationsOf = (group: Record<string, Record<string, Operation>>) => Object.values(group).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
const OPERATIONS = operationsOf(DOC.paths);
const WEBHOOKS = operationsOf(DOC.webhooks);

/** Every CSP violation the page reports, and every address it asks for. */
async function watch(page: Page, base: string): Promise<{ violations: string[]; elsewhere: string[]; asked: string[] }> {
  const seen = { violations: [] as string[], elsewhere: [] as string[], asked: [] as string[] };
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(m.text())) seen.violations.push(`console: ${m.text()}`);
  });
  // Every request is seen here first: one to anywhere but this server is refused and recorded.
  await page.route('**/*', (route) => {
    const url = route.request().url();
    seen.asked.push(url);
    if (url.startsWith(`${base}/`)) return route.continue();
    seen.elsewhere.push(url);
    return route.abort();
  });
  await page.exposeFunction('reportCspViolation', (v: string) => void seen.violations.push(`event: ${v}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportCspViolation(v: string): void }).reportCspViolation(`${e.violatedDirective} blocked ${e.blockedURI}`);
    });
  });
  return seen;
}

describe('in a browser: the API reference at /docs', { skip: SKIP_REASON ?? false }, () => {
  let world: BrowserWorld;
  before(async () => {
    world = await startWorld();
  });
  after(async () => {
    await world?.close();
  });

  it('shows every operation and every webhook event type, with the guides, asking nothing of any other host', async () => {
    const { page } = await world.newPage(DESKTOP);
    const seen = await watch(page, world.base);
    await page.goto(`${world.base}/docs`);
    await page.locator('.opblock-summary-operation-id').first().waitFor();
    await page.waitForFunction((n) => document.querySelectorAll('.opblock-summary-operation-id').length >= n, OPERATIONS.length + WEBHOOKS.length);
    const shown = new Set(await page.locator('.opblock-summary-operation-id').allTextContents());
    assert.deepEqual(OPERATIONS.filter((id) => !shown.has(id)), [], 'operations missing from /docs');
    assert.deepEqual(WEBHOOKS.filter((id) => !shown.has(id)), [], 'webhook event types missing from /docs');
    assert.equal(WEBHOOKS.length, EVENT_TYPES.length, 'the document has one webhook per event type');
    assert.ok(OPERATIONS.length >= 14, `${OPERATIONS.length} operations`);
    const headings = await page.locator('.information-container details > summary').allTextContents();
    for (const guide of GUIDES) assert.ok(headings.includes(guide.title), `the guide "${guide.title}" is on the page (found ${headings.join(', ')})`);
    assert.deepEqual(seen.violations, []);
    assert.deepEqual(seen.elsewhere, []);
    assert.ok(seen.asked.some((u) => u.endsWith('/docs/openapi.json')), 'the document was fetched from this server');
  });

  it('shows an operation with its curl and SDK samples and an event type with its example payload', async () => {
    const { page } = await world.newPage(DESKTOP);
    const seen = await watch(page, world.base);
    await page.goto(`${world.base}/docs#/Events/listEvents`);
    const curl = page.locator('.code-sample[data-label="curl"] pre').first();
    await curl.waitFor();
    // The samples call the service itself (PUBLIC_BASE_URL), not openapi.json's localhost:3000.
    assert.ok((await curl.textContent() ?? '').startsWith(`curl -G ${world.base}/api/v1/events `));
    assert.match(await page.locator('.code-sample[data-label="SDK"] pre').first().textContent() ?? '', /for await \(const item of client\.events\.list\(/);
    await page.locator('.opblock-summary-operation-id', { hasText: /^webhook_request_created$/ }).click();
    await page.locator('.opblock.is-open .body-param__example, .opblock.is-open .microlight, .opblock.is-open pre').filter({ hasText: 'request.created' }).first().waitFor();
    assert.deepEqual(seen.violations, []);
    assert.deepEqual(seen.elsewhere, []);
  });

  it('fits a phone\'s width (390 px) with an operation and the guides open: wide tables scroll within themselves', async () => {
    const { page } = await world.newPage(PHONE);
    await page.goto(`${world.base}/docs#/Events/listEvents`);
    await page.locator('.code-sample[data-label="curl"] pre').first().waitFor();
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    assert.equal(await pageWidth(), PHONE.width, 'an operation open');
    for (const guide of ['Errors', 'Webhooks']) await page.locator('.information-container details > summary', { hasText: new RegExp(`^${guide}$`) }).click();
    await page.locator('.information-container details[open] h4', { hasText: 'On a laptop' }).waitFor();
    assert.equal(await pageWidth(), PHONE.width, 'the Errors and Webhooks guides open');
  });

  it('draws the static copy (npm run docs:build) from any web server just the same', async () => {
    const files = referenceSite(DOC as unknown as Record<string, unknown>);
    const server: Server = createServer((req, res) => {
      const name = (req.url ?? '/').split('?')[0]!.replace(/^\/ref\//, '') || 'index.html';
      const body = files.get(name);
      if (body === undefined) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': name.endsWith('.js') ? 'text/javascript' : name.endsWith('.css') ? 'text/css' : name.endsWith('.json') ? 'application/json' : 'text/html' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { context, page } = await world.newPage(DESKTOP);
    try {
      const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      const seen = await watch(page, base);
      await page.goto(`${base}/ref/`);
      await page.waitForFunction((n) => document.querySelectorAll('.opblock-summary-operation-id').length >= n, OPERATIONS.length + WEBHOOKS.length);
      const shown = new Set(await page.locator('.opblock-summary-operation-id').allTextContents());
      assert.deepEqual([...OPERATIONS, ...WEBHOOKS].filter((id) => !shown.has(id)), []);
      assert.deepEqual(seen.elsewhere, []);
    } finally {
      // The browser may hold a spare connection that never carries a request: Node's close() would wait on it.
      await context.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
