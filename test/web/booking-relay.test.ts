import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { bookableOwner, type Bookable } from '../helpers/requests.js';

/*
 * The public booking form is not a relay (issue #11 point 1): posts are limited per client address
 * and per owner, and the email to the address a visitor typed carries no word the visitor wrote.
 * Limits are set small here (3 per address, 4 per owner an hour) through the configuration.
 */
// Monday 2026-03-30 06:00 UTC (08:00 in Berlin): the hour's window ends at 07:00.
const T0 = '2026-03-30T06:00:00Z';
const SLOT = '2026-03-30T10:00:00Z';

for (const engine of ENGINES) {
  describe(`the booking form's limits and emails on ${engine}`, () => {
    const api = useApi(engine, T0, { BOOKING_POSTS_PER_HOUR_PER_ADDRESS: '3', BOOKING_POSTS_PER_HOUR_PER_OWNER: '4' });
    let visitor = 0;
    const book = (b: Bookable, from: string, fields: Record<string, string> = {}): Promise<LightMyRequestResponse> => {
      visitor += 1;
      const form = { type: b.typeId, tz: 'Europe/Berlin', start: SLOT, name: `Visitor ${visitor}`, email: `visitor-${visitor}@example.com`, ...fields };
      return api.app.inject({
        method: 'POST',
        url: `/${b.owner.username}/book`,
        remoteAddress: from,
        headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'cal.example', origin: 'https://cal.example' },
        payload: new URLSearchParams(form).toString(),
      });
    };
    const requestsOf = async (b: Bookable) => (await api.get('/api/v1/requests', b.token)).json().data as { requester: { name: string } }[];
    const emailsOf = (b: Bookable) => api.rt.store.db.selectFrom('emails').selectAll().where('owner_id', '=', b.owner.id).execute();
    const limitHeaders = (r: LightMyRequestResponse) => [r.headers['ratelimit-limit'], r.headers['ratelimit-remaining'], r.headers['ratelimit-reset']];

    it('answers the fourth post from one address in an hour with 429, Retry-After, the RateLimit headers and a page saying when to try again', async () => {
      api.clock.set(T0);
      const b = await bookableOwner(api);
      const other = await bookableOwner(api);
      const here = '198.51.100.7';
      for (const remaining of ['2', '1', '0']) {
        const sent = await book(b, here);
        assert.equal(sent.statusCode, 303, sent.body);
        assert.deepEqual(limitHeaders(sent), ['3', remaining, '3600'], 'the per-address limit, closest to running out');
      }
      const refused = await book(b, here);
      assert.equal(refused.statusCode, 429);
      assert.match(String(refused.headers['content-type']), /^text\/html/);
      assert.equal(refused.headers['retry-after'], '3600');
      assert.deepEqual(limitHeaders(refused), ['3', '0', '3600']);
      assert.match(refused.body, /<h1>Please try again later<\/h1>/);
      assert.match(refused.body, /sent from your network/);
      assert.match(refused.body, /Your request was not sent\. Please try again in 60 minutes\./);
      assert.ok(refused.body.includes(`href="/${b.owner.username}"`), 'a way back to the page');
      assert.equal((await requestsOf(b)).length, 3, 'nothing made of the refused post');
      assert.equal((await emailsOf(b)).length, 3, 'and nothing written to anyone');

      assert.equal((await book(other, here)).statusCode, 429, 'the address is limited on every owner\u2019s page');
      assert.equal((await book(other, '2001:db8:7:7::1')).statusCode, 303);
      assert.equal((await book(other, '2001:db8:7:7::2')).statusCode, 303);
      assert.equal((await book(other, '2001:db8:7:7:ffff::3')).statusCode, 303);
      assert.equal((await book(other, '2001:db8:7:7::4')).statusCode, 429, 'the addresses of one IPv6 /64 are one client');
      assert.equal((await book(b, '198.51.100.8')).statusCode, 303, 'the refused post did not use up the owner\u2019s budget (3 of 4)');

      api.clock.set('2026-03-30T07:00:00Z');
      assert.equal((await book(other, here)).statusCode, 303, 'a new hour, a new budget');
    });

    it('caps a flood of posts from many addresses against one owner, and leaves other owners\u2019 pages open', async () => {
      api.clock.set(T0);
      const b = await bookableOwner(api);
      const other = await bookableOwner(api);
      for (let i = 1; i <= 4; i++) assert.equal((await book(b, `203.0.113.${i}`)).statusCode, 303);
      for (let i = 5; i <= 8; i++) {
        const refused = await book(b, `203.0.113.${i}`);
        assert.equal(refused.statusCode, 429, `post ${i}`);
        assert.equal(refused.headers['retry-after'], '3600');
        assert.deepEqual(limitHeaders(refused), ['4', '0', '3600'], 'the per-owner limit, the one exceeded');
        assert.match(refused.body, new RegExp(`${b.owner.display_name} has received many requests in the last hour`));
      }
      assert.equal((await requestsOf(b)).length, 4);
      assert.equal((await emailsOf(b)).length, 4, 'at most 4 emails an hour leave through one owner\u2019s page');
      assert.equal((await book(other, '203.0.113.9')).statusCode, 303, 'another owner\u2019s page still takes requests');
    });

    it('emails the typed address only the owner, the time and the status link, never the visitor\u2019s name or message', async () => {
      api.clock.set(T0);
      const b = await bookableOwner(api);
      const name = 'Your account is locked, visit https://phish.example/reset';
      const message = 'Urgent: confirm your password at https://phish.example/reset today';
      const sent = await book(b, '192.0.2.50', { name, email: 'victim@example.com', message });
      assert.equal(sent.statusCode, 303, sent.body);
      const [email, ...more] = await emailsOf(b);
      assert.equal(more.length, 0);
      assert.equal(email!.to_address, 'victim@example.com');
      for (const part of [email!.subject, email!.text_body, email!.html_body]) {
        assert.doesNotMatch(part, /phish|account is locked|password|Urgent/i, part);
      }
      assert.match(email!.subject, new RegExp(`Your request to ${b.owner.display_name} was received`));
      assert.match(email!.text_body, /^Hello,\n/);
      assert.match(email!.text_body, /Monday, March 30, 2026/);
      assert.ok(email!.text_body.split('\n').some((line) => line.startsWith('https://cal.example/status/')), 'the status link');
      assert.match(email!.text_body, /If you did not ask for this, you can ignore this email/);
      // The owner still sees what the visitor wrote.
      assert.deepEqual((await requestsOf(b)).map((r) => r.requester.name), [name]);
    });

    it('still answers the spec\u2019s per-requester limit (three pending) behind the new limits', async () => {
      api.clock.set(T0);
      const b = await bookableOwner(api);
      const same = { email: 'repeat@example.com' };
      for (const from of ['192.0.2.60', '192.0.2.60', '192.0.2.61']) assert.equal((await book(b, from, same)).statusCode, 303);
      const fourth = await book(b, '192.0.2.61', same);
      assert.equal(fourth.statusCode, 422);
      assert.match(fourth.body, /three requests waiting for an answer/);
      assert.equal((await requestsOf(b)).length, 3);
    });
  });
}
