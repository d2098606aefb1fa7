import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isoDate, localDay } from '../domain/availability.js';
import { asUuid } from '../domain/ids.js';
import { formatInstant, isValidDate, parseInstant } from '../domain/instant.js';
import { canonicalLocale, isEmailAddress } from '../domain/request-rules.js';
import { hasControlCharacter } from '../domain/text.js';
import { ianaZone } from '../domain/zones.js';
import type { Deps } from '../deps.js';
import { createRequest } from '../services/requests/create.js';
import { requestEnv } from '../services/requests/env.js';
import { ServiceError } from '../domain/service-error.js';
import { listAppointmentTypes } from '../store/repos/appointment-types.js';
import { findOwnerByUsername, isBookingEnabled } from '../store/repos/owners.js';
import type { AppointmentTypeRow, OwnerRow } from '../store/schema.js';
import { limitBookingPost } from './booking-limits.js';
import { acceptForms, type FormRefusal } from './form-body.js';
import { html, page, raw, script, type Markup } from './html.js';

/**
 * The owner's public booking page `/{username}` (issue 6): appointment types, free slots from the
 * same engine as GET /availability in the visitor's zone, a request form, and on success the
 * requester's status page. Requests made here have source `public` and the same limits as the API;
 * before those, each post counts against the page's own limits per address and per owner (booking-limits.ts).
 * Works without JavaScript; a one-line script only picks the browser's zone when none is chosen.
 */
const DAYS_SHOWN = 7;
const DAY_MS = 86_400_000;

class PageNotFound extends Error {}

interface Bookable {
  owner: OwnerRow;
  types: AppointmentTypeRow[];
}

async function bookable(services: Deps, username: string): Promise<Bookable> {
  // A path with a control character names no page (and PostgreSQL refuses a NUL in a query: a 500 before).
  if (hasControlCharacter(username)) throw new PageNotFound();
  const owner = await findOwnerByUsername(services.db, username);
  if (!owner || owner.deleted_at || !(await isBookingEnabled(services.db, owner.id))) throw new PageNotFound();
  const types = await listAppointmentTypes(services.db, owner.id);
  if (types.length === 0) throw new PageNotFound();
  return { owner, types };
}

/** The visitor's language for dates: the first Accept-Language tag we can read, else English. */
function visitorLocale(request: FastifyRequest): string {
  const first = String(request.headers['accept-language'] ?? '').split(',')[0]?.split(';')[0]?.trim() ?? '';
  return canonicalLocale(first) ?? 'en';
}

function zoneSelect(current: string): Markup {
  const zones = Intl.supportedValuesOf('timeZone');
  if (!zones.includes(current)) zones.unshift(current);
  return html`<label for="tz">Time zone</label>
<select id="tz" name="tz">${zones.map((z) => html`<option value="${z}"${z === current ? raw(' selected') : ''}>${z.replace(/_/g, ' ')}</option>`)}</select>`;
}

function slotsPage(b: Bookable, type: AppointmentTypeRow, tz: string, from: string, slots: { start: number; end: number }[], locale: string, base: string): Markup {
  const days = new Map<string, { start: number; end: number }[]>();
  for (let i = 0; i < DAYS_SHOWN; i++) days.set(isoDate(Date.parse(`${from}T00:00:00Z`) / DAY_MS + i), []);
  for (const s of slots) days.get(isoDate(localDay(s.start, tz)))?.push(s);
  const dayName = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' });
  const time = new Intl.DateTimeFormat(locale, { timeZone: tz, timeStyle: 'short' });
  const prev = isoDate(Date.parse(`${from}T00:00:00Z`) / DAY_MS - DAYS_SHOWN);
  const next = isoDate(Date.parse(`${from}T00:00:00Z`) / DAY_MS + DAYS_SHOWN);
  const q = (extra: Record<string, string>) => `?${new URLSearchParams({ type: type.id, tz, ...extra })}`;
  return html`
<h1>Book time with ${b.owner.display_name}</h1>
<nav aria-label="Appointment types"><p>${b.types.map((t) =>
    t.id === type.id
      ? html`<strong class="status">${t.name} · ${t.duration_minutes} min</strong> `
      : html`<a class="button secondary" href="${base}?${new URLSearchParams({ type: t.id, tz })}">${t.name} · ${t.duration_minutes} min</a> `,
  )}</p></nav>
<form method="get" action="${base}" class="card"><input type="hidden" name="type" value="${type.id}"><input type="hidden" name="from" value="${from}">
${zoneSelect(tz)} <button type="submit" class="secondary">Show times</button></form>
<p><a href="${base}${q({ from: prev })}">← Earlier</a> · <a href="${base}${q({ from: next })}">Later →</a></p>
${[...days].map(([date, list]) => html`<section class="card" aria-label="${date}"><h2 class="u-day">${dayName.format(new Date(`${date}T12:00:00Z`))}</h2>
${list.length === 0 ? html`<p class="muted">No free times.</p>` : list.map((s) => html`<a class="button secondary" href="${base}/book${q({ start: formatInstant(new Date(s.start)) })}">${time.format(new Date(s.start))}</a>`)}
</section>`)}
${script('booking-zone.js')}`;
}

function formPage(b: Bookable, type: AppointmentTypeRow, tz: string, start: Date, locale: string, base: string, error: string | null, values: { name?: string; email?: string; message?: string }): Markup {
  const end = new Date(start.getTime() + type.duration_minutes * 60_000);
  const when = new Intl.DateTimeFormat(locale, { timeZone: tz, dateStyle: 'full', timeStyle: 'short' }).formatRange(start, end);
  return html`
<h1>${type.name} with ${b.owner.display_name}</h1>
<p class="card">${when} (${tz.replace(/_/g, ' ')})</p>
${error ? html`<p class="notice bad" role="alert">${error}</p>` : ''}
<form method="post" action="${base}/book">
  <input type="hidden" name="type" value="${type.id}"><input type="hidden" name="start" value="${formatInstant(start)}"><input type="hidden" name="tz" value="${tz}">
  <p><label for="name">Your name</label><br><input id="name" name="name" required maxlength="200" autocomplete="name" value="${values.name ?? ''}" class="u-field"></p>
  <p><label for="email">Your email</label><br><input id="email" name="email" type="email" required maxlength="254" autocomplete="email" value="${values.email ?? ''}" class="u-field"></p>
  <p><label for="message">Message (optional)</label><br><textarea id="message" name="message" maxlength="5000" rows="4" class="u-field">${values.message ?? ''}</textarea></p>
  <p><button type="submit">Send request</button> <a href="${base}?${new URLSearchParams({ type: type.id, tz })}">Back</a></p>
  <p class="muted">${b.owner.display_name} accepts or declines your request; nothing is booked until then. You get an email with a link to follow it.</p>
</form>`;
}

const REFUSAL: Record<string, string> = {
  slot_unavailable: 'That time is no longer free. Please pick another one.',
  too_many_pending: 'You already have three requests waiting for an answer. Please wait for those first.',
  rate_limited: 'You have sent several requests today. Please try again tomorrow.',
};

export async function registerBookingPage(app: FastifyInstance, services: Deps): Promise<void> {
  await app.register(async (pages) => {
    // A refused form is answered by the same steps as any post (origin, limits), then shown again.
    await acceptForms(pages, (request, reply, refusal) => answerPost(request, reply, refusal));
    pages.setErrorHandler((error, _request, reply: FastifyReply) => {
      if (error instanceof PageNotFound) {
        return reply.code(404).type('text/html; charset=utf-8').send(page({ title: 'Not found', body: html`<h1>No booking page here</h1><p>This page does not exist, or is not taking requests right now.</p>` }));
      }
      pages.log.error({ err: error }, 'booking page failed');
      return reply.code(500).type('text/html; charset=utf-8').send(page({ title: 'Something went wrong', body: html`<h1>Something went wrong</h1><p>Please try again in a moment.</p>` }));
    });

    const pick = (b: Bookable, typeId: string | undefined) => b.types.find((t) => t.id === (typeId && asUuid(typeId))) ?? b.types[0]!;
    const zoneOf = (b: Bookable, tz: string | undefined) => (tz && ianaZone(tz)) || b.owner.timezone;
    const send = (reply: FastifyReply, title: string, body: Markup, locale: string) =>
      reply.type('text/html; charset=utf-8').header('X-Frame-Options', 'DENY').send(page({ title, lang: locale, body }));

    pages.get<{ Params: { username: string }; Querystring: { type?: string; tz?: string; from?: string } }>('/:username', { schema: { hide: true } }, async (request, reply) => {
      const b = await bookable(services, request.params.username);
      const type = pick(b, request.query.type);
      const tz = zoneOf(b, request.query.tz);
      const now = services.clock.now();
      const today = isoDate(localDay(now.getTime(), tz));
      const from = request.query.from && isValidDate(request.query.from) && request.query.from >= today ? request.query.from : today;
      const to = isoDate(Date.parse(`${from}T00:00:00Z`) / DAY_MS + DAYS_SHOWN - 1);
      const found = await services.availability.forDates(b.owner.id, type.id, { fromDate: from, toDate: to, tz }, now);
      const locale = visitorLocale(request);
      return send(reply, `Book time with ${b.owner.display_name}`, slotsPage(b, type, tz, from, found?.slots ?? [], locale, `/${b.owner.username}`), locale);
    });

    pages.get<{ Params: { username: string }; Querystring: { type?: string; tz?: string; start?: string } }>('/:username/book', { schema: { hide: true } }, async (request, reply) => {
      const b = await bookable(services, request.params.username);
      const type = pick(b, request.query.type);
      const start = request.query.start ? parseInstant(request.query.start) : null;
      if (!start) throw new PageNotFound();
      const locale = visitorLocale(request);
      return send(reply, `${type.name} with ${b.owner.display_name}`, formPage(b, type, zoneOf(b, request.query.tz), start, locale, `/${b.owner.username}`, null, {}), locale);
    });

    /** A post of the form; `refusal` when a field held a control character (form-body.ts): the form again, once the post is counted. */
    const answerPost = async (request: FastifyRequest, reply: FastifyReply, refusal: FormRefusal | null) => {
      const params = request.params as { username: string };
      const b = await bookable(services, params.username);
      const refused = await limitBookingPost(services, request, reply, b.owner);
      if (refused) return send(reply, refused.title, refused.body, 'en');
      const f = refusal?.values ?? (request.body as Record<string, string | undefined> | undefined) ?? {};
      const type = pick(b, f.type);
      const tz = zoneOf(b, f.tz);
      const start = f.start ? parseInstant(f.start) : null;
      if (!start) throw new PageNotFound();
      const locale = visitorLocale(request);
      const values = { name: (f.name ?? '').slice(0, 200), email: (f.email ?? '').trim().slice(0, 254), message: (f.message ?? '').slice(0, 5000) };
      const again = (error: string) => send(reply.code(422), `${type.name} with ${b.owner.display_name}`, formPage(b, type, tz, start, locale, `/${b.owner.username}`, error, values), locale);
      if (refusal) return again(refusal.message);
      if (!values.name.trim()) return again('Please give your name.');
      if (!isEmailAddress(values.email)) return again('Please give an email address we can write to.');
      try {
        const created = await createRequest(requestEnv(services), services.availability, {
          ownerId: b.owner.id,
          tokenId: null,
          source: 'public',
          test: false,
          kind: 'appointment',
          appointmentTypeId: type.id,
          slot: { start, end: new Date(start.getTime() + type.duration_minutes * 60_000) },
          ...(values.message.trim() ? { message: values.message } : {}),
          requester: { name: values.name, email: values.email },
          requesterTimezone: tz,
          requesterLocale: locale,
          notifyRequester: true,
        });
        return reply.redirect(`${new URL(created.statusUrl.url).pathname}?done=requested`, 303);
      } catch (e) {
        if (!(e instanceof ServiceError)) throw e;
        if (e.kind === 'not_found') throw new PageNotFound();
        return again(REFUSAL[e.kind] ?? e.message);
      }
    };
    pages.post('/:username/book', { schema: { hide: true } }, async (request, reply) => answerPost(request, reply, null));
  });
}
