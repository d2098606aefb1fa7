import { setFixedHeaders } from './fixed-headers.js';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { registerAssets } from './assets.js';
import { registerBookingPage } from './booking-page.js';
import { busyPageOnShed } from './busy-page.js';
import { closeWhenBodyUnread } from './body-refusal.js';
import { registerConsole } from './console/console.js';
import { registerLanding } from './front-door/landing.js';
import { CONSOLE_SECTIONS } from './console/sections.js';
import { pageSecurityHeaders } from './page-headers.js';
import { sameOriginPosts } from './same-origin.js';
import { registerStatusPage } from './status-page.js';

/** What the pages use: the services their registrations take (named here without importing http/). */
export type PageServices = Parameters<typeof registerStatusPage>[1];

/**
 * The HTML surface, outside /api/v1: the front door (/), the requester's status page (the statusUrl of a request), the
 * owner's public booking page (/{username}) and the owner's console (/app, sign-up, sign-in). Each
 * renders its own HTML errors; only the envelope's headers and the JSON 404/405 for unknown paths
 * are shared with the API. One hook checks, for every page route at once and before any handler,
 * that a request able to change something comes from this site (same-origin.ts): no route can forget it.
 */
export const pagesPlugin: FastifyPluginAsync<{ services: PageServices }> = async (app: FastifyInstance, { services }) => {
  // Every page answer, errors and 404s included, carries the pages' headers and strict CSP (page-headers.ts).
  app.addHook('onRequest', setFixedHeaders(pageSecurityHeaders(services.config.publicBaseUrl)));
  app.addHook('onRequest', sameOriginPosts(services.config.publicBaseUrl));
  // A post refused before its body was read (another site, 415, 413) closes its connection: the rest is never read.
  app.addHook('onSend', closeWhenBodyUnread);
  // Under load, a page is shed with a page of its own (busy-page.ts), not the API's JSON.
  app.addHook('onRoute', busyPageOnShed(services.config.shedding.retryAfterSeconds));
  registerAssets(app);
  await registerLanding(app, services);
  await registerStatusPage(app, services);
  await registerBookingPage(app, services);
  await registerConsole(app, services, CONSOLE_SECTIONS);
};
