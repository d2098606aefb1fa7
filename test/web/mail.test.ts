import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { act, askAppointment, runJobs, signedUpOwner } from '../helpers/inbox.js';
import { escapeHtml } from '../../src/email/templates.js';

/*
 * Mail: the local outbox. Without SMTP_URL every email to a requester stays in the emails table as
 * 'local', and the console lists them newest first with a view of each text body.
 */
const START = '2026-03-29T00:30:00Z';
const SLOT = { start: '2026-03-30T08:00:00Z', end: '2026-03-30T08:30:00Z' };
const SLOT2 = { start: '2026-03-30T09:00:00Z', end: '2026-03-30T09:30:00Z' };

for (const engine of ENGINES) {
  describe(`console mail on ${engine}`, () => {
    const api = useApi(engine, START);

    it('lists the received and accepted emails newest first, each readable, and says why they stay here', async () => {
      api.clock.set(START);
      const o = await signedUpOwner(api);
      const empty = await o.web.get('/app/mail');
      assert.equal(empty.statusCode, 200);
      assert.match(empty.body, /No emails yet/);
      assert.match(empty.body, /SMTP_URL/);

      const id = await askAppointment(api, o, SLOT);
      await askAppointment(api, o, SLOT2, { notifyRequester: false, requester: { name: 'Bo', email: 'bo@example.com' } });
      api.clock.advance(60_000);
      await act(o.web, `/app/inbox/${id}/accept`);
      api.clock.advance(5000);
      await runJobs(api);

      const page = await o.web.get('/app/mail');
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /stay here/);
      const rows = [...page.body.matchAll(/<tr><td[^>]*>([^<]+)<\/td><td[^>]*><a href="\/app\/mail\/([0-9a-f-]+)">([^<]+)<\/a><\/td><td[^>]*>([a-z]+)<\/td><td[^>]*><span class="status">([^<]+)<\/span><\/td><td[^>]*>([^<]+)<\/td><\/tr>/g)].map(
        (m) => ({ to: m[1], id: m[2], subject: m[3], kind: m[4], status: m[5], written: m[6] }),
      );
      assert.deepEqual(
        rows.map(({ to, subject, kind, status, written }) => ({ to, subject, kind, status, written })),
        [
          { to: 'ana@example.com', subject: `${o.owner.display_name} accepted your appointment`, kind: 'accepted', status: 'kept here', written: 'Sun, 29 Mar 2026, 1:31' },
          { to: 'ana@example.com', subject: `Your request to ${o.owner.display_name} was received`, kind: 'received', status: 'kept here', written: 'Sun, 29 Mar 2026, 1:30' },
        ],
        'Bo did not ask to be told',
      );

      const email = await api.rt.store.db.selectFrom('emails').selectAll().where('id', '=', rows[0]!.id!).executeTakeFirstOrThrow();
      const detail = await o.web.get(`/app/mail/${rows[0]!.id}`);
      assert.equal(detail.statusCode, 200);
      assert.match(detail.body, new RegExp(`<h1>${o.owner.display_name} accepted your appointment</h1>`));
      assert.ok(detail.body.includes(escapeHtml(email.text_body)), 'the whole text body');
      assert.match(detail.body, /Hello,/);
      assert.doesNotMatch(detail.body, /Ana Ruiz/, 'the requester\u2019s name is not repeated to an address nobody verified');

      const stranger = await signedUpOwner(api);
      const foreign = await stranger.web.get(`/app/mail/${rows[0]!.id}`);
      assert.equal(foreign.statusCode, 303, 'another owner cannot read it');
      assert.match(String(foreign.headers.location), /^\/app\/mail\?notice=There/);
      assert.equal((await stranger.web.get('/app/mail/nope')).statusCode, 303);
    });
  });
}
