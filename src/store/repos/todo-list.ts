import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../db.js';
import type { TaskRow, TasksTable } from '../schema.js';

/** The owner's own to-do list (the console): its order, and the owner's changes. Caller's transaction for writes. */

/** One more than the highest position the owner has used: a new or reopened to-do goes last. */
export async function nextPosition(trx: Db, ownerId: string): Promise<number> {
  const last = await trx.selectFrom('tasks').select(sql<number | null>`max(position)`.as('p')).where('owner_id', '=', ownerId).executeTakeFirst();
  return (last?.p ?? -1) + 1;
}

export async function insertOwnTodo(trx: Db, row: Insertable<TasksTable>): Promise<void> {
  await trx.insertInto('tasks').values(row).execute();
}

/** Many to-dos at once (the demo). */
export async function insertTodos(trx: Db, rows: readonly Insertable<TasksTable>[]): Promise<void> {
  await trx.insertInto('tasks').values(rows).execute();
}

/** A live to-do of the owner, locked until the transaction ends. */
export async function lockOwnTodo(trx: Db, ownerId: string, id: string): Promise<TaskRow | undefined> {
  return trx.selectFrom('tasks').selectAll().where('owner_id', '=', ownerId).where('id', '=', id).where('deleted_at', 'is', null).forUpdate().executeTakeFirst();
}

export async function updateOwnTodo(trx: Db, ownerId: string, id: string, change: Updateable<TasksTable>): Promise<void> {
  await trx.updateTable('tasks').set(change).where('owner_id', '=', ownerId).where('id', '=', id).execute();
}

/** The owner's open to-dos in the owner's order; `lock` holds them for a reorder. */
export async function openTodos(db: Db, ownerId: string, lock = false): Promise<TaskRow[]> {
  const q = db
    .selectFrom('tasks')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('status', '=', 'open')
    .where('deleted_at', 'is', null)
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id');
  return lock ? q.forUpdate().execute() : q.execute();
}

/** Completed to-dos done at `since` or later, the latest first. */
export async function completedTodos(db: Db, ownerId: string, since: Date): Promise<TaskRow[]> {
  return db
    .selectFrom('tasks')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('status', '=', 'completed')
    .where('deleted_at', 'is', null)
    .where('completed_at', '>=', since)
    .orderBy('completed_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Sets positions only: a reorder is not a change, so updated_at stays (spec: task.updated). */
export async function setPositions(trx: Db, ownerId: string, moves: readonly { id: string; position: number }[]): Promise<void> {
  for (const m of moves) await trx.updateTable('tasks').set({ position: m.position }).where('owner_id', '=', ownerId).where('id', '=', m.id).execute();
}

/** Whether the request a to-do came from was made by a test token (its events say `test: true`). */
export async function requestIsTest(trx: Db, ownerId: string, requestId: string): Promise<boolean> {
  const row = await trx.selectFrom('requests').select('test').where('owner_id', '=', ownerId).where('id', '=', requestId).executeTakeFirst();
  return row?.test ?? false;
}
