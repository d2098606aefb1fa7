import type { Db } from '../store/db.js';
import { ownersOverRequestLogCap, pruneOldestRequestLog, pruneRequestLogBefore } from '../store/repos/request-log.js';

/** The request log keeps 30 days (docs/console.md "Request log") … */
export const REQUEST_LOG_DAYS = 30;
/**
 * … and at least this many calls per owner, at most a batch more (src/store/repos/request-log.ts):
 * a call takes about 200 bytes packed, so about 20 MB per owner. 100,000 calls is 30 days at 2.3 calls a minute around the clock; a
 * busier owner sees fewer days.
 */
export const REQUEST_LOG_CAP_PER_OWNER = 100_000;

/** The hourly housekeeping's share: batches past 30 days, then each owner's oldest beyond the cap. */
export async function pruneRequestLog(db: Db, now: Date, cap = REQUEST_LOG_CAP_PER_OWNER): Promise<{ expired: number; overCap: number }> {
  const expired = await pruneRequestLogBefore(db, new Date(now.getTime() - REQUEST_LOG_DAYS * 86_400_000));
  let overCap = 0;
  for (const ownerId of await ownersOverRequestLogCap(db, cap)) overCap += await pruneOldestRequestLog(db, ownerId, cap);
  return { expired, overCap };
}
