import { HORIZON_STEP_DAYS, extendBefore, initialHorizon, wantedUntil } from '../domain/calendar-horizon.js';
import type { Db } from '../store/db.js';
import { findOwner } from '../store/repos/owners.js';
import { beginHorizon, eventIdsAfter, finishHorizon, horizonOf, ownersDueForHorizon, syncOccurrences } from '../store/repos/occurrences.js';
import { enqueueJob } from '../store/repos/jobs.js';
import { JobAborted, type JobKind } from '../jobs/queue.js';

/**
 * Builds an owner's materialised calendar (owners that had events before it existed), or moves its
 * horizon forward as time passes (store/repos/occurrences.ts). The work runs a batch of events per
 * transaction, so the API's queries pass between batches (PGlite has one connection); readers keep
 * the rows' previous ready range until the last batch is done. Its key is the owner id.
 */
export const CALENDAR_HORIZON = 'calendar.horizon';

/** 50 series of up to 1,100 occurrences (3 years daily) per transaction: tens of milliseconds. */
const BATCH = 50;
/** Owners checked per housekeeping run. */
const DUE_PER_RUN = 1000;
const DAY_MS = 86_400_000;

export function calendarHorizonKind(db: Db): JobKind {
  return {
    async run(job, ctx) {
      const ownerId = job.key!;
      if (!(await findOwner(db, ownerId))) return { done: true };
      const current = await horizonOf(db, ownerId);
      const build = current === null || current.readyUntil === null;
      if (!build && current.readyUntil!.getTime() >= extendBefore(ctx.now).getTime()) return { done: true };
      const h = current === null ? initialHorizon(ctx.now) : { from: current.from, until: wantedUntil(ctx.now) };
      await beginHorizon(db, ownerId, h, ctx.now);
      // A build reads every event; an extension only the series (single events are always whole).
      let after: string | null = null;
      for (;;) {
        if (ctx.signal.aborted) throw new JobAborted();
        const ids = await eventIdsAfter(db, ownerId, after, !build, BATCH);
        if (ids.length === 0) break;
        await db.transaction().execute((trx) => syncOccurrences(trx, ownerId, ids));
        after = ids[ids.length - 1]!;
      }
      await finishHorizon(db, ownerId, ctx.now);
      return { done: true };
    },
  };
}

/**
 * Asks for the builds and extensions that are due (called by the hourly housekeeping job): owners
 * without a ready horizon, and those whose horizon ends less than FUTURE - STEP days ahead. An
 * owner whose horizon a dense series keeps short is asked again only every STEP days.
 */
export async function scheduleHorizons(db: Db, now: Date): Promise<number> {
  const owners = await ownersDueForHorizon(db, {
    readyBefore: extendBefore(now),
    retriedBefore: new Date(now.getTime() - HORIZON_STEP_DAYS * DAY_MS),
    limit: DUE_PER_RUN,
  });
  for (const ownerId of owners) await enqueueJob(db, { kind: CALENDAR_HORIZON, key: ownerId, ownerId, runAt: now }, now);
  return owners.length;
}
