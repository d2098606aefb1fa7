import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Clock } from '../domain/clock.js';
import { newRequestId } from '../domain/ids.js';
import { ApiError, asApiError, errorBody } from './errors.js';
import { MethodTable } from './method-table.js';
import { anonymousLimit, checkLimits } from '../limits/policy.js';
import type { RateLimitStore } from '../limits/store.js';
import { validationError } from './validation.js';

/**
 * What every answer of the service has in common, whichever surface answers (docs/spec-decisions.md §1): the
 * request id, `Cache-Control: no-store`, the three `RateLimit-*` headers, the JSON error of the spec
 * for what no surface claims (404, 405, a request that is not HTTP), and the JSON error handler with
 * its database-down heuristic. The pages keep their own HTML error handlers inside their plugins.
 */
export interface EnvelopeDeps {
  rateLimits: RateLimitStore;
  clock: Clock;
  /** Unrouted requests for a page (not the API's) answered with an HTML 404 page instead of the JSON error. */
  pageNotFound?: { handles: (request: FastifyRequest) => boolean; send: (request: FastifyRequest, reply: FastifyReply) => FastifyReply };
}

/**
 * A fault of the database connection rather than of the request: refused or dropped connections,
 * PostgreSQL's connection-exception class (08xxx) and operator shutdowns (57P01-57P03). Clients
 * retry these with backoff (`503 unavailable`); anything else is a `500 internal`.
 */
function isDependencyDown(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  // EMFILE, ENFILE: no file descriptor is left (issue #32 point 5): this call fails, the process goes on.
  if (typeof code === 'string' && (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EPIPE|EMFILE|ENFILE)$/.test(code) || /^08|^57P0[123]$/.test(code))) return true;
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|timeout exceeded when trying to connect/i.test(message);
}

/**
 * Headers every answer carries (docs/spec-decisions.md §1). An answer that never reached the token check
 * describes the per-address limit on calls without a valid token, without counting: only then is
 * there something to wait for (a promise), and only then is the clock read.
 */
function stamper({ rateLimits, clock }: EnvelopeDeps) {
  return function stampEnvelope(request: FastifyRequest, reply: FastifyReply): Promise<void> | undefined {
    // Lower case, as Fastify keeps (and sends) every name: lowering them again costs a string each.
    reply.header('svc-request-id', request.id);
    reply.header('cache-control', 'no-store');
    if (reply.hasHeader('ratelimit-limit')) return undefined;
    return checkLimits(rateLimits, [anonymousLimit(request.ip)], clock.now().getTime(), false).then((verdict) => void reply.headers(verdict.headers));
  };
}

/** The message of a 400 bad_request for bytes that are not an HTTP request (a malformed header line, ...); any route can answer it. */
export const NOT_HTTP_MESSAGE = 'The request is not valid HTTP.';

/** 400 bad_request for bytes that are not an HTTP request, written on the raw socket. */
function answerMalformed(rateLimits: RateLimitStore, now: number, error: Error & { code?: string }, socket: Socket, late: string): void {
  // A peer that went away, or a request too large for the parser, has nobody to answer.
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const id = newRequestId();
  // Node cuts off a request that does not arrive in time (headers, or the whole of it) here too.
  const message = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? late : NOT_HTTP_MESSAGE;
  const body = JSON.stringify(errorBody(new ApiError('bad_request', message), id));
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
      // Closed here, not only ended: Node leaves a socket whose request it cut off to this handler,
      // and an HTTP server's sockets are half-open, so end() alone kept the connection (and its
      // slot) until the client closed its side, which a client that never reads never does
      // (issue #32 point 6: held for the whole of a 75 s probe, never cut by HEADERS_TIMEOUT_MS).
      // Destroyed once the answer is handed to the kernel, or at once if it cannot take it.
      if (!socket.writable || socket.writableNeedDrain) return void socket.destroy();
      socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`, () => socket.destroy());
    },
    () => socket.destroy(),
  );
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The code of the error this request was answered with (the request log records it). */
    errorCode?: string;
  }
}

/** An error answer in the spec's shape: `{error: {code, message, field?, requestId}}`. */
export function sendError(request: FastifyRequest, reply: FastifyReply, err: ApiError): FastifyReply {
  request.errorCode = err.code;
  return reply.code(err.status).headers(err.headers).type('application/json; charset=utf-8').send(errorBody(err, request.id));
}

/** The JSON error handler: ApiError and service refusals as they are, schema errors as 422, bodies as 400, the rest 503 or 500. */
export function jsonErrorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const known = asApiError(error);
  if (known) return sendError(request, reply, known);
  const e = error as { validation?: unknown; validationContext?: string; code?: string; statusCode?: number };
  if (Array.isArray(e.validation)) return sendError(request, reply, validationError(e.validation, e.validationContext));
  if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendError(request, reply, new ApiError('bad_request', 'The body is larger than 256 KiB.'));
  if (e.code?.startsWith('FST_ERR_CTP_') || (e.statusCode === 400 && error instanceof SyntaxError)) {
    return sendError(request, reply, new ApiError('bad_request', 'The body is not valid JSON (send Content-Type: application/json).'));
  }
  if (isDependencyDown(error)) {
    const outOfDescriptors = e.code === 'EMFILE' || e.code === 'ENFILE';
    request.log.warn({ err: error, requestId: request.id }, outOfDescriptors ? 'no file descriptor is left (docs/deploy.md: LimitNOFILE)' : 'the database did not answer');
    return sendError(request, reply, new ApiError('unavailable', undefined, undefined, { 'Retry-After': '1' }));
  }
  request.log.error({ err: error, requestId: request.id, method: request.method, url: request.url }, 'request failed');
  return sendError(request, reply, new ApiError('internal'));
}

/**
 * The server options of the envelope: a request that is not valid HTTP (a bad Content-Length,
 * broken chunking) never reaches a route, and a path Fastify cannot route (bad percent-encoding, a
 * parameter over maxParamLength) is answered before any hook runs; both still get the spec's error
 * shape and the envelope's headers. Request ids are ours, never the caller's.
 */
export function envelopeOptions(
  deps: EnvelopeDeps,
  timeouts: { headersTimeoutMs: number; requestTimeoutMs: number },
): Pick<FastifyServerOptions, 'clientErrorHandler' | 'frameworkErrors' | 'genReqId' | 'requestIdHeader'> {
  const stampEnvelope = stamper(deps);
  const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;
  const late = `The request did not arrive in time: its headers within ${seconds(timeouts.headersTimeoutMs)}, the whole request within ${seconds(timeouts.requestTimeoutMs)}.`;
  return {
    clientErrorHandler: (error, socket) => answerMalformed(deps.rateLimits, deps.clock.now().getTime(), error, socket, late),
    genReqId: () => newRequestId(),
    requestIdHeader: false,
    frameworkErrors: (_error: FastifyError, request, reply) => {
      const err = new ApiError('not_found', 'The path names no resource.');
      void Promise.resolve(stampEnvelope(request as FastifyRequest, reply as FastifyReply)).then(() => sendError(request as FastifyRequest, reply as FastifyReply, err));
    },
  };
}

/** A path that ends with "/" or holds "//" has an empty segment: no route takes one. */
export const hasEmptySegment = (path: string): boolean => path.length > 1 && (path.endsWith('/') || path.includes('//'));

/** 404 for a path no route takes; a slash too many says which path was meant. */
export function noRoute(path: string): ApiError {
  if (!hasEmptySegment(path)) return new ApiError('not_found', `No route ${path}.`);
  const meant = path.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');
  return new ApiError('not_found', `No route ${path}: paths have no empty segment and no trailing slash (did you mean ${meant}?).`);
}

/**
 * The envelope as a plugin of the root: its hooks apply to every route of every surface registered
 * after it (skip-override, what fastify-plugin does, without the package).
 */
export const envelope: FastifyPluginAsync<EnvelopeDeps> = async (app: FastifyInstance, deps) => {
  const stampEnvelope = stamper(deps);
  const methods = new MethodTable();
  app.addHook('onRoute', (route) => methods.add(route.url, route.method));

  // Invariant headers are stamped last, so error answers carry them too. Callback hooks: no promise
  // per call where there is nothing to wait for.
  app.addHook('onSend', (request, reply, payload, done) => {
    const pending = stampEnvelope(request, reply);
    if (!pending) return done(null, payload);
    pending.then(() => done(null, payload), done);
  });

  app.setErrorHandler(jsonErrorHandler);

  /** 404 for an unknown path, 405 with Allow for a known path and another method (docs/spec-decisions.md §1 step 1). */
  const unrouted = (request: FastifyRequest): ApiError => {
    const path = request.url.split('?')[0] ?? '';
    const allowed = methods.allowed(path);
    if (allowed) return new ApiError('method_not_allowed', `${path} takes ${allowed.join(', ')}.`, undefined, { Allow: allowed.join(', ') });
    return noRoute(path);
  };
  // Decided before the body is read, so a bad body on an unknown path still answers 404/405. A path
  // the router gave to a parameter (`GET /requests/tasks` to `/requests/:id`) while a more specific
  // route owns it (`POST /requests/tasks`) is that route's path, with another method: 405.
  app.addHook('onRequest', (request, _reply, done) => {
    const template = request.routeOptions.url;
    if (template === undefined && deps.pageNotFound?.handles(request) && !methods.allowed(request.url.split('?')[0] ?? '')) return done();
    if (template === undefined || methods.shadowed(template, request.url)) return done(unrouted(request));
    done();
  });
  app.setNotFoundHandler((request, reply) => {
    const error = unrouted(request);
    if (error.status === 404 && deps.pageNotFound?.handles(request)) return deps.pageNotFound.send(request, reply);
    return sendError(request, reply, error);
  });
};
(envelope as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
