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

/** The owner's to-dos as a change feed, oldest change first; a deletion counts as a change. */
export async function taskFeed(db: Db, q: TaskFeedQuery): Promise<TaskRow[]> {
  let query = db
    .selectFrom('tasks')
    .selectAll()
    .where('owner_id', '=', q.ownerId)
    .where((eb) => {
      const live = [eb('deleted_at', 'is', null), eb.or([eb('status', '=', 'open'), eb('completed_at', '>=', q.completedSince)])];
      if (q.status) live.push(eb('status', '=', q.status));
      if (q.dueFrom) live.push(eb('due_date', '>=', q.dueFrom));
      if (q.dueTo) live.push(eb('due_date', '<=', q.dueTo));
      const branches = [eb.and(live)];
      if (q.deletedSince) branches.push(eb('deleted_at', '>=', q.deletedSince));
      return eb.or(branches);
    });
  if (q.updatedSince) query = query.where('updated_at', '>=', q.updatedSince);
  if (q.after) {
    const { at, id } = q.after;
    query = query.where((eb) => eb(eb.refTuple('updated_at', 'id'), '>', eb.tuple(at, id)));
  }
  return query.orderBy('updated_at').orderBy('id').limit(q.limit).execute();
}

export async function findTask(db: Db, ownerId: string, id: string): Promise<TaskRow | undefined> {
  return db.selectFrom('tasks').selectAll().where('owner_id', '=', ownerId).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}
