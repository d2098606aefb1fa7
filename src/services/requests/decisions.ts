import { formatInstant, parseInstant } from '../../domain/instant.js';
import type { Trigger } from '../../domain/request-moves.js';
import type { Db } from '../../store/db.js';
import { lockRequest } from '../../store/repos/request-changes.js';
import type { JobRow, RequestRow } from '../../store/schema.js';
import { completeJob, findJobByKey, insertJob, withdrawJob } from '../../store/repos/jobs.js';
import type { JobKind, WorkerLog } from '../../jobs/queue.js';
import { ServiceError } from '../../domain/service-error.js';
import type { RequestEnv } from './env.js';
import { refuseHeldTime } from './conflicts.js';
import { applyMove, REQUEST_DECISION, ruleFor, type MoveInput } from './moves.js';

/**
 * The owner's decisions (docs/spec-decisions.md §3): accept, decline, propose a new time, cancel. Each
 * takes effect an undo window after the owner acts unless undone: the decision waits as a durable job
 * (key = the request), so a restart inside the window neither loses nor doubles it, and until it
 * runs the request, the API and the events show the old state. The console and the CLI call these.
 */
/** The undo window, 5 s: the default of the UNDO_WINDOW_MS setting (RequestEnv.undoWindowMs). */
export const UNDO_WINDOW_MS = 5000;

export type OwnerDecision = { action: 'accept' } | { action: 'decline' } | { action: 'cancel' } | { action: 'reschedule'; start: Date };

export interface DecisionResult {
  /** The request as it is now: unchanged while the decision waits. */
  request: RequestRow;
  /** When a waiting decision takes effect; null when it took effect at once. */
  effectiveAt: Date | null;
}

interface DecisionPayload {
  action: OwnerDecision['action'];
  start?: string;
  decidedAt: string;
}

const TRIGGER: Record<OwnerDecision['action'], Trigger> = { accept: 'accept', decline: 'decline', cancel: 'cancel', reschedule: 'reschedule' };

/** The owner's own request: blocked contacts' requests never reach the inbox, so the owner cannot act on them. */
async function ownersRequest(trx: Db, ownerId: string, requestId: string): Promise<RequestRow> {
  const row = await lockRequest(trx, ownerId, requestId);
  if (!row || row.from_blocked) throw new ServiceError('not_found', `No request ${requestId} in this owner's inbox.`);
  return row;
}

function moveOf(row: RequestRow, d: OwnerDecision, now: Date): MoveInput {
  if (d.action !== 'reschedule') return { trigger: TRIGGER[d.action], by: 'owner' };
  if (row.slot_start === null || row.slot_end === null) throw new ServiceError('conflict', `The request is a ${row.kind} request; it cannot be given a new time.`);
  if (d.start.getTime() <= now.getTime()) throw new ServiceError('invalid', 'The new time must be in the future.', 'start');
  const length = row.slot_end!.getTime() - row.slot_start!.getTime();
  return { trigger: 'reschedule', by: 'owner', slot: { start: d.start, end: new Date(d.start.getTime() + length) } };
}

function decisionOf(payload: DecisionPayload): OwnerDecision {
  if (payload.action === 'reschedule') return { action: 'reschedule', start: parseInstant(payload.start!)! };
  return { action: payload.action };
}

/**
 * The owner acts. With `undoWindow` (the default everywhere but scripted tests) the move waits out the undo window (5 s).
 * With `conflicts: 'refuse'` (the console and the CLI until the owner confirms), accepting or moving an
 * appointment into held time is refused with a ConflictRefusal naming what holds it (conflicts.ts).
 */
export async function decide(env: RequestEnv, ownerId: string, requestId: string, decision: OwnerDecision, opts: { undoWindow: boolean; conflicts?: 'refuse' | 'allow' }): Promise<DecisionResult> {
  const now = env.clock.now();
  return env.db.transaction().execute(async (trx) => {
    const row = await ownersRequest(trx, ownerId, requestId);
    const move = moveOf(row, decision, now);
    ruleFor(row, move);
    if (await findJobByKey(trx, REQUEST_DECISION, row.id)) {
      throw new ServiceError('conflict', 'An earlier decision on this request is waiting out its undo window; undo it first.');
    }
    const slot = move.slot ?? (decision.action === 'accept' && row.slot_start && row.slot_end ? { start: row.slot_start, end: row.slot_end } : null);
    if (opts.conflicts === 'refuse' && slot) await refuseHeldTime(trx, ownerId, row.id, slot);
    if (!opts.undoWindow) return { request: await applyMove(trx, env, row, move, now), effectiveAt: null };
    const effectiveAt = new Date(now.getTime() + (env.undoWindowMs ?? UNDO_WINDOW_MS));
    const payload: DecisionPayload = { action: decision.action, decidedAt: formatInstant(now), ...(decision.action === 'reschedule' ? { start: formatInstant(decision.start) } : {}) };
    await insertJob(trx, { kind: REQUEST_DECISION, ownerId, key: row.id, payload, runAt: effectiveAt }, now);
    return { request: row, effectiveAt };
  });
}

export interface WaitingDecision {
  action: OwnerDecision['action'];
  start: Date | null;
  effectiveAt: Date;
}

/** The decision waiting out its undo window on this request, if any (the console's undo bar). */
export async function waitingDecision(db: Db, ownerId: string, requestId: string): Promise<WaitingDecision | null> {
  const job = await findJobByKey(db, REQUEST_DECISION, requestId);
  if (!job || job.owner_id !== ownerId) return null;
  const p = job.payload as DecisionPayload;
  return { action: p.action, start: p.start ? parseInstant(p.start) : null, effectiveAt: job.run_at };
}

/**
 * Undoes the waiting decision: true when it was still waiting (nothing happened, nothing will);
 * false when there was none or it already took effect. A decision being applied at this moment holds
 * its job row, so exactly one of the two wins.
 */
export async function undoDecision(env: RequestEnv, ownerId: string, requestId: string): Promise<boolean> {
  const now = env.clock.now();
  return withdrawJob(env.db, { kind: REQUEST_DECISION, key: requestId, ownerId, now });
}

/**
 * The job that makes a waiting decision take effect. The request is locked first, then the job row
 * is deleted in the same transaction as the move: a crash before commit leaves the job to run again,
 * after commit there is no job, so the move happens exactly once. A decision the request's state no
 * longer allows (the requester withdrew meanwhile) is dropped.
 */
export function decisionKind(env: RequestEnv, log?: WorkerLog): JobKind {
  return {
    async run(job: JobRow, ctx) {
      await env.db.transaction().execute(async (trx) => {
        const row = await lockRequest(trx, job.owner_id, job.key!);
        // A claimed job always has its holder; completeJob deletes it only while this run still holds it.
        const mine = await completeJob(trx, job.id, job.locked_by!);
        if (!mine || !row) return;
        try {
          await applyMove(trx, env, row, moveOf(row, decisionOf(job.payload as DecisionPayload), new Date(0)), ctx.now);
        } catch (e) {
          if (!(e instanceof ServiceError)) throw e;
          log?.info({ request: row.id, reason: e.message }, 'an owner decision no longer applies and was dropped');
        }
      });
      return { done: true };
    },
  };
}
