import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Clock } from '../domain/clock.js';
import type { Db } from '../store/db.js';
import type { JobRow } from '../store/schema.js';
import { Runner, type RunnerLog } from './runner.js';
import { claimJobs, completeJob, DEFAULT_BACKOFF, failJob, releaseJob, rescheduleJob, type Backoff } from '../store/repos/jobs.js';

export interface JobContext {
  /** The worker's clock at claim time. */
  now: Date;
  clock: Clock;
  /** Aborted when the worker is closing: stop early; the job is handed back untouched. */
  signal: AbortSignal;
}

/** What a handler asks for when it returns: nothing or `done` deletes the job; `runAt` keeps it (a periodic job). */
export type JobOutcome = { done: true } | { runAt: Date; payload?: unknown };
export type JobHandler = (job: JobRow, ctx: JobContext) => Promise<JobOutcome | void>;

/** One kind of job: its handler, and its back-off when the handler throws. */
export interface JobKind {
  run: JobHandler;
  backoff?: Partial<Backoff>;
}

/** The log a worker writes to (pino's shape). */
export type WorkerLog = RunnerLog;

export interface WorkerOptions {
  db: Db;
  clock: Clock;
  kinds: Readonly<Record<string, JobKind>>;
  log?: WorkerLog;
  /** Wait between polls when nothing was due. */
  pollMs?: number;
  /** Jobs run at once: a claim asks for the free slots only. */
  batchSize?: number;
  /** How long a claim holds before another worker may take the job: longer than any handler runs. */
  leaseMs?: number;
  id?: string;
}

const silent: WorkerLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** 2 s: a refresh asked for from the CLI starts within about that; an idle poll is one indexed query. */
export const DEFAULT_POLL_MS = 2000;
/** 5 min: ten times a feed import's worst case (30 s for the whole fetch); a crashed worker's jobs wait this long. */
export const DEFAULT_LEASE_MS = 5 * 60_000;

/** Ends a run early without counting an attempt (the worker is closing). */
export class JobAborted extends Error {}

interface Claimed {
  job: JobRow;
  /** The worker's clock when the job was claimed. */
  now: Date;
}

/**
 * Claims due jobs and runs them, on the house's one loop (jobs/runner.ts). Many workers (in one
 * process or many, on one database) may run at once: claims skip locked rows and hold a lease.
 * `close()` stops polling, asks running jobs to stop, waits for them, and leaves no timer behind.
 */
export class Worker {
  readonly id: string;
  private readonly leaseMs: number;
  private readonly log: WorkerLog;
  private readonly runner: Runner<Claimed>;

  constructor(private readonly o: WorkerOptions) {
    this.id = o.id ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    this.leaseMs = o.leaseMs ?? DEFAULT_LEASE_MS;
    this.log = o.log ?? silent;
    this.runner = new Runner<Claimed>(
      { claim: (room) => this.claim(room), run: (item, signal) => this.runJob(item, signal) },
      { name: 'jobs', pollMs: o.pollMs ?? DEFAULT_POLL_MS, maxInFlight: o.batchSize ?? 5, log: this.log },
    );
  }

  get closed(): boolean {
    return this.runner.closed;
  }

  /** A poll is set for later (false once closed: no timer is left behind). */
  get polling(): boolean {
    return this.runner.polling;
  }

  /** Starts polling: a first poll at once, then every pollMs while nothing is due. */
  start(): void {
    this.runner.start();
  }

  /** Claims one batch of due jobs, runs them, and returns how many it ran. */
  runOnce(): Promise<number> {
    return this.runner.runOnce();
  }

  /** Stops claiming; running jobs may finish for `graceMs`, then are asked to stop (runner.ts). */
  close(graceMs = 0): Promise<void> {
    return this.runner.close(graceMs);
  }

  private async claim(room: number): Promise<Claimed[]> {
    const now = this.o.clock.now();
    const jobs = await claimJobs(this.o.db, { workerId: this.id, kinds: Object.keys(this.o.kinds), limit: room, now, leaseMs: this.leaseMs });
    return jobs.map((job) => ({ job, now }));
  }

  private async runJob({ job, now }: Claimed, signal: AbortSignal): Promise<void> {
    const kind = this.o.kinds[job.kind];
    const { db } = this.o;
    try {
      if (!kind) throw new Error(`no handler for job kind "${job.kind}"`);
      const outcome = await kind.run(job, { now, clock: this.o.clock, signal });
      if (outcome && 'runAt' in outcome) await rescheduleJob(db, job.id, this.id, outcome.runAt, outcome.payload);
      else await completeJob(db, job.id, this.id);
    } catch (e) {
      try {
        if (e instanceof JobAborted || (this.closed && (e as Error)?.name === 'AbortError')) {
          await releaseJob(db, job.id, this.id);
          return;
        }
        const message = e instanceof Error ? e.message : String(e);
        const next = await failJob(db, job.id, this.id, message, this.o.clock.now(), { ...DEFAULT_BACKOFF, ...kind?.backoff });
        this.log.warn({ job: job.id, kind: job.kind, attempts: job.attempts, nextRunAt: next, err: message }, `job ${job.kind} failed`);
      } catch (inner) {
        this.log.error({ err: inner, job: job.id }, 'could not record a failed job (its lease will run out and it runs again)');
      }
    }
  }
}
