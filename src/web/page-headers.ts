import { fixedHeaders, type FixedHeaders } from './fixed-headers.js';

/**
 * The security headers of every page (docs/decisions.md "Hardening"), set by helmet (worked out once: fixed-headers.ts) in the
 * pages plugin over the API's set (http/security-headers.ts; each header of that set is set again
 * here, so none of the API's values is left on a page). The CSP is strict: scripts and styles only
 * from this site (web/assets.ts; nothing inline, no 'unsafe-inline'), nothing else loaded, forms
 * posted only here, no framing, no `<base>`. `Referrer-Policy: same-origin`: a status page's
 * address holds its secret and must not reach another site, while a form posted here still sends
 * its `Origin` (under `no-referrer` a browser sends `Origin: null`, which same-origin.ts refuses).
 */
/** What a page may widen, and nothing else: image and connect sources, and the referrer policy (/docs: reference/security-headers.ts). */
export interface PageWidening {
  img?: string[];
  connect?: string[];
  referrer?: 'same-origin' | 'no-referrer';
}

export function pageSecurityHeaders(publicBaseUrl: string, widen: PageWidening = {}): FixedHeaders {
  const https = publicBaseUrl.startsWith('https:');
  return fixedHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'none'"],
        'script-src': ["'self'"],
        'style-src': ["'self'"],
        'img-src': ["'self'", ...(widen.img ?? [])],
        ...(widen.connect ? { 'connect-src': widen.connect } : {}),
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        'base-uri': ["'none'"],
        // Over https only: on http://localhost it would send the pages' own assets to https.
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: widen.referrer ?? 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  });
}
