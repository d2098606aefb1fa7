import { Temporal } from 'temporal-polyfill';
import type { EventView } from '../../domain/calendar-view.js';
import { isValidDate } from '../../domain/instant.js';
import {
  cancelEvent, cancelOccurrence, createEvent, deleteEvent, deleteOccurrence, editOccurrence, eventDetails, ownerCalendars,
  restoreEvent, restoreOccurrence, updateEvent, type CalendarEnv, type EventDetails,
} from '../../services/calendar-events.js';
import { ServiceError } from '../../domain/service-error.js';
import { html, type Markup } from '../html.js';
import { eventForm, inputOf, postedValues, seriesOnlyChanges, timesOf, valuesOf, type FormValues } from './calendar-form.js';
import { field, type ConsoleContext, type ConsoleSection } from './console.js';
import { calendarUploadRoutes } from './calendar-upload.js';
import { csrfField } from './layout.js';
import { dateFormat } from './dates.js';
import { dateIn, eventHref, today, utcDay, viewPage, weekHref } from './calendar-views.js';

/**
 * Calendar: the views of calendar-views.ts (day, week, month, agenda), one page per event or
 * occurrence with its details and forms, and the new-event form. Every change is a plain
 * form post to services/calendar-events.ts, so it records the same webhook events as any caller.
 */

const env = (ctx: ConsoleContext): CalendarEnv => ({ db: ctx.services.db, clock: ctx.services.clock });

async function newPage(ctx: ConsoleContext, values: FormValues | null = null, error: ServiceError | null = null) {
  const asked = ctx.query.date ?? '';
  const date = isValidDate(asked) ? asked : today(ctx).toString();
  const calendars = await ownerCalendars(env(ctx), ctx.owner.id);
  // A free cell of the grid asks for its hour (`?time=HH:MM`): an hour from then, into the next day if need be.
  const at = /^([01]\d|2[0-3]):[0-5]\d$/.test(ctx.query.time ?? '') ? Temporal.PlainTime.from(ctx.query.time!) : Temporal.PlainTime.from('09:00');
  const ends = Temporal.PlainDate.from(date).toPlainDateTime(at).add({ hours: 1 });
  const v = values ?? {
    start_date: date, end_date: ends.toPlainDate().toString(), start_time: at.toString({ smallestUnit: 'minute' }), end_time: ends.toPlainTime().toString({ smallestUnit: 'minute' }),
    timezone: ctx.owner.timezone, calendar: calendars[0]?.slug ?? '', repeat: 'none',
  };
  return ctx.render(
    'New event',
    'calendar',
    html`<p><a href="${weekHref(Temporal.PlainDate.from(isValidDate(v.start_date ?? '') ? v.start_date! : date))}">← Back to the calendar</a></p>
${eventForm(ctx, { action: '/app/calendar/new', values: v, calendars, submit: 'Add event', errorField: error?.field ?? null })}`,
    error?.message ?? null,
  );
}

function repeatText(ctx: ConsoleContext, d: EventDetails): Markup | string {
  if (d.repeat === 'none') return '';
  const until = d.until ? ` until ${dateFormat(ctx.owner.locale, { timeZone: 'UTC', dateStyle: 'long' }).format(utcDay(Temporal.PlainDate.from(d.until)))}` : '';
  const rule = d.repeat === 'custom' ? html`By its own rule <code>${d.row.rrule}</code>` : `Every ${{ daily: 'day', weekly: 'week', monthly: 'month', yearly: 'year' }[d.repeat]}${until}`;
  return html`<dt>Repeats</dt><dd>${rule}</dd>`;
}

function whenText(ctx: ConsoleContext, v: EventView, zone: string): string {
  if (v.allDay && v.startDate && v.endDate) {
    const f = dateFormat(ctx.owner.locale, { timeZone: 'UTC', dateStyle: 'full' });
    const last = Temporal.PlainDate.from(v.endDate).subtract({ days: 1 });
    return `${f.formatRange(utcDay(Temporal.PlainDate.from(v.startDate)), utcDay(last))}, all day`;
  }
  return dateFormat(ctx.owner.locale, { timeZone: zone, dateStyle: 'full', timeStyle: 'short' }).formatRange(v.start, v.end);
}

/** One small form per action; for an occurrence, a button for it and one for the whole series. */
function actionForm(ctx: ConsoleContext, d: EventDetails, path: string, buttons: { label: string; value: string; cls?: string }[]): Markup {
  return html`<form method="post" action="/app/calendar/event/${path}">${csrfField(ctx.csrf)}<input type="hidden" name="id" value="${d.view.id}">
${buttons.map((b) => html`<button type="submit" name="scope" value="${b.value}"${b.cls ? html` class="${b.cls}"` : ''}>${b.label}</button>`)}</form>`;
}

/** Cancel or restore: the button's value is `<cancel|restore>:<occurrence|series>`. */
function statusButtons(ctx: ConsoleContext, d: EventDetails): Markup {
  const { view, row } = d;
  if (!d.occurrence) {
    return actionForm(ctx, d, 'status', [row.status === 'cancelled' ? { label: 'Restore event', value: 'restore:series' } : { label: 'Cancel event', value: 'cancel:series', cls: 'secondary' }]);
  }
  if (row.status === 'cancelled') return actionForm(ctx, d, 'status', [{ label: 'Restore the whole series', value: 'restore:series' }]);
  return actionForm(ctx, d, 'status', [
    view.status === 'cancelled' ? { label: 'Restore this occurrence', value: 'restore:occurrence' } : { label: 'Cancel this occurrence', value: 'cancel:occurrence', cls: 'secondary' },
    { label: 'Cancel the whole series', value: 'cancel:series', cls: 'secondary' },
  ]);
}

async function eventPage(ctx: ConsoleContext, d: EventDetails, values: FormValues | null = null, error: ServiceError | null = null) {
  const { view, row } = d;
  const zone = ctx.owner.timezone;
  const other = row.timezone !== zone && !view.allDay ? html`<br><span class="muted">${whenText(ctx, view, row.timezone)} (${row.timezone})</span>` : '';
  const status = view.status === 'cancelled' ? html`<span class="status bad">Cancelled</span>` : html`<span class="status ok">Confirmed</span>`;
  const link = row.url && /^https?:\/\//i.test(row.url) ? html`<a href="${row.url}" rel="noopener noreferrer">${row.url}</a>` : row.url;
  const details = html`<section class="card" aria-label="Details"><dl>
<dt>When</dt><dd>${whenText(ctx, view, zone)}${other}${d.occurrence?.moved ? html`<br><span class="muted">Moved from its usual time.</span>` : ''}</dd>
${repeatText(ctx, d)}<dt>Status</dt><dd>${status}</dd><dt>Calendar</dt><dd>${view.calendar}</dd><dt>Show as</dt><dd>${view.showAs === 'busy' ? 'Busy' : 'Free'}</dd>
${view.location ? html`<dt>Location</dt><dd>${view.location}</dd>` : ''}${row.url ? html`<dt>Web address</dt><dd>${link}</dd>` : ''}
${row.notes ? html`<dt>Notes</dt><dd class="u-pre">${row.notes}</dd>` : ''}</dl></section>`;
  const back = html`<p><a href="${weekHref(dateIn(view.start, zone))}">← Back to the week</a></p>`;
  if (row.is_appointment) {
    return ctx.render(view.title, 'calendar', html`${back}${details}<p class="card">This is an accepted appointment: change or cancel it from its request in the <a href="/app/inbox">Inbox</a>.</p>`, error?.message ?? null);
  }
  const calendars = await ownerCalendars(env(ctx), ctx.owner.id);
  const deletes = d.occurrence
    ? [{ label: 'Delete this occurrence', value: 'occurrence', cls: 'danger' }, { label: 'Delete the whole series', value: 'series', cls: 'danger' }]
    : [{ label: 'Delete event', value: 'series', cls: 'danger' }];
  return ctx.render(
    view.title,
    'calendar',
    html`${back}${details}
<h2>Cancel or delete</h2><p class="muted">A cancelled event stays in the calendar, marked cancelled; a deleted one is removed.</p>
<div class="card">${statusButtons(ctx, d)} ${actionForm(ctx, d, 'delete', deletes)}</div>
<h2>Edit</h2>
${eventForm(ctx, { action: '/app/calendar/event/edit', id: view.id, values: values ?? valuesOf(d), calendars, occurrence: d.occurrence !== null, customRule: d.repeat === 'custom' ? d.row.rrule : null, submit: 'Save changes', errorField: error?.field ?? null })}`,
    error?.message ?? null,
  );
}

const gone = (ctx: ConsoleContext) => ctx.redirect('/app/calendar', 'That event no longer exists.');

/** Runs a change; a refused one shows the page again with the message (422), a vanished event goes back to the week. */
async function attempt(ctx: ConsoleContext, change: () => Promise<ReturnType<ConsoleContext['redirect']>>, again: (e: ServiceError) => Promise<ReturnType<ConsoleContext['redirect']>>) {
  try {
    return await change();
  } catch (e) {
    if (!(e instanceof ServiceError)) throw e;
    if (e.kind === 'not_found') return gone(ctx);
    return again(e);
  }
}

export const calendarSection: ConsoleSection = (scope) => {
  scope.get('/calendar', async (ctx) => viewPage(ctx));
  scope.get('/calendar/new', async (ctx) => newPage(ctx));
  calendarUploadRoutes(scope);

  scope.post('/calendar/new', async (ctx) => {
    const v = postedValues(ctx);
    const input = inputOf(v);
    return attempt(
      ctx,
      async () => {
        const made = await createEvent(env(ctx), ctx.owner, { ...input, repeat: input.repeat === 'unchanged' ? 'none' : input.repeat });
        return ctx.redirect(weekHref(dateIn(made.start, ctx.owner.timezone)), `“${input.title.trim()}” was added.`);
      },
      (e) => newPage(ctx, v, e),
    );
  });

  scope.get('/calendar/event', async (ctx) => {
    const d = await eventDetails(env(ctx), ctx.owner.id, ctx.query.id ?? '');
    return d ? eventPage(ctx, d) : gone(ctx);
  });

  scope.post('/calendar/event/edit', async (ctx) => {
    const id = field(ctx.form, 'id');
    const d = await eventDetails(env(ctx), ctx.owner.id, id);
    if (!d) return gone(ctx);
    const v = postedValues(ctx);
    const oneOccurrence = d.occurrence !== null && v.scope !== 'series';
    return attempt(
      ctx,
      async () => {
        if (oneOccurrence) {
          const changed = seriesOnlyChanges(v, valuesOf(d));
          if (changed.length) throw new ServiceError('invalid', `The ${changed.join(', ')} belong to the whole series: choose “The whole series” to change them.`);
          const done = await editOccurrence(env(ctx), ctx.owner, d.view.id, { title: v.title ?? '', times: timesOf(v), location: v.location || null, showAs: v.show_as === 'free' ? 'free' : 'busy' });
          return ctx.redirect(weekHref(dateIn(done.start, ctx.owner.timezone)), done.changed ? 'This occurrence was changed.' : 'Nothing to change.');
        }
        const done = await updateEvent(env(ctx), ctx.owner, d.view.id, inputOf(v));
        return ctx.redirect(weekHref(dateIn(done.start, ctx.owner.timezone)), d.occurrence ? 'The whole series was changed.' : 'The event was changed.');
      },
      (e) => eventPage(ctx, d, v, e),
    );
  });

  scope.post('/calendar/event/status', async (ctx) => {
    const id = field(ctx.form, 'id');
    const d = await eventDetails(env(ctx), ctx.owner.id, id);
    if (!d) return gone(ctx);
    const [change, which] = field(ctx.form, 'scope').split(':');
    const cancel = change !== 'restore';
    const one = d.occurrence !== null && which === 'occurrence';
    return attempt(
      ctx,
      async () => {
        const e = env(ctx);
        if (one) await (cancel ? cancelOccurrence : restoreOccurrence)(e, ctx.owner, d.view.id);
        else await (cancel ? cancelEvent : restoreEvent)(e, ctx.owner, d.row.id);
        const what = one ? 'This occurrence' : d.occurrence ? 'The whole series' : 'The event';
        return ctx.redirect(eventHref(d.view.id), `${what} ${cancel ? 'was cancelled' : 'was restored'}.`);
      },
      (e) => eventPage(ctx, d, null, e),
    );
  });

  scope.post('/calendar/event/delete', async (ctx) => {
    const id = field(ctx.form, 'id');
    const d = await eventDetails(env(ctx), ctx.owner.id, id);
    if (!d) return gone(ctx);
    const one = d.occurrence !== null && field(ctx.form, 'scope') === 'occurrence';
    return attempt(
      ctx,
      async () => {
        if (one) await deleteOccurrence(env(ctx), ctx.owner, d.view.id);
        else await deleteEvent(env(ctx), ctx.owner, d.row.id);
        const what = one ? 'This occurrence' : d.occurrence ? 'The whole series' : `“${d.view.title}”`;
        return ctx.redirect(weekHref(dateIn(d.view.start, ctx.owner.timezone)), `${what} was deleted.`);
      },
      (e) => eventPage(ctx, d, null, e),
    );
  });
};
