import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { bookableOwner } from '../helpers/requests.js';
import { setBooking } from '../helpers/seed.js';
import { eventsOf } from '../../src/store/repos/outbox.js';

// Monday 2026-03-30 06:00 UTC: 08:00 in Berlin (summer time since the 29th), 02:00 in New York.
const T0 = '2026-03-30T06:00:00Z';

for (const engine of ENGINES) {
  describe(`the public booking page on ${engine}`, () => {
    const api = useApi(engine, T0);
    const get = (url: string, headers: Record<string, string> = {}) => api.app.inject({ method: 'GET', url, headers });
    const form = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
      api.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'cal.example', origin: 'https://cal.example', ...headers }, payload: new URLSearchParams(fields).toString() });

    it('shows the free slots of the chosen zone, then a request form, and sends a public request to the status page', async () => {
      const { owner, typeId, token } = await bookableOwner(api);
      const page = await get(`/${owner.username}?tz=America/New_York`, { 'accept-language': 'en-US,en;q=0.8' });
      assert.equal(page.statusCode, 200, page.body);
      assert.match(page.body, /Book time with Owner/);
      assert.match(page.body, /Intro call · 30 min/);
      // Hours 09:00-17:00 Berlin are 03:00-11:00 in New York; the first free slot today is 03:00 there (09:00 Berlin).
      assert.match(page.body, /Monday, March 30/);
      assert.match(page.body, /3:00\s?AM/);
      const start = '2026-03-30T07:00:00Z';
      assert.ok(page.body.includes(`/${owner.username}/book?type=${typeId}&amp;tz=America%2FNew_York&amp;start=${encodeURIComponent(start)}`), 'a slot links to its form');
      const formPage = await get(`/${owner.username}/book?type=${typeId}&tz=America/New_York&start=${start}`);
      assert.equal(formPage.statusCode, 200);
      assert.match(formPage.body, /name="email"/);
      const sent = await form(`/${owner.username}/book`, { type: typeId, tz: 'America/New_York', start, name: 'Pat Doe', email: 'Pat@Example.com', message: 'Hello' }, { 'accept-language': 'fr-CA' });
      assert.equal(sent.statusCode, 303, sent.body);
      assert.match(String(sent.headers.location), /^\/status\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{32}\?done=requested$/);
      const status = await get(String(sent.headers.location));
      assert.match(status.body, /Your request was sent/);
      const listed = (await api.get('/api/v1/requests', token)).json().data as { source: string; requester: { email: string }; slot: { start: string } }[];
      assert.equal(listed.length, 1);
      assert.equal(listed[0]!.source, 'public');
      assert.equal(listed[0]!.requester.email, 'pat@example.com');
      assert.equal(listed[0]!.slot.start, start);
      assert.deepEqual((await eventsOf(api.rt.store.db, owner.id)).map((e) => e.type), ['request.created']);
      const email = await api.rt.store.db.selectFrom('emails').selectAll().where('owner_id', '=', owner.id).executeTakeFirstOrThrow();
      assert.equal(email.locale, 'fr');
    });

    it('answers the form again with a clear message when the slot is gone or a field is missing', async () => {
      const { owner, typeId } = await bookableOwner(api);
      const missing = await form(`/${owner.username}/book`, { type: typeId, tz: 'Europe/Berlin', start: '2026-03-30T07:00:00Z', name: ' ', email: 'a@example.com' });
      assert.equal(missing.statusCode, 422);
      assert.match(missing.body, /Please give your name/);
      const past = await form(`/${owner.username}/book`, { type: typeId, tz: 'Europe/Berlin', start: '2026-03-30T05:00:00Z', name: 'A', email: 'a@example.com' });
      assert.equal(past.statusCode, 422);
      assert.match(past.body, /no longer free/);
      assert.equal((await form(`/${owner.username}/book`, { type: typeId, start: '2026-03-30T07:00:00Z', name: 'A', email: 'a@example.com' }, { origin: 'https://evil.example', host: 'cal.example' })).statusCode, 403);
    });

    it('is not found for an unknown owner or while booking is off', async () => {
      const { owner } = await bookableOwner(api);
      assert.equal((await get('/nobody-here')).statusCode, 404);
      await setBooking(api.rt.store.db, owner.id, false);
      const off = await get(`/${owner.username}`);
      assert.equal(off.statusCode, 404);
      assert.match(off.body, /not taking requests/);
    });
  });
}
