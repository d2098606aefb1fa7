import { fixedHeaders, type FixedHeaders } from '../web/fixed-headers.js';

/**
 * The security headers of every answer (docs/decisions.md "Hardening"): what makes sense for a JSON
 * API (OWASP REST Security cheat sheet): `X-Content-Type-Options: nosniff`, no framing
 * (`X-Frame-Options: DENY`, CSP `frame-ancestors 'none'`), a CSP that lets an answer opened in a
 * browser load and run nothing (`default-src 'none'`, as GitHub's API sends), `Referrer-Policy:
 * no-referrer`, `Cross-Origin-Resource-Policy: same-origin`, and HSTS for a year when the service is
 * reached over https. Helmet's headers for HTML documents (Origin-Agent-Cluster, COOP,
 * X-DNS-Prefetch-Control, X-Download-Options, X-Permitted-Cross-Domain-Policies, X-XSS-Protection)
 * tell a JSON answer nothing and are left out. The pages replace these with their own set
 * (web/page-headers.ts), which sets every header this one does.
 */
export function apiSecurityHeaders(publicBaseUrl: string): FixedHeaders {
  return fixedHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] } },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // A year, this host only: the service does not speak for the rest of its domain.
    strictTransportSecurity: publicBaseUrl.startsWith('https:') ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
}
