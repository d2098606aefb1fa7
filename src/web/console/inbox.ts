import { Temporal } from 'temporal-polyfill';
import { asUuid } from '../../domain/ids.js';
import { getBookingSettings } from '../../services/booking.js';
import { blockContact } from '../../services/contacts.js';
import { decide, undoDecision, type OwnerDecision, type WaitingDecision } from '../../services/requests/decisions.js';
import { ConflictRefusal, conflictsOf } from '../../services/requests/conflicts.js';
import { requestEnv } from '../../services/requests/env.js';
import { describeOverlaps, holdsTime, type Commitment } from '../../domain/conflicts.js';
import { HANDLED_DAYS, inboxRequest, readInbox, type InboxItem } from '../../services/requests/inbox.js';
import { ServiceError } from '../../domain/service-error.js';
import type { RequestRow } from '../../store/schema.js';
import { html, script, type Markup } from '../html.js';
import { field, type ConsoleContext, type ConsoleSection } from './console.js';
import { csrfField } from './layout.js';
import { link, mailtoHref, telHref } from '../links.js';
import { ownerDateFormat } from './dates.js';

/**
 * Inbox: the requests waiting for the owner, the appointments booked through them, and what was
 * handled in the last 90 days. Accept, decline, propose a new time and cancel go through the same
 * `decide` as the CLI, with the undo window (5 s, UNDO_WINDOW_MS): until it passes the page offers Undo.
 */

/** The undo window in words: "5 seconds". */
const windowText = (ms: number) => (ms === 1000 ? '1 second' : `${Math.round(ms / 100) / 10} seconds`);

/** Times in the owner's locale and zone (dates.ts); the hour as the locale writes it (13:00 or 1:00 PM). */
const WHEN: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' };

type Reader = ConsoleContext['owner'];
const fmt = (owner: Reader, o: Intl.DateTimeFormatOptions = WHEN) => ownerDateFormat(owner, o);
const slotText = (owner: Reader, r: RequestRow) => (r.slot_start && r.slot_end ? fmt(owner).formatRange(r.slot_start, r.slot_end) : null);
const secondText = (owner: Reader, d: Date) => fmt(owner, { hour: 'numeric', minute: '2-digit', second: '2-digit' }).format(d);
// A date without a time is the same day everywhere: formatted at noon UTC.
const dateText = (owner: Reader, iso: string) => ownerDateFormat(owner, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }, 'UTC').format(new Date(`${iso}T12:00:00Z`));

/** The instant as a datetime-local value in the zone ("2026-03-30T10:00"). */
export function localInputValue(d: Date, zone: string): string {
  return Temporal.Instant.fromEpochMilliseconds(d.getTime()).toZonedDateTimeISO(zone).toPlainDateTime().toString({ smallestUnit: 'minute' });
}

/**
 * A datetime-local value read as wall-clock time in the zone, or null when it is not one. A time that
 * the clocks skip (a spring-forward gap) moves forward by the gap; a repeated one takes the earlier.
 */
export function instantFromLocal(value: string, zone: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  try {
    return new Date(Temporal.PlainDateTime.from(value, { overflow: 'reject' }).toZonedDateTime(zone, { disambiguation: 'compatible' }).epochMilliseconds);
  } catch {
    return null;
  }
}

const ACTING: Record<OwnerDecision['action'], string> = { accept: 'Accepting', decline: 'Declining', cancel: 'Cancelling', reschedule: 'Proposing a new time for' };
const STATUS: Record<RequestRow['status'], string> = {
  pending: 'pending', accepted: 'accepted', declined: 'declined', withdrawn: 'withdrawn by the requester', expired: 'expired',
  rescheduled: 'new time proposed', cancelled: 'cancelled', completed: 'completed',
};

function statusOf(r: RequestRow): Markup {
  const text = r.status === 'cancelled' && r.cancelled_by ? `cancelled by ${r.cancelled_by === 'owner' ? 'you' : 'the requester'}` : STATUS[r.status];
  const tone = r.status === 'accepted' || r.status === 'completed' ? ' ok' : r.status === 'declined' || r.status === 'cancelled' ? ' bad' : '';
  return html`<span class="status${tone}">${text}</span>`;
}

const what = (item: InboxItem) => (item.request.kind === 'appointment' ? (item.typeName ?? 'Appointment') : 'Task');

function post(ctx: ConsoleContext, r: RequestRow, action: string, label: string, cls = '', extra: Markup | '' = ''): Markup {
  return html`<form method="post" action="${link`/app/inbox/${r.id}/${action}`}">${csrfField(ctx.csrf)}${extra}<button type="submit"${cls ? html` class="${cls}"` : ''}>${label}</button></form>`;
}

/** The confirmation a decision into held time needs: without JavaScript the browser will not send the form unticked. */
function confirmBox(r: RequestRow, text: string, required: boolean): Markup {
  return html`<label class="confirm"><input type="checkbox" name="confirm" value="overlap"${required ? ' required' : ''} aria-describedby="c-${r.id}"> ${text}</label> `;
}

/** The marker on a request whose time overlaps something, naming what (the owner may see all of their own). */
function conflictNote(r: RequestRow, overlaps: readonly Commitment[]): Markup {
  const held = overlaps.some(holdsTime);
  return html`<p class="notice bad conflict" id="c-${r.id}"><strong>${held ? 'Conflict' : 'Competing request'}:</strong> overlaps ${describeOverlaps(overlaps)}.${held ? ' Accepting it needs your confirmation.' : ''}</p>`;
}

function waitingLine(ctx: ConsoleContext, item: InboxItem, w: WaitingDecision, now: Date): Markup {
  const r = item.request;
  const newTime = w.start ? html` (${fmt(ctx.owner).format(w.start)})` : '';
  if (w.effectiveAt.getTime() <= now.getTime()) {
    return html`<li>${ACTING[w.action]} ${r.requester_name}'s ${what(item)}${newTime}: taking effect now.</li>`;
  }
  return html`<li>${ACTING[w.action]} ${r.requester_name}'s ${what(item)}${newTime}: takes effect at ${secondText(ctx.owner, w.effectiveAt)}.
${post(ctx, r, 'undo', 'Undo', 'secondary')}</li>`;
}

/**
 * A request's time in the owner's zone and, side by side, in the requester's (the zone they booked in),
 * both in the owner's language; one zone when they are the same.
 */
function whenBoth(owner: Reader, r: RequestRow, slot: string): Markup {
  const theirs = r.requester_timezone;
  if (!r.slot_start || !r.slot_end || !theirs || theirs === owner.timezone) return html`<span class="zones"><span>${slot} <span class="muted">(${owner.timezone}, yours and theirs)</span></span></span>`;
  const their = ownerDateFormat(owner, WHEN, theirs).formatRange(r.slot_start, r.slot_end);
  return html`<span class="zones"><span>${slot} <span class="muted">(your time, ${owner.timezone})</span></span><span>${their} <span class="muted">(${r.requester_name}'s time, ${theirs})</span></span></span>`;
}

function details(ctx: ConsoleContext, item: InboxItem): Markup {
  const r = item.request;
  const slot = slotText(ctx.owner, r);
  return html`<dl>
${r.requester_email ? html`<dt>Email</dt><dd><a href="${mailtoHref(r.requester_email)}">${r.requester_email}</a></dd>` : ''}
${r.requester_phone ? html`<dt>Phone</dt><dd><a href="${telHref(r.requester_phone)}">${r.requester_phone}</a></dd>` : ''}
${r.contact_method && r.contact_handle ? html`<dt>Prefers</dt><dd>${r.contact_method}: ${r.contact_handle}</dd>` : ''}
${slot ? html`<dt>When</dt><dd>${whenBoth(ctx.owner, r, slot)}</dd>` : ''}
${r.suggested_due_date ? html`<dt>Suggested due date</dt><dd>${dateText(ctx.owner, r.suggested_due_date)}</dd>` : ''}
${r.message ? html`<dt>Message</dt><dd class="u-pre">${r.message}</dd>` : ''}
${r.note ? html`<dt>Note</dt><dd class="u-pre">${r.note}</dd>` : ''}
<dt>Received</dt><dd>${fmt(ctx.owner).format(r.created_at)} via ${r.source === 'public' ? 'your booking page' : 'an app'}${r.test ? ' (test)' : ''}</dd>
</dl>`;
}

function proposeForm(ctx: ConsoleContext, r: RequestRow, now: Date): Markup {
  const zone = ctx.owner.timezone;
  const id = `start-${r.id}`;
  return html`<form method="post" action="${link`/app/inbox/${r.id}/reschedule`}" class="row u-flex u-mt2">${csrfField(ctx.csrf)}
<p class="u-m0"><label for="${id}">New start (${zone})</label><br><input id="${id}" name="start" type="datetime-local" required min="${localInputValue(now, zone)}" value="${r.slot_start ? localInputValue(r.slot_start, zone) : ''}"></p>
<p class="u-m0"><label class="confirm u-normal"><input type="checkbox" name="confirm" value="overlap"> even if it overlaps something</label></p>
<button type="submit" class="secondary">Propose a new time</button></form>`;
}

function requestCard(ctx: ConsoleContext, item: InboxItem, now: Date, overlaps: readonly Commitment[] = []): Markup {
  const r = item.request;
  const isAppointment = r.kind === 'appointment';
  const held = overlaps.some(holdsTime);
  const accept = held ? post(ctx, r, 'accept', 'Accept anyway', '', confirmBox(r, 'I know it overlaps', true)) : post(ctx, r, 'accept', 'Accept');
  const actions = item.waiting
    ? html`<p class="muted">${ACTING[item.waiting.action]} this request; see above to undo.</p>`
    : r.status === 'pending'
      ? html`<p>${accept}${post(ctx, r, 'decline', 'Decline', 'secondary')}</p>${isAppointment ? proposeForm(ctx, r, now) : ''}`
      : html`${proposeForm(ctx, r, now)}<p>${post(ctx, r, 'cancel', 'Cancel appointment', 'danger')}</p>`;
  return html`<article class="card${overlaps.length > 0 ? ' conflicting' : ''}" id="r-${r.id}" aria-labelledby="h-${r.id}">
<h3 id="h-${r.id}" class="u-m0">${r.requester_name} <span class="muted">· ${what(item)}</span> ${r.status === 'pending' ? '' : statusOf(r)}${overlaps.length > 0 ? html` <span class="status${held ? ' bad' : ''}">${held ? 'conflict' : 'competing'}</span>` : ''}</h3>
${overlaps.length > 0 ? conflictNote(r, overlaps) : ''}
${details(ctx, item)}
${actions}
<p>${post(ctx, r, 'block', 'Block this contact', 'secondary')}</p>
</article>`;
}

function handledTable(ctx: ConsoleContext, items: InboxItem[]): Markup {
  if (items.length === 0) return html`<p class="muted">Nothing handled in the last ${HANDLED_DAYS} days.</p>`;
  return html`<table><thead><tr><th scope="col">From</th><th scope="col">What</th><th scope="col">When</th><th scope="col">Status</th><th scope="col">Last change</th></tr></thead><tbody>
${items.map((item) => {
  const r = item.request;
  return html`<tr id="r-${r.id}"><td>${r.requester_name}<br><span class="muted">${r.requester_email ?? r.requester_phone ?? ''}</span></td><td>${what(item)}</td>
<td>${slotText(ctx.owner, r) ?? (r.suggested_due_date ? `by ${dateText(ctx.owner, r.suggested_due_date)}` : '—')}</td><td>${statusOf(r)}</td><td>${fmt(ctx.owner).format(r.updated_at)}</td></tr>`;
})}</tbody></table>`;
}

/** Nothing waiting: the booking page to share while it is on; while it is off, where to turn it on (its address answers 404). */
function emptyInbox(ctx: ConsoleContext, bookingOn: boolean): Markup {
  return bookingOn
    ? html`<p class="muted">No requests are waiting. Share your booking page <a href="${link`/${ctx.owner.username}`}">/${ctx.owner.username}</a> to get some.</p>`
    : html`<p class="muted">No requests are waiting. Your booking page is off: <a href="/app/booking">turn it on</a> to take requests from visitors; apps with a token can still send them.</p>`;
}

async function inboxPage(ctx: ConsoleContext, error: string | null = null) {
  const { db, clock } = ctx.services;
  const now = clock.now();
  const [inbox, { enabled: bookingOn }] = await Promise.all([readInbox(db, ctx.owner.id, now), getBookingSettings(db, ctx.owner.id)]);
  const slotOf = (r: RequestRow) => (r.slot_start && r.slot_end ? { start: r.slot_start, end: r.slot_end } : null);
  const conflicts = await conflictsOf(db, ctx.owner.id, inbox.pending.map((i) => ({ id: i.request.id, slot: slotOf(i.request) })));
  const waiting = [...inbox.pending, ...inbox.booked].filter((i) => i.waiting !== null);
  const soonest = Math.min(...waiting.map((i) => i.waiting!.effectiveAt.getTime()).filter((t) => t > now.getTime()));
  const overdue = waiting.some((i) => i.waiting!.effectiveAt.getTime() <= now.getTime());
  // Optional: reload once the window has passed, so the page shows the outcome (works without it).
  const reloadMs = Number.isFinite(soonest) ? soonest - now.getTime() + 1500 : overdue ? 2000 : null;
  return ctx.render(
    'Inbox',
    'inbox',
    html`<p class="muted">Times are shown in your time zone, ${ctx.owner.timezone}. A decision takes effect ${windowText(ctx.services.config.undoWindowMs)} after you make it; until then you can undo it.</p>
${waiting.length > 0
  ? html`<section class="card" aria-labelledby="waiting-h"><h2 id="waiting-h" class="u-mt0">Waiting to take effect</h2><ul>${waiting.map((i) => waitingLine(ctx, i, i.waiting!, now))}</ul><p><a href="/app/inbox">Refresh</a></p></section>`
  : ''}
${reloadMs !== null ? script('reload.js', { to: '/app/inbox', after: Math.max(500, Math.min(reloadMs, 60_000)) }) : ''}
<h2>Waiting for you (${inbox.pending.length})</h2>
${inbox.pending.length > 0 ? inbox.pending.map((i) => requestCard(ctx, i, now, conflicts.get(i.request.id))) : emptyInbox(ctx, bookingOn)}
<h2>Booked appointments (${inbox.booked.length})</h2>
${inbox.booked.length > 0 ? inbox.booked.map((i) => requestCard(ctx, i, now)) : html`<p class="muted">No appointments booked through requests.</p>`}
<h2>Handled in the last ${HANDLED_DAYS} days</h2>
${handledTable(ctx, inbox.handled)}`,
    error,
  );
}

/** What the owner just did: it takes effect after the undo window, so the notice says it will. */
const DONE: Record<OwnerDecision['action'], string> = { accept: 'Accepting', decline: 'Declining', cancel: 'Cancelling', reschedule: 'Proposing a new time for' };

function decisionOf(ctx: ConsoleContext, action: string): OwnerDecision | string {
  switch (action) {
    case 'accept':
    case 'decline':
    case 'cancel':
      return { action };
    case 'reschedule': {
      const start = instantFromLocal(field(ctx.form, 'start').trim(), ctx.owner.timezone);
      return start ? { action, start } : 'Choose the new date and time.';
    }
    default:
      return 'Unknown action.';
  }
}

export const inboxSection: ConsoleSection = (scope) => {
  scope.get('/inbox', async (ctx) => inboxPage(ctx));

  scope.post('/inbox/:id/:action', async (ctx) => {
    const params = ctx.request.params as { id: string; action: string };
    const id = asUuid(params.id);
    if (id === null) return inboxPage(ctx, 'There is no such request in your inbox.');
    const env = requestEnv(ctx.services);
    try {
      if (params.action === 'undo') {
        const undone = await undoDecision(env, ctx.owner.id, id);
        return ctx.redirect('/app/inbox', undone ? 'Undone: nothing was changed.' : 'Too late to undo: the decision has already taken effect.');
      }
      if (params.action === 'block') {
        const r = await inboxRequest(ctx.services.db, ctx.owner.id, id);
        if (!r) return inboxPage(ctx, 'There is no such request in your inbox.');
        await blockContact(ctx.services.db, ctx.services.clock, ctx.owner.id, { email: r.requester_email, phone: r.requester_phone, name: r.requester_name });
        return ctx.redirect('/app/inbox', `Blocked ${r.requester_name} (${r.requester_email ?? r.requester_phone}). New requests from them will not reach your inbox; this one stays until you decide it.`);
      }
      const decision = decisionOf(ctx, params.action);
      if (typeof decision === 'string') return inboxPage(ctx, decision);
      // Into held time only when the owner ticked "I know it overlaps" (conflicts.ts).
      const confirmed = field(ctx.form, 'confirm') === 'overlap';
      const { request, effectiveAt } = await decide(env, ctx.owner.id, id, decision, { undoWindow: true, conflicts: confirmed ? 'allow' : 'refuse' });
      const to = decision.action === 'reschedule' ? ` (${fmt(ctx.owner).format(decision.start)})` : '';
      const undo = effectiveAt ? ` in ${windowText(ctx.services.config.undoWindowMs)} — you can still undo it.` : '.';
      return ctx.redirect('/app/inbox', `${DONE[decision.action]} ${request.requester_name}'s ${request.kind === 'appointment' ? 'appointment' : 'task'} request${to}${undo}`);
    } catch (e) {
      if (e instanceof ConflictRefusal) return inboxPage(ctx, `Not done: ${e.message.replace('Confirm to accept it anyway.', params.action === 'reschedule' ? 'Tick “even if it overlaps something” to propose it anyway.' : 'Tick “I know it overlaps” on the request to accept it anyway.')}`);
      if (e instanceof ServiceError) return inboxPage(ctx, e.message);
      throw e;
    }
  });
};
