import swagger from '@fastify/swagger';
import { SCOPE_WORDS } from '../domain/consent.js';
import { SCOPES } from '../domain/scopes.js';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { hasEmptySegment, jsonErrorHandler, noRoute } from './envelope.js';
import { ERRORS, type ErrorCode } from './errors.js';
import { guardErrors, type Guard } from './guard.js';
import { checkIdempotencyKey, idempotencyScope } from './idempotency-key.js';
import { conditionalGet } from './conditional-get.js';
import type { Deps } from '../deps.js';
import { isPromise } from '../domain/maybe-promise.js';
import { JsonBytes, type AnyRoute } from './route.js';
import { ErrorSchema, NoParameters } from './schemas/common.js';
import { SHARED_SCHEMAS } from './schemas/formats.js';
import { IdempotencyHeaders } from './schemas/request-bodies.js';
import { validatorCompiler } from './validation.js';
import { recordCalls } from './request-log.js';
import { finishDocument } from './openapi-document.js';

export const API_PREFIX = '/api/v1';

export interface ApiPluginOptions {
  routes: readonly AnyRoute[];
  services: Deps;
  guard: Guard;
}

/**
 * Every code a route can answer, in the order of the checks (docs/spec-decisions.md §1): the steps this loop puts
 * in front of every route, then the route's own. Each step's codes are listed where the step is
 * wired, so the document cannot forget one.
 */
export function routeErrors(route: AnyRoute): ErrorCode[] {
  return [
    // Node's HTTP parser, on every route whatever its method (envelope.ts answerMalformed): a
    // malformed header line, a Content-Length that is not a number, broken chunking, headers late.
    // On a route with a body, the body parser too: not JSON, empty where fields are needed, over 256 KiB.
    'bad_request',
    // The guard: token, app, scope, limits.
    ...guardErrors(route),
    // The validator: every route refuses unknown query parameters (NoParameters at least).
    'invalid_input',
    // The Idempotency-Key (invalid_input when missing): used with another request, or a duplicate still in progress.
    ...(route.idempotent ? (['idempotency_mismatch', 'rate_limited'] as const) : []),
    ...route.errors,
    // The envelope's error handler, on any route: a fault, or the database not answering.
    'internal',
    'unavailable',
  ];
}

/**
 * The OpenAPI responses of a route: its success, then one entry per error status naming every code
 * answered with it, in the order of routeErrors.
 */
export function routeResponses(route: AnyRoute): Record<number, unknown> {
  const status = route.successStatus ?? 200;
  const response: Record<number, unknown> = { [status]: route.response };
  const codes = new Set(routeErrors(route));
  for (const code of codes) {
    const at = ERRORS[code].status;
    const before = response[at] as { description?: string } | undefined;
    response[at] = { ...ErrorSchema, description: before?.description ? `${before.description}, ${code}` : code };
  }
  return response;
}

/** The Fastify route of one API route: guard, idempotency key, schemas, and the handler's context. */
function fastifyRoute(route: AnyRoute, services: Deps, guard: Guard) {
  const status = route.successStatus ?? 200;
  return {
    method: route.method,
    url: `${API_PREFIX}${route.url}`,
    onRequest: guard(route),
    ...(route.idempotent ? { preValidation: checkIdempotencyKey(route.body) } : {}),
    // Every GET: an ETag on its 200, 304 for an If-None-Match that names it (conditional-get.ts).
    ...(route.method === 'GET' ? { onSend: conditionalGet(route.rateClass, services) } : {}),
    schema: {
      operationId: route.operationId,
      summary: route.summary,
      tags: [route.tag],
      // Either kind of bearer token; an OAuth access token needs the route's scope (docs/oauth.md).
      security: [{ bearer: [] }, { oauth2: route.scope ? [route.scope] : [] }] as Record<string, string[]>[],
      querystring: route.querystring ?? NoParameters,
      ...(route.params ? { params: route.params } : {}),
      ...(route.body ? { body: route.body } : {}),
      ...(route.idempotent ? { headers: IdempotencyHeaders } : {}),
      response: routeResponses(route),
    },
    // Not async: an answer the route has at once is sent at once (Fastify takes a returned promise
    // as an async handler's, and `undefined` as "sent already").
    handler: (request: FastifyRequest, reply: FastifyReply) => {
      const now = services.clock.now();
      const principal = request.principal!;
      const ctx = { principal, query: request.query ?? {}, params: request.params ?? {}, body: request.body, now, services };
      const result = route.idempotent ? route.handler({ ...ctx, idempotency: idempotencyScope(request, reply, principal.tokenId, now, status, services.config.deadlines.idempotencyWaitMs) }) : route.handler(ctx);
      const send = (answer: unknown): FastifyReply => {
        if (answer instanceof JsonBytes) return reply.code(status).type('application/json; charset=utf-8').send(answer.bytes);
        return reply.code(status).send(answer);
      };
      if (isPromise(result)) return result.then(send);
      send(result);
      return undefined;
    },
  };
}

/**
 * The public API under /api/v1: its validator, its JSON errors, the OpenAPI document at
 * /openapi.json, and every route of `routes` behind the guard. Encapsulated: none of this reaches
 * the pages.
 */
export const apiPlugin: FastifyPluginAsync<ApiPluginOptions> = async (api: FastifyInstance, { routes, services, guard }) => {
  api.setValidatorCompiler(validatorCompiler);
  api.setErrorHandler(jsonErrorHandler);
  // The document's components: a field that references one is validated against the same schema.
  for (const schema of SHARED_SCHEMAS) api.addSchema(schema);
  await api.register(swagger, {
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Personal Calendar Access API',
        version: 'v1',
        description: 'Lets software act for one account owner, within the scopes the owner granted to a token.',
      },
      servers: [{ url: API_PREFIX }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'A personal token (svc_pat_… live, svc_test_… test mode) made under Settings → Developer, or an OAuth access token (svc_at_…, 60 minutes) issued to an app by /oauth/token. Each is a prefix, 32 base62 characters and a 6-character checksum.',
          },
          oauth2: {
            type: 'oauth2',
            description: 'OAuth 2.1 authorization code with PKCE (S256, required); access tokens svc_at_… for 60 minutes, rotated refresh tokens svc_rt_…. Metadata: /.well-known/oauth-authorization-server (docs/oauth.md).',
            flows: {
              authorizationCode: {
                authorizationUrl: '/oauth/authorize',
                tokenUrl: '/oauth/token',
                refreshUrl: '/oauth/token',
                scopes: Object.fromEntries(SCOPES.map((s) => [s, SCOPE_WORDS[s]])),
              },
            },
          },
        },
      },
      security: [{ bearer: [] }, { oauth2: [] }],
    },
    transform: ({ schema, url }) => ({ schema: schema as never, url: url.startsWith(API_PREFIX) ? url.slice(API_PREFIX.length) : url }),
    // Named components, headers, examples and the webhooks section (openapi-document.ts).
    transformObject: (document) => finishDocument((document as { openapiObject: Record<string, unknown> }).openapiObject, { routes }) as never,
  });
  // `/events/` or `/requests//withdraw` would reach a route with an empty parameter (`/events/:id`)
  // and be judged by its rules; a path with an empty segment names no resource, on every route alike.
  api.addHook('onRequest', (request, _reply, done) => {
    // Cut at the query without splitting the whole URL into an array on every call.
    const q = request.url.indexOf('?');
    const path = q === -1 ? request.url : request.url.slice(0, q);
    if (hasEmptySegment(path)) return done(noRoute(path));
    done();
  });
  // Every call of a valid token, after its answer went out (docs/console.md "Request log").
  api.addHook('onResponse', recordCalls(services));
  api.get('/openapi.json', { schema: { hide: true } }, async () => api.swagger());
  for (const route of routes) api.route(fastifyRoute(route, services, guard));
};
