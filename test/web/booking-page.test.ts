import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { bookableOwner } from '../helpers/requests.js';
import { setBooking } from '../helpers/seed.js';
import { eventsOf } from '../../src/store/repos/outbox.js';

// Monday 2026-03-30 06:00 UTC: 08:00 in Berlin (summer time since the 29th), 02:00 in New York.
const T0 = '2026-03-30T06:00:00Z';

/** The free days marked in the month table and the times of the chosen day, as the page shows them. */
const freeDays = (body: string) => [...body.matchAll(/<a class="day free[^"]*" href="[^"]*day=(\d{4}-\d{2}-\d{2})/g)].map((m) => m[1]!);
const disabledDays = (body: string) => [...body.matchAll(/<span class="day" aria-disabled="true"[^>]*>(\d+)</g)].map((m) => Number(m[1]));
const times = (body: string) => [...body.matchAll(/<time datetime="([^"]+)">/g)].map((m) => m[1]!);
const unescape = (s: string) => s.replace(/&amp;/g, '&');

for (const engine of ENGINES) {
  describe(`the public booking page on ${engine}`, () => {
    const api = useApi(engine, T0);
    const get = (url: string, headers: Record<string, string> = {}) => api.app.inject({ method: 'GET', url, headers });
    const form = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
      api.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'cal.example', origin: 'https://cal.example', ...headers }, payload: new URLSearchParams(fields).toString() });

    it('shows a month of days with free time in the chosen zone, a chosen day\'s times, then a request form, and sends a public request to the status page', async () => {
      const { owner, typeId, token } = await bookableOwner(api);
      const page = await get(`/${owner.username}?tz=America/New_York`, { 'accept-language': 'en-US,en;q=0.8' });
      assert.equal(page.statusCode, 200, page.body);
      assert.match(page.body, /<title>Book time with Owner \d+<\/title>/);
      assert.match(page.body, /Intro call · 30 min/);
      // The month is a table: March 2026, a Sunday-first week for en-US, today (the 30th) and the 31st free, the days before disabled.
      assert.match(page.body, /<table class="month-grid">/);
      assert.match(page.body, /<h2 id="month-name"[^>]*>March 2026<\/h2>/);
      assert.match(page.body, /<thead><tr><th scope="col"><abbr title="Sunday">Sun<\/abbr>/);
      assert.deepEqual(freeDays(page.body), ['2026-03-30', '2026-03-31']);
      assert.deepEqual(disabledDays(page.body), Array.from({ length: 29 }, (_, i) => i + 1));
      assert.match(page.body, /aria-label="Sunday, March 29, no free times"/);
      // Until a day is chosen, the first one with free time is.
      assert.match(page.body, /<a class="day free chosen" href="[^"]*day=2026-03-30#times" aria-label="Monday, March 30, free times" aria-current="date">30<\/a>/);
      assert.match(page.body, /Free times on Monday, March 30/);
      // The current time in the zone shown (02:00 in New York), on a 12-hour clock for en-US.
      assert.match(page.body, /Current time there: <time id="tz-clock" data-tz="America\/New_York" data-locale="en-US">2:00\sAM<\/time>/);
      const dayLink = unescape(/<a class="day free" href="([^"]+)"/.exec(page.body)![1]!);
      assert.equal(dayLink, `/${owner.username}?type=${typeId}&tz=America%2FNew_York&lang=en&month=2026-03&day=2026-03-31#times`);
      const next = await get(dayLink.replace('#times', ''), { 'accept-language': 'en-US' });
      assert.match(next.body, /Free times on Tuesday, March 31/);
      assert.equal(times(next.body)[0], '2026-03-31T07:00:00Z');
      const day = await get(`/${owner.username}?type=${typeId}&tz=America%2FNew_York&day=2026-03-30`, { 'accept-language': 'en-US' });
      assert.match(day.body, /aria-current="date"/);
      // Hours 09:00-17:00 Berlin are 03:00-11:00 in New York; the first free slot today is 03:00 there (09:00 Berlin).
      assert.match(day.body, /3:00\sAM/);
      const start = '2026-03-30T07:00:00Z';
      assert.equal(times(day.body)[0], start);
      assert.equal(times(day.body).length, 16);
      assert.ok(day.body.includes(`/${owner.username}/book?type=${typeId}&amp;tz=America%2FNew_York&amp;start=${encodeURIComponent(start)}&amp;lang=en`), 'a time links to its form');
      const formPage = await get(`/${owner.username}/book?type=${typeId}&tz=America/New_York&start=${start}`);
      assert.equal(formPage.statusCode, 200);
      assert.match(formPage.body, /<label for="email">Your email<\/label>/);
      assert.match(formPage.body, /name="email" type="email" required maxlength="254"/);
      assert.match(formPage.body, /name="name" required maxlength="200"/);
      assert.match(formPage.body, /name="message" maxlength="5000"/);
      assert.match(formPage.body, /Monday, March 30, 2026, 3:00\s–\s3:30\sAM|Monday, March 30, 2026, 3:00\s?–\s?3:30\sAM/);
      const sent = await form(`/${owner.username}/book`, { type: typeId, tz: 'America/New_York', start, name: 'Pat Doe', email: 'Pat@Example.com', message: 'Hello' }, { 'accept-language': 'fr-CA' });
      assert.equal(sent.statusCode, 303, sent.body);
      assert.match(String(sent.headers.location), /^\/status\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{32}\?done=requested$/);
      const status = await get(String(sent.headers.location));
      // The requester wrote in French (Accept-Language fr-CA): the confirmation is in French.
      assert.match(status.body, /Votre demande a été envoyée/);
      const listed = (await api.get('/api/v1/requests', token)).json().data as { source: string; requester: { email: string }; slot: { start: string } }[];
      assert.equal(listed.length, 1);
      assert.equal(listed[0]!.source, 'public');
      assert.equal(listed[0]!.requester.email, 'pat@example.com');
      assert.equal(listed[0]!.slot.start, start);
      assert.deepEqual((await eventsOf(api.rt.store.db, owner.id)).map((e) => e.type), ['request.created']);
      const email = await api.rt.store.db.selectFrom('emails').selectAll().where('owner_id', '=', owner.id).executeTakeFirstOrThrow();
      assert.equal(email.locale, 'fr');
    });

    it('moves between months without JavaScript, within the booking window only', async () => {
      const { owner, typeId } = await bookableOwner(api); // a 60-day window: through May 29 (Berlin)
      const base = `/${owner.username}?type=${typeId}&tz=Europe/Berlin&lang=en`;
      const march = await get(base);
      assert.doesNotMatch(march.body, /rel="prev"/, 'no month before this one');
      const next = unescape(/<a class="month-step" href="([^"]+)" rel="next" aria-label="Next month">/.exec(march.body)![1]!);
      assert.equal(next, `/${owner.username}?type=${typeId}&tz=Europe%2FBerlin&lang=en&month=2026-04`);
      const april = await get(next);
      assert.match(april.body, /April 2026/);
      assert.equal(freeDays(april.body).length, 30);
      assert.match(april.body, /rel="prev" aria-label="Previous month"/);
      const may = await get(`${base}&month=2026-05`);
      assert.deepEqual(freeDays(may.body).at(-1), '2026-05-29', 'the last day of the window');
      assert.doesNotMatch(may.body, /rel="next"/, 'no month after the window');
      // A month outside the window shows the nearest one; a day outside it is not chosen.
      assert.match((await get(`${base}&month=2027-01`)).body, /May 2026/);
      assert.match((await get(`${base}&month=2025-01`)).body, /March 2026/);
      assert.equal(times((await get(`${base}&month=2026-05&day=2026-05-30`)).body)[0], '2026-05-01T07:00:00Z', 'a day outside the window is not chosen');
      // Another type, the zone and the language go along in every link; the zone form is a GET form.
      assert.match(march.body, /<form method="get" action="\/[^"]+" class="zone-form">/);
      assert.match(march.body, /<input id="tz" name="tz" list="zones" value="Europe\/Berlin"/);
      assert.match(march.body, /<option value="America\/New_York">America\/New York<\/option>/);
      // A zone typed as its label ("America/New York") is understood; one that is no zone falls back to the owner's.
      assert.match((await get(`/${owner.username}?tz=America/New%20York`)).body, /value="America\/New_York"/);
      assert.match((await get(`/${owner.username}?tz=Mars/Olympus`)).body, /value="Europe\/Berlin"/);
    });

    it('speaks the visitor\'s language: Accept-Language first, a lang link remembered in a cookie, 12 or 24 hours by locale', async () => {
      const { owner, typeId } = await bookableOwner(api);
      const url = `/${owner.username}?type=${typeId}&tz=Europe/Berlin&day=2026-03-30`;
      const de = await get(url, { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' });
      assert.match(de.body, /<html lang="de">/);
      assert.match(de.body, /<title>Termin bei Owner \d+ buchen<\/title>/);
      assert.match(de.body, /März 2026/);
      assert.match(de.body, /<thead><tr><th scope="col"><abbr title="Montag">Mo\.?<\/abbr>/, 'the week starts on Monday in Germany');
      assert.match(de.body, /Freie Zeiten am Montag, 30\. März/);
      assert.match(de.body, /<time datetime="2026-03-30T07:00:00Z">09:00<\/time>/);
      assert.match(de.body, /<a href="[^"]*lang=de" lang="de" aria-current="true">Deutsch<\/a>/);
      // A weighted header: French preferred over English.
      assert.match((await get(url, { 'accept-language': 'en;q=0.4, fr-FR;q=0.9, ja' })).body, /<html lang="fr">/);
      // A language we do not have falls back to English.
      assert.match((await get(url, { 'accept-language': 'ja-JP' })).body, /<html lang="en">/);
      // The switcher: lang=es wins over the header and is remembered.
      const es = await get(`${url}&lang=es`, { 'accept-language': 'de-DE' });
      assert.match(es.body, /<html lang="es">/);
      assert.match(es.body, /Horarios libres el lunes, 30 de marzo/);
      // A title capitalizes its first word only, as Spanish writes it (CSS capitalize gave "Marzo De 2026").
      assert.match(es.body, /<h2 id="month-name"[^>]*>Marzo de 2026<\/h2>/);
      assert.match(String(es.headers['set-cookie']), /^lang=es; Path=\/; Max-Age=31536000; SameSite=Lax$/);
      assert.match((await get(url, { 'accept-language': 'de-DE', cookie: 'lang=es' })).body, /<html lang="es">/);
      // English in the US on a 12-hour clock, in Britain on a 24-hour one.
      assert.match((await get(url, { 'accept-language': 'en-US' })).body, /<time datetime="2026-03-30T07:00:00Z">9:00\sAM<\/time>/);
      assert.match((await get(url, { 'accept-language': 'en-GB' })).body, /<time datetime="2026-03-30T07:00:00Z">09:00<\/time>/);
      // The form keeps the language, and its errors speak it, tied to the field.
      const missing = await form(`/${owner.username}/book`, { type: typeId, tz: 'Europe/Berlin', start: '2026-03-30T07:00:00Z', name: ' ', email: 'a@example.com', lang: 'de' });
      assert.equal(missing.statusCode, 422);
      assert.match(missing.body, /<p id="form-error" class="notice bad" role="alert">Bitte geben Sie Ihren Namen an.<\/p>/);
      assert.match(missing.body, /id="name"[^>]*aria-describedby="form-error" aria-invalid="true"/);
      assert.match(missing.body, /<label for="name">Ihr Name<\/label>/);
    });

    it('answers the form again with a clear message when the slot is gone or a field is missing', async () => {
      const { owner, typeId } = await bookableOwner(api);
      const missing = await form(`/${owner.username}/book`, { type: typeId, tz: 'Europe/Berlin', start: '2026-03-30T07:00:00Z', name: ' ', email: 'a@example.com' });
      assert.equal(missing.statusCode, 422);
      assert.match(missing.body, /Please give your name/);
      const badEmail = await form(`/${owner.username}/book`, { type: typeId, tz: 'Europe/Berlin', start: '2026-03-30T07:00:00Z', name: 'A', email: 'not an address' });
      assert.match(badEmail.body, /id="email"[^>]*aria-describedby="form-error"/);
      const past = await form(`/${owner.username}/book`, { type: typeId, tz: 'Europe/Berlin', start: '2026-03-30T05:00:00Z', name: 'A', email: 'a@example.com' });
      assert.equal(past.statusCode, 422);
      assert.match(past.body, /no longer free/);
      assert.equal((await form(`/${owner.username}/book`, { type: typeId, start: '2026-03-30T07:00:00Z', name: 'A', email: 'a@example.com' }, { origin: 'https://evil.example', host: 'cal.example' })).statusCode, 403);
    });

    it('is not found for an unknown owner or while booking is off, as a page in the visitor\'s language', async () => {
      const { owner } = await bookableOwner(api);
      const nobody = await get('/nobody-here');
      assert.equal(nobody.statusCode, 404);
      assert.match(nobody.body, /<title>No booking page here · calendar-access<\/title>/);
      const german = (await get('/nobody-here', { 'accept-language': 'de' })).body;
      assert.match(german, /Hier gibt es keine Buchungsseite/);
      // Its way out is in the visitor's language too, not in English.
      assert.match(german, /<a class="button secondary" href="\/">Zur Startseite<\/a>/);
      assert.match((await get('/nobody-here', { 'accept-language': 'es' })).body, /<a class="button secondary" href="\/">Ir a la página de inicio<\/a>/);
      assert.doesNotMatch(german, /Go to the start page/);
      await setBooking(api.rt.store.db, owner.id, false);
      const off = await get(`/${owner.username}`);
      assert.equal(off.statusCode, 404);
      assert.match(off.body, /not taking requests/);
    });
  });
}
