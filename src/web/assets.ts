import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CONSOLE_CSS } from './assets/console-css.js';
import { PAGE_CSS } from './assets/page-css.js';
import { FAVICON_SVG } from './assets/favicon.js';
import { BOOKING_JS, CALENDAR_KEYS_JS, HOURS_EDITOR_JS, RELOAD_JS, SIGNUP_ZONE_JS } from './assets/scripts.js';

/**
 * The pages' stylesheets and scripts, served from memory at `/assets/<name>-<hash>.<ext>` (the hash
 * of the content, so a changed file has a new address). They are files, not inline `<style>` and
 * `<script>`, so the pages' Content-Security-Policy can be `'self'` for both with no
 * 'unsafe-inline' (web/page-headers.ts). `assets` is a reserved username, so no booking page
 * shadows them.
 *
 * A page loads one stylesheet: the sheets it names are served joined as one file, at
 * `/assets/page+console-<hash>.css` (the names in order, then the hash of the joined text). The
 * address says what is in it, so any instance of the service answers it without having rendered
 * the page first. Because an address never changes its content, every asset is sent with
 * `Cache-Control: public, max-age=31536000, immutable` and its hash as `ETag` (a revalidation gets
 * a 304): after the first visit a page costs one request, its HTML (docs/accessibility.md, "Speed").
 */
const TYPES = { css: 'text/css; charset=utf-8', js: 'text/javascript; charset=utf-8', svg: 'image/svg+xml' } as const;
type Ext = keyof typeof TYPES;

const SOURCES = {
  'page.css': PAGE_CSS,
  'console.css': CONSOLE_CSS,
  'signup-zone.js': SIGNUP_ZONE_JS,
  'booking.js': BOOKING_JS,
  'reload.js': RELOAD_JS,
  'favicon.svg': FAVICON_SVG,
  'calendar-keys.js': CALENDAR_KEYS_JS,
  'hours-editor.js': HOURS_EDITOR_JS,
} as const;

export type AssetName = keyof typeof SOURCES;
export type StylesheetName = Extract<AssetName, `${string}.css`>;

/** A year: the longest lifetime caches honour; the address changes with the content anyway. */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';

interface Asset {
  url: string;
  type: string;
  body: string;
  etag: string;
}

/** Assets made so far, by their address. */
const BY_URL = new Map<string, Asset>();
/** And by the names they join ('page.css+console.css'). */
const BY_NAMES = new Map<string, Asset>();

function bundle(names: readonly AssetName[]): Asset {
  const key = names.join('+');
  const known = BY_NAMES.get(key);
  if (known) return known;
  const ext = names[0]!.slice(names[0]!.lastIndexOf('.') + 1) as Ext;
  const body = names.map((n) => SOURCES[n]).join('\n');
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  const base = names.map((n) => n.slice(0, n.lastIndexOf('.'))).join('+');
  const asset = { url: `/assets/${base}-${hash}.${ext}`, type: TYPES[ext], body, etag: `"${hash}"` };
  BY_NAMES.set(key, asset);
  BY_URL.set(asset.url, asset);
  return asset;
}

/** The address an asset is served at. */
export function assetUrl(name: AssetName): string {
  return bundle([name]).url;
}

/** The address of one stylesheet joining `names` in their order (repeats dropped). */
export function stylesheetUrl(names: readonly StylesheetName[]): string {
  return bundle([...new Set(names)]).url;
}

/** The asset an address names, made from the names it lists when this instance has not made it yet. */
function assetAt(file: string): Asset | undefined {
  const url = `/assets/${file}`;
  const known = BY_URL.get(url);
  if (known) return known;
  const m = /^([a-z0-9+-]+)-[0-9a-f]{12}\.(css|js|svg)$/.exec(file);
  if (!m) return undefined;
  const names = m[1]!.split('+').map((base) => `${base}.${m[2]}`);
  if (new Set(names).size !== names.length || !names.every((n): n is AssetName => Object.hasOwn(SOURCES, n))) return undefined;
  const made = bundle(names);
  return made.url === url ? made : undefined;
}

/**
 * One route for every asset. The envelope stamps `no-store` on every answer as it is sent
 * (http/envelope.ts); the route's own onSend hook runs after it and gives a found asset its year.
 */
export function registerAssets(app: FastifyInstance): void {
  app.get<{ Params: { file: string } }>(
    '/assets/:file',
    {
      schema: { hide: true },
      onSend: (_request, reply, payload, done) => {
        if (reply.statusCode === 200 || reply.statusCode === 304) reply.header('Cache-Control', ASSET_CACHE_CONTROL);
        done(null, payload);
      },
    },
    async (request, reply) => {
      const asset = assetAt(request.params.file);
      // A name no asset has, or an address of an older version: nothing here (the stylesheet of a page
      // rendered before a deploy is one reload away).
      if (!asset) return reply.code(404).type('text/plain; charset=utf-8').send('No such asset.');
      reply.header('ETag', asset.etag);
      const match = String(request.headers['if-none-match'] ?? '').split(',').map((t) => t.trim().replace(/^W\//, ''));
      if (match.includes(asset.etag) || match.includes('*')) return reply.code(304).send();
      return reply.type(asset.type).send(asset.body);
    },
  );
}
