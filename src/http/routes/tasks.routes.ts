import Type from 'typebox';
import { asUuid } from '../../domain/ids.js';
import { findTask, taskFeed } from '../../store/repos/tasks.js';
import { invalidInput, notFound } from '../errors.js';
import { keptPage, pageBody, pageWriter, writeFeedPage } from '../page-bytes.js';
import { keyset } from '../keyset.js';
import { checkUpdatedSince, daysBefore, DELETED_MARKER_DAYS, HANDLED_LISTED_DAYS, pageStableUntil } from '../paging.js';
import { presentFeedTask, presentTask } from '../presenters/task.js';
import { dateParam, optionalInstantParam } from '../query-values.js';
import { defineRoute } from '../route.js';
import { BooleanString, Cursor, DateString, IdParams, Instant, Limit, Page, StringEnum } from '../schemas/common.js';
import { Task } from '../schemas/resources.js';

const writePage = pageWriter(Task);

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
  response: Page(Task, 'TaskPage'),
  errors: ['invalid_input'],
  async handler(ctx) {
    const { query, principal, services, now } = ctx;
    const dueFrom = dateParam(query.dueFrom, 'dueFrom');
    const dueTo = dateParam(query.dueTo, 'dueTo');
    if (dueFrom && dueTo && dueFrom > dueTo) throw invalidInput('dueTo', '"dueTo" must not be before "dueFrom".');
    const updatedSince = optionalInstantParam(query.updatedSince, 'updatedSince');
    const includeDeleted = query.includeDeleted === 'true';
    checkUpdatedSince(updatedSince, includeDeleted, now);
    const paging = keyset(ctx, 'tasks');
    const { ownerId } = principal;
    const key = `tasks|${ownerId}|${query.status ?? ''}|${dueFrom ?? ''}|${dueTo ?? ''}|${updatedSince?.getTime() ?? ''}|${includeDeleted}|${paging.key}`;
    const page = await keptPage(services, ownerId, 'tasks', key, now, async () => {
      const rows = await taskFeed(services.db, {
        ownerId,
        status: query.status ?? null,
        dueFrom,
        dueTo,
        updatedSince,
        deletedSince: includeDeleted ? daysBefore(now, DELETED_MARKER_DAYS) : null,
        completedSince: daysBefore(now, HANDLED_LISTED_DAYS),
        after: paging.after,
        limit: paging.take,
      });
      const page = writeFeedPage(writePage, rows, paging.limit, presentFeedTask);
      return { page, stableUntil: pageStableUntil(rows, (r) => (r.status === 'open' ? null : r.completed_at)) };
    });
    return pageBody(page, paging.next(page.last), includeDeleted);
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
  errors: ['not_found'],
  async handler({ params, principal, services }) {
    const id = asUuid(params.id);
    const row = id ? await findTask(services.db, principal.ownerId, id) : undefined;
    if (!row) throw notFound();
    return presentTask(row);
  },
});
