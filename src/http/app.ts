import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { oauthPlugin } from '../oauth/plugin.js';
import { pagesPlugin } from '../web/pages-plugin.js';
import { apiPlugin } from './api-plugin.js';
import { envelope, envelopeOptions } from './envelope.js';
import { createGuard } from './guard.js';
import { jsonBody } from './json-body.js';
import type { Deps } from '../deps.js';
import { API_ROUTES } from './routes/index.js';

export { API_PREFIX } from './api-plugin.js';

/**
 * The server, assembled: the envelope every answer shares, then each surface as a plugin of its
 * own with its own error handling: the API (behind the guard, in the order of docs/spec-decisions.md §1) and the
 * pages (status page, booking page, console).
 */
export async function buildApp(services: Deps, logger?: FastifyBaseLogger): Promise<FastifyInstance> {
  const { clock, authenticator, limits: rateLimits, config } = services;
  const app = Fastify({
    ...envelopeOptions({ rateLimits, clock }, config),
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: false,
    // Slow clients are cut off (docs/decisions.md "Hardening"): headers, the whole request, idle
    // kept-alive connections; Node checks them every second rather than every 30.
    http: { headersTimeout: config.headersTimeoutMs, requestTimeout: config.requestTimeoutMs, connectionsCheckingInterval: 1000 },
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    bodyLimit: 256 * 1024,
    exposeHeadRoutes: true,
    // Occurrence ids are ~60 characters; longer ids are unknown (404), not a router error.
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 1000 },
  });
  // Both at the root, before any surface: their hooks and parser reach every route.
  await app.register(jsonBody);
  await app.register(envelope, { rateLimits, clock });

  const guard = createGuard({ authenticator, rateLimits, clock });
  await app.register(apiPlugin, { routes: API_ROUTES, services, guard });
  await app.register(pagesPlugin, { services });
  await app.register(oauthPlugin, { services });
  // Beyond the cap, a new connection is closed at accept: the descriptors held stay bounded.
  app.server.maxConnections = config.maxConnections;
  return app;
}
