import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { useApi, type ApiHarness } from '../helpers/api.js';
import { ENGINES } from '../helpers/engines.js';
import { calendarText } from '../helpers/ical-text.js';
import { rawPost, type RawPost } from '../helpers/raw-post.js';
import { webSession } from '../helpers/web.js';

const GOOGLE = readFileSync(new URL('../fixtures/ical/google-work.ics', import.meta.url), 'utf8');
const MiB = 1024 * 1024;
const BOUNDARY = '----calendar-upload-test';

/** A browser's multipart/form-data post of the import form: the CSRF token, the calendar, one file. */
function multipart(fields: Record<string, string>, file: { name: string; text: string } | null): { body: Buffer; type: string } {
  const boundary = BOUNDARY;
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  if (file) parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/calendar\r\n\r\n${file.text}\r\n`);
  return { body: Buffer.from(`${parts.join('')}--${boundary}--\r\n`), type: `multipart/form-data; boundary=${boundary}` };
}

let counter = 0;

async function signedUp(api: ApiHarness, engine: string) {
  counter += 1;
  const web = webSession(api);
  const username = `upload-${engine}-${process.pid}-${counter}`;
  const made = await web.post('/signup', { username, name: 'Uma', timezone: 'Europe/Berlin', password: 'a long password here' });
  assert.equal(made.statusCode, 303, made.body);
  const page = await web.get('/app/calendar/import');
  assert.equal(page.statusCode, 200, page.body);
  // The form's address carries the session's token: it is checked before the body is read.
  const action = /action="([^"]+)" enctype="multipart\/form-data"/.exec(page.body)![1]!.replaceAll('&amp;', '&');
  const upload = async (file: { name: string; text: string } | null, fields: Record<string, string> = { calendar: 'personal' }) => {
    const { body, type } = multipart(fields, file);
    return api.app.inject({ method: 'POST', url: action, headers: { 'content-type': type, cookie: web.cookie(), host: 'cal.example', origin: 'http://cal.example' }, payload: body });
  };
  return { web, upload, page, action };
}

/** A 10 MiB file (and `extra` bytes more) posted to `url` over a socket, with the import form's other fields first. */
function bigUpload(url: string, cookie: string | null, extra = 0, options: Partial<RawPost> = {}): RawPost {
  return {
    path: url,
    headers: { Host: 'cal.example', Origin: 'https://cal.example', 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, ...(cookie ? { Cookie: cookie } : {}) },
    start: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="calendar"\r\n\r\npersonal\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.ics"\r\nContent-Type: text/calendar\r\n\r\n`,
    fill: 10 * MiB + extra,
    end: `\r\n--${BOUNDARY}--\r\n`,
    ...options,
  };
}

const DAMAGED = calendarText([
  ['UID:kept@upload.test', 'SUMMARY:Kept', 'DTSTART;TZID=Europe/Berlin:20261025T090000', 'DTEND;TZID=Europe/Berlin:20261025T100000', 'X-APPLE-RADIUS=70.5'],
  ['UID:holiday@upload.test', 'SUMMARY:Holiday', 'DTSTART:20261026'],
]).replace('END:VCALENDAR', 'END:VCALENDAR\r\nVERSION:2.0');

for (const engine of ENGINES) {
  describe(`importing a file in the console on ${engine}`, () => {
    const api = useApi(engine, '2026-10-20T12:00:00Z');

    it('links the import from the calendar, imports an uploaded file and shows the counts and each warning by line', async () => {
      const { web, upload, page } = await signedUp(api, engine);
      assert.match((await web.get('/app/calendar')).body, /href="\/app\/calendar\/import"/);
      assert.match(page.body, /enctype="multipart\/form-data"/);
      const res = await upload({ name: 'work.ics', text: DAMAGED });
      assert.equal(res.statusCode, 200, res.body);
      assert.match(res.body, /Imported the file into personal/);
      assert.match(res.body, /2 created, 0 updated, 0 unchanged, 0 cancelled, 0 skipped\./);
      assert.match(res.body, /<li>line 9: &quot;X-APPLE-RADIUS=70\.5&quot; skipped: it has no colon between name and value<\/li>/);
      assert.match(res.body, /<li>line 17: VERSION skipped: it is outside any calendar<\/li>/);
      // Sunday 25 October, the day Berlin leaves summer time; the holiday the Monday after.
      assert.match((await web.get('/app/calendar?date=2026-10-25')).body, /Kept/);
      assert.match((await web.get('/app/calendar?date=2026-10-26')).body, /Holiday/);
    });

    it('refuses, in words, a file holding no calendar, and asks for a file when none was chosen', async () => {
      const { upload } = await signedUp(api, engine);
      const html = await upload({ name: 'login.ics', text: '<!DOCTYPE html><html><body>Sign in</body></html>' });
      assert.equal(html.statusCode, 422);
      assert.match(html.body, /Nothing was imported: not an iCalendar file: it is a web page \(HTML\) or XML, not a calendar/);
      const none = await upload(null);
      assert.equal(none.statusCode, 422);
      assert.match(none.body, /Choose an \.ics file to import\./);
    });

    it('imports a real Google Calendar export, and the same file again changes nothing', async () => {
      const { upload } = await signedUp(api, engine);
      const first = await upload({ name: 'work.ics', text: GOOGLE });
      assert.equal(first.statusCode, 200, first.body);
      assert.match(first.body, /4 created, 0 updated, 0 unchanged, 0 cancelled, 1 skipped\./);
      const again = await upload({ name: 'work.ics', text: GOOGLE });
      assert.match(again.body, /0 created, 0 updated, 4 unchanged, 0 cancelled, 1 skipped\./);
    });

    it('answers 21 fields and a file with 413 and a sentence, not a 500', async () => {
      const { upload } = await signedUp(api, engine);
      const fields = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`f${i}`, 'x']));
      const res = await upload({ name: 'work.ics', text: GOOGLE }, fields);
      assert.equal(res.statusCode, 413, res.body);
      assert.match(res.body, /The form holds more than 20 fields, more than this form has; nothing was imported\./);
    });

    it('refuses two files, a field over 64 KiB and a cut-short form with a 4xx saying so, importing nothing', async () => {
      const { upload, web } = await signedUp(api, engine);
      const { body, type } = multipart({ calendar: 'personal' }, { name: 'a.ics', text: GOOGLE });
      const twice = Buffer.concat([body.subarray(0, body.length - `--${BOUNDARY}--\r\n`.length), multipart({}, { name: 'b.ics', text: GOOGLE }).body]);
      const page = await web.get('/app/calendar/import');
      const action = /action="([^"]+)" enctype/.exec(page.body)![1]!.replaceAll('&amp;', '&');
      const post = (payload: Buffer) => api.app.inject({ method: 'POST', url: action, headers: { 'content-type': type, cookie: web.cookie(), host: 'cal.example', origin: 'https://cal.example' }, payload });
      const two = await post(twice);
      assert.equal(two.statusCode, 413, two.body);
      assert.match(two.body, /The form holds more than one file; import one calendar file at a time\./);
      const long = await upload({ name: 'a.ics', text: GOOGLE }, { calendar: 'c'.repeat(64 * 1024 + 1) });
      assert.equal(long.statusCode, 413);
      assert.match(long.body, /The field “calendar” is longer than the 65,536 bytes a field of this form may hold/);
      const cut = await post(body.subarray(0, body.length - 40));
      assert.equal(cut.statusCode, 400, cut.body);
      assert.match(cut.body, /cut short or malformed, and nothing was imported/);
      assert.doesNotMatch((await web.get('/app/calendar?date=2026-03-02')).body, /Weekly planning/);
    });

    describe('over a socket', () => {
      let server: ApiHarness['app']['server'];
      before(async () => {
        await api.app.listen({ port: 0, host: '127.0.0.1' });
        server = api.app.server;
      });
      after(() => api.app.server.closeAllConnections());

      it('sends a visitor without a session to sign in before reading their 10 MiB upload', async () => {
        const res = await rawPost(server, bigUpload('/app/calendar/import?_csrf=anything', null));
        assert.equal(res.status, 303, res.text.slice(0, 300));
        assert.match(res.text, /\r\nlocation: \/signin\?next=/i);
        assert.ok(res.serverRead < MiB, `the server read ${res.serverRead} bytes`);
      });

      it('refuses a signed-in upload without its token, or with another session\'s, with 403 before reading the body', async () => {
        const { web, action } = await signedUp(api, engine);
        const other = await signedUp(api, engine);
        for (const url of ['/app/calendar/import', other.action]) {
          const res = await rawPost(server, bigUpload(url, web.cookie()));
          assert.equal(res.status, 403, `${url}: ${res.text.slice(0, 300)}`);
          assert.match(res.text, /This form is out of date or came from another site/);
          assert.ok(res.serverRead < MiB, `${url}: the server read ${res.serverRead} bytes`);
        }
        assert.ok(action.startsWith('/app/calendar/import?_csrf='));
      });

      it('refuses a file over 10 MiB with 413: at once when its length is announced, as soon as it passes the limit when it is not', async () => {
        const { web, action } = await signedUp(api, engine);
        // Announced longer than the file's limit and the form's fields together (256 KiB): refused unread.
        // The client sends none of it and waits: the server answers on the announced length alone.
        const announced = await rawPost(server, { ...bigUpload(action, web.cookie(), MiB), start: '', end: '', sendAtMost: 0 });
        assert.equal(announced.status, 413, announced.text.slice(0, 300));
        assert.match(announced.text, /The file is larger than the 10 MiB one calendar may have; nothing was imported\./);
        assert.ok(announced.serverRead < MiB, `the server read ${announced.serverRead} bytes`);
        // Chunked, 20 MiB: read up to the limit, then refused; the other 10 MiB never read.
        // The client sends one byte more than a file may have, then waits for the answer.
        const streamed = await rawPost(server, bigUpload(action, web.cookie(), 10 * MiB, { chunked: true, sendAtMost: 10 * MiB + 1 }));
        assert.equal(streamed.status, 413, streamed.text.slice(0, 300));
        assert.match(streamed.text, /The file is larger than the 10 MiB one calendar may have/);
        assert.ok(streamed.serverRead > 10 * MiB && streamed.serverRead < 12 * MiB, `the server read ${streamed.serverRead} bytes`);
      });

      it('imports a file of just under 10 MiB sent over a socket', async () => {
        const { web, action } = await signedUp(api, engine);
        const head = GOOGLE.replace(/END:VCALENDAR\s*$/, '');
        const res = await rawPost(server, { ...bigUpload(action, web.cookie()), start: bigUpload(action, null).start! + head + 'X-FILL:', fill: 10 * MiB - head.length - 40, end: `\r\nEND:VCALENDAR\r\n\r\n--${BOUNDARY}--\r\n` });
        assert.equal(res.status, 200, res.text.slice(0, 600));
        assert.match(res.text, /4 created, 0 updated, 0 unchanged, 0 cancelled, 1 skipped\./);
      });
    });
  });
}
