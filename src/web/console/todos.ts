import { requestEnv } from '../../services/requests/env.js';
import { ServiceError } from '../../domain/service-error.js';
import {
  COMPLETED_LISTED_DAYS,
  completeTodo,
  createTodo,
  deleteTodo,
  findTodo,
  listTodos,
  PRIORITIES,
  reopenTodo,
  reorderTodo,
  updateTodo,
  type TodoInput,
  type TodoMove,
} from '../../services/todos.js';
import { ownerToday } from '../../services/journal.js';
import type { OwnerRow, TaskRow } from '../../store/schema.js';
import { html, type Markup } from '../html.js';
import { field, type ConsoleContext, type ConsoleSection } from './console.js';
import { csrfField } from './layout.js';
import { zoneOptions } from '../zone-options.js';
import { link } from '../links.js';
import { dateFormat } from './dates.js';

/**
 * To-dos: the open list in the owner's order (up/down buttons), completing and reopening, the last
 * 90 days of completed ones, and a form to add or edit one. Every action is a plain form post that
 * calls services/todos.ts, so it records the same webhook events as any other caller.
 */
type Values = Record<string, string>;

const PRIORITY_LABEL: Record<TaskRow['priority'], string> = { none: 'None', low: 'Low', medium: 'Medium', high: 'High' };

/** The due date (a calendar date, so formatted in UTC), its time, and its zone when not the owner's. */
function dueText(t: TaskRow, owner: OwnerRow, today: string): Markup {
  if (!t.due_date) return html`<span class="muted">—</span>`;
  const day = dateFormat(owner.locale, { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: t.due_date.slice(0, 4) === today.slice(0, 4) ? undefined : 'numeric' });
  const zone = t.due_time && t.timezone && t.timezone !== owner.timezone ? html` <span class="muted">(${t.timezone})</span>` : '';
  const late = t.status === 'open' && t.due_date < today ? html` <strong>overdue</strong>` : '';
  return html`<time datetime="${t.due_date}${t.due_time ? `T${t.due_time}` : ''}">${day.format(new Date(`${t.due_date}T00:00:00Z`))}${t.due_time ? ` ${t.due_time}` : ''}</time>${zone}${late}`;
}

const fromLine = (t: TaskRow): Markup | string => (t.from_requester ? html`<br><span class="muted">from ${t.from_requester}</span>` : '');

/** A one-button form posting an id (and maybe a move) to an action of this section. */
function actionButton(ctx: ConsoleContext, action: string, id: string, label: string, text: string, o: { cls?: string; move?: string; disabled?: boolean } = {}): Markup {
  return html`<form method="post" action="/app/todos/${action}">${csrfField(ctx.csrf)}<input type="hidden" name="id" value="${id}">${o.move ? html`<input type="hidden" name="move" value="${o.move}">` : ''}<button type="submit"${o.cls ? html` class="${o.cls}"` : ''} aria-label="${label}" title="${label}"${o.disabled ? html` disabled` : ''}>${text}</button></form>`;
}

/** The fields of a to-do, for the add form (more of them folded away) and the edit form. */
function todoFields(owner: OwnerRow, v: Values, fold: boolean): Markup {
  const more = html`<p><label for="description">Description</label><br><textarea id="description" name="description" rows="4" cols="50" maxlength="5000">
${v.description ?? ''}</textarea></p>
<div class="row"><p><label for="dueTime">Due time</label><br><input id="dueTime" name="dueTime" type="time" value="${v.dueTime ?? ''}"></p>
<p><label for="timezone">Time zone of the due date</label><br><select id="timezone" name="timezone">${zoneOptions(v.timezone || owner.timezone)}</select></p>
<p><label for="durationMinutes">Duration (minutes)</label><br><input id="durationMinutes" name="durationMinutes" type="number" min="1" max="10080" step="1" inputmode="numeric" value="${v.durationMinutes ?? ''}"></p></div>`;
  return html`<div class="row"><p><label for="title">Title</label><br><input id="title" name="title" required maxlength="500" size="40" value="${v.title ?? ''}"></p>
<p><label for="dueDate">Due date</label><br><input id="dueDate" name="dueDate" type="date" value="${v.dueDate ?? ''}"></p>
<p><label for="priority">Priority</label><br><select id="priority" name="priority">${PRIORITIES.map((p) => html`<option value="${p}"${p === (v.priority || 'none') ? html` selected` : ''}>${PRIORITY_LABEL[p]}</option>`)}</select></p></div>
${fold ? html`<details${v.description || v.dueTime || v.durationMinutes ? html` open` : ''}><summary>Description, time, duration</summary>${more}</details>` : more}`;
}

async function listPage(ctx: ConsoleContext, values: Values = {}, error: string | null = null) {
  const now = ctx.services.clock.now();
  const { open, completed } = await listTodos(ctx.services.db, ctx.owner.id, now);
  const today = ownerToday(now, ctx.owner.timezone);
  const doneAt = dateFormat(ctx.owner.locale, { timeZone: ctx.owner.timezone, dateStyle: 'medium', timeStyle: 'short' });
  const openRows = open.map((t, i) => html`<tr id="todo-${t.id}">
<td>${actionButton(ctx, 'complete', t.id, `Mark “${t.title}” done`, '☐', { cls: 'secondary' })}</td>
<td><a href="${link`/app/todos/edit?id=${t.id}`}">${t.title}</a>${fromLine(t)}${t.description ? html`<br><span class="muted">${t.description.length > 140 ? `${t.description.slice(0, 140)}…` : t.description}</span>` : ''}</td>
<td>${dueText(t, ctx.owner, today)}</td><td>${t.priority === 'none' ? html`<span class="muted">—</span>` : PRIORITY_LABEL[t.priority]}</td>
<td>${actionButton(ctx, 'move', t.id, `Move “${t.title}” up`, '↑', { cls: 'secondary', move: 'up', disabled: i === 0 })}${actionButton(ctx, 'move', t.id, `Move “${t.title}” down`, '↓', { cls: 'secondary', move: 'down', disabled: i === open.length - 1 })}</td></tr>`);
  const doneRows = completed.map((t) => html`<tr><td><a href="${link`/app/todos/edit?id=${t.id}`}"><s>${t.title}</s></a>${fromLine(t)}</td>
<td><time datetime="${t.completed_at!.toISOString()}">${doneAt.format(t.completed_at!)}</time></td><td>${actionButton(ctx, 'reopen', t.id, `Reopen “${t.title}”`, 'Reopen', { cls: 'secondary' })}</td></tr>`);
  return ctx.render(
    'To-dos',
    'todos',
    html`<section class="card" aria-labelledby="add-heading"><h2 id="add-heading">Add a to-do</h2>
<form method="post" action="/app/todos">${csrfField(ctx.csrf)}${todoFields(ctx.owner, values, true)}<p><button type="submit">Add to-do</button></p></form></section>
<h2 id="open-heading">Open</h2>
${open.length === 0
  ? html`<p class="muted">Nothing to do. Add a to-do above.</p>`
  : html`<table aria-labelledby="open-heading"><thead><tr><th scope="col">Done</th><th scope="col">To-do</th><th scope="col">Due</th><th scope="col">Priority</th><th scope="col">Order</th></tr></thead><tbody>${openRows}</tbody></table>`}
<h2 id="done-heading">Completed</h2>
<p class="muted">Done in the last ${COMPLETED_LISTED_DAYS} days, the latest first.</p>
${completed.length === 0
  ? html`<p class="muted">None yet.</p>`
  : html`<table aria-labelledby="done-heading"><thead><tr><th scope="col">To-do</th><th scope="col">Completed</th><th scope="col"><span class="muted">Action</span></th></tr></thead><tbody>${doneRows}</tbody></table>`}`,
    error,
  );
}

const valuesOf = (t: TaskRow): Values => ({
  title: t.title,
  description: t.description ?? '',
  dueDate: t.due_date ?? '',
  dueTime: t.due_time ?? '',
  timezone: t.timezone ?? '',
  priority: t.priority,
  durationMinutes: t.duration_minutes === null ? '' : String(t.duration_minutes),
});

async function editPage(ctx: ConsoleContext, id: string, values: Values | null = null, error: string | null = null) {
  const t = await findTodo(ctx.services.db, ctx.owner.id, id);
  if (!t) return ctx.redirect('/app/todos', 'That to-do no longer exists.');
  const open = t.status === 'open' ? (await listTodos(ctx.services.db, ctx.owner.id, ctx.services.clock.now())).open : [];
  const place = open.findIndex((o) => o.id === t.id) + 1;
  const doneAt = dateFormat(ctx.owner.locale, { timeZone: ctx.owner.timezone, dateStyle: 'medium', timeStyle: 'short' });
  return ctx.render(
    'Edit to-do',
    'todos',
    html`<p><a href="/app/todos">← All to-dos</a></p>
<p>${t.status === 'open' ? html`<span class="status">Open</span>` : html`<span class="status ok">Completed ${doneAt.format(t.completed_at!)}</span>`}${t.from_requester ? html` <span class="muted">from ${t.from_requester}</span>` : ''}</p>
<section class="card" aria-label="To-do"><form method="post" action="/app/todos/edit">${csrfField(ctx.csrf)}<input type="hidden" name="id" value="${t.id}">
${todoFields(ctx.owner, values ?? valuesOf(t), false)}
<p><button type="submit">Save</button> <a href="/app/todos">Cancel</a></p></form></section>
<section class="card" aria-label="Actions"><p>
${t.status === 'open' ? actionButton(ctx, 'complete', t.id, 'Mark done', 'Mark done') : actionButton(ctx, 'reopen', t.id, 'Reopen', 'Reopen', { cls: 'secondary' })}
${actionButton(ctx, 'delete', t.id, 'Delete this to-do', 'Delete', { cls: 'danger' })}</p>
${place > 0
  ? html`<form method="post" action="/app/todos/move">${csrfField(ctx.csrf)}<input type="hidden" name="id" value="${t.id}"><p><label for="position">Position in the list</label><br>
<input id="position" name="position" type="number" min="1" max="${open.length}" step="1" inputmode="numeric" value="${place}" required> <span class="muted">of ${open.length}</span> <button type="submit" class="secondary">Move</button></p></form>`
  : ''}</section>`,
    error,
  );
}

function inputOf(form: ConsoleContext['form']): TodoInput {
  const minutes = field(form, 'durationMinutes').trim();
  return {
    title: field(form, 'title'),
    description: field(form, 'description'),
    dueDate: field(form, 'dueDate'),
    dueTime: field(form, 'dueTime'),
    timezone: field(form, 'timezone'),
    priority: field(form, 'priority'),
    durationMinutes: minutes === '' ? null : Number(minutes),
  };
}

const formValues = (form: ConsoleContext['form']): Values => Object.fromEntries(['title', 'description', 'dueDate', 'dueTime', 'timezone', 'priority', 'durationMinutes'].map((k) => [k, field(form, k)]));

/** Runs an action; a refusal of the service re-renders the list with its message (422). */
async function act(ctx: ConsoleContext, work: () => Promise<string>) {
  try {
    return ctx.redirect('/app/todos', await work());
  } catch (e) {
    if (e instanceof ServiceError) return listPage(ctx, {}, e.message);
    throw e;
  }
}

const titleOf = async (ctx: ConsoleContext, id: string): Promise<string> => (await findTodo(ctx.services.db, ctx.owner.id, id))?.title ?? 'The to-do';

export const todosSection: ConsoleSection = (scope) => {
  const env = (ctx: ConsoleContext) => ({ db: ctx.services.db, clock: ctx.services.clock });
  scope.get('/todos', async (ctx) => listPage(ctx));
  scope.get('/todos/edit', async (ctx) => editPage(ctx, ctx.query.id ?? ''));

  scope.post('/todos', async (ctx) => {
    try {
      await createTodo(env(ctx), ctx.owner, inputOf(ctx.form));
    } catch (e) {
      if (e instanceof ServiceError) return listPage(ctx, formValues(ctx.form), e.message);
      throw e;
    }
    return ctx.redirect('/app/todos', `Added “${field(ctx.form, 'title').trim()}”.`);
  });

  scope.post('/todos/edit', async (ctx) => {
    const id = field(ctx.form, 'id');
    let changed: boolean;
    try {
      changed = await updateTodo(env(ctx), ctx.owner, id, inputOf(ctx.form));
    } catch (e) {
      if (e instanceof ServiceError) return e.kind === 'not_found' ? ctx.redirect('/app/todos', e.message) : editPage(ctx, id, formValues(ctx.form), e.message);
      throw e;
    }
    return ctx.redirect('/app/todos', changed ? `Saved “${field(ctx.form, 'title').trim()}”.` : 'Nothing changed.');
  });

  scope.post('/todos/complete', async (ctx) =>
    act(ctx, async () => {
      const id = field(ctx.form, 'id');
      const done = await completeTodo(requestEnv(ctx.services), ctx.owner.id, id);
      return done ? `Done: “${await titleOf(ctx, id)}”.` : 'It was already done.';
    }),
  );

  scope.post('/todos/reopen', async (ctx) =>
    act(ctx, async () => {
      const id = field(ctx.form, 'id');
      const reopened = await reopenTodo(env(ctx), ctx.owner.id, id);
      return reopened ? `Reopened “${await titleOf(ctx, id)}”; it is at the end of the list.` : 'It was already open.';
    }),
  );

  scope.post('/todos/delete', async (ctx) =>
    act(ctx, async () => {
      const id = field(ctx.form, 'id');
      const title = await titleOf(ctx, id);
      await deleteTodo(env(ctx), ctx.owner.id, id);
      return `Deleted “${title}”.`;
    }),
  );

  scope.post('/todos/move', async (ctx) =>
    act(ctx, async () => {
      const id = field(ctx.form, 'id');
      const how = field(ctx.form, 'move');
      const position = field(ctx.form, 'position').trim();
      const move: TodoMove = how === 'up' || how === 'down' || how === 'top' || how === 'bottom' ? how : Number(position === '' ? NaN : position);
      const moved = await reorderTodo(env(ctx), ctx.owner.id, id, move);
      const title = await titleOf(ctx, id);
      return moved ? `Moved “${title}”${typeof move === 'number' ? ` to position ${move}` : ` ${move}`}.` : `“${title}” is already there.`;
    }),
  );
};
