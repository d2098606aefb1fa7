import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { oauthPlugin } from '../oauth/plugin.js';
import { pageNotFound } from '../web/front-door/not-found.js';
import { pagesPlugin } from '../web/pages-plugin.js';
import { referencePlugin } from '../reference/plugin.js';
import { apiPlugin } from './api-plugin.js';
import { envelope, envelopeOptions } from './envelope.js';
import { healthRoutes } from './health.js';
import type { ServiceMetrics } from './metrics.js';
import { enterRequest, REQUEST_CONTEXT_CARRIED } from './request-context.js';
import { createGuard } from './guard.js';
import { jsonBody } from './json-body.js';
import { generateOpenApi } from './openapi.js';
import { SAMPLE_BASE_URL } from './openapi-samples.js';
import { registerLoadShedding } from './load-shedding.js';
import { apiSecurityHeaders } from './security-headers.js';
import { setFixedHeaders } from '../web/fixed-headers.js';
import type { Deps } from '../deps.js';
import { API_ROUTES } from './routes/index.js';

export { API_PREFIX } from './api-plugin.js';

/**
 * The server, assembled: the envelope every answer shares, then each surface as a plugin of its
 * own with its own error handling: the API (behind the guard, in the order of docs/spec-decisions.md §1) and the
 * pages (status page, booking page, console).
 */
export interface AppOptions {
  /** Counts every answer by route and status (METRICS_PORT; server/roles/metrics.ts serves them). */
  metrics?: ServiceMetrics | null;
}

export async function buildApp(services: Deps, logger?: FastifyBaseLogger, options: AppOptions = {}): Promise<FastifyInstance> {
  const { clock, authenticator, limits: rateLimits, config } = services;
  const app = Fastify({
    ...envelopeOptions({ rateLimits, clock }, config),
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    logController: new LogController({ disableRequestLogging: true }),
    // Behind a load balancer (TRUST_PROXY, docs/deploy.md) the client's address comes from X-Forwarded-For.
    trustProxy: config.trustProxy ?? false,
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
  // First of all: every log line written while this request is answered carries its id (where the
  // runtime carries it cheaply: request-context.ts), and every answer, a shed one included, carries
  // the security headers (security-headers.ts; the pages set their own over them).
  if (REQUEST_CONTEXT_CARRIED) app.addHook('onRequest', (request, _reply, done) => {
    enterRequest(request.id);
    done();
  });
  app.addHook('onRequest', setFixedHeaders(apiSecurityHeaders(config.publicBaseUrl)));
  const { metrics } = options;
  if (metrics) app.addHook('onResponse', (request, reply, done) => {
    metrics.observe(request, reply);
    done();
  });
  // Under load, a request is shed before anything is spent on it (load-shedding.ts).
  await registerLoadShedding(app, config.shedding);
  // Both at the root, before any surface: their hooks and parser reach every route.
  await app.register(jsonBody);
  await app.register(envelope, { rateLimits, clock, pageNotFound: pageNotFound(config.publicBaseUrl) });

  // Outside /api/v1 and its guard: load balancers ask without a token (docs/deploy.md).
  await app.register(healthRoutes, { readiness: () => services.readiness() });
  const guard = createGuard({ authenticator, rateLimits, clock });
  await app.register(apiPlugin, { routes: API_ROUTES, services, guard });
  await app.register(pagesPlugin, { services });
  await app.register(oauthPlugin, { services });
  // The API reference at /docs (reference/plugin.ts), drawn from the same document as /openapi.json.
  // Its code samples call PUBLIC_BASE_URL; unset (config's default http://localhost:PORT), the page's own origin.
  const samplesOrigin = config.publicBaseUrl === `http://localhost:${config.port}` ? null : config.publicBaseUrl;
  await app.register(referencePlugin, { publicBaseUrl: config.publicBaseUrl, samplesOrigin, samplesWrittenFor: SAMPLE_BASE_URL, openapi: () => generateOpenApi(API_ROUTES) });
  // Beyond the cap, a new connection is closed at accept: the descriptors held stay bounded.
  app.server.maxConnections = config.maxConnections;
  return app;
}
