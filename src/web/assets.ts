import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CONSOLE_CSS } from './assets/console-css.js';
import { PAGE_CSS } from './assets/page-css.js';
import { BOOKING_ZONE_JS, RELOAD_JS, SIGNUP_ZONE_JS } from './assets/scripts.js';

/**
 * The pages' stylesheets and scripts, served from memory at `/assets/<name>-<hash>.<ext>` (the hash
 * of the content, so a changed file has a new address). They are files, not inline `<style>` and
 * `<script>`, so the pages' Content-Security-Policy can be `'self'` for both with no
 * 'unsafe-inline' (web/page-headers.ts). `assets` is a reserved username, so no booking page
 * shadows them.
 */
const TYPES = { css: 'text/css; charset=utf-8', js: 'text/javascript; charset=utf-8' } as const;

const SOURCES = {
  'page.css': PAGE_CSS,
  'console.css': CONSOLE_CSS,
  'signup-zone.js': SIGNUP_ZONE_JS,
  'booking-zone.js': BOOKING_ZONE_JS,
  'reload.js': RELOAD_JS,
} as const;

export type AssetName = keyof typeof SOURCES;

interface Asset {
  url: string;
  type: string;
  body: string;
}

const ASSETS = new Map<AssetName, Asset>(
  (Object.entries(SOURCES) as [AssetName, string][]).map(([name, body]) => {
    const [base, ext] = name.split('.') as [string, keyof typeof TYPES];
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
    return [name, { url: `/assets/${base}-${hash}.${ext}`, type: TYPES[ext], body }];
  }),
);

/** The address an asset is served at. */
export function assetUrl(name: AssetName): string {
  return ASSETS.get(name)!.url;
}

/** One route per asset. */
export function registerAssets(app: FastifyInstance): void {
  for (const asset of ASSETS.values()) {
    app.get(asset.url, { schema: { hide: true } }, async (_request, reply) => reply.type(asset.type).send(asset.body));
  }
}
