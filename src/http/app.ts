import swagger from '@fastify/swagger';
import type { Socket } from 'node:net';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { newRequestId } from '../domain/ids.js';
import type { Authenticator, Principal } from '../services/authenticator.js';
import { ApiError, asApiError, errorBody, ERRORS } from './errors.js';
import { fingerprint, IDEMPOTENCY_KEY_RE, type IdempotencyScope } from './idempotency.js';
import { MethodTable } from './method-table.js';
import { anonymousLimit, checkLimits, limitsFor } from '../limits/policy.js';
import type { RateLimitStore } from '../limits/store.js';
import type { Deps } from '../deps.js';
import { JsonBytes, type AnyRoute } from './route.js';
import { ErrorSchema, NoParameters } from './schemas/common.js';
import { IdempotencyHeaders } from './schemas/request-bodies.js';
import { validationError, validatorCompiler } from './validation.js';
import { API_ROUTES } from './routes/index.js';
import { registerBookingPage } from '../web/booking-page.js';
import { registerConsole } from '../web/console/console.js';
import { CONSOLE_SECTIONS } from '../web/console/sections.js';
import { registerStatusPage } from '../web/status-page.js';

export const API_PREFIX = '/api/v1';

export interface AppDeps {
  services: Deps;
  authenticator: Authenticator;
  rateLimits: RateLimitStore;
  /** Server faults are logged here with the request id clients see; routine requests are not. */
  logger?: FastifyBaseLogger;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}

function bearer(header: string | undefined): string | undefined {
  if (!header) return undefined;
  // RFC 6750: credentials = "Bearer" 1*SP b64token; the scheme name is case-insensitive.
  const m = /^Bearer +([^\s]+)$/i.exec(header.trim());
  return m?.[1];
}

/**
 * A fault of the database connection rather than of the request: refused or dropped connections,
 * PostgreSQL's connection-exception class (08xxx) and operator shutdowns (57P01-57P03). Clients
 * retry these with backoff (`503 unavailable`); anything else is a `500 internal`.
 */
function isDependencyDown(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EPIPE)$/.test(code) || /^08|^57P0[123]$/.test(code))) return true;
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|timeout exceeded when trying to connect/i.test(message);
}

const INVALID_TOKEN_CHALLENGE = 'Bearer error="invalid_token"';

/**
 * Headers every answer carries (decisions §1). An answer that never reached the token check
 * describes the per-address limit on calls without a valid token, without counting: only then is
 * there something to wait for (a promise), and only then is the clock read.
 */
function stampEnvelopeWith(rateLimits: RateLimitStore, now: () => number, request: FastifyRequest, reply: FastifyReply): Promise<void> | undefined {
  reply.header('Svc-Request-Id', request.id);
  reply.header('Cache-Control', 'no-store');
  if (reply.hasHeader('RateLimit-Limit')) return undefined;
  return checkLimits(rateLimits, [anonymousLimit(request.ip)], now(), false).then((verdict) => void reply.headers(verdict.headers));
}

/** 400 bad_request for bytes that are not an HTTP request, written on the raw socket. */
function answerMalformed(rateLimits: RateLimitStore, now: number, error: Error & { code?: string }, socket: Socket): void {
  // A peer that went away, or a request too large for the parser, has nobody to answer.
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const id = newRequestId();
  const body = JSON.stringify(errorBody(new ApiError('bad_request', 'The request is not valid HTTP.'), id));
  void checkLimits(rateLimits, [anonymousLimit(socket.remoteAddress ?? 'unknown')], now, false).then(
    ({ headers }) => {
      const lines = [
        'HTTP/1.1 400 Bad Request',
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        `Svc-Request-Id: ${id}`,
        'Cache-Control: no-store',
        ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
        'Connection: close',
      ];
      if (socket.writable) socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
    },
    () => socket.destroy(),
  );
}

const IDEMPOTENCY_HEADER = 'idempotency-key';

/**
 * Every POST needs an Idempotency-Key of 16 to 64 letters, digits, `-` and `_` (spec "Limits"):
 * checked after the body is read (a body that is not JSON is 400 first) and before its fields.
 */
function checkIdempotencyKey(route: AnyRoute) {
  // No body is an empty one where the route takes no required field (withdraw); elsewhere it is not JSON.
  const required = ((route.body as { required?: string[] } | undefined)?.required ?? []).length > 0;
  return async (request: FastifyRequest): Promise<void> => {
    if (request.body === undefined) {
      if (required) throw new ApiError('bad_request', 'The body is empty: send a JSON object (Content-Type: application/json).');
      request.body = {};
    }
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (key === undefined) throw new ApiError('invalid_input', 'The Idempotency-Key header is required on every POST.', 'Idempotency-Key');
    if (typeof key !== 'string' || !IDEMPOTENCY_KEY_RE.test(key)) {
      throw new ApiError('invalid_input', 'Idempotency-Key must be 16 to 64 characters from letters, digits, "-" and "_".', 'Idempotency-Key');
    }
  };
}

function idempotencyScope(request: FastifyRequest, reply: FastifyReply, now: Date, successStatus: number): IdempotencyScope {
  const path = request.url.split('?')[0] ?? '';
  return {
    tokenId: request.principal!.tokenId,
    key: request.headers[IDEMPOTENCY_HEADER] as string,
    fingerprint: fingerprint(request.method, path, request.body),
    now,
    successStatus,
    markReplayed: () => void reply.header('Idempotent-Replayed', 'true'),
  };
}

/** The API server: envelope, checks in the order of decisions §1, and every route of API_ROUTES. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { services, authenticator, rateLimits } = deps;
  const nowMs = () => services.clock.now().getTime();
  const stampEnvelope = (request: FastifyRequest, reply: FastifyReply) => stampEnvelopeWith(rateLimits, nowMs, request, reply);
  const app = Fastify({
    // A request that is not valid HTTP (a bad Content-Length, broken chunking) never reaches a route;
    // it still gets the spec's error shape and the envelope's headers, then the connection closes.
    clientErrorHandler: (error, socket) => answerMalformed(rateLimits, services.clock.now().getTime(), error, socket),
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => newRequestId(),
    requestIdHeader: false,
    trustProxy: false,
    bodyLimit: 256 * 1024,
    exposeHeadRoutes: true,
    // Occurrence ids are ~60 characters; longer ids are unknown (404), not a router error.
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 1000 },
    // A path that is not valid percent-encoding names no resource.
    // A path Fastify cannot route (bad percent-encoding, a parameter over maxParamLength) names no
    // resource. Fastify answers these before any hook runs, so the envelope is stamped here.
    frameworkErrors: (_error, request, reply) => {
      const err = new ApiError('not_found', 'The path names no resource.');
      void Promise.resolve(stampEnvelope(request as FastifyRequest, reply as FastifyReply)).then(() =>
        (reply as FastifyReply).code(err.status).type('application/json; charset=utf-8').send(errorBody(err, request.id)),
      );
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  // An empty JSON body is no body (clients often send Content-Type with an empty POST to
  // /requests/{id}/withdraw); anything else goes to Fastify's own parser, prototype-poisoning guard included.
  // text/plain is read as JSON too (fetch's default for a string body): a body that is not JSON is
  // 400 whatever it is labelled.
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    return json(request, text, done);
  });
  const methods = new MethodTable();
  app.addHook('onRoute', (route) => methods.add(route.url, route.method));

  // Invariant headers are stamped last, so error answers carry them too. Callback hooks: no promise
  // per call where there is nothing to wait for.
  app.addHook('onSend', (request, reply, payload, done) => {
    const pending = stampEnvelope(request, reply);
    if (!pending) return done(null, payload);
    pending.then(() => done(null, payload), done);
  });

  const send = (request: FastifyRequest, reply: FastifyReply, err: ApiError) =>
    reply.code(err.status).headers(err.headers).type('application/json; charset=utf-8').send(errorBody(err, request.id));

  app.setErrorHandler((error: unknown, request, reply) => {
    const known = asApiError(error);
    if (known) return send(request, reply, known);
    const e = error as { validation?: unknown; validationContext?: string; code?: string; statusCode?: number };
    if (Array.isArray(e.validation)) return send(request, reply, validationError(e.validation, e.validationContext));
    if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return send(request, reply, new ApiError('bad_request', 'The body is larger than 256 KiB.'));
    if (e.code?.startsWith('FST_ERR_CTP_') || (e.statusCode === 400 && error instanceof SyntaxError)) {
      return send(request, reply, new ApiError('bad_request', 'The body is not valid JSON (send Content-Type: application/json).'));
    }
    if (isDependencyDown(error)) {
      request.log.warn({ err: error, requestId: request.id }, 'the database did not answer');
      return send(request, reply, new ApiError('unavailable', undefined, undefined, { 'Retry-After': '1' }));
    }
    request.log.error({ err: error, requestId: request.id, method: request.method, url: request.url }, 'request failed');
    return send(request, reply, new ApiError('internal'));
  });

  /** 404 for an unknown path, 405 with Allow for a known path and another method (decisions §1 step 1). */
  const unrouted = (request: FastifyRequest): ApiError => {
    const path = request.url.split('?')[0] ?? '';
    const allowed = methods.allowed(path);
    if (allowed) return new ApiError('method_not_allowed', `${path} takes ${allowed.join(', ')}.`, undefined, { Allow: allowed.join(', ') });
    return new ApiError('not_found', `No route ${path}.`);
  };
  // Decided before the body is read, so a bad body on an unknown path still answers 404/405.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.routeOptions.url === undefined) return done(unrouted(request));
    done();
  });
  app.setNotFoundHandler((request, reply) => send(request, reply, unrouted(request)));

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Personal Calendar Access API',
        version: 'v1',
        description: 'Lets software act for one account owner, within the scopes the owner granted to a token.',
      },
      servers: [{ url: API_PREFIX }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'svc_pat_, svc_test_ or svc_at_ token' } } },
      security: [{ bearer: [] }],
    },
    transform: ({ schema, url }) => ({ schema: schema as never, url: url.startsWith(API_PREFIX) ? url.slice(API_PREFIX.length) : url }),
  });

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  // The requester's status page (the statusUrl of a request), outside /api/v1.
  await registerStatusPage(app, services);
  // The owner's public booking page, /{username}.
  await registerBookingPage(app, services);
  // The owner's console (/app), sign-up and sign-in.
  await registerConsole(app, services, CONSOLE_SECTIONS);

  /** Token, app, scope, then rate limits (decisions §1 steps 2-4). */
  const guard = (route: AnyRoute) => async (request: FastifyRequest, reply: FastifyReply) => {
    const now = services.clock.now().getTime();
    const outcome = await authenticator.authenticate(bearer(request.headers.authorization), now);
    if (!outcome.ok) {
      // A token that exists but expired, or whose app is suspended, is no guess: it is not counted
      // against the address (decisions §9 counts missing, malformed, unknown and revoked ones).
      const guess = outcome.code === 'invalid_token';
      const verdict = await checkLimits(rateLimits, [anonymousLimit(request.ip)], now, guess);
      reply.headers(verdict.headers);
      if (guess && !verdict.allowed) throw new ApiError('rate_limited', undefined, undefined, { 'Retry-After': String(verdict.retryAfter) });
      if (outcome.code === 'app_suspended') throw new ApiError('app_suspended');
      throw new ApiError(outcome.code, undefined, undefined, { 'WWW-Authenticate': INVALID_TOKEN_CHALLENGE });
    }
    const { principal } = outcome;
    const verdict = await checkLimits(rateLimits, limitsFor(route.rateClass, principal.tokenId, principal.ownerId), now);
    reply.headers(verdict.headers);
    if (route.scope && !principal.scopes.includes(route.scope)) {
      throw new ApiError('insufficient_scope', `This route needs the scope ${route.scope}.`, undefined, {
        'WWW-Authenticate': `Bearer error="insufficient_scope", scope="${route.scope}"`,
      });
    }
    if (!verdict.allowed) throw new ApiError('rate_limited', undefined, undefined, { 'Retry-After': String(verdict.retryAfter) });
    request.principal = principal;
  };

  for (const route of API_ROUTES) {
    const status = route.successStatus ?? 200;
    const response: Record<number, unknown> = { [status]: route.response };
    for (const code of route.errors) {
      const at = ERRORS[code].status;
      const before = response[at] as { description?: string } | undefined;
      response[at] = { ...ErrorSchema, description: before?.description ? `${before.description}, ${code}` : code };
    }
    app.route({
      method: route.method,
      url: `${API_PREFIX}${route.url}`,
      onRequest: guard(route),
      ...(route.idempotent ? { preValidation: checkIdempotencyKey(route) } : {}),
      schema: {
        operationId: route.operationId,
        summary: route.summary,
        tags: [route.tag],
        querystring: route.querystring ?? NoParameters,
        ...(route.params ? { params: route.params } : {}),
        ...(route.body ? { body: route.body } : {}),
        ...(route.idempotent ? { headers: IdempotencyHeaders } : {}),
        response,
      },
      handler: async (request, reply) => {
        const now = services.clock.now();
        const result = await route.handler({
          principal: request.principal!,
          query: request.query ?? {},
          params: request.params ?? {},
          body: request.body,
          now,
          services,
          ...(route.idempotent ? { idempotency: idempotencyScope(request, reply, now, status) } : {}),
        });
        if (result instanceof JsonBytes) return reply.code(status).type('application/json; charset=utf-8').send(result.bytes);
        return reply.code(status).send(result);
      },
    });
  }
  return app;
}
