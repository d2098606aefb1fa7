import type { FastifyReply, FastifyRequest, onRouteHookHandler } from 'fastify';
import { html, page } from './html.js';

/**
 * The pages' answer when the service sheds load (http/load-shedding.ts): `503` with `Retry-After`
 * and a small page saying to try again, instead of the API's JSON envelope. Every page route gets
 * it as the `shedAnswer` of its route config.
 */
function busyPage(retryAfterSeconds: number) {
  return (_request: FastifyRequest, reply: FastifyReply): string => {
    reply.code(503).header('Retry-After', String(retryAfterSeconds)).type('text/html; charset=utf-8');
    return page({
      title: 'Busy, please try again',
      body: html`<h1>Busy right now</h1><p>The service has more to do than it can answer at the moment. Nothing was changed. Please try again in a few seconds.</p>`,
    });
  };
}

/** An onRoute hook giving each route of the plugin that adds it the busy page as its answer under load. */
export function busyPageOnShed(retryAfterSeconds: number): onRouteHookHandler {
  const shedAnswer = busyPage(retryAfterSeconds);
  return (route) => {
    route.config = Object.assign(route.config ?? {}, { shedAnswer });
  };
}
