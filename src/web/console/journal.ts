import { addEntry, deleteEntry, editEntry, ENTRIES_PER_PAGE, getEntry, listEntries, ownerToday } from '../../services/journal.js';
import { ServiceError } from '../../domain/service-error.js';
import { html } from '../html.js';
import { field, type ConsoleContext, type ConsoleSection } from './console.js';
import { csrfField } from './layout.js';
import { link } from '../links.js';
import { dateFormat } from './dates.js';

/**
 * Journal: the owner's private entries by date, newest first, with a form for today's. Nothing here
 * records a webhook event, and no token can read it (spec, fixed property 1).
 */
type Values = { date?: string; body?: string };

const dayFormat = (locale: string): Intl.DateTimeFormat => dateFormat(locale, { timeZone: 'UTC', dateStyle: 'full' });

const PRIVATE = 'Only you can read your journal: no app, token or webhook ever sees it.';

/** The date and text fields; the textarea starts with a newline so a leading one in the text survives. */
const entryFields = (v: Values) => html`<p><label for="date">Date</label><br><input id="date" name="date" type="date" required value="${v.date ?? ''}"></p>
<p><label for="body">Entry</label><br><textarea id="body" name="body" rows="10" cols="60" maxlength="20000" required class="u-wfull">
${v.body ?? ''}</textarea></p>`;

async function listPage(ctx: ConsoleContext, values: Values = {}, error: string | null = null) {
  const requested = Number(ctx.query.page ?? '1');
  const page = Number.isInteger(requested) && requested >= 1 ? requested : 1;
  const { entries, more } = await listEntries(ctx.services.db, ctx.owner.id, page - 1);
  const day = dayFormat(ctx.owner.locale);
  const today = ownerToday(ctx.services.clock.now(), ctx.owner.timezone);
  return ctx.render(
    'Journal',
    'journal',
    html`<section class="card" aria-labelledby="write-heading"><h2 id="write-heading">Write</h2>
<form method="post" action="/app/journal">${csrfField(ctx.csrf)}${entryFields({ date: values.date || today, body: values.body })}
<p><button type="submit">Save entry</button> <span class="muted">${PRIVATE}</span></p></form></section>
<h2>Entries</h2>
${entries.length === 0 ? html`<p class="muted">${page === 1 ? 'No entries yet.' : 'No older entries.'}</p>` : ''}
${entries.map(
  (e) => html`<article class="card" aria-labelledby="entry-${e.id}"><h3 id="entry-${e.id}"><time datetime="${e.entry_date}">${day.format(new Date(`${e.entry_date}T00:00:00Z`))}</time></h3>
<div class="u-pre u-wrap">${e.body}</div>
<p><a href="${link`/app/journal/edit?id=${e.id}`}" aria-label="Edit or delete the entry of ${day.format(new Date(`${e.entry_date}T00:00:00Z`))}">Edit or delete</a></p></article>`,
)}
${page > 1 || more
  ? html`<nav aria-label="More entries"><p>${page > 1 ? html`<a href="/app/journal${page > 2 ? `?page=${page - 1}` : ''}">← Newer</a> ` : ''}${more ? html`<a href="/app/journal?page=${page + 1}">Older →</a>` : ''}</p>
<p class="muted">${ENTRIES_PER_PAGE} entries a page.</p></nav>`
  : ''}`,
    error,
  );
}

async function editPage(ctx: ConsoleContext, id: string, values: Values | null = null, error: string | null = null) {
  const entry = await getEntry(ctx.services.db, ctx.owner.id, id);
  if (!entry) return ctx.redirect('/app/journal', 'That entry no longer exists.');
  return ctx.render(
    'Edit journal entry',
    'journal',
    html`<p><a href="/app/journal">← All entries</a></p>
<section class="card" aria-label="Entry"><form method="post" action="/app/journal/edit">${csrfField(ctx.csrf)}<input type="hidden" name="id" value="${entry.id}">
${entryFields(values ?? { date: entry.entry_date, body: entry.body })}
<p><button type="submit">Save</button> <a href="/app/journal">Cancel</a></p></form></section>
<section class="card" aria-labelledby="delete-heading"><h2 id="delete-heading">Delete this entry</h2>
<form method="post" action="/app/journal/delete">${csrfField(ctx.csrf)}<input type="hidden" name="id" value="${entry.id}">
<p><input type="checkbox" id="confirm" name="confirm" value="yes" required> <label for="confirm">Yes, delete it for good</label></p>
<p><button type="submit" class="danger">Delete entry</button></p></form></section>`,
    error,
  );
}

const valuesOf = (form: ConsoleContext['form']): Values => ({ date: field(form, 'date'), body: field(form, 'body') });

export const journalSection: ConsoleSection = (scope) => {
  const env = (ctx: ConsoleContext) => ({ db: ctx.services.db, clock: ctx.services.clock });
  scope.get('/journal', async (ctx) => listPage(ctx));
  scope.get('/journal/edit', async (ctx) => editPage(ctx, ctx.query.id ?? ''));

  scope.post('/journal', async (ctx) => {
    try {
      await addEntry(env(ctx), ctx.owner.id, { date: field(ctx.form, 'date'), body: field(ctx.form, 'body') });
    } catch (e) {
      if (e instanceof ServiceError) return listPage(ctx, valuesOf(ctx.form), e.message);
      throw e;
    }
    return ctx.redirect('/app/journal', 'Entry saved.');
  });

  scope.post('/journal/edit', async (ctx) => {
    const id = field(ctx.form, 'id');
    let changed: boolean;
    try {
      changed = await editEntry(env(ctx), ctx.owner.id, id, { date: field(ctx.form, 'date'), body: field(ctx.form, 'body') });
    } catch (e) {
      if (e instanceof ServiceError) return e.kind === 'not_found' ? ctx.redirect('/app/journal', e.message) : editPage(ctx, id, valuesOf(ctx.form), e.message);
      throw e;
    }
    return ctx.redirect('/app/journal', changed ? 'Entry saved.' : 'Nothing changed.');
  });

  scope.post('/journal/delete', async (ctx) => {
    const id = field(ctx.form, 'id');
    if (field(ctx.form, 'confirm') !== 'yes') return editPage(ctx, id, null, 'Tick “Yes, delete it for good” to delete the entry.');
    try {
      await deleteEntry(env(ctx), ctx.owner.id, id);
    } catch (e) {
      if (e instanceof ServiceError) return ctx.redirect('/app/journal', e.message);
      throw e;
    }
    return ctx.redirect('/app/journal', 'Entry deleted.');
  });
};
