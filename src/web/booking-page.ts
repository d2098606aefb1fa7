import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isoDate, localDay, windowEnd } from '../domain/availability.js';
import { asUuid } from '../domain/ids.js';
import { isValidDate, parseInstant } from '../domain/instant.js';
import { isEmailAddress } from '../domain/request-rules.js';
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
import { isMonth, monthOf, firstDate } from './booking/month.js';
import { bookingPhrases } from './booking/phrases.js';
import { addMonths, clampMonth, formPage, lastDate, monthPage } from './booking/view.js';
import { bodyRefusal, sendBodyRefusal } from './body-refusal.js';
import { acceptForms, type FormRefusal } from './form-body.js';
import { notFoundPage } from './front-door/not-found.js';
import { ZONE_CHOICES } from './zone-options.js';
import { html, page, type Markup } from './html.js';
import { chooseLanguage, visitorLanguage, type VisitorLanguage } from './language.js';

/**
 * The owner's public booking page `/{username}` (issue 6, issue 15): appointment types, a month of
 * days with free time from the same engine as GET /availability in the visitor's zone, the chosen
 * day's times, a request form, and on success the requester's status page. Requests made here have
 * source `public` and the same limits as the API; before those, each post counts against the page's
 * own limits per address and per owner (booking-limits.ts). In English, German, French or Spanish
 * (language.ts). Works without JavaScript; booking.js picks the browser's zone when none is chosen.
 */

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

const shiftDate = (date: string, days: number) => (days === 0 ? date : isoDate(Date.parse(`${date}T00:00:00Z`) / 86_400_000 + days));

/** A zone as typed in the zone field ("America/New York" too), or null. */
function typedZone(tz: string | undefined): string | null {
  if (!tz) return null;
  return ianaZone(tz.trim()) ?? ianaZone(tz.trim().replace(/ /g, '_'));
}

type RefusalKind = 'slot_unavailable' | 'too_many_pending' | 'rate_limited';
const isRefusalKind = (k: string): k is RefusalKind => k === 'slot_unavailable' || k === 'too_many_pending' || k === 'rate_limited';

export async function registerBookingPage(app: FastifyInstance, services: Deps): Promise<void> {
  await app.register(async (pages) => {
    // A refused form is answered by the same steps as any post (origin, limits), then shown again.
    await acceptForms(pages, (request, reply, refusal) => answerPost(request, reply, refusal));
    pages.setErrorHandler((error, request, reply: FastifyReply) => {
      if (error instanceof PageNotFound) {
        const lang = languageOfRequest(request);
        const t = bookingPhrases(lang.lang);
        return reply.code(404).type('text/html; charset=utf-8').send(notFoundPage({ lang: lang.lang, heading: t.notFoundTitle, message: t.notFound, startPage: t.startPage }));
      }
      // A body refused before it was read (multipart, over 256 KiB): a page saying so, not a 500.
      const refused = bodyRefusal(error);
      if (refused) return sendBodyRefusal(request, reply, refused);
      pages.log.error({ err: error }, 'booking page failed');
      return reply.code(500).type('text/html; charset=utf-8').send(page({ title: 'Something went wrong', body: html`<h1>Something went wrong</h1><p>Please try again in a moment.</p>` }));
    });

    const languageOfRequest = (request: FastifyRequest, fromForm?: string): VisitorLanguage => {
      const cookie = /(?:^|;\s*)lang=([a-z]{2})/.exec(request.headers.cookie ?? '')?.[1];
      return chooseLanguage({ query: fromForm ?? (request.query as { lang?: string } | undefined)?.lang, cookie, acceptLanguage: request.headers['accept-language'] });
    };
    const pick = (b: Bookable, typeId: string | undefined) => b.types.find((t) => t.id === (typeId && asUuid(typeId))) ?? b.types[0]!;
    const zoneOf = (b: Bookable, tz: string | undefined) => typedZone(tz) ?? b.owner.timezone;
    const send = (reply: FastifyReply, title: string, body: Markup, lang: string, wide = false) =>
      reply.type('text/html; charset=utf-8').header('X-Frame-Options', 'DENY').send(page({ title, lang, body, wide }));

    pages.get<{ Params: { username: string }; Querystring: { type?: string; tz?: string; month?: string; day?: string; lang?: string } }>(
      '/:username',
      { schema: { hide: true } },
      async (request, reply) => {
        const b = await bookable(services, request.params.username);
        const type = pick(b, request.query.type);
        const tz = zoneOf(b, request.query.tz);
        const lang = visitorLanguage(request, reply);
        const now = services.clock.now();
        const today = isoDate(localDay(now.getTime(), tz));
        // The booking window's last date in the visitor's zone (it ends at a midnight of the owner's).
        const rules = await services.availability.rulesFor(b.owner.id, type.id, now);
        if (!rules) throw new PageNotFound();
        const last = isoDate(localDay(windowEnd(rules, now.getTime()) - 1, tz));
        const day = request.query.day && isValidDate(request.query.day) && request.query.day >= today && request.query.day <= last ? request.query.day : null;
        const wanted = isMonth(request.query.month) ? request.query.month : day ? monthOf(day) : monthOf(today);
        const month = clampMonth(wanted, monthOf(today), monthOf(last));
        const from = firstDate(month) < today ? today : firstDate(month);
        const to = lastDate(month) > last ? last : lastDate(month);
        // With no zone chosen the page is in the owner's zone, and carries the slots of two dates more
        // on each side: booking.js regroups them by the browser's dates, in the same load (no reload).
        const chosenZone = typedZone(request.query.tz) !== null;
        const margin = chosenZone ? 0 : 2;
        const found = from <= to ? await services.availability.forDates(b.owner.id, type.id, { fromDate: shiftDate(from, -margin), toDate: shiftDate(to, margin), tz }, now) : null;
        const inMonth = (date: string) => date >= from && date <= to;
        const slots = (found?.slots ?? []).filter((s) => inMonth(isoDate(localDay(s.start, tz))));
        // The day asked for, else the month's first day with free time, so times show at once.
        const freeDates = (found?.days ?? []).filter((d) => d.hasSlots && inMonth(d.date)).map((d) => d.date);
        const shownDay = day && monthOf(day) === month ? day : (freeDates[0] ?? null);
        const body = monthPage({
          owner: b.owner,
          types: b.types,
          type,
          tz,
          lang,
          base: `/${b.owner.username}`,
          month,
          previous: month > monthOf(today) ? addMonths(month, -1) : null,
          next: month < monthOf(last) ? addMonths(month, 1) : null,
          freeDates: new Set(freeDates),
          day: shownDay,
          times: shownDay ? slots.filter((s) => isoDate(localDay(s.start, tz)) === shownDay) : [],
          now,
          zones: ZONE_CHOICES,
          regroup: chosenZone ? null : (found?.slots ?? []),
        });
        // The month and the times side by side on a wide screen.
        return send(reply, bookingPhrases(lang.lang).title(b.owner.display_name), body, lang.lang, true);
      },
    );

    pages.get<{ Params: { username: string }; Querystring: { type?: string; tz?: string; start?: string; lang?: string } }>('/:username/book', { schema: { hide: true } }, async (request, reply) => {
      const b = await bookable(services, request.params.username);
      const type = pick(b, request.query.type);
      const start = request.query.start ? parseInstant(request.query.start) : null;
      if (!start) throw new PageNotFound();
      const lang = visitorLanguage(request, reply);
      const body = formPage({ owner: b.owner, type, tz: zoneOf(b, request.query.tz), lang, base: `/${b.owner.username}`, start, error: null, values: {} });
      return send(reply, bookingPhrases(lang.lang).formTitle(type.name, b.owner.display_name), body, lang.lang);
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
      const lang = languageOfRequest(request, f.lang);
      const t = bookingPhrases(lang.lang);
      const values = { name: (f.name ?? '').slice(0, 200), email: (f.email ?? '').trim().slice(0, 254), message: (f.message ?? '').slice(0, 5000) };
      const again = (message: string, field: 'name' | 'email' | null = null) =>
        send(reply.code(422), t.formTitle(type.name, b.owner.display_name), formPage({ owner: b.owner, type, tz, lang, base: `/${b.owner.username}`, start, error: { message, field }, values }), lang.lang);
      if (refusal) return again(refusal.message);
      if (!values.name.trim()) return again(t.needName, 'name');
      if (!isEmailAddress(values.email)) return again(t.needEmail, 'email');
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
          requesterLocale: lang.locale,
          notifyRequester: true,
        });
        return reply.redirect(`${new URL(created.statusUrl.url).pathname}?done=requested`, 303);
      } catch (e) {
        if (!(e instanceof ServiceError)) throw e;
        if (e.kind === 'not_found') throw new PageNotFound();
        return again(isRefusalKind(e.kind) ? t.refusals[e.kind] : e.message);
      }
    };
    pages.post('/:username/book', { schema: { hide: true } }, async (request, reply) => answerPost(request, reply, null));
  });
}
