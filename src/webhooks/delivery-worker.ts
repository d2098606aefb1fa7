import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Clock } from '../domain/clock.js';
import { DISABLE_AFTER_MS, nextAttemptAt, retryAfterMs } from '../domain/webhook-events.js';
import { renderEndpointDisabledEmail } from '../email/owner-templates.js';
import { queueEmail } from '../email/outbox.js';
import { guardedFetch, OutboundFailure } from '../net/guarded-fetch.js';
import { OutboundRefused, type OutboundPolicy } from '../net/public-address.js';
import { disableEndpoint } from '../services/webhooks/endpoints.js';
import type { Db } from '../store/db.js';
import { claimDeliveries, deliveryContext, finishDelivery, logAttempt, releaseDelivery, type DeliveryContext } from '../store/repos/deliveries.js';
import type { WebhookDeliveryRow } from '../store/schema.js';
import type { WorkerLog } from '../workers/worker.js';
import { eventBody, eventRecord } from './payload.js';
import { signatureHeader } from './sign.js';

/**
 * Delivers webhook events (spec "Delivery request", decisions §8): claims due deliveries from the
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
  batchSize?: number;
  /** Longer than an attempt can last (15 s): a crashed worker's deliveries are due again after it. */
  leaseMs?: number;
  perEndpoint?: number;
  /** Owner emails go out by SMTP (else they stay in the local outbox). */
  smtp?: boolean;
  /** Jitter source; tests pin it. */
  random?: () => number;
  /** Certificates to trust: tests with a self-signed receiver only. */
  ca?: string;
  id?: string;
}

const CONNECT_TIMEOUT_MS = 5000;
const TOTAL_TIMEOUT_MS = 15_000;
const MAX_ANSWER_BYTES = 4096;

export type AttemptOutcome =
  | { kind: 'success'; status: number }
  | { kind: 'gone'; status: 410 }
  | { kind: 'failure'; status: number | null; error: string; retryAfterMs: number | null };

/** What an answer means (decisions §8): any 2xx succeeds, 410 disables, a 3xx fails (never followed). */
export function judgeAnswer(status: number, headers: Record<string, string>, now: Date): AttemptOutcome {
  if (status >= 200 && status < 300) return { kind: 'success', status };
  if (status === 410) return { kind: 'gone', status: 410 };
  const retryAfter = status === 429 || status === 503 ? retryAfterMs(headers['retry-after'], now) : null;
  const error = status >= 300 && status < 400 ? `answered ${status} (redirects are not followed)` : `answered ${status}`;
  return { kind: 'failure', status, error, retryAfterMs: retryAfter };
}

export class DeliveryWorker {
  readonly id: string;
  private readonly abort = new AbortController();
  private timer: NodeJS.Timeout | null = null;
  private loop: Promise<void> | null = null;
  private started = false;

  constructor(private readonly o: DeliveryWorkerOptions) {
    this.id = o.id ?? `${hostname()}:${process.pid}:webhooks:${randomBytes(4).toString('hex')}`;
  }

  start(): void {
    if (this.started || this.abort.signal.aborted) return;
    this.started = true;
    this.schedule(0);
  }

  async close(): Promise<void> {
    this.abort.abort();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.loop;
  }

  /** Claims one batch of due deliveries, attempts them all, and returns how many. */
  async runOnce(): Promise<number> {
    if (this.abort.signal.aborted) return 0;
    const claimed = await claimDeliveries(this.o.db, {
      workerId: this.id,
      now: this.o.clock.now(),
      limit: this.o.batchSize ?? 50,
      leaseMs: this.o.leaseMs ?? 60_000,
      perEndpoint: this.o.perEndpoint ?? 5,
    });
    await Promise.all(claimed.map((d) => this.deliver(d)));
    return claimed.length;
  }

  private schedule(ms: number): void {
    if (this.abort.signal.aborted) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.loop = this.tick().finally(() => {
        this.loop = null;
      });
    }, ms);
  }

  private async tick(): Promise<void> {
    let ran = 0;
    try {
      ran = await this.runOnce();
    } catch (e) {
      this.o.log?.error({ err: e, worker: this.id }, 'could not claim webhook deliveries');
    }
    this.schedule(ran > 0 ? 0 : (this.o.pollMs ?? 250));
  }

  private async deliver(d: WebhookDeliveryRow): Promise<void> {
    try {
      const ctx = await deliveryContext(this.o.db, d);
      if (!ctx) return;
      if (ctx.endpoint.deleted_at || ctx.endpoint.disabled_at) {
        await finishDelivery(this.o.db, d.id, this.id, { status: 'failed', lastStatus: null, lastError: 'the endpoint was removed or disabled', now: this.o.clock.now() });
        return;
      }
      const started = this.o.clock.now();
      const t0 = performance.now();
      const outcome = await this.attempt(d, ctx, started);
      if (this.abort.signal.aborted && outcome.kind === 'failure' && outcome.status === null) {
        await releaseDelivery(this.o.db, d.id, this.id);
        return;
      }
      await this.record(d, ctx, outcome, started, Math.round(performance.now() - t0));
    } catch (e) {
      this.o.log?.error({ err: e, delivery: d.id }, 'a webhook delivery failed to be recorded (its lease will run out and it is tried again)');
    }
  }

  /** One attempt: a fresh timestamp and signature, the guard, the answer judged. */
  private async attempt(d: WebhookDeliveryRow, ctx: DeliveryContext, now: Date): Promise<AttemptOutcome> {
    const body = eventBody(eventRecord(ctx.event, ctx.accountId, ctx.tokenMode));
    const e = ctx.endpoint;
    const secrets = [e.secret, ...(e.previous_secret && e.previous_secret_expires_at && e.previous_secret_expires_at.getTime() > now.getTime() ? [e.previous_secret] : [])];
    const t = Math.floor(now.getTime() / 1000);
    try {
      const res = await guardedFetch(e.url, {
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
        connectTimeoutMs: CONNECT_TIMEOUT_MS,
        totalTimeoutMs: TOTAL_TIMEOUT_MS,
        maxBodyBytes: MAX_ANSWER_BYTES,
        overLimit: 'truncate',
        maxRedirects: 0,
        signal: this.abort.signal,
        ...(this.o.ca ? { ca: this.o.ca } : {}),
      });
      return judgeAnswer(res.status, res.headers, now);
    } catch (err) {
      if (err instanceof OutboundRefused || err instanceof OutboundFailure) return { kind: 'failure', status: null, error: err.message, retryAfterMs: null };
      return { kind: 'failure', status: null, error: err instanceof Error ? err.message : String(err), retryAfterMs: null };
    }
  }

  /** The attempt's log line, the delivery's next step and the endpoint's health, in one transaction. */
  private async record(d: WebhookDeliveryRow, ctx: DeliveryContext, outcome: AttemptOutcome, started: Date, durationMs: number): Promise<void> {
    const now = this.o.clock.now();
    const e = ctx.endpoint;
    await this.o.db.transaction().execute(async (trx) => {
      const status = outcome.status;
      const error = outcome.kind === 'failure' ? outcome.error : outcome.kind === 'gone' ? 'answered 410 Gone: the endpoint is disabled' : null;
      await logAttempt(trx, { deliveryId: d.id, endpointId: e.id, attempt: d.attempts, startedAt: started, durationMs, statusCode: status, error });
      if (outcome.kind === 'success') {
        if (!(await finishDelivery(trx, d.id, this.id, { status: 'succeeded', lastStatus: status, lastError: null, now }))) return;
        await trx.updateTable('webhook_endpoints').set({ last_success_at: now, failing_since: null }).where('id', '=', e.id).execute();
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
      const failingSince = e.failing_since ?? now;
      if (!e.failing_since) await trx.updateTable('webhook_endpoints').set({ failing_since: now }).where('id', '=', e.id).where('failing_since', 'is', null).execute();
      const lastGood = e.last_success_at?.getTime() ?? 0;
      if (now.getTime() - failingSince.getTime() >= DISABLE_AFTER_MS && now.getTime() - lastGood >= DISABLE_AFTER_MS) {
        await disableEndpoint(trx, e.id, 'failing', now);
        if (ctx.ownerEmail) {
          const rendered = renderEndpointDisabledEmail({ ownerName: ctx.ownerName, url: e.url, since: failingSince, lastError: error });
          await queueEmail(trx, { ownerId: e.owner_id, requestId: null, kind: 'endpoint_disabled', to: ctx.ownerEmail, rendered }, now, this.o.smtp ?? false);
        }
        this.o.log?.warn({ endpoint: e.id, url: e.url, failingSince }, 'a webhook endpoint failed for 5 days and was disabled');
      }
    });
  }
}
