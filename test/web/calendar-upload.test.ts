import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useApi, type ApiHarness } from '../helpers/api.js';
import { ENGINES } from '../helpers/engines.js';
import { calendarText } from '../helpers/ical-text.js';
import { webSession } from '../helpers/web.js';

/** A browser's multipart/form-data post of the import form: the CSRF token, the calendar, one file. */
function multipart(fields: Record<string, string>, file: { name: string; text: string } | null): { body: Buffer; type: string } {
  const boundary = '----calendar-upload-test';
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
  const csrf = /name="_csrf" value="([^"]+)"/.exec(page.body)![1]!;
  const upload = async (file: { name: string; text: string } | null) => {
    const { body, type } = multipart({ _csrf: csrf, calendar: 'personal' }, file);
    return api.app.inject({ method: 'POST', url: '/app/calendar/import', headers: { 'content-type': type, cookie: web.cookie(), host: 'cal.example', origin: 'http://cal.example' }, payload: body });
  };
  return { web, upload, page };
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
  });
}
