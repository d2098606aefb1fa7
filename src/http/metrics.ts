import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Clock } from '../domain/clock.js';
import type { RateLimitStore } from '../limits/store.js';
import type { Store } from '../store/db.js';
import { deliveryQueueStats, jobQueueStats, type QueueStats } from '../store/repos/queue-stats.js';

export interface MetricsSources {
  store: Store;
  clock: Clock;
  limits: RateLimitStore;
  /** `api`, `worker` or `all`: a label on every series, so one dashboard shows every instance. */
  role: string;
}

/** Seconds: from a cached read (a millisecond) to the slowest a client waits for (the 30 s request limit). */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * The Prometheus metrics of one instance (prom-client, a registry of its own): requests by route and
 * status, rate-limit refusals by class, the job and delivery queues, delivery attempts by outcome,
 * the database pool, whether rate limits fell back to this instance's memory (docs/deploy.md).
 * The queues are read from the database only when scraped.
 */
export class ServiceMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly latency: Histogram<'method' | 'route' | 'status'>;
  private readonly refusals: Counter<'class'>;
  private readonly attempts: Counter<'outcome'>;

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    this.registry.setDefaultLabels({ role: sources.role });
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by route pattern and status', labelNames: ['method', 'route', 'status'], registers });
    this.latency = new Histogram({ name: 'http_request_duration_seconds', help: 'Time to answer, by route pattern and status', labelNames: ['method', 'route', 'status'], buckets: LATENCY_BUCKETS, registers });
    this.refusals = new Counter({ name: 'rate_limit_refusals_total', help: 'Calls refused with 429, by the class of the limit (read, availability, create-hour, create-day, owner, anon, booking)', labelNames: ['class'], registers });
    this.attempts = new Counter({ name: 'webhook_delivery_attempts_total', help: 'Webhook delivery attempts made by this instance, by outcome (success, gone, failure)', labelNames: ['outcome'], registers });

    const queueGauge = (name: string, help: string, read: (db: Store['db'], now: Date) => Promise<QueueStats>, pick: (s: QueueStats) => number) =>
      new Gauge({
        name,
        help,
        registers,
        async collect() {
          this.set(pick(await read(sources.store.db, sources.clock.now())));
        },
      });
    queueGauge('jobs_due', 'Jobs due and not leased (waiting for a worker)', jobQueueStats, (s) => s.due);
    queueGauge('jobs_leased', 'Jobs leased by a worker now', jobQueueStats, (s) => s.leased);
    queueGauge('jobs_oldest_due_seconds', 'How long the oldest due job has waited past its time', jobQueueStats, (s) => s.oldestDueSeconds);
    queueGauge('webhook_deliveries_due', 'Webhook deliveries due and not leased', deliveryQueueStats, (s) => s.due);
    queueGauge('webhook_deliveries_leased', 'Webhook deliveries being attempted now', deliveryQueueStats, (s) => s.leased);
    queueGauge('webhook_deliveries_oldest_due_seconds', 'How long the oldest due delivery has waited past its time', deliveryQueueStats, (s) => s.oldestDueSeconds);

    const pool = sources.store.poolUse;
    if (pool) {
      new Gauge({ name: 'db_pool_connections', help: 'Database connections open in this instance\'s pool, by state', labelNames: ['state'], registers, collect() {
        const use = pool();
        this.set({ state: 'busy' }, use.total - use.idle);
        this.set({ state: 'idle' }, use.idle);
      } });
      new Gauge({ name: 'db_pool_waiting', help: 'Queries waiting for a free database connection', registers, collect() {
        this.set(pool().waiting);
      } });
      new Gauge({ name: 'db_pool_max', help: 'Connections the pool may open', registers, collect() {
        this.set(pool().max);
      } });
    }
    const limits = sources.limits as RateLimitStore & { fallingBack?: boolean };
    new Gauge({ name: 'rate_limit_fallback', help: '1 while Redis does not answer and rate limits are counted in this instance\'s memory (REDIS_URL set)', registers, collect() {
      this.set(limits.fallingBack ? 1 : 0);
    } });
  }

  /** After every answer (an onResponse hook): the route's pattern, never the raw URL (ids would make a series each). */
  observe(request: FastifyRequest, reply: FastifyReply): void {
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    this.requests.inc(labels);
    this.latency.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode === 429) this.refusals.inc({ class: request.limitRefused ?? (route.startsWith('/book') ? 'booking' : 'anon') });
  }

  deliveryAttempt(outcome: string): void {
    this.attempts.inc({ outcome });
  }
}

/** A server of its own for GET /metrics (METRICS_PORT): never on the public port, never behind the API. */
export async function buildMetricsApp(metrics: ServiceMetrics): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.get('/metrics', async (_request, reply) => {
    reply.header('Content-Type', metrics.registry.contentType);
    return metrics.registry.metrics();
  });
  return app;
}
