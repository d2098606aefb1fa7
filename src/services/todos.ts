import type { Clock } from '../domain/clock.js';
import { asUuid, newId } from '../domain/ids.js';
import { addDays, isValidDate, TIME_OF_DAY_PATTERN } from '../domain/instant.js';
import { ianaZone } from '../domain/zones.js';
import type { Db } from '../store/db.js';
import { recordEvent } from '../store/repos/outbox.js';
import { findTask } from '../store/repos/tasks.js';
import { completedTodos, insertOwnTodo, lockOwnTodo, nextPosition, openTodos, requestIsTest, setPositions, updateOwnTodo } from '../store/repos/todo-list.js';
import type { TaskRow } from '../store/schema.js';
import type { RequestEnv } from './requests/env.js';
import { completeTask } from './requests/todos.js';
import { ServiceError } from '../domain/service-error.js';

/**
 * The owner's own changes to the to-do list (the console; the CLI may call the same functions).
 * Every change records its webhook event in the same transaction; reordering is not a change
 * (spec: task.updated), so it records nothing and leaves updated_at alone.
 */
export interface TodoEnv {
  db: Db;
  clock: Clock;
}

export const PRIORITIES = ['none', 'low', 'medium', 'high'] as const;
export type Priority = (typeof PRIORITIES)[number];

/** What the owner types; every field but the title is optional (absent = empty). */
export interface TodoInput {
  title: string;
  description?: string | null;
  dueDate?: string | null;
  dueTime?: string | null;
  /** The zone of the due date and time; the owner's zone when left out. Kept only with a due date. */
  timezone?: string | null;
  priority?: string;
  durationMinutes?: number | null;
}

type TodoFields = Pick<TaskRow, 'title' | 'description' | 'due_date' | 'due_time' | 'timezone' | 'priority' | 'duration_minutes'>;

const TITLE_MAX = 500;
const DESCRIPTION_MAX = 5000;
/** A to-do longer than a week is a project: 10,080 minutes. */
const DURATION_MAX = 10_080;
/** Completed to-dos stay listed for 90 days, as in the API (spec: Paging and windows 5). */
export const COMPLETED_LISTED_DAYS = 90;

const TIME_RE = new RegExp(TIME_OF_DAY_PATTERN);
const blank = (v: string | null | undefined): boolean => v === undefined || v === null || v.trim() === '';

/** Browsers send CRLF from a textarea; stored text uses LF, so an unchanged form is unchanged. */
export const normalizeText = (text: string): string => text.replace(/\r\n?/g, '\n');

function checkTodo(input: TodoInput, ownerZone: string): TodoFields {
  const title = input.title.trim();
  if (title.length === 0 || title.length > TITLE_MAX) throw new ServiceError('invalid', `The title must be 1 to ${TITLE_MAX} characters.`, 'title');
  const description = blank(input.description) ? null : normalizeText(input.description!);
  if (description !== null && description.length > DESCRIPTION_MAX) throw new ServiceError('invalid', `The description must be at most ${DESCRIPTION_MAX} characters.`, 'description');
  const dueDate = blank(input.dueDate) ? null : input.dueDate!.trim();
  if (dueDate !== null && !isValidDate(dueDate)) throw new ServiceError('invalid', 'The due date must be a date (YYYY-MM-DD).', 'dueDate');
  const dueTime = blank(input.dueTime) ? null : input.dueTime!.trim();
  if (dueTime !== null && !TIME_RE.test(dueTime)) throw new ServiceError('invalid', 'The due time must be a time of day (HH:MM).', 'dueTime');
  if (dueTime !== null && dueDate === null) throw new ServiceError('invalid', 'A due time needs a due date.', 'dueDate');
  let timezone: string | null = null;
  if (dueDate !== null) {
    timezone = blank(input.timezone) ? ownerZone : ianaZone(input.timezone!.trim());
    if (timezone === null) throw new ServiceError('invalid', 'The time zone must be an IANA zone name such as Europe/Berlin.', 'timezone');
  }
  const priority = blank(input.priority) ? 'none' : input.priority!;
  if (!(PRIORITIES as readonly string[]).includes(priority)) throw new ServiceError('invalid', 'The priority must be none, low, medium or high.', 'priority');
  const duration = input.durationMinutes ?? null;
  if (duration !== null && (!Number.isInteger(duration) || duration < 1 || duration > DURATION_MAX)) {
    throw new ServiceError('invalid', `The duration must be a whole number of minutes from 1 to ${DURATION_MAX}.`, 'durationMinutes');
  }
  return { title, description, due_date: dueDate, due_time: dueTime, timezone, priority: priority as Priority, duration_minutes: duration };
}

const eventTest = (trx: Db, row: TaskRow): Promise<boolean> => (row.request_id ? requestIsTest(trx, row.owner_id, row.request_id) : Promise.resolve(false));

const GONE = 'That to-do does not exist, or was deleted.';

/** The id as a UUID; anything else names no to-do. */
function todoId(id: string): string {
  const uuid = asUuid(id);
  if (!uuid) throw new ServiceError('not_found', GONE);
  return uuid;
}

async function lockOrThrow(trx: Db, ownerId: string, id: string): Promise<TaskRow> {
  const row = await lockOwnTodo(trx, ownerId, todoId(id));
  if (!row) throw new ServiceError('not_found', GONE);
  return row;
}

/** A new to-do at the end of the owner's list (`task.created`); returns its id. */
export async function createTodo(env: TodoEnv, owner: { id: string; timezone: string }, input: TodoInput): Promise<string> {
  const fields = checkTodo(input, owner.timezone);
  const now = env.clock.now();
  const id = newId();
  await env.db.transaction().execute(async (trx) => {
    await insertOwnTodo(trx, {
      id,
      owner_id: owner.id,
      ...fields,
      status: 'open',
      completed_at: null,
      from_requester: null,
      request_id: null,
      position: await nextPosition(trx, owner.id),
      created_at: now,
      updated_at: now,
      deleted_at: null,
    });
    await recordEvent(trx, { ownerId: owner.id, type: 'task.created', data: { object: 'task', id }, test: false, occurredAt: now });
  });
  return id;
}

/**
 * Changes the fields given (`task.updated`), keeping the others; returns false, recording nothing,
 * when every field is as it was.
 */
export async function updateTodo(env: TodoEnv, owner: { id: string; timezone: string }, id: string, input: Partial<TodoInput>): Promise<boolean> {
  const now = env.clock.now();
  return env.db.transaction().execute(async (trx) => {
    const row = await lockOrThrow(trx, owner.id, id);
    const pick = <K extends keyof TodoInput>(k: K, current: TodoInput[K]): TodoInput[K] => (input[k] !== undefined ? input[k] : current);
    const fields = checkTodo(
      {
        title: pick('title', row.title)!,
        description: pick('description', row.description),
        dueDate: pick('dueDate', row.due_date),
        dueTime: pick('dueTime', row.due_time),
        timezone: pick('timezone', row.timezone),
        priority: pick('priority', row.priority),
        durationMinutes: pick('durationMinutes', row.duration_minutes),
      },
      owner.timezone,
    );
    const changed = (Object.keys(fields) as (keyof TodoFields)[]).some((k) => fields[k] !== row[k]);
    if (!changed) return false;
    await updateOwnTodo(trx, owner.id, row.id, { ...fields, updated_at: now });
    await recordEvent(trx, { ownerId: owner.id, type: 'task.updated', data: { object: 'task', id: row.id }, test: await eventTest(trx, row), occurredAt: now });
    return true;
  });
}

/**
 * Marks a to-do done (`task.completed`); one made from a task request completes the request too.
 * Returns false when it was already done.
 */
export async function completeTodo(env: RequestEnv, ownerId: string, id: string): Promise<boolean> {
  try {
    return (await completeTask(env, ownerId, todoId(id))).changed;
  } catch (e) {
    if (e instanceof ServiceError && e.kind === 'not_found') throw new ServiceError('not_found', GONE);
    throw e;
  }
}

/** Opens a completed to-do again, at the end of the list (`task.updated`); false when it was open. */
export async function reopenTodo(env: TodoEnv, ownerId: string, id: string): Promise<boolean> {
  const now = env.clock.now();
  return env.db.transaction().execute(async (trx) => {
    const row = await lockOrThrow(trx, ownerId, id);
    if (row.status === 'open') return false;
    await updateOwnTodo(trx, ownerId, row.id, { status: 'open', completed_at: null, position: await nextPosition(trx, ownerId), updated_at: now });
    await recordEvent(trx, { ownerId, type: 'task.updated', data: { object: 'task', id: row.id }, test: await eventTest(trx, row), occurredAt: now });
    return true;
  });
}

/** Deletes a to-do (`task.deleted`); the row stays as a deleted marker for the API's includeDeleted. */
export async function deleteTodo(env: TodoEnv, ownerId: string, id: string): Promise<void> {
  const now = env.clock.now();
  await env.db.transaction().execute(async (trx) => {
    const row = await lockOrThrow(trx, ownerId, id);
    await updateOwnTodo(trx, ownerId, row.id, { deleted_at: now, updated_at: now });
    await recordEvent(trx, { ownerId, type: 'task.deleted', data: { object: 'task', id: row.id }, test: await eventTest(trx, row), occurredAt: now });
  });
}

/** Where to move an open to-do: one step, to an end, or to a 1-based position in the open list. */
export type TodoMove = 'up' | 'down' | 'top' | 'bottom' | number;

/**
 * Moves an open to-do within the owner's order. Positions only: no event, and updated_at stays
 * (spec: "reordering is not a change"). Returns false when it was already there.
 */
export async function reorderTodo(env: TodoEnv, ownerId: string, taskId: string, move: TodoMove): Promise<boolean> {
  const id = todoId(taskId);
  return env.db.transaction().execute(async (trx) => {
    const open = await openTodos(trx, ownerId, true);
    const from = open.findIndex((t) => t.id === id);
    if (from < 0) {
      await lockOrThrow(trx, ownerId, id);
      throw new ServiceError('conflict', 'Only open to-dos can be moved; reopen it first.');
    }
    let to: number;
    if (typeof move === 'number') {
      if (!Number.isInteger(move) || move < 1 || move > open.length) throw new ServiceError('invalid', `The position must be a whole number from 1 to ${open.length}.`, 'position');
      to = move - 1;
    } else {
      to = { up: from - 1, down: from + 1, top: 0, bottom: open.length - 1 }[move];
      to = Math.min(Math.max(to, 0), open.length - 1);
    }
    if (to === from) return false;
    const order = [...open];
    const [moved] = order.splice(from, 1);
    order.splice(to, 0, moved!);
    // Renumber the open list 0..n-1 (earlier positions may tie or have gaps); write only what moved.
    await setPositions(trx, ownerId, order.map((t, i) => ({ id: t.id, position: i, was: t.position })).filter((m) => m.position !== m.was));
    return true;
  });
}

export interface TodoLists {
  /** In the owner's order. */
  open: TaskRow[];
  /** Done in the last 90 days, the latest first. */
  completed: TaskRow[];
}

export async function listTodos(db: Db, ownerId: string, now: Date): Promise<TodoLists> {
  const [open, completed] = await Promise.all([openTodos(db, ownerId), completedTodos(db, ownerId, addDays(now, -COMPLETED_LISTED_DAYS))]);
  return { open, completed };
}

/** One live to-do of the owner, or undefined. */
export async function findTodo(db: Db, ownerId: string, id: string): Promise<TaskRow | undefined> {
  const uuid = asUuid(id);
  return uuid ? findTask(db, ownerId, uuid) : undefined;
}
