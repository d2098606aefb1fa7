import underPressure from '@fastify/under-pressure';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyUnderPressureOptions } from '@fastify/under-pressure';
import type { Config } from '../config.js';
import { ApiError, errorBody } from './errors.js';

/**
 * Load shedding (docs/decisions.md "Hardening"): when the event loop lags, a request is answered at
 * once with `503 unavailable` and `Retry-After`, before the token is looked up or the body read,
 * instead of waiting in a queue that grows without bound (issue #11: at 4× capacity on PGlite,
 * clients waited 10 s and memory grew by 260 MiB). @fastify/under-pressure measures the loop's mean
 * delay every `sampleIntervalMs`; while the last sample is over `maxEventLoopDelayMs`, every request
 * is shed. A route answers its own way through `shedAnswer` in its config (the pages answer a small
 * HTML page); a route with `NEVER_SHED` in its config is always served.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What this route answers when the service sheds load: set the status and headers on `reply`
     * and return the body; return undefined to serve the request anyway.
     */
    shedAnswer?: ShedAnswer;
  }
}

export type ShedAnswer = (request: FastifyRequest, reply: FastifyReply) => string | object | undefined;

/** Route config of a route that is served whatever the load (health checks, metrics). */
export const NEVER_SHED: FastifyContextConfig = { shedAnswer: () => undefined };

export const SHED_MESSAGE = 'The service is overloaded; retry after the time in Retry-After.';

/** The API's answer, and that of every path no surface claims: the spec's error envelope. */
function shedJson(retryAfterSeconds: number): ShedAnswer {
  return (request, reply) => {
    reply.code(503).header('Retry-After', String(retryAfterSeconds)).type('application/json; charset=utf-8');
    return errorBody(new ApiError('unavailable', SHED_MESSAGE), request.id);
  };
}

/**
 * Registers the shedding at the root, before every other hook. Sampling starts when the plugin
 * loads, while the app is still being built: compiling the routes' schemas holds the loop for
 * hundreds of milliseconds, which the first samples would count as load and shed the first
 * requests after start. So nothing is shed until two sample intervals after the app is ready,
 * when every sample is the running service's.
 */
export async function registerLoadShedding(app: FastifyInstance, shedding: Config['shedding']): Promise<void> {
  const json = shedJson(shedding.retryAfterSeconds);
  let trustedFrom = Number.POSITIVE_INFINITY;
  app.addHook('onReady', async () => {
    trustedFrom = performance.now() + 2 * shedding.sampleIntervalMs;
  });
  // under-pressure sends what its handler returns, and serves the request when it returns nothing
  // (its types say `void`, hence the cast).
  let loggedAt = Number.NEGATIVE_INFINITY;
  const decide = (request: FastifyRequest, reply: FastifyReply, _type: string, value: number | undefined) => {
    const now = performance.now();
    if (now < trustedFrom) return undefined;
    const answer = request.routeOptions.config.shedAnswer ?? json;
    // Once a sample at most: a flood of shed calls is not a flood of log lines.
    if (answer !== NEVER_SHED.shedAnswer && now - loggedAt >= shedding.sampleIntervalMs) {
      loggedAt = now;
      request.log.warn({ eventLoopDelayMs: value, limitMs: shedding.maxEventLoopDelayMs }, 'shedding load: the event loop lags');
    }
    return answer(request, reply);
  };
  const options: FastifyUnderPressureOptions = {
    maxEventLoopDelay: shedding.maxEventLoopDelayMs,
    sampleInterval: shedding.sampleIntervalMs,
    retryAfter: shedding.retryAfterSeconds,
    pressureHandler: decide as unknown as FastifyUnderPressureOptions['pressureHandler'],
  };
  await app.register(underPressure, options);
}
