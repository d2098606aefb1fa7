import type { FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import type { Deps } from '../deps.js';
import { durationMicros, loggedPath } from '../request-log/entry.js';

/** The query parameter names a route declares, by its schema (read once per route). */
const namesBySchema = new WeakMap<object, ReadonlySet<string>>();
const NONE: ReadonlySet<string> = new Set();

function queryNames(options: FastifyRequest['routeOptions']): ReadonlySet<string> {
  const schema = options.schema?.querystring as { properties?: Record<string, unknown> } | undefined;
  if (!schema) return NONE;
  let names = namesBySchema.get(schema);
  if (!names) namesBySchema.set(schema, (names = new Set(Object.keys(schema.properties ?? {}))));
  return names;
}

/**
 * Logged paths by the URL asked and the route that took it: a client polling or paging asks the
 * same URLs again and again. At most PATHS_MAX, then forgotten together.
 */
const pathsByUrl = new Map<string, { route: string; names: ReadonlySet<string>; path: string }>();
const PATHS_MAX = 2048;

function pathOf(request: FastifyRequest): string {
  // Fastify builds routeOptions on each read.
  const options = request.routeOptions;
  const route = options.url ?? request.url.split('?')[0] ?? '';
  const names = queryNames(options);
  const kept = pathsByUrl.get(request.url);
  if (kept && kept.route === route && kept.names === names) return kept.path;
  const path = loggedPath(route, request.url, names);
  if (pathsByUrl.size >= PATHS_MAX) pathsByUrl.clear();
  pathsByUrl.set(request.url, { route, names, path });
  return path;
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
        path: pathOf(request),
        status: reply.statusCode,
        code: reply.statusCode >= 400 ? (request.errorCode ?? null) : null,
        requestId: request.id,
        durationUs: durationMicros(elapsed),
      });
    }
    done();
  };
}
