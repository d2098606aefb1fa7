import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Clock } from '../domain/clock.js';
import { DISABLE_AFTER_MS, nextAttemptAt, retryAfterMs } from '../domain/webhook-events.js';
import { renderEndpointDisabledEmail } from '../email/owner-templates.js';
import { queueEmail } from '../email/outbox.js';
import type { Agent } from 'undici';
import { guardedAgent, guardedFetch, OutboundFailure } from '../net/guarded-fetch.js';
import { OutboundRefused, resolvePublic, type OutboundPolicy } from '../net/public-address.js';
import { disableEndpoint } from './endpoints.js';
import type { Db } from '../store/db.js';
import { claimDeliveries, deliveryContexts, finishDelivery, logAttempt, releaseDelivery, type DeliveryContext } from '../store/repos/deliveries.js';
import { lockEndpointHealth, lockEndpoints, markEndpointFailing, markEndpointHealthy } from '../store/repos/webhook-endpoints.js';
import type { WebhookDeliveryRow } from '../store/schema.js';
import type { WorkerLog } from '../jobs/queue.js';
import { Runner } from '../jobs/runner.js';
import { eventBody, eventRecord } from './payload.js';
import { signatureHeader } from './sign.js';

/**
 * Delivers webhook events (spec "Delivery request", docs/spec-decisions.md §8): claims due deliveries from the
 * database (any number of instances), signs each attempt afresh with every live secret, sends it
 * through the outbound guard (the address resolved, every address checked public, the connection
 * pinned to the checked address), logs the attempt, and schedules the next one.
 */
export interface DeliveryWorkerOptions {
  db: Db;
  clock: Clock;
  policy: OutboundPolicy;
  log?: WorkerLog;
  /** Poll when idle; 250 ms keeps the time from commit to first attempt well under a second. */
  pollMs?: number;
  /** Deliveries attempted at once by this instance (each endpoint still gets at most `perEndpoint`). */
  maxInFlight?: number;
  /** Longer than an attempt can last (15 s): a crashed worker's deliveries are due again after it. */
  leaseMs?: number;
  perEndpoint?: number;
  /** Owner emails go out by SMTP (else they stay in the local outbox). */
  smtp?: boolean;
  /** Told of every attempt's outcome (the metrics' delivery attempts by outcome). */
  onAttempt?: (outcome: AttemptOutcome['kind']) => void;
  /** Jitter source; tests pin it. */
  random?: () => number;
  /** Certificates to trust: tests with a self-signed receiver only. */
  ca?: string;
  id?: string;
  /** A receiver's connection and whole answer (docs/spec-decisions.md §8: 5 s and 15 s); tests on a busy machine raise them. */
  connectTimeoutMs?: number;
  answerTimeoutMs?: number;
}

const CONNECT_TIMEOUT_MS = 5000;
const ANSWER_TIMEOUT_MS = 15_000;
const MAX_ANSWER_BYTES = 4096;

export type AttemptOutcome =
  | { kind: 'success'; status: number }
  | { kind: 'gone'; status: 410 }
  | { kind: 'failure'; status: number | null; error: string; retryAfterMs: number | null };

/** What an answer means (docs/spec-decisions.md §8): any 2xx succeeds, 410 disables, a 3xx fails (never followed). */
export function judgeAnswer(status: number, headers: Record<string, string>, now: Date): AttemptOutcome {
  if (status >= 200 && status < 300) return { kind: 'success', status };
  if (status === 410) return { kind: 'gone', status: 410 };
  const retryAfter = status === 429 || status === 503 ? retryAfterMs(headers['retry-after'], now) : null;
  const error = status >= 300 && status < 400 ? `answered ${status} (redirects are not followed)` : `answered ${status}`;
  return { kind: 'failure', status, error, retryAfterMs: retryAfter };
}

const MAX_AGENTS = 1000;

export class DeliveryWorker {
  readonly id: string;
  private readonly runner: Runner<Claimed>;
  /** One kept-alive guarded agent per endpoint: its connections were checked when made. */
  private readonly agents = new Map<string, Agent>();

  constructor(private readonly o: DeliveryWorkerOptions) {
    this.id = o.id ?? `${hostname()}:${process.pid}:webhooks:${randomBytes(4).toString('hex')}`;
    // Deliveries are claimed as slots free up, so a slow receiver (up to 15 s) holds only its own slots.
    this.runner = new Runner<Claimed>(
      { claim: (room) => this.claim(room), run: ({ d, ctx }, signal) => this.deliver(d, ctx, signal) },
      { name: 'webhook deliveries', pollMs: o.pollMs ?? 250, maxInFlight: o.maxInFlight ?? 100, ...(o.log ? { log: o.log } : {}) },
    );
  }

  start(): void {
    this.runner.start();
  }

  /** Stops claiming; attempts under way may finish for `graceMs`, then are aborted and handed back. */
  async close(graceMs = 0): Promise<void> {
    await this.runner.close(graceMs);
    await Promise.all([...this.agents.values()].map((a) => a.destroy().catch(() => undefined)));
    this.agents.clear();
  }

  /** Claims one batch of due deliveries, attempts them all and waits for them; returns how many (tests). */
  runOnce(): Promise<number> {
    return this.runner.runOnce();
  }

  private async claim(room: number): Promise<Claimed[]> {
    const batch = await claimDeliveries(this.o.db, {
      workerId: this.id,
      now: this.o.clock.now(),
      limit: room,
      leaseMs: this.o.leaseMs ?? 60_000,
      perEndpoint: this.o.perEndpoint ?? 5,
    });
    if (batch.length === 0) return [];
    const contexts = await deliveryContexts(this.o.db, batch);
    return batch.map((d) => ({ d, ctx: contexts.get(d.id) }));
  }

  private timeouts(): { connectTimeoutMs: number; totalTimeoutMs: number } {
    return { connectTimeoutMs: this.o.connectTimeoutMs ?? CONNECT_TIMEOUT_MS, totalTimeoutMs: this.o.answerTimeoutMs ?? ANSWER_TIMEOUT_MS };
  }

  private agentFor(endpointId: string): Agent {
    let agent = this.agents.get(endpointId);
    if (!agent) {
      if (this.agents.size >= MAX_AGENTS) {
        const [oldest, a] = this.agents.entries().next().value!;
        this.agents.delete(oldest);
        void a.destroy().catch(() => undefined);
      }
      agent = guardedAgent({ policy: this.o.policy, ...this.timeouts(), ...(this.o.ca ? { ca: this.o.ca } : {}) }, { connections: 5, keepAliveTimeoutMs: 10_000 });
      this.agents.set(endpointId, agent);
    }
    return agent;
  }

  private async deliver(d: WebhookDeliveryRow, ctx: DeliveryContext | undefined, signal: AbortSignal): Promise<void> {
    try {
      if (!ctx) return;
      if (ctx.endpoint.deleted_at || ctx.endpoint.disabled_at) {
        await finishDelivery(this.o.db, d.id, this.id, { status: 'failed', lastStatus: null, lastError: 'the endpoint was removed or disabled', now: this.o.clock.now() });
        return;
      }
      const started = this.o.clock.now();
      const t0 = performance.now();
      const outcome = await this.attempt(d, ctx, started, signal);
      if (signal.aborted && outcome.kind === 'failure' && outcome.status === null) {
        await releaseDelivery(this.o.db, d.id, this.id);
        return;
      }
      this.o.onAttempt?.(outcome.kind);
      await this.record(d, ctx, outcome, started, Math.round(performance.now() - t0));
    } catch (e) {
      this.o.log?.error({ err: e, delivery: d.id }, 'a webhook delivery failed to be recorded (its lease will run out and it is tried again)');
    }
  }

  /** One attempt: a fresh timestamp and signature, the guard, the answer judged. */
  private async attempt(d: WebhookDeliveryRow, ctx: DeliveryContext, now: Date, signal: AbortSignal): Promise<AttemptOutcome> {
    const body = eventBody(eventRecord(ctx.event, ctx.accountId, ctx.tokenMode));
    const e = ctx.endpoint;
    const secrets = [e.secret, ...(e.previous_secret && e.previous_secret_expires_at && e.previous_secret_expires_at.getTime() > now.getTime() ? [e.previous_secret] : [])];
    const t = Math.floor(now.getTime() / 1000);
    try {
      // Before every attempt the name is resolved again and every address checked; a kept-alive
      // connection is reused only while that holds (it was made to an address checked then).
      await resolvePublic(new URL(e.url).hostname, this.o.policy);
      const res = await guardedFetch(e.url, {
        agent: this.agentFor(e.id),
        policy: this.o.policy,
        ports: 'https-default',
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'Svc-Webhooks/1.0',
          'Svc-Event-Id': ctx.event.id,
          'Svc-Event-Type': ctx.event.type,
          'Svc-Delivery-Attempt': String(d.attempts),
          'Svc-Signature': signatureHeader(secrets, t, body),
        },
        body,
        ...this.timeouts(),
        maxBodyBytes: MAX_ANSWER_BYTES,
        overLimit: 'truncate',
        maxRedirects: 0,
        signal,
        ...(this.o.ca ? { ca: this.o.ca } : {}),
      });
      return judgeAnswer(res.status, res.headers, now);
    } catch (err) {
      if (err instanceof OutboundRefused || err instanceof OutboundFailure) return { kind: 'failure', status: null, error: err.message, retryAfterMs: null };
      return { kind: 'failure', status: null, error: err instanceof Error ? err.message : String(err), retryAfterMs: null };
    }
  }

  /** The attempt's log line, the delivery's next step and the endpoint's health, in one transaction. */
  private queued: { item: Recorded; done: (e?: unknown) => void }[] = [];
  private flushing: Promise<void> | null = null;

  /**
   * Outcomes are written together: those that finish while a write is under way go in the next one,
   * one transaction for many (an outcome is lost only with its lease, and the delivery is tried again).
   */
  private record(d: WebhookDeliveryRow, ctx: DeliveryContext, outcome: AttemptOutcome, started: Date, durationMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queued.push({ item: { d, ctx, outcome, started, durationMs }, done: (e) => (e === undefined ? resolve() : reject(e)) });
      if (!this.flushing) this.flushing = this.flush();
    });
  }

  private async flush(): Promise<void> {
    await new Promise((r) => setImmediate(r));
    while (this.queued.length > 0) {
      const batch = this.queued.splice(0);
      try {
        // The endpoints first, in one order for every instance (else two workers' batches deadlock).
        const endpoints = [...new Set(batch.map((b) => b.item.ctx.endpoint.id))].sort();
        await retryConflicts(() =>
          this.o.db.transaction().execute(async (trx) => {
            await lockEndpoints(trx, endpoints);
            for (const { item } of batch) await this.recordIn(trx, item);
          }),
        );
        for (const b of batch) b.done();
      } catch (e) {
        for (const b of batch) b.done(e);
      }
    }
    this.flushing = null;
  }

  private async recordIn(trx: Db, { d, ctx, outcome, started, durationMs }: Recorded): Promise<void> {
    const now = this.o.clock.now();
    const e = ctx.endpoint;
    await (async () => {
      const status = outcome.status;
      const error = outcome.kind === 'failure' ? outcome.error : outcome.kind === 'gone' ? 'answered 410 Gone: the endpoint is disabled' : null;
      await logAttempt(trx, { deliveryId: d.id, endpointId: e.id, attempt: d.attempts, startedAt: started, durationMs, statusCode: status, error });
      if (outcome.kind === 'success') {
        await finishDelivery(trx, d.id, this.id, { status: 'succeeded', lastStatus: status, lastError: null, now });
        // The receiver works: even when this delivery's claim was lost meanwhile, the endpoint is healthy.
        await markEndpointHealthy(trx, e.owner_id, e.id, now);
        return;
      }
      if (outcome.kind === 'gone') {
        if (!(await finishDelivery(trx, d.id, this.id, { status: 'failed', lastStatus: 410, lastError: error, now }))) return;
        await disableEndpoint(trx, e.id, 'gone', now);
        this.o.log?.warn({ endpoint: e.id, url: e.url }, 'a webhook endpoint answered 410 Gone and was disabled');
        return;
      }
      const next = nextAttemptAt({ attempt: d.attempts, mode: ctx.tokenMode, now, random: (this.o.random ?? Math.random)(), retryAfterMs: outcome.retryAfterMs });
      const held = await finishDelivery(trx, d.id, this.id, next ? { status: 'pending', nextAttemptAt: next, lastStatus: status, lastError: error, now } : { status: 'failed', lastStatus: status, lastError: error, now });
      if (!held) return;
      // The endpoint's health as it is now (another outcome of the same batch may have changed it).
      const health = await lockEndpointHealth(trx, e.owner_id, e.id);
      if (!health || health.disabled_at) return;
      const failingSince = health.failing_since ?? now;
      if (!health.failing_since) await markEndpointFailing(trx, e.owner_id, e.id, now);
      const lastGood = health.last_success_at?.getTime() ?? 0;
      if (now.getTime() - failingSince.getTime() >= DISABLE_AFTER_MS && now.getTime() - lastGood >= DISABLE_AFTER_MS) {
        await disableEndpoint(trx, e.id, 'failing', now);
        if (ctx.ownerEmail) {
          const rendered = renderEndpointDisabledEmail({ ownerName: ctx.ownerName, url: e.url, since: failingSince, lastError: error });
          await queueEmail(trx, { ownerId: e.owner_id, requestId: null, kind: 'endpoint_disabled', to: ctx.ownerEmail, rendered }, now, this.o.smtp ?? false);
        }
        this.o.log?.warn({ endpoint: e.id, url: e.url, failingSince }, 'a webhook endpoint failed for 5 days and was disabled');
      }
    })();
  }
}

/**
 * Runs a transaction again when PostgreSQL aborted it for a deadlock or a serialization failure (it
 * changed nothing): an outcome not recorded would be attempted again once its lease ran out.
 */
async function retryConflicts<T>(run: () => Promise<T>, tries = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (i >= tries || (code !== '40P01' && code !== '40001')) throw e;
    }
  }
}

interface Claimed {
  d: WebhookDeliveryRow;
  ctx: DeliveryContext | undefined;
}

interface Recorded {
  d: WebhookDeliveryRow;
  ctx: DeliveryContext;
  outcome: AttemptOutcome;
  started: Date;
  durationMs: number;
}
