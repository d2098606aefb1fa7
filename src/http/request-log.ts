import type { FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import type { Deps } from '../deps.js';
import { durationMicros, loggedPath } from '../request-log/entry.js';

/** The query parameter names a route declares, by its schema (read once per route). */
const namesBySchema = new WeakMap<object, ReadonlySet<string>>();
const NONE: ReadonlySet<string> = new Set();

function queryNames(request: FastifyRequest): ReadonlySet<string> {
  const schema = request.routeOptions.schema?.querystring as { properties?: Record<string, unknown> } | undefined;
  if (!schema) return NONE;
  let names = namesBySchema.get(schema);
  if (!names) namesBySchema.set(schema, (names = new Set(Object.keys(schema.properties ?? {}))));
  return names;
}

/**
 * The API's onResponse hook: every call made with a valid token (answered by its handler, or
 * refused by its scope, a limit, validation, ...) goes to the request log's buffer once its answer
 * is sent, so the call never waits for the log. A call without a valid token belongs to no owner
 * and is not logged.
 */
export function recordCalls(services: Pick<Deps, 'requestLog' | 'clock'>): onResponseHookHandler {
  // The services are read per call: the OpenAPI document registers the plugin without any.
  return function recordCall(request: FastifyRequest, reply: FastifyReply, done: () => void) {
    const caller = request.caller;
    if (caller) {
      const elapsed = reply.elapsedTime;
      services.requestLog.record({
        ownerId: caller.ownerId,
        sourceId: caller.appId ?? caller.tokenId,
        tokenId: caller.tokenId,
        // When the answer went out (the service clock): what the owner compares with their own logs.
        at: services.clock.now(),
        method: request.method,
        path: loggedPath(request.routeOptions.url ?? request.url.split('?')[0] ?? '', request.url, queryNames(request)),
        status: reply.statusCode,
        code: reply.statusCode >= 400 ? (request.errorCode ?? null) : null,
        requestId: request.id,
        durationUs: durationMicros(elapsed),
      });
    }
    done();
  };
}
