import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import type { ReadinessReport } from '../services/readiness.js';
import { NEVER_SHED } from './load-shedding.js';

export interface HealthOptions {
  /** What GET /readyz reports (services/readiness.ts). */
  readiness: () => Promise<ReadinessReport>;
}

/**
 * GET /healthz (the process answers) and GET /readyz (it can serve: database, migrations, Redis),
 * outside /api/v1: no token, no rate limit, for load balancers and orchestrators (docs/deploy.md).
 * /readyz answers 503 with the failing checks when one fails. Neither is ever shed under load
 * (load-shedding.ts): a balancer must still hear that the process lives and what it can reach.
 */
export const healthRoutes: FastifyPluginAsync<HealthOptions> = async (app, { readiness }) => {
  app.get('/healthz', { config: NEVER_SHED }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', { config: NEVER_SHED }, async (_request, reply) => {
    const report = await readiness();
    reply.header('Cache-Control', 'no-store');
    reply.code(report.ready ? 200 : 503);
    return { status: report.ready ? 'ready' : 'not_ready', checks: report.checks };
  });
};

/** A server that answers only health (the worker role): nothing else, 404 for any other path. */
export async function buildHealthApp(options: HealthOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(healthRoutes, options);
  return app;
}
