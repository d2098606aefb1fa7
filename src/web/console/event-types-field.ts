import { choosableGroups, type EventObject } from '../../domain/webhook-filter.js';
import { html, type Markup } from '../html.js';
import type { ConsoleContext } from './console.js';

/**
 * The event types an endpoint receives, in the console (docs/webhooks.md "Choosing event types"):
 * "All events (including future types)" or "Only these:" with a checkbox per type, grouped by the
 * object it is about, only the types the scopes allow offered. Used by the add form and the edit form
 * of a personal endpoint (developer-endpoints.ts) and of an app's (developer-app-webhook.ts). No
 * script: the radio decides, and while "All events" is chosen console.css dims the boxes (:has).
 */

const GROUP_NAMES: Record<EventObject, string> = { request: 'Requests', appointment: 'Appointments', task: 'To-dos', event: 'Calendar events' };

/** When each type is sent, in the words of the spec's Event types table. */
const SENT_WHEN: Record<string, string> = {
  'request.created': 'a request reaches the inbox',
  'request.withdrawn': 'the requester withdrew it',
  'request.accepted': 'you accepted it',
  'request.declined': 'you declined it',
  'request.expired': 'its time passed unanswered',
  'appointment.rescheduled': 'you proposed a new time',
  'appointment.confirmed': 'the requester confirmed the new time',
  'appointment.cancelled': 'either side cancelled',
  'appointment.completed': 'the appointment ended',
  'task.created': 'a to-do was made',
  'task.updated': 'a to-do changed',
  'task.completed': 'a to-do was done',
  'task.deleted': 'a to-do was deleted',
  'event.created': 'an event was added to the calendar',
  'event.updated': 'an event changed',
  'event.deleted': 'an event was deleted',
};

/** What the form chose: null for every type, else the ticked types (maybe none: the service refuses that, saying why). */
export function eventTypesOf(form: ConsoleContext['form']): string[] | null {
  if (form.events !== 'only') return null;
  const raw = form.types;
  return (Array.isArray(raw) ? raw : raw ? [raw] : []).filter((s) => s !== '');
}

/**
 * The choice as form fields. `id` makes the ids unique on a page with several forms; `scopes` are
 * the token's (or those the app may ask for); `chosen` what to show ticked (null: "All events");
 * `legend` names the group (under a heading that already says "Events", another word).
 */
export function eventTypesField(id: string, scopes: readonly string[], chosen: readonly string[] | null, legend = 'Events'): Markup {
  const checked = (on: boolean) => (on ? html` checked` : '');
  const groups = choosableGroups(scopes);
  return html`<fieldset class="u-box et-choice"><legend><strong>${legend}</strong></legend>
<p class="muted u-my1">Pings and <code>authorization.revoked</code> always arrive.</p>
<p class="u-my15"><label class="u-normal"><input type="radio" class="et-all" name="events" value="all" id="${id}-all"${checked(chosen === null)}> All events <span class="muted">(including future types)</span></label></p>
<p class="u-my15"><label class="u-normal"><input type="radio" name="events" value="only" id="${id}-only"${checked(chosen !== null)}> Only these:</label></p>
<div class="et-groups">${groups.map((g) => html`<fieldset><legend>${GROUP_NAMES[g.object]}</legend>
${g.types.map((t) => html`<p class="u-my1"><label class="u-normal"><input type="checkbox" name="types" value="${t}" id="${id}-${t}"${checked(chosen?.includes(t) ?? false)}> <code>${t}</code> <span class="muted">— ${SENT_WHEN[t] ?? ''}</span></label></p>`)}
</fieldset>`)}</div></fieldset>`;
}

/** What an endpoint receives, for its row and its page. */
export function eventTypesSummary(types: readonly string[] | null): Markup {
  if (types === null) return html`All events<br><span class="muted">including future types</span>`;
  return html`${types.map((t, i) => html`${i > 0 ? html`<br>` : ''}<code class="et-name">${t}</code>`)}`;
}
