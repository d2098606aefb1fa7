import type { FixedHeaders } from '../web/fixed-headers.js';
import { pageSecurityHeaders } from '../web/page-headers.js';

/**
 * The headers of /docs: the pages' strict policy (web/page-headers.ts: scripts and styles only from
 * this site, nothing inline, no 'unsafe-inline', no 'unsafe-eval'), widened by exactly two sources,
 * each for one need of Swagger UI, and by nothing else:
 * - `img-src data:`: its stylesheet draws its icons (arrows, locks, the copy button) as `data:` SVG
 *   images; the page loads no image from anywhere but here.
 * - `connect-src 'self'`: the page fetches the document (/docs/openapi.json) and, when a reader uses
 *   "Try it out", calls this API; never another host.
 * No font source: the page uses the system's fonts.
 */
export function referenceSecurityHeaders(publicBaseUrl: string): FixedHeaders {
  return pageSecurityHeaders(publicBaseUrl, { img: ['data:'], connect: ["'self'"], referrer: 'no-referrer' });
}
