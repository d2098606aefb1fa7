import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { act, apiRequest, askAppointment, signedUpOwner } from '../helpers/inbox.js';
import { blockContact, listBlocked, unblockContact } from '../../src/services/contacts.js';
import { ServiceError } from '../../src/domain/service-error.js';
import { eventsOf } from '../../src/store/repos/outbox.js';

/*
 * Blocked contacts: a request from a blocked email (any case) or phone is answered 201 like any
 * other and its token can read it, but it never reaches the inbox, records no event, sends no email.
 */
const START = '2026-03-29T00:30:00Z';
const SLOT = { start: '2026-03-30T08:00:00Z', end: '2026-03-30T08:30:00Z' };
const SLOT2 = { start: '2026-03-30T09:00:00Z', end: '2026-03-30T09:30:00Z' };
const SLOT3 = { start: '2026-03-30T10:00:00Z', end: '2026-03-30T10:30:00Z' };

for (const engine of ENGINES) {
  describe(`console blocked contacts on ${engine}`, () => {
    const api = useApi(engine, START);

    it('blocks a contact from a request: a new request from that email is 201 but never in the inbox; unblocking lets the next one in', async () => {
      api.clock.set(START);
      const o = await signedUpOwner(api);
      const first = await askAppointment(api, o, SLOT);

      const blocked = await act(o.web, `/app/inbox/${first}/block`);
      assert.match(blocked.notice ?? '', /^Blocked Ana Ruiz \(ana@example.com\)/);
      assert.match(blocked.body, new RegExp(`id="r-${first}"`), 'the request already made stays in the inbox');
      const list = await o.web.get('/app/contacts');
      assert.equal(list.statusCode, 200);
      assert.match(list.body, /<td[^>]*>Ana Ruiz<\/td><td[^>]*>ana@example.com<\/td>/);

      const hidden = await askAppointment(api, o, SLOT2, { requester: { name: 'Ana R.', email: 'ANA@Example.com' } });
      assert.equal((await apiRequest(api, o, hidden)).status, 'pending', 'its token reads it like any other');
      const inbox = await o.web.get('/app/inbox');
      assert.doesNotMatch(inbox.body, new RegExp(hidden), 'never in the inbox');
      assert.match(inbox.body, /Waiting for you \(1\)/);
      assert.equal((await o.web.submit(`/app/inbox/${hidden}/accept`, {})).statusCode, 422, 'nor can it be decided');
      const types = (await eventsOf(api.rt.store.db, o.owner.id)).map((e) => e.type);
      assert.deepEqual(types, ['request.created'], 'the blocked request records no event');
      const emails = await api.rt.store.db.selectFrom('emails').select('request_id').where('owner_id', '=', o.owner.id).execute();
      assert.deepEqual(emails.map((e) => e.request_id), [first], 'and sends no email');

      const contact = /action="\/app\/contacts\/([0-9a-f-]+)\/unblock"/.exec(list.body)?.[1];
      assert.ok(contact);
      const unblocked = await act(o.web, `/app/contacts/${contact}/unblock`);
      assert.match(unblocked.notice ?? '', /^Unblocked/);
      assert.match(unblocked.body, /You have not blocked anyone/);
      const welcome = await askAppointment(api, o, SLOT3);
      assert.match((await o.web.get('/app/inbox')).body, new RegExp(`id="r-${welcome}"`));
    });

    it('blocks an email and a phone from the form, refuses what is neither, and keeps one contact per identity', async () => {
      api.clock.set(START);
      const o = await signedUpOwner(api);
      const made = await act(o.web, '/app/contacts/block', { email: ' Bo@Example.COM ', phone: '+49 30 123456', name: 'Bo' });
      assert.equal(made.notice, 'Blocked bo@example.com.');
      assert.match(made.body, /<td[^>]*>Bo<\/td><td[^>]*>bo@example.com<\/td><td[^>]*>\+4930123456<\/td>/);

      const empty = await o.web.submit('/app/contacts/block', { email: '', phone: '' });
      assert.equal(empty.statusCode, 422);
      assert.match(empty.body, /Give an email address or a phone number/);
      const badPhone = await o.web.submit('/app/contacts/block', { phone: '030 123' });
      assert.equal(badPhone.statusCode, 422);
      assert.match(badPhone.body, /international form/);
      assert.match(badPhone.body, /value="030 123"/, 'the form keeps what was typed');

      // The same identities again, and a phone that joins the email's contact: still one row each.
      await blockContact(api.rt.store.db, api.clock, o.owner.id, { email: 'bo@example.com' });
      await blockContact(api.rt.store.db, api.clock, o.owner.id, { phone: '+4930123456' });
      const cy = await blockContact(api.rt.store.db, api.clock, o.owner.id, { email: 'cy@example.com' });
      await blockContact(api.rt.store.db, api.clock, o.owner.id, { email: 'cy@example.com', phone: '+4930999999' });
      const rows = await listBlocked(api.rt.store.db, o.owner.id);
      assert.deepEqual(rows.map((r) => [r.email, r.phone]).sort(), [['bo@example.com', '+4930123456'], ['cy@example.com', '+4930999999']]);
      assert.equal(rows.find((r) => r.email === 'cy@example.com')!.id, cy[0]!.id);

      // A request by the blocked phone alone never reaches the inbox either.
      const byPhone = await askAppointment(api, o, SLOT, { requester: { name: 'Cy', phone: '+4930999999' } });
      assert.doesNotMatch((await o.web.get('/app/inbox')).body, new RegExp(byPhone));

      assert.equal(await unblockContact(api.rt.store.db, api.clock, o.owner.id, 'nope'), false);
      const stranger = await signedUpOwner(api);
      assert.equal(await unblockContact(api.rt.store.db, api.clock, stranger.owner.id, cy[0]!.id), false, 'another owner cannot unblock it');
      await assert.rejects(blockContact(api.rt.store.db, api.clock, o.owner.id, { email: 'not an email' }), ServiceError);
    });
  });
}
