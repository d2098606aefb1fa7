import type { Db } from '../store/db.js';
import { connectedApps } from '../store/repos/grants.js';
import { lastRequestLogId, listRequestLog, requestLogAfter, type RequestLogRow, type StatusFilter } from '../store/repos/request-log.js';
import { listTokens } from '../store/repos/tokens.js';
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

/** A position of the console's paging, `<ms>.<row id>` in its links. */
export interface LogPosition {
  at: Date;
  id: string;
}

export const formatPosition = (p: LogPosition): string => `${p.at.getTime()}.${p.id}`;

export function parsePosition(text: string | null | undefined): LogPosition | null {
  const m = /^(\d{1,15})\.(\d{1,19})$/.exec(text ?? '');
  return m ? { at: new Date(Number(m[1])), id: m[2]! } : null;
}

export interface LogPage {
  rows: RequestLogRow[];
  /** Where the next (older) page starts; null on the last page. */
  next: LogPosition | null;
}

/**
 * A page of an owner's calls (newest first) of one source, or of all, within the 30 days kept. A
 * request id that is not one (`req_` and 22 characters) finds nothing, without a query.
 */
export async function readRequestLog(
  db: Db,
  now: Date,
  q: { ownerId: string; sourceId: string | null; status: StatusFilter | null; requestId: string | null; before: LogPosition | null; limit: number },
): Promise<LogPage> {
  if (q.requestId !== null && !REQUEST_ID.test(q.requestId)) return { rows: [], next: null };
  const since = new Date(now.getTime() - REQUEST_LOG_DAYS * 86_400_000);
  const rows = await listRequestLog(db, { ...q, since, limit: q.limit + 1 });
  const more = rows.length > q.limit;
  const shown = more ? rows.slice(0, q.limit) : rows;
  const last = shown.at(-1);
  return { rows: shown, next: more && last ? { at: last.at, id: last.id } : null };
}

/** The calls written after row `afterId` (`logs tail`); the newest row id when `afterId` is null, to start from. */
export async function tailRequestLog(db: Db, q: { ownerId: string; sourceId: string | null; afterId: string | null; limit: number }): Promise<{ lastId: string; rows: RequestLogRow[] }> {
  if (q.afterId === null) return { lastId: await lastRequestLogId(db), rows: [] };
  const rows = await requestLogAfter(db, { ownerId: q.ownerId, sourceId: q.sourceId, afterId: q.afterId, limit: q.limit });
  return { lastId: rows.at(-1)?.id ?? q.afterId, rows };
}
