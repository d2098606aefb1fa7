import type { Db } from '../db.js';
import type { TaskRow } from '../schema.js';
import { FeedPage } from './feed-page.js';

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
 * One statement (FeedPage; 51 rows of 14 cells decoded by PGlite cost more than the query). What
 * may be listed lies in two runs of the feed order:
 * - open to-dos of any age: tasks_owner_open_feed holds exactly those;
 * - completed and deleted ones, listed for 90 and 30 days only: tasks_owner_updated from that age on.
 *   Completing and deleting a to-do move updated_at too (completed_at and deleted_at are never later
 *   than updated_at), so nothing listed is older, and years of done to-dos are never read.
 */
export async function taskFeed(db: Db, q: TaskFeedQuery): Promise<TaskFeedRow[]> {
  const sql = new FeedPage([q.ownerId]);
  const due = (): string => (q.dueFrom ? ` AND due_date >= ${sql.p(q.dueFrom)}` : '') + (q.dueTo ? ` AND due_date <= ${sql.p(q.dueTo)}` : '');

  const branches: string[] = [];
  if (q.status !== 'completed') branches.push(`deleted_at IS NULL AND status = 'open'${due()}${sql.window(q)}`);
  const ended: string[] = [];
  // coalesce(…, false) is the same test in a WHERE clause, but one the planner does not estimate: it
  // would multiply its selectivity by updated_at's, though for a completed to-do the two instants are
  // nearly always one, expect a fifth of the rows it finds, and sort them all instead of reading in order.
  if (q.status !== 'open') ended.push(`deleted_at IS NULL AND status <> 'open' AND coalesce(completed_at >= ${sql.p(q.completedSince)}, false)${due()}`);
  if (q.deletedSince) ended.push(`deleted_at >= ${sql.p(q.deletedSince)}`);
  if (ended.length > 0) {
    const from = q.deletedSince && q.deletedSince < q.completedSince ? q.deletedSince : q.completedSince;
    branches.push(`updated_at >= ${sql.p(from)}${sql.window(q)} AND (${ended.join(' OR ')})`);
  }
  return sql.rows<TaskFeedRow>(db, { columns: FEED_COLUMNS, table: 'tasks', where: 'owner_id = $1', branches, limit: q.limit });
}

export async function findTask(db: Db, ownerId: string, id: string): Promise<TaskRow | undefined> {
  return db.selectFrom('tasks').selectAll().where('owner_id', '=', ownerId).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

/** Ids of the owner's to-dos made from a request (deleted ones too). */
export async function taskIdsOfRequest(db: Db, ownerId: string, requestId: string): Promise<string[]> {
  const rows = await db.selectFrom('tasks').select('id').where('owner_id', '=', ownerId).where('request_id', '=', requestId).execute();
  return rows.map((r) => r.id);
}

/** The first live to-do made from a request, if any. */
export async function firstTaskOfRequest(db: Db, ownerId: string, requestId: string): Promise<{ id: string } | undefined> {
  return db.selectFrom('tasks').select('id').where('owner_id', '=', ownerId).where('request_id', '=', requestId).where('deleted_at', 'is', null).orderBy('created_at').executeTakeFirst();
}
