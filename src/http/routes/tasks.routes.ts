import Type from 'typebox';
import { asUuid } from '../../domain/ids.js';
import { findTask, taskFeed } from '../../store/repos/tasks.js';
import { invalidInput, notFound } from '../errors.js';
import { checkUpdatedSince, daysBefore, DELETED_MARKER_DAYS, HANDLED_LISTED_DAYS, readFeedCursor, wireInstant, writeCursor } from '../paging.js';
import { presentFeedTask, presentTask } from '../presenters/task.js';
import { dateParam, optionalInstantParam } from '../query-values.js';
import { defineRoute } from '../route.js';
import { BooleanString, Cursor, DateString, IdParams, Instant, Limit, Page, StringEnum } from '../schemas/common.js';
import { Task, type TaskDto } from '../schemas/resources.js';

const TaskQuery = Type.Object(
  {
    status: Type.Optional(StringEnum(['open', 'completed'] as const)),
    dueFrom: Type.Optional(DateString),
    dueTo: Type.Optional(DateString),
    updatedSince: Type.Optional(Instant),
    includeDeleted: Type.Optional(BooleanString),
    limit: Type.Optional(Limit),
    cursor: Type.Optional(Cursor),
  },
  { additionalProperties: false },
);

export const listTasks = defineRoute({
  method: 'GET',
  url: '/tasks',
  operationId: 'listTasks',
  summary: 'Open and completed to-dos, oldest change first; completed ones for 90 days after completion.',
  tag: 'Tasks',
  scope: 'tasks:read',
  rateClass: 'read',
  querystring: TaskQuery,
  response: Page(Task),
  errors: ['invalid_token', 'token_expired', 'insufficient_scope', 'invalid_input', 'rate_limited', 'internal'],
  async handler(ctx) {
    const { query, principal, services, now } = ctx;
    const dueFrom = dateParam(query.dueFrom, 'dueFrom');
    const dueTo = dateParam(query.dueTo, 'dueTo');
    if (dueFrom && dueTo && dueFrom > dueTo) throw invalidInput('dueTo', '"dueTo" must not be before "dueFrom".');
    const updatedSince = optionalInstantParam(query.updatedSince, 'updatedSince');
    const includeDeleted = query.includeDeleted === 'true';
    checkUpdatedSince(updatedSince, includeDeleted, now);
    const after = readFeedCursor(ctx, 'tasks');
    const limit = query.limit ?? 50;
    const rows = await taskFeed(services.db, {
      ownerId: principal.ownerId,
      status: query.status ?? null,
      dueFrom,
      dueTo,
      updatedSince,
      deletedSince: includeDeleted ? daysBefore(now, DELETED_MARKER_DAYS) : null,
      completedSince: daysBefore(now, HANDLED_LISTED_DAYS),
      after,
      limit: limit + 1,
    });
    const more = rows.length > limit;
    const data: TaskDto[] = [];
    const deleted: { id: string; deletedAt: string }[] = [];
    for (let i = 0; i < rows.length && i < limit; i++) {
      const r = rows[i]!;
      if (r.deleted_at === null) data.push(presentFeedTask(r));
      else deleted.push({ id: r.id, deletedAt: wireInstant(r.deleted_at) });
    }
    const last = more ? rows[limit - 1] : undefined;
    return {
      data,
      nextCursor: last ? writeCursor(ctx, 'tasks', Date.parse(wireInstant(last.updated_at)), last.id) : null,
      ...(includeDeleted ? { deleted } : {}),
    };
  },
});

export const getTask = defineRoute({
  method: 'GET',
  url: '/tasks/:id',
  operationId: 'getTask',
  summary: 'One to-do.',
  tag: 'Tasks',
  scope: 'tasks:read',
  rateClass: 'read',
  params: IdParams,
  response: Task,
  errors: ['invalid_token', 'token_expired', 'insufficient_scope', 'not_found', 'rate_limited', 'internal'],
  async handler({ params, principal, services }) {
    const id = asUuid(params.id);
    const row = id ? await findTask(services.db, principal.ownerId, id) : undefined;
    if (!row) throw notFound();
    return presentTask(row);
  },
});
