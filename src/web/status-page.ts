import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { asUuid } from '../domain/ids.js';
import { formatLocalDate, formatSlot } from '../email/templates.js';
import type { Deps } from '../deps.js';
import { requestEnv } from '../services/requests/env.js';
import { checkStatusToken, statusUrl } from '../services/status-links.js';
import { requesterAct, type RequesterAction } from '../services/requests/requester.js';
import { ServiceError } from '../domain/service-error.js';
import { requestContext } from '../store/repos/request-changes.js';
import { requestOfStatusLink } from '../store/repos/requests.js';
import type { RequestRow } from '../store/schema.js';
import { html, page, type Markup } from './html.js';
import { acceptForms } from './form-body.js';
import { appointmentIcs } from './ics.js';

/**
 * The requester's status page (docs/spec-decisions.md §4: the `statusUrl`): the status, withdraw while pending,
 * confirm or decline a proposed new time, cancel an accepted appointment, and an .ics file for an
 * accepted one. The link's secret is its own proof; forms post back to it (no cookies), and a post
 * from another site is refused (by the pages plugin, before any handler). Works without JavaScript.
 */
interface Params {
  id: string;
  token: string;
}

const STATUS_TEXT: Record<RequestRow['status'], { label: string; tone: '' | 'ok' | 'bad' }> = {
  pending: { label: 'Waiting for an answer', tone: '' },
  accepted: { label: 'Accepted', tone: 'ok' },
  declined: { label: 'Declined', tone: 'bad' },
  withdrawn: { label: 'Withdrawn', tone: 'bad' },
  expired: { label: 'Expired', tone: 'bad' },
  rescheduled: { label: 'New time proposed', tone: '' },
  cancelled: { label: 'Cancelled', tone: 'bad' },
  completed: { label: 'Completed', tone: 'ok' },
};

const DONE_TEXT: Record<string, string> = {
  requested: 'Your request was sent. You will get an email with this link; come back here to follow it.',
  withdraw: 'Your request was withdrawn.',
  confirm: 'You confirmed the new time.',
  cancel: 'The appointment was cancelled.',
};

class PageNotFound extends Error {}

async function load(services: Deps, p: Params, now: Date): Promise<RequestRow> {
  const id = asUuid(p.id);
  if (!id || !checkStatusToken(services.secrets.statusLinks, id, p.token)) throw new PageNotFound();
  const row = await requestOfStatusLink(services.db, id);
  if (!row) throw new PageNotFound();
  if (row.status_link_expires_at && row.status_link_expires_at.getTime() <= now.getTime()) throw new PageNotFound();
  return row;
}

/** What the requester may do now, as the table of moves allows it. */
function actions(row: RequestRow, now: Date): RequesterAction[] {
  if (row.status === 'pending') return ['withdraw'];
  if (row.kind === 'appointment' && row.status === 'rescheduled') return ['confirm', 'cancel'];
  if (row.kind === 'appointment' && row.status === 'accepted' && row.slot_end && row.slot_end.getTime() > now.getTime()) return ['cancel'];
  return [];
}

const BUTTON: Record<RequesterAction, { label: string; style: string; rescheduled?: string }> = {
  withdraw: { label: 'Withdraw my request', style: 'danger' },
  confirm: { label: 'Confirm the new time', style: '' },
  cancel: { label: 'Cancel the appointment', style: 'danger', rescheduled: 'Decline the new time' },
};

function body(row: RequestRow, ctx: { ownerName: string; typeName: string | null }, url: string, done: string | undefined, now: Date): Markup {
  const status = STATUS_TEXT[row.status];
  const when = row.slot_start && row.slot_end ? formatSlot({ start: row.slot_start, end: row.slot_end }, row.requester_locale, row.requester_timezone) : null;
  const what = row.kind === 'appointment' ? (ctx.typeName ?? 'Appointment') : 'To-do request';
  const cancelledBy = row.status === 'cancelled' && row.cancelled_by ? (row.cancelled_by === 'owner' ? ` by ${ctx.ownerName}` : ' by you') : '';
  const buttons = actions(row, now);
  return html`
<h1>Your request to ${ctx.ownerName}</h1>
${done && DONE_TEXT[done] ? html`<p class="notice" role="status">${DONE_TEXT[done]}</p>` : ''}
<p><span class="status ${status.tone}">${status.label}${cancelledBy}</span></p>
${row.status === 'rescheduled' ? html`<p>${ctx.ownerName} proposes a new time. Confirm it, or decline it to cancel the appointment.</p>` : ''}
<section class="card" aria-label="Request details"><dl>
  <dt>What</dt><dd>${what}</dd>
  ${when ? html`<dt>${row.status === 'rescheduled' ? 'Proposed time' : 'When'}</dt><dd>${when}</dd>` : ''}
  ${row.suggested_due_date ? html`<dt>Suggested date</dt><dd>${formatLocalDate(row.suggested_due_date, row.requester_locale)}</dd>` : ''}
  ${row.message ? html`<dt>Your message</dt><dd class="u-pre">${row.message}</dd>` : ''}
  <dt>From</dt><dd>${row.requester_name}</dd>
</dl></section>
${buttons.map((a) => {
    const b = BUTTON[a];
    const label = row.status === 'rescheduled' && b.rescheduled ? b.rescheduled : b.label;
    return html`<form method="post" action="${url}/${a}"><button type="submit" class="${b.style}">${label}</button></form>`;
  })}
${row.kind === 'appointment' && row.status === 'accepted' ? html`<p><a class="button secondary" href="${url}/appointment.ics" download>Add to my calendar (.ics)</a></p>` : ''}
<p class="muted">Keep this link: it shows the latest state of your request.</p>`;
}

function notFoundPage(reply: FastifyReply): FastifyReply {
  return reply
    .code(404)
    .type('text/html; charset=utf-8')
    .send(page({ title: 'Link not found', body: html`<h1>This link does not work</h1><p>It may have expired (links last 30 days after a request is handled) or be mistyped.</p>` }));
}

export async function registerStatusPage(app: FastifyInstance, services: Deps): Promise<void> {
  await app.register(async (pages) => {
    // The page's forms are buttons without fields: a refused one can only come from elsewhere.
    await acceptForms(pages, (_request, reply, refusal) =>
      reply.type('text/html; charset=utf-8').send(page({ title: 'Refused', body: html`<h1>Refused</h1><p>${refusal.message}</p><p>Go back to your request's page and use its buttons.</p>` })),
    );
    pages.setErrorHandler((error, _request, reply) => {
      if (error instanceof PageNotFound) return notFoundPage(reply);
      pages.log.error({ err: error }, 'status page failed');
      return reply.code(500).type('text/html; charset=utf-8').send(page({ title: 'Something went wrong', body: html`<h1>Something went wrong</h1><p>Please try again in a moment.</p>` }));
    });
    const base = (p: Params) => `/status/${p.id}/${p.token}`;

    pages.get<{ Params: Params; Querystring: { done?: string } }>('/status/:id/:token', { schema: { hide: true } }, async (request, reply) => {
      const now = services.clock.now();
      const row = await load(services, request.params, now);
      const ctx = await requestContext(services.db, row.owner_id, row.appointment_type_id);
      const url = new URL(statusUrl(requestEnv(services), row.id)).pathname;
      return reply
        .type('text/html; charset=utf-8')
        .header('Referrer-Policy', 'same-origin')
        .header('X-Frame-Options', 'DENY')
        .send(page({ title: `Your request to ${ctx.ownerName}`, lang: row.requester_locale, body: body(row, ctx, url, request.query.done, now) }));
    });

    pages.post<{ Params: Params & { action: string } }>('/status/:id/:token/:action', { schema: { hide: true } }, async (request, reply) => {
      const { action } = request.params;
      if (action !== 'withdraw' && action !== 'confirm' && action !== 'cancel') throw new PageNotFound();
      const now = services.clock.now();
      const row = await load(services, request.params, now);
      try {
        await requesterAct(requestEnv(services), row.id, action, { ownerId: row.owner_id });
      } catch (e) {
        // The state moved meanwhile (the owner answered): show the page as it is now.
        if (!(e instanceof ServiceError)) throw e;
        return reply.redirect(base(request.params), 303);
      }
      return reply.redirect(`${base(request.params)}?done=${action}`, 303);
    });

    pages.get<{ Params: Params }>('/status/:id/:token/appointment.ics', { schema: { hide: true } }, async (request, reply) => {
      const now = services.clock.now();
      const row = await load(services, request.params, now);
      if (row.kind !== 'appointment' || row.status !== 'accepted') throw new PageNotFound();
      const ctx = await requestContext(services.db, row.owner_id, row.appointment_type_id);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="appointment.ics"')
        .send(appointmentIcs(row, ctx, now, statusUrl(requestEnv(services), row.id)));
    });
  });
}
