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
import { bodyRefusal, sendBodyRefusal } from './body-refusal.js';
import { acceptForms } from './form-body.js';
import { appointmentIcs } from './ics.js';
import { googleCalendarUrl, outlookCalendarUrl } from './calendar-links.js';
import { chooseLanguage, LANG_COOKIE, PAGE_LANGUAGES, type VisitorLanguage } from './language.js';
import { languageSwitcher } from './language-switcher.js';
import { statusPhrases, type StatusPhrases } from './status/phrases.js';

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

const BUTTON_STYLE: Record<RequesterAction, string> = { withdraw: 'danger', confirm: '', cancel: 'danger' };
const TONE: Partial<Record<RequestRow['status'], 'ok' | 'bad'>> = { accepted: 'ok', completed: 'ok', declined: 'bad', withdrawn: 'bad', expired: 'bad', cancelled: 'bad' };

/** The appointment can go into the requester's calendar: pending (as tentative) or accepted, and not over. */
function calendarWorthy(row: RequestRow, now: Date): boolean {
  return row.kind === 'appointment' && (row.status === 'pending' || row.status === 'accepted') && !!row.slot_start && !!row.slot_end && row.slot_end.getTime() > now.getTime();
}

function addToCalendar(row: RequestRow, ctx: { ownerName: string; typeName: string | null }, url: string, t: StatusPhrases): Markup {
  const entry = {
    title: t.entryTitle(ctx.typeName ?? t.appointment, ctx.ownerName),
    start: row.slot_start!,
    end: row.slot_end!,
    details: row.status === 'accepted' ? t.entryAccepted(ctx.ownerName) : t.entryPending(ctx.ownerName),
  };
  return html`<section class="card" aria-labelledby="add-to-calendar"><h2 id="add-to-calendar" class="u-day">${t.addToCalendar}</h2>
<ul class="cal-links"><li><a class="button secondary" href="${url}/appointment.ics" download>${t.ics}</a></li>
<li><a class="button secondary" href="${googleCalendarUrl(entry)}" rel="noopener noreferrer" target="_blank">Google Calendar</a></li>
<li><a class="button secondary" href="${outlookCalendarUrl(entry)}" rel="noopener noreferrer" target="_blank">Outlook.com</a></li></ul></section>`;
}

function body(row: RequestRow, ctx: { ownerName: string; typeName: string | null }, url: string, done: string | undefined, now: Date, lang: VisitorLanguage): Markup {
  const t = statusPhrases(lang.lang);
  const when = row.slot_start && row.slot_end ? formatSlot({ start: row.slot_start, end: row.slot_end }, lang.locale, row.requester_timezone) : null;
  const what = row.kind === 'appointment' ? (ctx.typeName ?? t.appointment) : t.todo;
  const cancelledBy = row.status === 'cancelled' && row.cancelled_by ? (row.cancelled_by === 'owner' ? t.byOwner(ctx.ownerName) : t.byYou) : '';
  const doneText = done && Object.hasOwn(t.done, done) ? t.done[done as keyof StatusPhrases['done']] : null;
  const buttons = actions(row, now);
  const tone = TONE[row.status] ?? '';
  return html`
${languageSwitcher(lang, t.language, (l) => `${url}?${new URLSearchParams({ ...(done ? { done } : {}), lang: l })}`)}
<h1>${t.heading(ctx.ownerName)}</h1>
${doneText ? html`<p class="notice" role="status">${doneText}</p>` : ''}
<p><span class="status ${tone}">${t.status[row.status]}${cancelledBy}</span></p>
${row.status === 'rescheduled' ? html`<p>${t.proposes(ctx.ownerName)}</p>` : ''}
<section class="card" aria-label="${t.details}"><dl>
  <dt>${t.what}</dt><dd>${what}</dd>
  ${when ? html`<dt>${row.status === 'rescheduled' ? t.proposedTime : t.when}</dt><dd>${when}</dd>` : ''}
  ${row.suggested_due_date ? html`<dt>${t.suggestedDate}</dt><dd>${formatLocalDate(row.suggested_due_date, lang.locale)}</dd>` : ''}
  ${row.message ? html`<dt>${t.yourMessage}</dt><dd class="u-pre">${row.message}</dd>` : ''}
  <dt>${t.from}</dt><dd>${row.requester_name}</dd>
</dl></section>
${calendarWorthy(row, now) ? addToCalendar(row, ctx, url, t) : ''}
${buttons.map((a) => {
    const label = a === 'withdraw' ? t.buttons.withdraw : a === 'confirm' ? t.buttons.confirm : row.status === 'rescheduled' ? t.buttons.declineNew : t.buttons.cancel;
    return html`<form method="post" action="${url}/${a}"><button type="submit" class="${BUTTON_STYLE[a]}">${label}</button></form>`;
  })}
<p class="muted">${t.keepLink}</p>`;
}

/** The page's language: a `lang` chosen (query or cookie), else the requester's own tag stored with the request, else the browser's. */
function pageLanguage(request: FastifyRequest, reply: FastifyReply, row: RequestRow): VisitorLanguage {
  const header = request.headers['accept-language'];
  const stored = row.requester_locale ? `${row.requester_locale}${header ? `, ${header}` : ''}` : header;
  const query = (request.query as { lang?: string }).lang;
  const cookie = /(?:^|;\s*)lang=([a-z]{2})/.exec(request.headers.cookie ?? '')?.[1];
  if (query && (PAGE_LANGUAGES as readonly string[]).includes(query)) reply.header('Set-Cookie', `${LANG_COOKIE}=${query}; Path=/; Max-Age=31536000; SameSite=Lax`);
  return chooseLanguage({ query, cookie, acceptLanguage: stored });
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
    pages.setErrorHandler((error, request, reply) => {
      if (error instanceof PageNotFound) return notFoundPage(reply);
      // A body refused before it was read (multipart, over 256 KiB): a page saying so, not a 500.
      const refused = bodyRefusal(error);
      if (refused) return sendBodyRefusal(request, reply, refused);
      pages.log.error({ err: error }, 'status page failed');
      return reply.code(500).type('text/html; charset=utf-8').send(page({ title: 'Something went wrong', body: html`<h1>Something went wrong</h1><p>Please try again in a moment.</p>` }));
    });
    const base = (p: Params) => `/status/${p.id}/${p.token}`;

    pages.get<{ Params: Params; Querystring: { done?: string; lang?: string } }>('/status/:id/:token', { schema: { hide: true } }, async (request, reply) => {
      const now = services.clock.now();
      const row = await load(services, request.params, now);
      const ctx = await requestContext(services.db, row.owner_id, row.appointment_type_id);
      const url = new URL(statusUrl(requestEnv(services), row.id)).pathname;
      const lang = pageLanguage(request, reply, row);
      return reply
        .type('text/html; charset=utf-8')
        .header('Referrer-Policy', 'same-origin')
        .header('X-Frame-Options', 'DENY')
        .send(page({ title: statusPhrases(lang.lang).heading(ctx.ownerName), lang: lang.locale, body: body(row, ctx, url, request.query.done, now, lang) }));
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
      if (row.kind !== 'appointment' || !(row.status === 'accepted' || calendarWorthy(row, now))) throw new PageNotFound();
      const ctx = await requestContext(services.db, row.owner_id, row.appointment_type_id);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="appointment.ics"')
        .send(appointmentIcs(row, ctx, now, statusUrl(requestEnv(services), row.id)));
    });
  });
}
