import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { askAppointment, signedUpOwner } from '../helpers/inbox.js';
import { bookableOwner } from '../helpers/requests.js';
import { mailtoHref, telHref } from '../../src/web/links.js';

/**
 * Links built from what a requester wrote carry it encoded: an address may hold `? & = %` (the
 * WHATWG rule admits them), and must not give the owner's reply a subject, a body or a recipient.
 */
const START = '2026-03-29T00:30:00Z';
const SLOT = { start: '2026-03-30T08:00:00Z', end: '2026-03-30T08:30:00Z' };
const TRICK = 'x?subject=urgent&cc=boss%40example.com&body=pay%20now@example.com';

const unescape = (s: string) => s.replace(/&amp;/g, '&').replace(/&#39;/g, "'").replace(/&quot;/g, '"');

describe('links built from data', () => {
  it('a mailto writes to the address alone: no query, the address read back whole', () => {
    const href = mailtoHref(TRICK);
    assert.equal(href, 'mailto:x%3Fsubject%3Durgent%26cc%3Dboss%2540example.com%26body%3Dpay%2520now@example.com');
    assert.equal(new URL(href).search, '');
    assert.equal(decodeURIComponent(new URL(href).pathname), TRICK);
    assert.equal(mailtoHref("o'brien@example.ie"), "mailto:o'brien@example.ie");
  });

  it('a tel link keeps the plus and encodes the rest', () => {
    assert.equal(telHref('+4915112345678'), 'tel:+4915112345678');
    assert.equal(telHref('+49 151?x=1'), 'tel:+49%20151%3Fx%3D1');
  });
});

for (const engine of ENGINES) {
  describe(`the inbox's links on ${engine}`, () => {
    const api = useApi(engine, START);

    it('shows a requester address holding ? & = % as a mailto to that address, with no subject or body of theirs', async () => {
      const o = await signedUpOwner(api);
      await askAppointment(api, o, SLOT, { requester: { name: 'Trick', email: TRICK, phone: '+14155550101' } });
      const page = await o.web.get('/app/inbox');
      assert.equal(page.statusCode, 200);
      const hrefs = [...page.body.matchAll(/href="(mailto:[^"]*)"/g)].map((m) => unescape(m[1]!));
      assert.equal(hrefs.length, 1, page.body);
      const href = new URL(hrefs[0]!);
      assert.equal(href.search, '', 'no query: no subject, body or cc');
      assert.equal(decodeURIComponent(href.pathname), TRICK);
      assert.match(page.body, /href="tel:\+14155550101"/);
    });

    it('the booking page refuses an address the browser would refuse, as the API does', async () => {
      const { owner, typeId } = await bookableOwner(api);
      const res = await api.app.inject({
        method: 'POST',
        url: `/${owner.username}/book`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'cal.example', origin: 'https://cal.example' },
        payload: new URLSearchParams({ type: typeId, tz: 'Europe/Berlin', start: '2026-03-30T08:00:00Z', name: 'Ana', email: 'ana@example..com' }).toString(),
      });
      assert.equal(res.statusCode, 422, res.body);
      assert.match(res.body, /Please give an email address we can write to\./);
    });
  });
}
