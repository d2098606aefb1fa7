import { newId } from '../../domain/ids.js';
import type { Db } from '../db.js';

/**
 * An owner's decision waiting out its undo window (services/requests/decisions.ts): a row of the jobs
 * table of the decision's kind, keyed by the request. Reading it and running it use the queue's own
 * verbs (findJobByKey, completeJob); these two are the decision's own.
 */

export interface WaitingDecisionJob {
  kind: string;
  ownerId: string;
  requestId: string;
  payload: unknown;
  runAt: Date;
}

/** Adds the waiting decision. A plain insert: the caller holds the request's lock and checked that none waits. */
export async function insertWaitingDecision(trx: Db, d: WaitingDecisionJob, now: Date): Promise<void> {
  await trx
    .insertInto('jobs')
    .values({ id: newId(), kind: d.kind, owner_id: d.ownerId, key: d.requestId, payload: JSON.stringify(d.payload), run_at: d.runAt, created_at: now })
    .execute();
}

/**
 * Takes back the owner's decision on the request if it is still waiting: not yet due and not claimed
 * by a worker (a decision being applied holds its row, so exactly one of the two wins).
 */
export async function deleteWaitingDecision(db: Db, q: { kind: string; ownerId: string; requestId: string; now: Date }): Promise<boolean> {
  const r = await db
    .deleteFrom('jobs')
    .where('kind', '=', q.kind)
    .where('key', '=', q.requestId)
    .where('owner_id', '=', q.ownerId)
    .where('run_at', '>', q.now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', q.now)]))
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
