import { sql } from 'kysely';
import type { Db } from '../db.js';

/** The request log's verbs (request_log, migration 0016), executor first, instants from the caller's clock. */

/** One call as written: what the console and `logs tail` show, and nothing else. */
export interface RequestLogEntry {
  ownerId: string;
  /** The personal token's id, or the app's id for an OAuth access token. */
  sourceId: string;
  tokenId: string;
  at: Date;
  method: string;
  path: string;
  status: number;
  code: string | null;
  requestId: string;
  durationUs: number;
}

/** One call as read back: its row id (a bigint, as text) with it. */
export interface RequestLogRow extends RequestLogEntry {
  id: string;
}

/** A status filter: a class (`2xx`, `4xx`, `5xx`) or an error code. */
export type StatusFilter = { class: 2 | 3 | 4 | 5 } | { code: string };

export interface RequestLogQuery {
  ownerId: string;
  /** One token's or app's calls; every source of the owner when absent. */
  sourceId?: string | null;
  status?: StatusFilter | null;
  /** Exactly one request id (`req_…`). */
  requestId?: string | null;
  /** The page starts after this position (newest first); the first page when absent. */
  before?: { at: Date; id: string } | null;
  /** Only calls at or after this instant (the 30 days the log keeps). */
  since: Date;
  limit: number;
}

const COLUMNS = [
  sql<string>`id::text`.as('id'),
  'owner_id', 'source_id', 'token_id', 'at', 'method', 'path', 'status', 'code', 'request_id', 'duration_us',
] as const;

type Row = { id: string; owner_id: string; source_id: string; token_id: string; at: Date; method: string; path: string; status: number; code: string | null; request_id: string; duration_us: number };

const fromRow = (r: Row): RequestLogRow => ({
  id: r.id, ownerId: r.owner_id, sourceId: r.source_id, tokenId: r.token_id, at: r.at, method: r.method, path: r.path,
  status: Number(r.status), code: r.code, requestId: r.request_id, durationUs: Number(r.duration_us),
});

/**
 * Writes a batch in one statement (the buffer's flush): ten array parameters unnested into rows,
 * rather than ten parameters a row (5,000 for a batch of 500) to send, parse and bind.
 */
export async function insertRequestLog(db: Db, entries: readonly RequestLogEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const col = <T>(f: (e: RequestLogEntry) => T): T[] => entries.map(f);
  await sql`INSERT INTO request_log (owner_id, source_id, token_id, at, method, path, status, code, request_id, duration_us)
    SELECT * FROM unnest(${col((e) => e.ownerId)}::uuid[], ${col((e) => e.sourceId)}::uuid[], ${col((e) => e.tokenId)}::uuid[],
      ${col((e) => e.at.toISOString())}::timestamptz[], ${col((e) => e.method)}::text[], ${col((e) => e.path)}::text[],
      ${col((e) => e.status)}::smallint[], ${col((e) => e.code)}::text[], ${col((e) => e.requestId)}::text[], ${col((e) => e.durationUs)}::integer[])`.execute(db);
}

/** A page of an owner's calls, newest first, keyset on (at, id). */
export async function listRequestLog(db: Db, q: RequestLogQuery): Promise<RequestLogRow[]> {
  let query = db.selectFrom('request_log').select(COLUMNS).where('owner_id', '=', q.ownerId).where('at', '>=', q.since);
  if (q.sourceId) query = query.where('source_id', '=', q.sourceId);
  if (q.requestId) query = query.where('request_id', '=', q.requestId);
  if (q.status && 'class' in q.status) query = query.where('status', '>=', q.status.class * 100).where('status', '<', q.status.class * 100 + 100);
  if (q.status && 'code' in q.status) query = query.where('code', '=', q.status.code);
  const before = q.before;
  if (before) {
    query = query.where((eb) => eb.or([eb('at', '<', before.at), eb.and([eb('at', '=', before.at), eb('id', '<', sql<string>`${before.id}::bigint`)])]));
  }
  const rows = await query.orderBy('at', 'desc').orderBy('id', 'desc').limit(q.limit).execute();
  return (rows as Row[]).map(fromRow);
}

/**
 * Calls written after row `afterId`, oldest first (`logs tail`): a range of the primary key, so a
 * poll reads only the rows that are new since the one before, whoever's they are.
 */
export async function requestLogAfter(db: Db, q: { ownerId: string; sourceId?: string | null; afterId: string; limit: number }): Promise<RequestLogRow[]> {
  let query = db
    .selectFrom('request_log')
    .select(COLUMNS)
    .where('id', '>', sql<string>`${q.afterId}::bigint`)
    .where('owner_id', '=', q.ownerId);
  if (q.sourceId) query = query.where('source_id', '=', q.sourceId);
  const rows = await query.orderBy('id').limit(q.limit).execute();
  return (rows as Row[]).map(fromRow);
}

/** The newest row id of the whole table ('0' when empty): where a tail starts. */
export async function lastRequestLogId(db: Db): Promise<string> {
  const r = await db.selectFrom('request_log').select(sql<string | null>`max(id)::text`.as('id')).executeTakeFirst();
  return r?.id ?? '0';
}

/**
 * Deletes calls older than `before`, in slices of `slice` rows taken along the primary key (the
 * order of writing, so the old rows come first), so no one statement holds many locks. There is
 * no index on `at` alone (one less to write per call): the last slice reads the table through,
 * once an hour, and the table is bounded (30 days, a cap per owner).
 */
export async function pruneRequestLogBefore(db: Db, before: Date, slice = 10_000): Promise<number> {
  let deleted = 0;
  for (;;) {
    const r = await db
      .deleteFrom('request_log')
      .where('id', 'in', (eb) => eb.selectFrom('request_log').select('id').where('at', '<', before).orderBy('id').limit(slice))
      .executeTakeFirst();
    const n = Number(r.numDeletedRows);
    deleted += n;
    if (n < slice) return deleted;
  }
}

/** Owners holding more than `cap` calls, with how many over they are. */
export async function ownersOverRequestLogCap(db: Db, cap: number): Promise<{ ownerId: string; excess: number }[]> {
  const rows = await db
    .selectFrom('request_log')
    .select(['owner_id', sql<string>`count(*)::text`.as('n')])
    .groupBy('owner_id')
    .having(sql`count(*)`, '>', cap)
    .execute();
  return rows.map((r) => ({ ownerId: r.owner_id, excess: Number(r.n) - cap }));
}

/** Deletes an owner's `count` oldest calls (the cap per owner). */
export async function pruneOldestRequestLog(db: Db, ownerId: string, count: number): Promise<number> {
  const r = await db
    .deleteFrom('request_log')
    .where('id', 'in', (eb) => eb.selectFrom('request_log').select('id').where('owner_id', '=', ownerId).orderBy('at').orderBy('id').limit(count))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
