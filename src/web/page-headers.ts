import type { FastifyHelmetOptions } from '@fastify/helmet';

/**
 * The security headers of every page (docs/decisions.md "Hardening"), set by @fastify/helmet in the
 * pages plugin over the API's set (http/security-headers.ts; each header of that set is set again
 * here, so none of the API's values is left on a page). The CSP is strict: scripts and styles only
 * from this site (web/assets.ts; nothing inline, no 'unsafe-inline'), nothing else loaded, forms
 * posted only here, no framing, no `<base>`. `Referrer-Policy: same-origin`: a status page's
 * address holds its secret and must not reach another site, while a form posted here still sends
 * its `Origin` (under `no-referrer` a browser sends `Origin: null`, which same-origin.ts refuses).
 */
export function pageSecurityHeaders(publicBaseUrl: string): FastifyHelmetOptions {
  const https = publicBaseUrl.startsWith('https:');
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'none'"],
        'script-src': ["'self'"],
        'style-src': ["'self'"],
        'img-src': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        'base-uri': ["'none'"],
        // Over https only: on http://localhost it would send the pages' own assets to https.
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  };
}
