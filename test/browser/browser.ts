import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { loadConfig } from '../../src/config.js';
import { startServer, type RunningServer } from '../../src/server/serve.js';
import { PATIENCE_MS, PATIENT_SERVICE_ENV } from '../helpers/patience.js';

/**
 * Browser tests drive Debian's chromium through playwright-core against a real `serve` (PGlite in a
 * temporary folder, the job and delivery workers running). Where no chromium is installed (.ci/run
 * installs it), the tests are skipped with the reason printed. Every wait of Playwright's (a click,
 * a navigation, a locator's waitFor, the launch) has the tests' patience, not its 30 s: a page waits
 * on what it shows, and the limit only ends a hang.
 */
const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter((p): p is string => !!p);
export const CHROMIUM = CANDIDATES.find((p) => existsSync(p)) ?? null;
export const SKIP_REASON = CHROMIUM ? null : 'no chromium found (apt-get install chromium, or set CHROMIUM_PATH): browser tests skipped';
if (SKIP_REASON) console.log(`# ${SKIP_REASON}`);

/** Phone-sized and desktop windows. */
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface BrowserWorld {
  server: RunningServer;
  browser: Browser;
  base: string;
  /** A browser context with the tests' patience, closed with the world. */
  newContext(options: BrowserContextOptions): Promise<BrowserContext>;
  newPage(viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

/** Load shedding and the service's deadlines out of the way: the test process drives the browser and runs the server (test/helpers/patience.ts says why). */
const QUIET = { ...PATIENT_SERVICE_ENV, SIGN_UPS_PER_HOUR_PER_ADDRESS: '10000' };

export async function startWorld(env: Record<string, string> = {}): Promise<BrowserWorld> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ca-browser-'));
  const port = await freePort();
  const config = loadConfig({ PORT: String(port), DATA_DIR: dir, PUBLIC_BASE_URL: `http://127.0.0.1:${port}`, JOB_POLL_MS: '200', LOG_LEVEL: 'silent', ...QUIET, ...env });
  const server = await startServer(config, pino({ level: 'silent' }));
  const browser = await chromium.launch({
    executablePath: CHROMIUM!,
    timeout: PATIENCE_MS,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const contexts: BrowserContext[] = [];
  const newContext = async (options: BrowserContextOptions) => {
    const context = await browser.newContext(options);
    context.setDefaultTimeout(PATIENCE_MS);
    context.setDefaultNavigationTimeout(PATIENCE_MS);
    contexts.push(context);
    return context;
  };
  return {
    server,
    browser,
    base: `http://127.0.0.1:${port}`,
    newContext,
    async newPage(viewport = DESKTOP) {
      const context = await newContext({ viewport, locale: 'en-US', timezoneId: 'Europe/Berlin' });
      return { context, page: await context.newPage() };
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => undefined);
      await browser.close().catch(() => undefined);
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Saves a screenshot of the page into docs/screenshots when SCREENSHOTS=1 (how the README's pictures are made). */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOTS !== '1') return;
  // The window as tall as the page, so what sticks to its bottom (the booking form's Save) is drawn
  // at the page's end, as a reader scrolled there sees it, not halfway down a full-page picture.
  const viewport = page.viewportSize();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  if (viewport) await page.setViewportSize({ width: viewport.width, height: Math.max(height, viewport.height) });
  await page.screenshot({ path: path.join('docs', 'screenshots', `${name}.png`), fullPage: true });
  if (viewport) await page.setViewportSize(viewport);
}
