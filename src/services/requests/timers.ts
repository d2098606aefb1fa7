import { lockRequest } from '../../store/repos/request-changes.js';
import type { JobRow } from '../../store/schema.js';
import type { JobKind } from '../../jobs/queue.js';
import { ServiceError } from '../../domain/service-error.js';
import type { RequestEnv } from './env.js';
import { findJobByKey } from '../../store/repos/jobs.js';
import { applyMove, REQUEST_DECISION } from './moves.js';

/**
 * Time-driven moves as durable jobs (one per request and kind, claimed FOR UPDATE SKIP LOCKED by any
 * instance): expiry at the request's time, completion at the appointment's end. The time is read
 * from the locked row, not the job, so a timer that fires early (its time moved) waits again, and
 * one whose move the state no longer allows ends quietly.
 */
function timerKind(env: RequestEnv, due: 'expires_at' | 'slot_end', trigger: 'expire' | 'complete'): JobKind {
  return {
    async run(job: JobRow, ctx) {
      return env.db.transaction().execute(async (trx) => {
        const row = await lockRequest(trx, job.owner_id, job.key!);
        const at = row?.[due];
        if (!row || !at) return { done: true as const };
        if (at.getTime() > ctx.now.getTime()) return { runAt: at };
        // The owner decided before the request's time and the decision is still in its undo window:
        // the decision goes first, so an owner who accepted at 09:59:58 is not overtaken by the clock.
        const waiting = trigger === 'expire' ? await findJobByKey(trx, REQUEST_DECISION, row.id) : null;
        if (waiting) return { runAt: new Date(waiting.run_at.getTime() + 1000) };
        try {
          await applyMove(trx, env, row, { trigger, by: 'clock' }, ctx.now);
        } catch (e) {
          if (!(e instanceof ServiceError)) throw e;
        }
        return { done: true as const };
      });
    },
  };
}

export const expiryKind = (env: RequestEnv): JobKind => timerKind(env, 'expires_at', 'expire');
export const completionKind = (env: RequestEnv): JobKind => timerKind(env, 'slot_end', 'complete');
