import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { bookableOwner, envOf } from '../helpers/requests.js';
import { decide } from '../../src/services/requests/decisions.js';

const T0 = '2026-03-30T06:00:00Z';

for (const engine of ENGINES) {
  describe(`the booking confirmation's "add to calendar" on ${engine}`, () => {
    const api = useApi(engine, T0);
    const get = (url: string, headers: Record<string, string> = {}) => api.app.inject({ method: 'GET', url, headers });

    it('offers an .ics of the slot\'s UTC instants (tentative until accepted) and Google and Outlook links with the same times', async () => {
      const { owner, typeId } = await bookableOwner(api);
      const start = '2026-03-31T12:30:00Z'; // 14:30 in Berlin, 08:30 in New York
      const sent = await api.app.inject({
        method: 'POST',
        url: `/${owner.username}/book`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'cal.example', origin: 'https://cal.example' },
        payload: new URLSearchParams({ type: typeId, tz: 'America/New_York', start, name: 'Pat', email: 'pat@example.com', lang: 'en' }).toString(),
      });
      assert.equal(sent.statusCode, 303, sent.body);
      const url = String(sent.headers.location).split('?')[0]!;
      const page = await get(String(sent.headers.location));
      assert.match(page.body, /<h2 id="add-to-calendar" class="u-day">Add to your calendar<\/h2>/);
      const hrefs = [...page.body.matchAll(/href="(https:\/\/[^"]+)"/g)].map((m) => new URL(m[1]!.replace(/&amp;/g, '&')));
      const google = hrefs.find((h) => h.hostname === 'calendar.google.com')!;
      assert.equal(google.pathname, '/calendar/render');
      assert.equal(google.searchParams.get('action'), 'TEMPLATE');
      assert.equal(google.searchParams.get('text'), `Intro call with ${owner.display_name}`);
      assert.equal(google.searchParams.get('dates'), '20260331T123000Z/20260331T130000Z');
      assert.match(google.searchParams.get('details')!, /has not answered yet/);
      const outlook = hrefs.find((h) => h.hostname === 'outlook.live.com')!;
      assert.equal(outlook.pathname, '/calendar/0/deeplink/compose');
      assert.equal(outlook.searchParams.get('rru'), 'addevent');
      assert.equal(outlook.searchParams.get('path'), '/calendar/action/compose');
      assert.equal(outlook.searchParams.get('subject'), `Intro call with ${owner.display_name}`);
      assert.equal(outlook.searchParams.get('startdt'), '2026-03-31T12:30:00Z');
      assert.equal(outlook.searchParams.get('enddt'), '2026-03-31T13:00:00Z');
      const secret = url.split('/').at(-1)!;
      for (const h of [google, outlook]) assert.ok(!h.href.includes(secret), 'the status link\'s secret stays on this site');

      const ics = await get(`${url}/appointment.ics`);
      assert.equal(ics.statusCode, 200);
      assert.match(String(ics.headers['content-type']), /^text\/calendar/);
      assert.equal(ics.headers['content-disposition'], 'attachment; filename="appointment.ics"');
      assert.match(ics.body, /^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\n|^BEGIN:VCALENDAR\r\n/);
      assert.match(ics.body, /\r\nDTSTART:20260331T123000Z\r\n/);
      assert.match(ics.body, /\r\nDTEND:20260331T130000Z\r\n/);
      assert.match(ics.body, /\r\nSTATUS:TENTATIVE\r\n/);
      assert.match(ics.body, /\r\nDTSTAMP:20260330T060000Z\r\n/);
      assert.ok(ics.body.endsWith('END:VCALENDAR\r\n'));
      assert.ok(!/[^\r]\n/.test(ics.body), 'every line ends with CRLF (RFC 5545 3.1)');

      const id = /\/status\/([0-9a-f-]{36})\//.exec(url + '/')![1]!;
      await decide(envOf(api), owner.id, id, { action: 'accept' }, { undoWindow: false });
      assert.match((await get(`${url}/appointment.ics`)).body, /\r\nSTATUS:CONFIRMED\r\n/);
      assert.match((await get(`${url}?lang=en`)).body, /details=Accepted\+by\+Owner/);
    });
  });
}
