import { CompiledQuery } from 'kysely';
import type { Db } from '../db.js';
import type { TaskRow } from '../schema.js';

export interface TaskFeedQuery {
  ownerId: string;
  status: 'open' | 'completed' | null;
  dueFrom: string | null;
  dueTo: string | null;
  updatedSince: Date | null;
  /** Deleted rows newer than this are included (as markers); null leaves them out. */
  deletedSince: Date | null;
  /** Completed to-dos older than this are no longer listed. */
  completedSince: Date;
  after: { at: Date; id: string } | null;
  limit: number;
}

/**
 * One to-do of the feed: the columns the API shows. Instants are as PostgreSQL writes a timestamptz
 * in JSON (`2026-03-01T10:00:00.123+00:00`, in the session's zone, microseconds at most).
 */
export interface TaskFeedRow {
  id: string;
  title: string;
  description: string | null;
  due_date: string | null;
  due_time: string | null;
  timezone: string | null;
  priority: TaskRow['priority'];
  status: TaskRow['status'];
  completed_at: string | null;
  from_requester: string | null;
  request_id: string | null;
  duration_minutes: number | null;
  updated_at: string;
  deleted_at: string | null;
}

const FEED_COLUMNS =
  'id, title, description, due_date, due_time, timezone, priority, status, completed_at, from_requester, request_id, duration_minutes, updated_at, deleted_at';

/**
 * The owner's to-dos as a change feed, oldest change first; a deletion counts as a change.
 *
 * One statement; the page comes back as one JSON value, since PGlite decodes every cell of a result
 * in JavaScript (51 rows of 14 cells cost more than the query). What may be listed lies in two runs
 * of the feed order, each read from its own index and merged up to the limit (a Merge Append):
 * - open to-dos of any age: tasks_owner_open_feed holds exactly those;
 * - completed and deleted ones, listed for 90 and 30 days only: tasks_owner_updated from that age on.
 *   Completing and deleting a to-do move updated_at too (completed_at and deleted_at are never later
 *   than updated_at), so nothing listed is older, and years of done to-dos are never read.
 */
export async function taskFeed(db: Db, q: TaskFeedQuery): Promise<TaskFeedRow[]> {
  const params: unknown[] = [q.ownerId];
  // A value used in several places (a bound, a filter repeated per branch) is sent once.
  const placeholders = new Map<unknown, string>();
  const p = (value: unknown): string => {
    let placeholder = placeholders.get(value);
    if (placeholder === undefined) placeholders.set(value, (placeholder = `$${params.push(value)}`));
    return placeholder;
  };
  // Every branch repeats the window so that each index scan starts at the cursor.
  const window = (): string =>
    (q.updatedSince ? ` AND updated_at >= ${p(q.updatedSince)}` : '') + (q.after ? ` AND (updated_at, id) > (${p(q.after.at)}, ${p(q.after.id)})` : '');
  const due = (): string => (q.dueFrom ? ` AND due_date >= ${p(q.dueFrom)}` : '') + (q.dueTo ? ` AND due_date <= ${p(q.dueTo)}` : '');

  const branches: string[] = [];
  if (q.status !== 'completed') branches.push(`deleted_at IS NULL AND status = 'open'${due()}${window()}`);
  const ended: string[] = [];
  // coalesce(…, false) is the same test in a WHERE clause, but one the planner does not estimate: it
  // would multiply its selectivity by updated_at's, though for a completed to-do the two instants are
  // nearly always one, expect a fifth of the rows it finds, and sort them all instead of reading in order.
  if (q.status !== 'open') ended.push(`deleted_at IS NULL AND status <> 'open' AND coalesce(completed_at >= ${p(q.completedSince)}, false)${due()}`);
  if (q.deletedSince) ended.push(`deleted_at >= ${p(q.deletedSince)}`);
  if (ended.length > 0) {
    const from = q.deletedSince && q.deletedSince < q.completedSince ? q.deletedSince : q.completedSince;
    branches.push(`updated_at >= ${p(from)}${window()} AND (${ended.join(' OR ')})`);
  }
  const limit = p(q.limit);
  const select = (where: string) => `SELECT ${FEED_COLUMNS} FROM tasks WHERE owner_id = $1 AND ${where} ORDER BY updated_at, id LIMIT ${limit}`;
  const rows = branches.length === 1 ? select(branches[0]!) : `${branches.map((b) => `(${select(b)})`).join(' UNION ALL ')} ORDER BY updated_at, id LIMIT ${limit}`;
  // Each branch ordered and cut at the limit: PostgreSQL then merges two index scans in order rather
  // than sorting every candidate. The ORDER BY in json_agg costs nothing measurable and makes the order sure.
  const result = await db.executeQuery<{ page: TaskFeedRow[] | null }>(
    CompiledQuery.raw(`SELECT json_agg(r ORDER BY r.updated_at, r.id) AS page FROM (${rows}) r`, params),
  );
  return result.rows[0]?.page ?? [];
}

export async function findTask(db: Db, ownerId: string, id: string): Promise<TaskRow | undefined> {
  return db.selectFrom('tasks').selectAll().where('owner_id', '=', ownerId).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}
