import { sql, type Insertable } from 'kysely';
import { listSource, packBatches, type PackedBatch, type RequestLogEntry } from './request-log-pack.js';
import type { Db } from '../db.js';
import type { RequestLogTable } from '../schema.js';

/**
 * The request log's verbs (request_log, migration 0016), executor first, instants from the
 * caller's clock. A row is a batch: one owner's calls of one flush, packed (src/store/repos/request-log-pack.ts).
 */

export type { PackedBatch, RequestLogEntry, RequestLogRow } from './request-log-pack.js';

/** A batch as read: its id (a bigint, as text) and its packed calls. */
export interface RequestLogBatch {
  id: string;
  calls: string;
}

/** 5 parameters a row: far below PostgreSQL's 65,535 a statement. */
const ROWS_PER_INSERT = 1_000;

/**
 * Writes a flush's batches in one multi-row INSERT (the packed text as a plain parameter: as an
 * array element it was escaped, then parsed back character by character, 3× the cost on PGlite).
 */
export async function insertRequestLogBatches(db: Db, batches: readonly PackedBatch[]): Promise<void> {
  const rows: Insertable<RequestLogTable>[] = batches.map((b) => ({ owner_id: b.ownerId, first_at: b.firstAt, last_at: b.lastAt, n: b.n, calls: b.calls }));
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) await db.insertInto('request_log').values(rows.slice(i, i + ROWS_PER_INSERT)).execute();
}

/** Writes calls given as a list: grouped by owner, in order, packed (packBatches), then as above. */
export async function insertRequestLog(db: Db, entries: readonly RequestLogEntry[]): Promise<void> {
  await insertRequestLogBatches(db, packBatches(listSource(entries)));
}

/** An owner's batches holding calls at or after `since`, newest first, below batch `beforeId` when given. */
export async function requestLogBatchesBefore(db: Db, q: { ownerId: string; since: Date; beforeId: string | null; limit: number }): Promise<RequestLogBatch[]> {
  let query = db.selectFrom('request_log').select([sql<string>`id::text`.as('id'), 'calls']).where('owner_id', '=', q.ownerId).where('last_at', '>=', q.since);
  if (q.beforeId !== null) query = query.where('id', '<', sql<string>`${q.beforeId}::bigint`);
  return query.orderBy('id', 'desc').limit(q.limit).execute();
}

/** An owner's batches from batch `fromId` on (that one included), oldest first (`logs tail`). */
export async function requestLogBatchesFrom(db: Db, q: { ownerId: string; fromId: string; limit: number }): Promise<RequestLogBatch[]> {
  return db
    .selectFrom('request_log')
    .select([sql<string>`id::text`.as('id'), 'calls'])
    .where('owner_id', '=', q.ownerId)
    .where('id', '>=', sql<string>`${q.fromId}::bigint`)
    .orderBy('id')
    .limit(q.limit)
    .execute();
}

/** The newest batch id of the whole table ('0' when empty): where a tail starts. */
export async function lastRequestLogBatch(db: Db): Promise<string> {
  const r = await db.selectFrom('request_log').select(sql<string | null>`max(id)::text`.as('id')).executeTakeFirst();
  return r?.id ?? '0';
}

/**
 * Deletes batches whose newest call is older than `before`, in slices of `slice` rows along the
 * primary key (the order of writing, so the old rows come first), so no one statement holds many
 * locks. A batch straddling `before` stays until the next hour; its older calls are not read.
 */
export async function pruneRequestLogBefore(db: Db, before: Date, slice = 1_000): Promise<number> {
  let deleted = 0;
  for (;;) {
    const r = await db
      .deleteFrom('request_log')
      .where('id', 'in', (eb) => eb.selectFrom('request_log').select('id').where('last_at', '<', before).orderBy('id').limit(slice))
      .returning('n')
      .execute();
    deleted += r.reduce((sum, row) => sum + Number(row.n), 0);
    if (r.length < slice) return deleted;
  }
}

/** Owners holding more than `cap` calls. */
export async function ownersOverRequestLogCap(db: Db, cap: number): Promise<string[]> {
  const rows = await db.selectFrom('request_log').select('owner_id').groupBy('owner_id').having(sql`sum(n)`, '>', cap).execute();
  return rows.map((r) => r.owner_id);
}

/**
 * Deletes an owner's oldest batches beyond the cap: those whose newer batches already hold `cap`
 * calls. The owner keeps at least `cap` calls, and at most a batch more. Answers how many calls went.
 */
export async function pruneOldestRequestLog(db: Db, ownerId: string, cap: number): Promise<number> {
  const r = await sql<{ n: number }>`DELETE FROM request_log WHERE id IN (
      SELECT id FROM (
        SELECT id, coalesce(sum(n) OVER (ORDER BY id DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS newer
        FROM request_log WHERE owner_id = ${ownerId}
      ) ranked WHERE newer >= ${cap}
    ) RETURNING n`.execute(db);
  return r.rows.reduce((sum, row) => sum + Number(row.n), 0);
}
