import type { FastifyReply, FastifyRequest } from 'fastify';
import { html, page } from '../html.js';
import { pageSecurityHeaders } from '../page-headers.js';

/**
 * The 404 page, in the pages' style: for any page path no route takes (GET or HEAD outside /api/,
 * /oauth/ and /.well-known/, answered from the envelope's not-found handler, http/envelope.ts), and
 * for the pages' own "no such thing" answers (the booking page of an unknown owner). The API keeps
 * its JSON 404 envelope.
 */
export function notFoundPage(o: { lang?: string; heading?: string; message?: string; startPage?: string } = {}): string {
  return page({
    title: `${o.heading ?? 'Page not found'} · calendar-access`,
    lang: o.lang ?? 'en',
    body: html`<p class="brand"><a href="/">calendar-access</a></p>
<h1>${o.heading ?? 'Page not found'}</h1>
<p>${o.message ?? 'There is no page at this address. It may have moved, or the link may be mistyped.'}</p>
<p><a class="button secondary" href="/">${o.startPage ?? 'Go to the start page'}</a></p>`,
  });
}

const NOT_PAGES = /^\/(api|oauth|\.well-known)(\/|$)/;

/** Whether an unrouted request is one for a page (answered with the HTML 404) rather than for the API. */
export function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '';
  return !NOT_PAGES.test(path);
}

/** The envelope's hook for unrouted page requests: the 404 page with the pages' headers and CSP (it is answered outside the pages plugin). */
export function pageNotFound(publicBaseUrl: string): { handles: (request: FastifyRequest) => boolean; send: (request: FastifyRequest, reply: FastifyReply) => FastifyReply } {
  const headers = pageSecurityHeaders(publicBaseUrl);
  return {
    handles: isPageRequest,
    send: (_request, reply) => {
      // Over the API's set, among Fastify's headers as they are (web/fixed-headers.ts).
      for (const [name, value] of headers) reply.header(name, value);
      return reply.code(404).type('text/html; charset=utf-8').send(notFoundPage());
    },
  };
}
