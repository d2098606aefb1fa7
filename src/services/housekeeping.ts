import type { Db } from '../store/db.js';
import { sweepKeys } from '../store/repos/idempotency.js';
import { scheduleHorizons } from './calendar-horizon.js';
import { enqueueJob } from '../store/repos/jobs.js';
import type { JobKind } from '../jobs/queue.js';
import { pruneRequestLog } from '../request-log/prune.js';

/** One periodic job for all instances (one row, key `global`): forgets what has outlived its use. */
export const HOUSEKEEPING = 'housekeeping';
const EVERY_MS = 3_600_000;
const KEY_LIFE_MS = 24 * 3_600_000;

export function housekeepingKind(db: Db): JobKind {
  return {
    async run(_job, ctx) {
      // Idempotency keys past their 24 hours (every read ignores them already; this keeps the table small).
      await sweepKeys(db, new Date(ctx.now.getTime() - KEY_LIFE_MS));
      // Materialised calendars to build (owners from before migration 0008) or to move forward in time.
      await scheduleHorizons(db, ctx.now);
      // The request log: 30 days, and a cap per owner (src/request-log/prune.ts).
      await pruneRequestLog(db, ctx.now);
      return { runAt: new Date(ctx.now.getTime() + EVERY_MS) };
    },
  };
}

/** Makes sure the periodic job exists (once per database, whatever the number of instances). */
export async function scheduleHousekeeping(db: Db, now: Date): Promise<void> {
  await enqueueJob(db, { kind: HOUSEKEEPING, key: 'global', runAt: now }, now);
}
