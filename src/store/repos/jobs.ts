import { sql } from 'kysely';
import { newId } from '../../domain/ids.js';
import type { Db } from '../db.js';
import type { JobRow } from '../schema.js';

/**
 * The jobs table's verbs: plain functions taking the executor first (a db or a transaction). Every
 * instant comes from the caller's clock, never from the database's now(), so tests pin time.
 * A claimed job carries a lease (locked_by, locked_until); the verbs that end a claim act only while
 * the caller still holds it, so a worker whose lease ran out and was taken over cannot undo the
 * newer holder's work.
 */

export interface NewJob {
  kind: string;
  ownerId?: string | null;
  /** With a key, the job exists once per (kind, key): enqueueing again updates it. */
  key?: string | null;
  payload?: unknown;
  runAt: Date;
}

/**
 * Adds a job, or, when one of the same kind and key exists, gives it the new payload and the earlier
 * of the two run times (asking for a refresh never postpones one already due). A keyed job that is
 * running keeps running; whoever ends its claim sets its next run. With `replaceRunAt` the new run
 * time wins, later or earlier, as a fresh start: how a timer that moves (a request's expiry after a
 * new time is proposed) is kept.
 */
export async function enqueueJob(db: Db, job: NewJob, now: Date, opts: { replaceRunAt?: boolean } = {}): Promise<JobRow> {
  return db
    .insertInto('jobs')
    .values({
      id: newId(),
      kind: job.kind,
      owner_id: job.ownerId ?? null,
      key: job.key ?? null,
      payload: JSON.stringify(job.payload ?? {}),
      run_at: job.runAt,
      created_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['kind', 'key'])
        .where('key', 'is not', null)
        .doUpdateSet((eb) => ({
          payload: eb.ref('excluded.payload'),
          owner_id: eb.ref('excluded.owner_id'),
          ...(opts.replaceRunAt
            ? { run_at: eb.ref('excluded.run_at'), attempts: 0, last_error: null }
            : { run_at: sql<Date>`least(jobs.run_at, excluded.run_at)` }),
        })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface ClaimOptions {
  workerId: string;
  /** Only these kinds: a worker claims what it can run. */
  kinds: readonly string[];
  limit: number;
  now: Date;
  /** How long the claim holds; after it, another worker may take the job again. */
  leaseMs: number;
}

/**
 * Claims up to `limit` due jobs, oldest run_at first. `FOR UPDATE SKIP LOCKED` lets many workers
 * claim at once without waiting on each other or taking the same job; a job whose lease ran out
 * (its worker crashed or hung) is due again. Each claim counts as an attempt.
 */
export async function claimJobs(db: Db, o: ClaimOptions): Promise<JobRow[]> {
  if (o.kinds.length === 0 || o.limit <= 0) return [];
  const leaseUntil = new Date(o.now.getTime() + o.leaseMs);
  const rows = await db
    .with('due', (qb) =>
      qb
        .selectFrom('jobs')
        .select('id')
        .where('run_at', '<=', o.now)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', o.now)]))
        .where('kind', 'in', [...o.kinds])
        .orderBy('run_at')
        .orderBy('id')
        .limit(o.limit)
        .forUpdate()
        .skipLocked(),
    )
    .updateTable('jobs')
    .from('due')
    .set((eb) => ({ locked_by: o.workerId, locked_until: leaseUntil, attempts: eb('jobs.attempts', '+', 1) }))
    .whereRef('jobs.id', '=', 'due.id')
    .returningAll('jobs')
    .execute();
  return rows.sort((a, b) => a.run_at.getTime() - b.run_at.getTime() || a.id.localeCompare(b.id));
}

/** The job is done: it goes. False when the caller no longer holds it. */
export async function completeJob(db: Db, id: string, workerId: string): Promise<boolean> {
  const r = await db.deleteFrom('jobs').where('id', '=', id).where('locked_by', '=', workerId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export interface Backoff {
  /** Wait after the first failed attempt; doubled after each further one. */
  baseSeconds: number;
  maxSeconds: number;
  /** ± this fraction of random spread, so jobs that failed together do not retry together. */
  jitter: number;
}

/** 30 s, 1 min, 2 min, 4 min … capped at 6 h: a feed down for a day is tried about 8 times. */
export const DEFAULT_BACKOFF: Backoff = { baseSeconds: 30, maxSeconds: 6 * 3600, jitter: 0 };

/** Longest error text kept: enough for a reason and an address, never a whole answer body. */
const MAX_ERROR_LENGTH = 2000;

/**
 * The attempt failed: the lease is released and the job runs again after a back-off computed in one
 * SQL expression from the attempts counted so far (attempts is ≥ 1 here: the claim counted it).
 */
export async function failJob(db: Db, id: string, workerId: string, error: string, now: Date, backoff: Backoff = DEFAULT_BACKOFF): Promise<Date | null> {
  const row = await db
    .updateTable('jobs')
    .set({
      last_error: error.slice(0, MAX_ERROR_LENGTH),
      locked_by: null,
      locked_until: null,
      run_at: sql<Date>`${now}::timestamptz + least(
        ${backoff.baseSeconds}::float8 * power(2, least(greatest(attempts, 1), 30) - 1),
        ${backoff.maxSeconds}::float8
      ) * (1 + (random() * 2 - 1) * ${backoff.jitter}::float8) * interval '1 second'`,
    })
    .where('id', '=', id)
    .where('locked_by', '=', workerId)
    .returning('run_at')
    .executeTakeFirst();
  return row?.run_at ?? null;
}

/**
 * Runs the job again at `runAt` as a fresh start (attempts back to 0, error cleared): how a periodic
 * job ends a successful run. With a payload, it replaces the stored one.
 */
export async function rescheduleJob(db: Db, id: string, workerId: string, runAt: Date, payload?: unknown): Promise<boolean> {
  const r = await db
    .updateTable('jobs')
    .set({
      run_at: runAt,
      attempts: 0,
      last_error: null,
      locked_by: null,
      locked_until: null,
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    })
    .where('id', '=', id)
    .where('locked_by', '=', workerId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Gives the job back untouched (the worker is stopping): due again at once, the attempt not counted. */
export async function releaseJob(db: Db, id: string, workerId: string): Promise<boolean> {
  const r = await db
    .updateTable('jobs')
    .set((eb) => ({ locked_by: null, locked_until: null, attempts: sql<number>`greatest(${eb.ref('attempts')} - 1, 0)` }))
    .where('id', '=', id)
    .where('locked_by', '=', workerId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function findJobByKey(db: Db, kind: string, key: string): Promise<JobRow | null> {
  return (await db.selectFrom('jobs').selectAll().where('kind', '=', kind).where('key', '=', key).executeTakeFirst()) ?? null;
}

export async function deleteJobByKey(db: Db, kind: string, key: string): Promise<void> {
  await db.deleteFrom('jobs').where('kind', '=', kind).where('key', '=', key).execute();
}

/** The one job of (kind, key), due at `runAt` whatever it was before. */
export async function setTimerJob(db: Db, job: NewJob & { key: string }, now: Date): Promise<void> {
  await enqueueJob(db, job, now, { replaceRunAt: true });
}

/**
 * Adds a keyed job with a plain insert (no upsert): for a caller that holds the lock of what the key
 * names and checked that no such job exists (an owner's decision waiting out its undo window).
 */
export async function insertJob(db: Db, job: NewJob & { key: string }, now: Date): Promise<void> {
  await db
    .insertInto('jobs')
    .values({ id: newId(), kind: job.kind, owner_id: job.ownerId ?? null, key: job.key, payload: JSON.stringify(job.payload ?? {}), run_at: job.runAt, created_at: now })
    .execute();
}

/**
 * Takes the owner's keyed job back while it is neither due nor claimed (a job being run holds its
 * row, so exactly one of the two wins). False when it ran, is running, or never was.
 */
export async function withdrawJob(db: Db, q: { kind: string; key: string; ownerId: string; now: Date }): Promise<boolean> {
  const r = await db
    .deleteFrom('jobs')
    .where('kind', '=', q.kind)
    .where('key', '=', q.key)
    .where('owner_id', '=', q.ownerId)
    .where('run_at', '>', q.now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', q.now)]))
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
