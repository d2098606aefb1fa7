import type { FastifyRequest } from 'fastify';

/**
 * A form post must come from this site: an `Origin` header, when the browser sends one, must name
 * this host. (Console forms also carry a session-bound token; the status page's link is its own proof.)
 */
export function sameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}
