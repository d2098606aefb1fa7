import { asUuid } from '../domain/ids.js';
import { formatInstant, parseInstant } from '../domain/instant.js';
import { ServiceError } from '../domain/service-error.js';
import { logSources, tailRequestLog } from '../request-log/read.js';
import { requireOwner } from '../services/owners.js';
import { optionalStringArg, stringArg, type Operation } from './operation.js';

/** One call as `logs tail` prints it (and as `--json` writes it, one object a line). */
export interface LogLine {
  id: string;
  at: string;
  /** The personal token's id, or the app's id for an OAuth access token. */
  source: string;
  method: string;
  path: string;
  status: number;
  code: string | null;
  requestId: string;
  durationMs: number;
}

export interface LogsAfterResult {
  /** The row id to ask after next time. */
  lastId: string;
  /** The service's time of this answer: a tail asks with it as `since`, so no call answered before it began shows. */
  now: string;
  lines: LogLine[];
}

/** At most this many calls per poll; a full answer is followed at once by the next. */
export const TAIL_BATCH = 500;

/**
 * The owner's calls (or one token's or app's) written after row `after`; without `after`, none,
 * and the newest row id to start from. Read wherever the store is open (in `serve` through its
 * admin channel on PGlite).
 */
export const logsAfterOperation: Operation<LogsAfterResult> = async (rt, args) => {
  const owner = await requireOwner(rt.store.db, stringArg(args, 'owner'));
  const tokenText = optionalStringArg(args, 'token');
  let sourceId: string | null = null;
  if (tokenText !== null) {
    sourceId = asUuid(tokenText);
    if (sourceId === null || !(await logSources(rt.store.db, owner.id)).some((s) => s.id === sourceId)) {
      throw new ServiceError('not_found', `no token or connected app ${tokenText} of this owner`);
    }
  }
  const after = optionalStringArg(args, 'after');
  if (after !== null && !/^\d{1,19}$/.test(after)) throw new ServiceError('invalid', 'after: a row id (digits)');
  const sinceText = optionalStringArg(args, 'since');
  const since = sinceText === null ? null : parseInstant(sinceText);
  if (sinceText !== null && since === null) throw new ServiceError('invalid', 'since: an instant (2026-03-29T00:30:00Z)');
  const now = rt.clock.now();
  const { lastId, rows } = await tailRequestLog(rt.store.db, { ownerId: owner.id, sourceId, afterId: after, limit: TAIL_BATCH });
  return {
    lastId,
    now: formatInstant(now),
    // Calls reach the log in batches, about a second after their answers: one answered before the
    // tail began can be written after the row it started from, and is left out by its time.
    lines: rows.filter((r) => since === null || r.at >= since).map((r) => ({
      id: r.id, at: formatInstant(r.at), source: r.sourceId, method: r.method, path: r.path, status: r.status, code: r.code,
      requestId: r.requestId, durationMs: Math.round(r.durationUs / 10) / 100,
    })),
  };
};
