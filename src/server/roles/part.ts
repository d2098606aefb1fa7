import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Deps } from '../../deps.js';
import type { ServiceMetrics } from '../../http/metrics.js';
import type { AdminChannel } from '../admin-channel.js';
import type { ConnectionBudget } from '../descriptor-budget.js';

/** What a part of a role needs to start: the instance's one dependency bag and its log. */
export interface PartContext {
  deps: Deps;
  log: Logger;
  /** This instance's metrics when they are served (METRICS_PORT), else null. */
  metrics: ServiceMetrics | null;
  /** What each listener may hold, from the descriptor limit (descriptor-budget.ts); connection-gate.ts applies it. */
  connections: ConnectionBudget;
}

/** A part that runs: how to stop it, and what it offers others (the HTTP part its address). */
export interface Started {
  stop(): Promise<void>;
  url?: string;
  /** Where this instance's metrics answer (METRICS_PORT). */
  metricsUrl?: string;
  app?: FastifyInstance;
  admin?: AdminChannel;
}

/**
 * One named thing a role starts (the HTTP server, the job loop, ...). `start` answers null when the
 * part does not apply here (the admin channel on PostgreSQL). Parts stop in the reverse order.
 */
export interface Part {
  name: string;
  start(ctx: PartContext): Promise<Started | null>;
}
