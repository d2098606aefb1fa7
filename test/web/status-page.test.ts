import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { appointmentBody, bookableOwner, envOf, post, taskBody } from '../helpers/requests.js';
import { decide } from '../../src/services/requests/decisions.js';
import { eventsOf } from '../../src/store/repos/outbox.js';

const T0 = '2026-03-30T06:00:00Z';
const START = '2026-03-30T08:00:00Z';
const END = '2026-03-30T08:30:00Z';

for (const engine of ENGINES) {
  describe(`the requester's status page on ${engine}`, () => {
    const api = useApi(engine, T0);
    beforeEach(() => api.clock.set(T0));
    const path = (url: string) => new URL(url).pathname;
    const get = (url: string) => api.app.inject({ method: 'GET', url });
    const submit = (url: string, headers: Record<string, string> = {}) =>
      api.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'cal.example', origin: 'https://cal.example', ...headers }, payload: '' });

    async function appointment(extra: Record<string, unknown> = {}) {
      const { owner, typeId, token } = await bookableOwner(api);
      const res = await post(api, '/api/v1/requests/appointments', token, appointmentBody(typeId, START, END, { requesterLocale: 'de-DE', requesterTimezone: 'Europe/Berlin', ...extra }));
      assert.equal(res.statusCode, 201, res.body);
      return { owner, token, id: res.json().request.id as string, url: path(res.json().statusUrl.url) };
    }

    it('shows the status, the time in the requester\'s zone and language, and lets a pending request be withdrawn', async () => {
      const { owner, token, id, url } = await appointment({ message: 'About <b>the offer</b>' });
      const page = await get(url);
      assert.equal(page.statusCode, 200);
      assert.match(String(page.headers['content-type']), /^text\/html/);
      assert.match(page.body, /<html lang="de-DE">/);
      // In the requester's language (de-DE, stored with the request), with the switcher to the others.
      assert.match(page.body, /Wartet auf Antwort/);
      assert.match(page.body, /Montag, 30\. März 2026, 10:00–10:30/);
      assert.ok(page.body.includes(`href="${url}?lang=en"`), 'a link to the page in English');
      const english = await get(`${url}?lang=en`);
      assert.match(english.body, /Waiting for an answer/);
      assert.match(english.body, /<html lang="en">/);
      assert.match(String(english.headers['set-cookie']), /^lang=en; Path=\/;/);
      assert.ok(page.body.includes('About &lt;b&gt;the offer&lt;/b&gt;'), 'the message is escaped');
      assert.match(page.body, new RegExp(`action="${url}/withdraw"`));
      const done = await submit(`${url}/withdraw`);
      assert.equal(done.statusCode, 303);
      assert.equal(done.headers.location, `${url}?done=withdraw`);
      const after = await get(done.headers.location!);
      assert.match(after.body, /Ihre Anfrage wurde zurückgezogen/);
      assert.doesNotMatch(after.body, /<form/);
      assert.equal((await api.get(`/api/v1/requests/${id}`, token)).json().status, 'withdrawn');
      assert.deepEqual((await eventsOf(api.rt.store.db, owner.id)).map((e) => e.type).sort(), ['request.created', 'request.withdrawn']);
    });

    it('confirms a proposed new time, then cancels the appointment; an accepted one offers its .ics', async () => {
      const { owner, token, id, url } = await appointment();
      await decide(envOf(api), owner.id, id, { action: 'reschedule', start: new Date('2026-03-30T12:00:00Z') }, { undoWindow: false });
      const proposed = await get(`${url}?lang=en`);
      assert.match(proposed.body, /New time proposed/);
      assert.match(proposed.body, /Proposed time/);
      assert.match(proposed.body, /2:00\s?–\s?2:30\sPM/, "in English, on its 12-hour clock");
      assert.match(proposed.body, /Decline the new time/);
      assert.equal((await submit(`${url}/confirm`)).statusCode, 303);
      const accepted = await get(`${url}?lang=en`);
      assert.match(accepted.body, /Accepted/);
      const ics = await get(`${url}/appointment.ics`);
      assert.equal(ics.statusCode, 200);
      assert.match(String(ics.headers['content-type']), /^text\/calendar/);
      assert.match(ics.body, /BEGIN:VEVENT\r\n/);
      assert.match(ics.body, /DTSTART:20260330T120000Z\r\n/);
      assert.match(ics.body, /DTEND:20260330T123000Z\r\n/);
      assert.match(ics.body, new RegExp(`UID:${id}@calendar-access`));
      assert.equal((await submit(`${url}/cancel`)).statusCode, 303);
      const cancelled = await get(`${url}?lang=en`);
      assert.match(cancelled.body, /Cancelled by you/);
      assert.equal((await get(`${url}/appointment.ics`)).statusCode, 404);
      const r = (await api.get(`/api/v1/requests/${id}`, token)).json();
      assert.equal(r.status, 'cancelled');
      assert.equal(r.cancelledBy, 'requester');
    });

    it('answers 404 for a wrong token, an unknown request, and a link past its expiry', async () => {
      const { url } = await appointment();
      const [, , id, token] = url.split('/');
      assert.equal((await get(`/status/${id}/${token!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`)).statusCode, 404);
      assert.equal((await get(`/status/00000000-0000-4000-8000-000000000000/${token}`)).statusCode, 404);
      assert.equal((await submit(`/status/${id}/nope/withdraw`)).statusCode, 404);
      api.clock.set('2026-05-01T00:00:00Z');
      const gone = await get(url);
      assert.equal(gone.statusCode, 404);
      assert.match(gone.body, /does not work/);
    });

    it('refuses a form posted from another site; a state moved meanwhile just shows the page', async () => {
      const { token } = await bookableOwner(api);
      const made = await post(api, '/api/v1/requests/tasks', token, taskBody());
      const url = path(made.json().statusUrl.url);
      assert.equal((await submit(`${url}/withdraw`, { origin: 'https://evil.example', host: 'cal.example' })).statusCode, 403);
      assert.equal((await post(api, `/api/v1/requests/${made.json().request.id}/withdraw`, token, undefined)).statusCode, 200);
      const late = await submit(`${url}/withdraw`);
      assert.equal(late.statusCode, 303);
      assert.equal(late.headers.location, url);
    });
  });
}
