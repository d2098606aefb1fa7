import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { appointmentBody, bookableOwner, post, taskBody } from '../helpers/requests.js';
import { seedContact, setBooking } from '../helpers/seed.js';
import { seedEvent } from '../helpers/seed-events.js';
import { eventsOf } from '../../src/store/repos/outbox.js';
import { assertEnvelope, assertError, FIELDS, keys } from './expect.js';

const APPOINTMENTS = '/api/v1/requests/appointments';
const TASKS = '/api/v1/requests/tasks';
// Monday 2026-03-30: Berlin is on summer time (UTC+2) since the 29th, New York (UTC-4) since the 8th.
const START = '2026-03-30T08:00:00Z'; // 10:00 in Berlin
const END = '2026-03-30T08:30:00Z';

for (const engine of ENGINES) {
  describe(`POST /requests/appointments and /requests/tasks on ${engine}`, () => {
    const api = useApi(engine, '2026-03-30T06:00:00Z');
    const db = () => api.rt.store.db;

    it('creates an appointment request for an offered slot: 201 with exactly {request, statusUrl}', async () => {
      const { owner, typeId, token } = await bookableOwner(api);
      const res = await post(api, APPOINTMENTS, token, appointmentBody(typeId, START, END, { message: 'About the offer' }));
      assert.equal(res.statusCode, 201, res.body);
      assertEnvelope(res);
      assert.equal(res.headers['ratelimit-limit'], '30', 'the create class: 30 an hour is closest to running out');
      assert.equal(res.headers['idempotent-replayed'], undefined);
      const body = res.json();
      assert.deepEqual(keys(body), ['request', 'statusUrl']);
      assert.deepEqual(keys(body.request), FIELDS.request);
      assert.deepEqual(keys(body.statusUrl), ['expiresAt', 'url']);
      const r = body.request;
      assert.equal(r.kind, 'appointment');
      assert.equal(r.status, 'pending');
      assert.equal(r.cancelledBy, null);
      assert.equal(r.appointmentTypeId, typeId);
      assert.deepEqual(r.slot, { start: START, end: END });
      assert.equal(r.message, 'About the offer');
      assert.deepEqual(r.requester, { name: 'Ana Ruiz', email: 'ana@example.com' });
      assert.equal(r.source, 'api');
      assert.equal(r.createdByThisToken, true);
      assert.equal(r.test, false);
      assert.equal(r.createdAt, '2026-03-30T06:00:00Z');
      assert.match(body.statusUrl.url, new RegExp(`^https://cal\\.example/status/${r.id}/[A-Za-z0-9_-]{32}$`));
      // The link lasts 30 days past the appointment's end while the request is open.
      assert.equal(body.statusUrl.expiresAt, '2026-04-29T08:30:00Z');
      // The request is readable through the API as created, and its one event is recorded.
      const read = await api.get(`/api/v1/requests/${r.id}`, token);
      assert.deepEqual(read.json(), r);
      const events = await eventsOf(db(), owner.id);
      assert.deepEqual(events.map((e) => [e.type, e.data, e.test]), [['request.created', { object: 'request', id: r.id }, false]]);
    });

    it('creates a task request; the requester object keeps contactMethod and contactHandle', async () => {
      const { token } = await bookableOwner(api);
      const res = await post(api, TASKS, token, taskBody({
        note: 'No rush',
        suggestedDueDate: '2026-04-10',
        requester: { name: 'Bo', phone: '+4915112345678', contactMethod: 'signal', contactHandle: '@bo' },
      }));
      assert.equal(res.statusCode, 201, res.body);
      const r = res.json().request;
      assert.equal(r.kind, 'task');
      assert.equal(r.slot, null);
      assert.equal(r.appointmentTypeId, null);
      assert.equal(r.suggestedDueDate, '2026-04-10');
      assert.equal(r.note, 'No rush');
      assert.deepEqual(r.requester, { name: 'Bo', phone: '+4915112345678', contactMethod: 'signal', contactHandle: '@bo' });
      // The link lasts 30 days past the end of the suggested day in the requester's zone (New York, UTC-4).
      assert.equal(res.json().statusUrl.expiresAt, '2026-05-11T04:00:00Z');
    });

    it('hides the requester email and phone from a token without requests:contact', async () => {
      const { owner, typeId } = await bookableOwner(api);
      const token = await api.token(owner, ['requests:create']);
      const res = await post(api, APPOINTMENTS, token, appointmentBody(typeId, START, END, { requester: { name: 'Cy', email: 'cy@example.com', phone: '+12125550100' } }));
      assert.equal(res.statusCode, 201, res.body);
      assert.deepEqual(res.json().request.requester, { name: 'Cy' });
    });

    it('marks a test token request test: true, records its event as test, and never emails', async () => {
      const { owner, typeId, token } = await bookableOwner(api, 'Europe/Berlin', undefined, { test: true });
      const res = await post(api, APPOINTMENTS, token, appointmentBody(typeId, START, END, { notifyRequester: true }));
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(res.json().request.test, true);
      assert.deepEqual((await eventsOf(db(), owner.id)).map((e) => e.test), [true]);
      assert.equal((await db().selectFrom('emails').selectAll().where('owner_id', '=', owner.id).execute()).length, 0);
    });

    it('emails the requester only with notifyRequester: true (kept in the local outbox without SMTP)', async () => {
      const { owner, typeId, token } = await bookableOwner(api);
      await post(api, APPOINTMENTS, token, appointmentBody(typeId, START, END, { requester: { name: 'Quiet', email: 'quiet@example.com' } }));
      const asked = await post(api, APPOINTMENTS, token, appointmentBody(typeId, START, END, { notifyRequester: true, requesterLocale: 'de-DE' }));
      assert.equal(asked.statusCode, 201, asked.body);
      const emails = await db().selectFrom('emails').selectAll().where('owner_id', '=', owner.id).execute();
      assert.equal(emails.length, 1);
      assert.equal(emails[0]!.kind, 'received');
      assert.equal(emails[0]!.to_address, 'ana@example.com');
      assert.equal(emails[0]!.status, 'local');
      assert.equal(emails[0]!.locale, 'de');
      assert.ok(emails[0]!.text_body.includes(asked.json().statusUrl.url));
    });

    it('answers a blocked contact like anyone else, but nothing reaches the inbox: no event, no email', async () => {
      const { owner, typeId, token } = await bookableOwner(api);
      await seedContact(db(), owner.id, { email: 'Spam@Example.com', blocked: true });
      const res = await post(api, APPOINTMENTS, token, appointmentBody(typeId, START, END, { notifyRequester: true, requester: { name: 'S', email: 'SPAM@example.COM' } }));
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(res.json().request.status, 'pending');
      assert.deepEqual(await eventsOf(db(), owner.id), []);
      assert.equal((await db().selectFrom('emails').selectAll().where('owner_id', '=', owner.id).execute()).length, 0);
      // The token that made it sees it; another token of the owner does not.
      assert.equal((await api.get(`/api/v1/requests/${res.json().request.id}`, token)).statusCode, 200);
      const other = await api.token(owner, ['requests:read']);
      assert.equal((await api.get(`/api/v1/requests/${res.json().request.id}`, other)).statusCode, 404);
    });

    it('refuses a slot the availability function does not offer right now: 409 slot_unavailable', async () => {
      const { owner, typeId, token } = await bookableOwner(api);
      await seedEvent(db(), owner.id, { title: 'Dentist', start: '2026-03-30T09:00:00Z', end: '2026-03-30T10:00:00Z' });
      const cases: [string, string, string][] = [
        ['busy time', '2026-03-30T09:00:00Z', '2026-03-30T09:30:00Z'],
        ['overlapping busy time', '2026-03-30T08:45:00Z', '2026-03-30T09:15:00Z'],
        ['before the owner\'s hours (08:00 Berlin)', '2026-03-30T06:00:00Z', '2026-03-30T06:30:00Z'],
        ['in the past', '2026-03-30T05:00:00Z', '2026-03-30T05:30:00Z'],
        ['off the step grid', '2026-03-30T08:10:00Z', '2026-03-30T08:40:00Z'],
        ['past the booking window', '2026-06-30T08:00:00Z', '2026-06-30T08:30:00Z'],
      ];
      for (const [what, start, end] of cases) {
        const res = await post(api, APPOINTMENTS, token, appointmentBody(typeId, start, end));
        assertError(res, 409, 'slot_unavailable');
        assert.ok(what);
      }
      assert.deepEqual(await eventsOf(db(), owner.id), []);
    });

    it('answers 404 for an unknown, deleted or other owner\'s type, and while booking is off', async () => {
      const { owner, typeId, token } = await bookableOwner(api);
      const other = await bookableOwner(api);
      assertError(await post(api, APPOINTMENTS, token, appointmentBody(randomUUID(), START, END)), 404, 'not_found');
      assertError(await post(api, APPOINTMENTS, token, appointmentBody(other.typeId, START, END)), 404, 'not_found');
      await setBooking(db(), owner.id, false);
      assertError(await post(api, APPOINTMENTS, token, appointmentBody(typeId, START, END)), 404, 'not_found');
      await setBooking(db(), owner.id, true);
      await db().updateTable('appointment_types').set({ deleted_at: new Date('2026-03-30T05:00:00Z') }).where('id', '=', typeId).execute();
      assertError(await post(api, APPOINTMENTS, token, appointmentBody(typeId, START, END)), 404, 'not_found');
    });

    it('refuses each wrong field with 422 invalid_input naming it, and writes nothing', async () => {
      const { owner, typeId } = await bookableOwner(api);
      const ok = appointmentBody(typeId, START, END);
      const requester = ok.requester as Record<string, unknown>;
      const cases: [Record<string, unknown>, string][] = [
        [{ ...ok, extra: 1 }, 'extra'],
        [{ ...ok, requester: { ...requester, age: 3 } }, 'requester.age'],
        [{ ...ok, appointmentTypeId: 'not-a-uuid' }, 'appointmentTypeId'],
        [{ ...ok, slot: { start: START } }, 'slot.end'],
        [{ ...ok, slot: { start: START, end: END, tz: 'x' } }, 'slot.tz'],
        [{ ...ok, slot: { start: '2026-03-30T10:00:00+02:00', end: END } }, 'slot.start'],
        [{ ...ok, slot: { start: '2026-02-30T08:00:00Z', end: END } }, 'slot.start'],
        [{ ...ok, slot: { start: START, end: '2026-03-30T09:00:00Z' } }, 'slot'],
        [{ ...ok, slot: { start: END, end: START } }, 'slot'],
        [{ ...ok, requester: { email: 'a@example.com' } }, 'requester.name'],
        [{ ...ok, requester: { name: '   ', email: 'a@example.com' } }, 'requester.name'],
        [{ ...ok, requester: { name: 'x'.repeat(201), email: 'a@example.com' } }, 'requester.name'],
        [{ ...ok, requester: { name: 'No contact' } }, 'requester'],
        [{ ...ok, requester: { name: 'A', email: 'not an email' } }, 'requester.email'],
        [{ ...ok, requester: { name: 'A', email: `${'a'.repeat(250)}@x.io` } }, 'requester.email'],
        [{ ...ok, requester: { name: 'A', phone: '030 1234567' } }, 'requester.phone'],
        [{ ...ok, requester: { name: 'A', phone: '+0123456' } }, 'requester.phone'],
        [{ ...ok, requester: { name: 'A', email: 'a@example.com', contactMethod: 'fax' } }, 'requester.contactMethod'],
        [{ ...ok, requester: { name: 'A', email: 'a@example.com', contactHandle: 'h'.repeat(201) } }, 'requester.contactHandle'],
        [{ ...ok, requesterTimezone: 'Mars/Olympus' }, 'requesterTimezone'],
        [{ ...ok, requesterTimezone: '+02:00' }, 'requesterTimezone'],
        [{ ...ok, requesterLocale: 'not a locale!' }, 'requesterLocale'],
        [{ ...ok, requesterLocale: 'x'.repeat(36) }, 'requesterLocale'],
        [{ ...ok, message: 'm'.repeat(5001) }, 'message'],
        [{ ...ok, notifyRequester: 'true' }, 'notifyRequester'],
        [{ ...ok, requesterTimezone: undefined }, 'requesterTimezone'],
      ];
      // A fresh token per call: this many calls would pass the create class's 30 an hour.
      const fresh = () => api.token(owner);
      for (const [body, field] of cases) assertError(await post(api, APPOINTMENTS, await fresh(), body), 422, 'invalid_input', field);
      const task = taskBody();
      const taskCases: [Record<string, unknown>, string][] = [
        [{ ...task, message: '' }, 'message'],
        [{ ...task, message: ' \n ' }, 'message'],
        [{ ...task, message: undefined }, 'message'],
        [{ ...task, note: 'n'.repeat(5001) }, 'note'],
        [{ ...task, suggestedDueDate: '2026-02-30' }, 'suggestedDueDate'],
        [{ ...task, suggestedDueDate: '30.03.2026' }, 'suggestedDueDate'],
        // 02:00 in New York on the 30th: the 29th has passed there.
        [{ ...task, suggestedDueDate: '2026-03-29' }, 'suggestedDueDate'],
        [{ ...task, slot: { start: START, end: END } }, 'slot'],
      ];
      for (const [body, field] of taskCases) assertError(await post(api, TASKS, await fresh(), body), 422, 'invalid_input', field);
      assert.equal((await db().selectFrom('requests').select('id').where('owner_id', '=', owner.id).execute()).length, 0);
    });

    it('takes a suggested date that is already today in the requester\'s zone although it is yesterday elsewhere', async () => {
      const { token } = await bookableOwner(api);
      // 06:00 UTC on the 30th is 20:00 on the 29th in Honolulu (UTC-10) and 20:00 on the 30th in Kiritimati (UTC+14).
      const honolulu = await post(api, TASKS, token, taskBody({ suggestedDueDate: '2026-03-29', requesterTimezone: 'Pacific/Honolulu' }));
      assert.equal(honolulu.statusCode, 201, honolulu.body);
      const kiritimati = await post(api, TASKS, token, taskBody({ suggestedDueDate: '2026-03-30', requesterTimezone: 'Pacific/Kiritimati', requester: { name: 'K', email: 'k@example.com' } }));
      assert.equal(kiritimati.statusCode, 201, kiritimati.body);
    });

    it('takes requesterTimezone in any case and keeps it as the tz database spells it: the suggested day ends in that zone', async () => {
      const { owner, typeId, token } = await bookableOwner(api);
      const zoneOf = async (id: string) => (await db().selectFrom('requests').select('requester_timezone').where('id', '=', id).executeTakeFirstOrThrow()).requester_timezone;
      // The 30th ends at 10:00 UTC in Kiritimati (UTC+14); the link lasts 30 days past it.
      const task = await post(api, TASKS, token, taskBody({ suggestedDueDate: '2026-03-30', requesterTimezone: 'pacific/kiritimati', requester: { name: 'K', email: 'k@example.com' } }));
      assert.equal(task.statusCode, 201, task.body);
      assert.equal(task.json().statusUrl.expiresAt, '2026-04-29T10:00:00Z');
      assert.equal(await zoneOf(task.json().request.id), 'Pacific/Kiritimati');
      const appointment = await post(api, APPOINTMENTS, token, appointmentBody(typeId, START, END, { requesterTimezone: 'EUROPE/BERLIN' }));
      assert.equal(appointment.statusCode, 201, appointment.body);
      assert.equal(await zoneOf(appointment.json().request.id), 'Europe/Berlin');
      // A link keeps its own name: the requester chose it.
      const link = await post(api, TASKS, token, taskBody({ requesterTimezone: 'asia/calcutta', requester: { name: 'C', email: 'c@example.com' } }));
      assert.equal(link.statusCode, 201, link.body);
      assert.equal(await zoneOf(link.json().request.id), 'Asia/Calcutta');
      assert.equal((await db().selectFrom('requests').select('id').where('owner_id', '=', owner.id).execute()).length, 3);
    });

    it('answers 400 bad_request for a body that is not JSON, and 422 for a missing or malformed Idempotency-Key', async () => {
      const { token } = await bookableOwner(api);
      const notJson = await api.app.inject({ method: 'POST', url: TASKS, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': 'k'.repeat(20) }, payload: '{"message":' });
      assertError(notJson, 400, 'bad_request');
      assertError(await post(api, TASKS, token, taskBody(), null), 422, 'invalid_input', 'Idempotency-Key');
      for (const key of ['short', 'k'.repeat(65), 'has space in it 123', 'ünïcödé-key-1234567', 'dots.are.not.allowed']) {
        assertError(await post(api, TASKS, token, taskBody(), key), 422, 'invalid_input', 'Idempotency-Key');
      }
      // A body is JSON whatever its label (text/plain is fetch's default); anything else is 400.
      const plain = await api.app.inject({ method: 'POST', url: TASKS, headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain', 'idempotency-key': 'p'.repeat(20) }, payload: 'hello' });
      assertError(plain, 400, 'bad_request');
      const plainJson = await api.app.inject({ method: 'POST', url: TASKS, headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain;charset=UTF-8', 'idempotency-key': 'q'.repeat(20) }, payload: JSON.stringify(taskBody()) });
      assert.equal(plainJson.statusCode, 201, plainJson.body);
      const empty = await api.app.inject({ method: 'POST', url: TASKS, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': 'r'.repeat(20) }, payload: '' });
      assertError(empty, 400, 'bad_request');
      const array = await post(api, TASKS, token, []);
      const arrayError = assertError(array, 422, 'invalid_input');
      assert.match(arrayError.message, /^The body must be object/);
      const fine = await post(api, TASKS, token, taskBody(), 'A-b_0'.repeat(4));
      assert.equal(fine.statusCode, 201, fine.body);
    });

    it('checks the token before anything else: 401 without one, 403 naming requests:create without the scope', async () => {
      const { owner, typeId } = await bookableOwner(api);
      const res = await api.app.inject({ method: 'POST', url: APPOINTMENTS, headers: { 'content-type': 'application/json' }, payload: '{' });
      assertError(res, 401, 'invalid_token');
      const reader = await api.token(owner, ['requests:read', 'availability:read']);
      const denied = await post(api, APPOINTMENTS, reader, appointmentBody(typeId, START, END));
      assertError(denied, 403, 'insufficient_scope');
      assert.equal(denied.headers['www-authenticate'], 'Bearer error="insufficient_scope", scope="requests:create"');
      const put = await api.app.inject({ method: 'PUT', url: APPOINTMENTS, headers: { authorization: `Bearer ${reader}` } });
      assertError(put, 405, 'method_not_allowed');
      // The path is POST /requests/appointments's alone, not the request "appointments" of GET /requests/{id}.
      assert.equal(put.headers.allow, 'POST');
    });
  });
}
