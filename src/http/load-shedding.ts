import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { ApiError, errorBody } from './errors.js';

/**
 * Load shedding (docs/decisions.md "Hardening"): when the event loop lags, a request is answered at
 * once with `503 unavailable` and `Retry-After`, before the token is looked up or the body read,
 * instead of waiting in a queue that grows without bound (issue #11: at 4× capacity on PGlite,
 * clients waited 10 s and memory grew by 260 MiB). The loop's mean delay is measured every
 * `sampleIntervalMs` (perf_hooks' histogram, as @fastify/under-pressure did); while the last sample
 * is over `maxEventLoopDelayMs`, every request is shed. A route answers its own way through
 * `shedAnswer` in its config (the pages answer a small HTML page); a route with `NEVER_SHED` in its
 * config is always served.
 *
 * Measured here, not by @fastify/under-pressure (issue #32 point 5): its timer also reads
 * `process.memoryUsage()`, which opens /proc/self/stat; with every descriptor taken that throws
 * EMFILE inside the timer, an uncaught exception that ended the process. The histogram needs no
 * descriptor, and a sample that fails anyway keeps the last one and tries again.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What this route answers when the service sheds load: set the status and headers on `reply`
     * and return the body; return undefined to serve the request anyway.
     */
    shedAnswer?: ShedAnswer;
  }
  interface FastifyInstance {
    /** True while the last sample of the event loop's delay is over the limit (requests are shed). */
    isUnderPressure(): boolean;
    /** The event loop's mean delay over the last sample, in ms. */
    eventLoopDelay(): number;
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

/** perf_hooks' histogram resolution, in ms; a mean delay below it is no delay (under-pressure's rule). */
const RESOLUTION_MS = 10;

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
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  let delayMs = 0;
  const sample = setInterval(() => {
    try {
      const mean = histogram.mean / 1e6 - RESOLUTION_MS;
      // No sample at all in the interval: the loop was held the whole time.
      delayMs = Number.isNaN(mean) ? Number.POSITIVE_INFINITY : Math.max(0, mean);
      histogram.reset();
    } catch {
      // keep the last sample; the next interval tries again
    }
  }, Math.max(RESOLUTION_MS, shedding.sampleIntervalMs));
  sample.unref();
  app.addHook('onClose', async () => {
    clearInterval(sample);
    histogram.disable();
  });
  const underPressure = () => delayMs > shedding.maxEventLoopDelayMs;
  app.decorate('isUnderPressure', underPressure);
  app.decorate('eventLoopDelay', () => delayMs);

  let loggedAt = Number.NEGATIVE_INFINITY;
  app.addHook('onRequest', (request, reply, done) => {
    if (!underPressure()) return done();
    const now = performance.now();
    if (now < trustedFrom) return done();
    const answer = request.routeOptions.config.shedAnswer ?? json;
    const body = answer(request, reply);
    if (body === undefined) return done();
    // Once a sample at most: a flood of shed calls is not a flood of log lines.
    if (now - loggedAt >= shedding.sampleIntervalMs) {
      loggedAt = now;
      request.log.warn({ eventLoopDelayMs: delayMs, limitMs: shedding.maxEventLoopDelayMs }, 'shedding load: the event loop lags');
    }
    reply.send(body);
  });
}
