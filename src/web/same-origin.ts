import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { html, page } from './html.js';

/**
 * Every page request that can change something (any method but GET, HEAD and OPTIONS) must come
 * from this site, checked once for the whole HTML surface before any handler (OWASP CSRF cheat
 * sheet, "Verifying origin with standard headers"): the `Origin` header, or when a browser sends
 * none, the origin of `Referer`; with neither, the request is refused (OWASP's recommendation:
 * every browser of the last years sends `Origin` on a POST, so only a stripped request lacks both).
 * `Origin: null` (a sandboxed frame, a cross-site redirect, a no-referrer policy) is refused too.
 * The console's forms also carry a session-bound CSRF token; the status page's link is its own proof.
 */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origin a request says it comes from: `Origin`, else the origin of `Referer`, else null. */
export function claimedOrigin(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (origin !== undefined) return origin;
  const referer = request.headers.referer;
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

/**
 * Whether the request comes from this site: its claimed origin is the origin of the service's public
 * address (`PUBLIC_BASE_URL`), or names the host the request was sent to (the service reached at
 * another address, as in development).
 */
export function fromThisSite(request: FastifyRequest, publicOrigin: string): boolean {
  const claimed = claimedOrigin(request);
  if (claimed === null || claimed === 'null') return false;
  if (claimed === publicOrigin) return true;
  try {
    return new URL(claimed).host === request.headers.host;
  } catch {
    return false;
  }
}

/** The 403 page of a refused form: nothing was done. */
export function refusedForm(reply: FastifyReply): FastifyReply {
  return reply
    .code(403)
    .type('text/html; charset=utf-8')
    .send(page({ title: 'Refused', body: html`<h1>Refused</h1><p>This form came from another site, or your browser did not say where it came from. Go back to the page, reload it and try again.</p>` }));
}

/** The hook: unsafe methods from another site (or from nowhere said) are refused with 403 before any handler. */
export function sameOriginPosts(publicBaseUrl: string): onRequestHookHandler {
  const publicOrigin = new URL(publicBaseUrl).origin;
  return function refuseForeignPosts(request, reply, done) {
    if (SAFE_METHODS.has(request.method) || fromThisSite(request, publicOrigin)) return done();
    refusedForm(reply);
  };
}
