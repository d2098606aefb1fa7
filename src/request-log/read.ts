import type { Db } from '../store/db.js';
import { connectedApps } from '../store/repos/grants.js';
import { lastRequestLogBatch, requestLogBatchesBefore, requestLogBatchesFrom, type RequestLogRow } from '../store/repos/request-log.js';
import { listTokens } from '../store/repos/tokens.js';
import { afterBatch, batchOf, earlier, unpackCalls } from '../store/repos/request-log-pack.js';
import { REQUEST_LOG_DAYS } from './prune.js';

/** What the log lists calls under: a personal token, or a connected app (its access tokens rotate hourly). */
export interface LogSource {
  id: string;
  kind: 'token' | 'app';
  name: string;
  /** `svc_pat_…abcd` for a token, `app` for an app: never more of a value than the console shows elsewhere. */
  hint: string;
  /** A revoked token's calls stay listed for their 30 days. */
  revoked: boolean;
}

const PREFIX = { pat: 'svc_pat_', test: 'svc_test_' } as const;

/** The owner's personal tokens (revoked ones too), then the apps connected now. */
export async function logSources(db: Db, ownerId: string): Promise<LogSource[]> {
  const tokens = (await listTokens(db, ownerId)).filter((t) => t.kind !== 'at');
  const apps = await connectedApps(db, ownerId);
  return [
    ...tokens.map((t): LogSource => ({ id: t.id, kind: 'token', name: t.name, hint: `${PREFIX[t.kind as 'pat' | 'test']}…${t.last_four}`, revoked: t.revoked_at !== null })),
    ...apps.map((a): LogSource => ({ id: a.grant.app_id, kind: 'app', name: a.appName, hint: 'app', revoked: false })),
  ];
}

/** A status filter: a class (`2xx`, `4xx`, `5xx`) or an error code. */
export type StatusFilter = { class: 2 | 3 | 4 | 5 } | { code: string };

const STATUS_CLASSES: Record<string, 2 | 3 | 4 | 5> = { '2xx': 2, '3xx': 3, '4xx': 4, '5xx': 5 };
const CODE = /^[a-z][a-z_]{1,39}$/;
/** `req_` and 22 url-safe characters (domain/ids.ts newRequestId). */
export const REQUEST_ID = /^req_[A-Za-z0-9_-]{22}$/;

/** `2xx`, `4xx`, `5xx` (a class) or an error code (`invalid_input`); null for anything else (no filter). */
export function parseStatusFilter(text: string | null | undefined): StatusFilter | null {
  const t = (text ?? '').trim();
  if (t in STATUS_CLASSES) return { class: STATUS_CLASSES[t]! };
  return CODE.test(t) ? { code: t } : null;
}

/** A call id where the console's next page starts (`before=` in its links); null for anything else. */
export function parsePosition(text: string | null | undefined): string | null {
  return /^\d{1,19}$/.test(text ?? '') ? text! : null;
}

export interface LogPage {
  rows: RequestLogRow[];
  /** The call id the next (older) page starts below; null on the last page. */
  next: string | null;
}

export interface LogFilter {
  sourceId: string | null;
  status: StatusFilter | null;
  requestId: string | null;
}

/** Whether a call passes the console's filters. Pure. */
export function matches(call: RequestLogRow, f: LogFilter): boolean {
  if (f.sourceId !== null && call.sourceId !== f.sourceId) return false;
  if (f.requestId !== null && call.requestId !== f.requestId) return false;
  if (f.status === null) return true;
  if ('class' in f.status) return Math.floor(call.status / 100) === f.status.class;
  return call.code === f.status.code;
}

/** Batches are read this many at a time, more while a filter finds few: a page is usually one or two. */
const FIRST_READ = 4;
const LARGEST_READ = 128;

/**
 * A page of an owner's calls (newest first: the order they were answered and written) of one
 * source, or of all, within the 30 days kept. A request id that is not one (`req_` and 22
 * characters) finds nothing, without a query.
 */
export async function readRequestLog(db: Db, now: Date, q: LogFilter & { ownerId: string; before: string | null; limit: number }): Promise<LogPage> {
  if (q.requestId !== null && !REQUEST_ID.test(q.requestId)) return { rows: [], next: null };
  const since = new Date(now.getTime() - REQUEST_LOG_DAYS * 86_400_000);
  const rows: RequestLogRow[] = [];
  // Batch ids below this one are yet to be read; the `before` call's own batch is read too.
  let below = q.before === null ? null : String(BigInt(batchOf(q.before)) + 1n);
  for (let read = FIRST_READ; ; read = Math.min(LARGEST_READ, read * 2)) {
    const batches = await requestLogBatchesBefore(db, { ownerId: q.ownerId, since, beforeId: below, limit: read });
    for (const batch of batches) {
      const calls = unpackCalls(batch.id, q.ownerId, batch.calls);
      for (let i = calls.length - 1; i >= 0; i -= 1) {
        const call = calls[i]!;
        if (q.before !== null && !earlier(call.id, q.before)) continue;
        if (call.at < since || !matches(call, q)) continue;
        rows.push(call);
        if (rows.length > q.limit) return { rows: rows.slice(0, q.limit), next: rows[q.limit - 1]!.id };
      }
    }
    if (batches.length < read) return { rows, next: null };
    below = batches.at(-1)!.id;
  }
}

/**
 * The calls written after call `afterId`, oldest first (`logs tail`), at most `limit`; the point
 * after everything written so far when `afterId` is null, to start from.
 */
export async function tailRequestLog(db: Db, q: { ownerId: string; sourceId: string | null; afterId: string | null; limit: number }): Promise<{ lastId: string; rows: RequestLogRow[] }> {
  if (q.afterId === null) return { lastId: afterBatch(await lastRequestLogBatch(db)), rows: [] };
  const rows: RequestLogRow[] = [];
  // The newest call looked at: another source's calls are passed over once, not at every poll.
  let seen = q.afterId;
  let from = batchOf(q.afterId);
  for (;;) {
    const batches = await requestLogBatchesFrom(db, { ownerId: q.ownerId, fromId: from, limit: FIRST_READ });
    for (const batch of batches) {
      for (const call of unpackCalls(batch.id, q.ownerId, batch.calls)) {
        if (!earlier(seen, call.id)) continue;
        seen = call.id;
        if (q.sourceId !== null && call.sourceId !== q.sourceId) continue;
        rows.push(call);
        if (rows.length === q.limit) return { lastId: seen, rows };
      }
    }
    if (batches.length < FIRST_READ) return { lastId: seen, rows };
    from = String(BigInt(batches.at(-1)!.id) + 1n);
  }
}
