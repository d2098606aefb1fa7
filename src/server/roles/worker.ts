import { Worker } from '../../jobs/queue.js';
import { scheduleHousekeeping } from '../../services/housekeeping.js';
import { DeliveryWorker } from '../../webhooks/delivery-worker.js';
import { jobKinds } from '../job-kinds.js';
import type { Part } from './part.js';

/** Durable jobs (feed imports, request timers, emails, housekeeping) on the one job loop. */
export const jobsPart: Part = {
  name: 'jobs',
  async start({ deps, log }) {
    const worker = new Worker({ db: deps.db, clock: deps.clock, kinds: jobKinds({ ...deps, log }), log, pollMs: deps.config.jobPollMs, leaseMs: deps.config.jobLeaseMs });
    await scheduleHousekeeping(deps.db, deps.clock.now());
    worker.start();
    return { stop: () => worker.close(deps.config.shutdownGraceMs) };
  },
};

/** Webhook deliveries: their own table, polled often so the first attempt follows a change within a second. */
export const deliveriesPart: Part = {
  name: 'webhook deliveries',
  async start({ deps, log, metrics }) {
    const deliveries = new DeliveryWorker({
      db: deps.db,
      clock: deps.clock,
      policy: deps.outbound,
      log,
      pollMs: deps.config.webhookPollMs,
      leaseMs: deps.config.webhookLeaseMs,
      connectTimeoutMs: deps.config.deadlines.webhookConnectMs,
      answerTimeoutMs: deps.config.deadlines.webhookAnswerMs,
      smtp: deps.config.smtpUrl !== null,
      ...(metrics ? { onAttempt: (outcome: string) => metrics.deliveryAttempt(outcome) } : {}),
    });
    deliveries.start();
    return { stop: () => deliveries.close(deps.config.shutdownGraceMs) };
  },
};

/** What runs in the background. */
export const WORKER_PARTS: readonly Part[] = [jobsPart, deliveriesPart];
