import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { act, askAppointment, runJobs, signedUpOwner } from '../helpers/inbox.js';
import { post, taskBody } from '../helpers/requests.js';

/**
 * The console writes dates as its owner reads them: in the owner's locale and zone, on every page
 * (the inbox wrote en-GB's whatever the owner's). Sunday 2026-03-29 00:30Z: Berlin moves to summer
 * time at 01:00Z, New York moved on the 8th, Tokyo has none; 00:30Z is still Saturday in New York.
 */
const NOW = '2026-03-29T00:30:00Z';

const OWNERS = [
  {
    locale: 'de-DE',
    zone: 'Europe/Berlin',
    slot: { start: '2026-03-29T08:00:00Z', end: '2026-03-29T08:30:00Z' },
    when: /So\., 29\. März 2026, 10:00–10:30 Uhr/,
    received: /So\., 29\. März 2026, 1:30/,
    suggested: /Do\., 2\. Apr\. 2026/,
    since: /29\.03\.2026/,
  },
  {
    locale: 'en-US',
    zone: 'America/New_York',
    slot: { start: '2026-03-29T13:00:00Z', end: '2026-03-29T13:30:00Z' },
    when: /Sun, Mar 29, 2026, 9:00\s–\s9:30\sAM/,
    received: /Sat, Mar 28, 2026, 8:30\sPM/,
    suggested: /Thu, Apr 2, 2026/,
    since: /Mar 28, 2026/,
  },
  {
    locale: 'ja-JP',
    zone: 'Asia/Tokyo',
    slot: { start: '2026-03-29T01:00:00Z', end: '2026-03-29T01:30:00Z' },
    when: /2026\/3\/29\(日\) 10時00分～10時30分/,
    received: /2026年3月29日\(日\) 9:30/,
    suggested: /2026年4月2日\(木\)/,
    since: /2026\/03\/29/,
  },
];

for (const engine of ENGINES) {
  describe(`console dates in the owner's locale and zone on ${engine}`, () => {
    const api = useApi(engine, NOW);

    for (const o of OWNERS) {
      it(`an owner reading ${o.locale} in ${o.zone} sees the inbox, the mail and the blocked contacts in both`, async () => {
        api.clock.set(NOW);
        const owner = await signedUpOwner(api, o.zone, o.locale);
        await askAppointment(api, owner, o.slot, { requester: { name: 'Ana Ruiz', email: 'ana@example.com' } });
        const task = await post(api, '/api/v1/requests/tasks', owner.token, taskBody({ requester: { name: 'Bo Chen', email: 'bo@example.com' }, suggestedDueDate: '2026-04-02' }));
        assert.equal(task.statusCode, 201, task.body);

        const inbox = await owner.web.get('/app/inbox');
        assert.equal(inbox.statusCode, 200);
        assert.match(inbox.body, o.when, 'the slot');
        assert.match(inbox.body, o.received, 'when it was received');
        assert.match(inbox.body, o.suggested, 'the suggested date');
        assert.doesNotMatch(inbox.body, /29 Mar 2026/, 'nothing in British English');

        await runJobs(api);
        const mail = await owner.web.get('/app/mail');
        assert.equal(mail.statusCode, 200);
        assert.match(mail.body, o.received, 'when each email was written');

        const blocked = await act(owner.web, '/app/contacts/block', { email: 'spam@example.com', phone: '', name: 'Spam' });
        assert.equal(blocked.status, 303);
        const contacts = await owner.web.get('/app/contacts');
        assert.match(contacts.body, o.since, 'blocked since');
      });
    }
  });
}
