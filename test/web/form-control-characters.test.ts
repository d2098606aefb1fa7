import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from '../helpers/engines.js';
import { useApi, type ApiHarness } from '../helpers/api.js';
import { webSession, type WebSession } from '../helpers/web.js';
import { bookableOwner } from '../helpers/requests.js';

/**
 * Every form of the pages refuses a field holding a control character (a NUL answered 500 on both
 * engines) with 422 and the form again, the refusal naming the field; tab, line feed and carriage
 * return are text. One check, before any handler (src/web/form-body.ts).
 */
// Monday 2026-03-30 06:00 UTC: 08:00 in Berlin.
const T0 = '2026-03-30T06:00:00Z';
let n = 0;

async function signedIn(api: ApiHarness, engine: string): Promise<{ web: WebSession; username: string }> {
  const web = webSession(api);
  const username = `ctl-${engine}-${++n}`;
  const made = await web.post('/signup', { username, name: 'Ada', timezone: 'Europe/Berlin', password: 'correct horse battery' });
  assert.equal(made.statusCode, 303, made.body);
  return { web, username };
}

const TODO = { title: 'Buy stamps', description: '', dueDate: '', dueTime: '', timezone: 'Europe/Berlin', priority: 'none', durationMinutes: '' };

function assertFormAgain(res: { statusCode: number; body: string }, action: string, field: string): void {
  assert.equal(res.statusCode, 422, res.body.slice(0, 500));
  assert.ok(res.body.includes(`action="${action}"`), `the form posting to ${action} is shown again`);
  assert.match(res.body, new RegExp(`role="alert"[^>]*>[^<]*The field “${field}” holds a control character \\(U\\+[0-9A-F]{4}\\)`), `the refusal names ${field}`);
  assert.ok(!res.body.includes('\u0000'), 'the page repeats no NUL');
}

for (const engine of ENGINES) {
  describe(`forms with a control character on ${engine}`, () => {
    const api = useApi(engine, T0);

    it('the booking form answers 422 with the form again, keeping what was typed, and sends no request', async () => {
      const { owner, typeId } = await bookableOwner(api);
      const base = { type: typeId, tz: 'Europe/Berlin', start: '2026-03-30T07:00:00Z', email: 'pat@example.com' };
      const post = (fields: Record<string, string>) =>
        api.app.inject({ method: 'POST', url: `/${owner.username}/book`, headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'cal.example', origin: 'https://cal.example' }, payload: new URLSearchParams({ ...base, ...fields }).toString() });
      const named = await post({ name: 'Pat\u0000Doe', message: 'Hello' });
      assertFormAgain(named, `/${owner.username}/book`, 'name');
      assert.match(named.body, /value="PatDoe"/, 'the name typed, without the control character');
      assert.match(named.headers['ratelimit-limit'] as string, /^\d+$/, 'the post counted against the page’s limits');
      assertFormAgain(await post({ name: 'Pat', message: 'Line one\u001b[31m' }), `/${owner.username}/book`, 'message');
      const requests = await api.rt.store.db.selectFrom('requests').select('id').where('owner_id', '=', owner.id).execute();
      assert.equal(requests.length, 0);
      const kept = await post({ name: 'Pat\tDoe', message: 'Line one\r\nLine two' });
      assert.equal(kept.statusCode, 303, kept.body);
    });

    it('a booking page address with a NUL names no page: 404, not 500', async () => {
      for (const url of ['/%00', '/ana%00', '/%00/book?start=2026-03-30T07:00:00Z']) {
        const res = await api.app.inject({ method: 'GET', url });
        assert.equal(res.statusCode, 404, `${url}: ${res.statusCode}`);
      }
    });

    it('sign-up and sign-in answer 422 with their form again naming the field', async () => {
      const web = webSession(api);
      const up = await web.post('/signup', { username: `ctl-up-${engine}`, name: 'Ada\u0000', timezone: 'Europe/Berlin', password: 'correct horse battery' });
      assertFormAgain(up, '/signup', 'name');
      assert.match(up.body, new RegExp(`value="ctl-up-${engine}"`));
      assert.equal(await api.rt.store.db.selectFrom('owners').select('id').where('username', '=', `ctl-up-${engine}`).executeTakeFirst(), undefined);
      assertFormAgain(await web.post('/signin', { username: 'ada\u0000', password: 'x' }), '/signin', 'username');
    });

    it('a console form answers 422 with its page again, the refusal naming the field, and changes nothing', async () => {
      const { web } = await signedIn(api, engine);
      assertFormAgain(await web.submit('/app/todos', { ...TODO, title: 'Buy\u0000stamps' }), '/app/todos', 'title');
      assertFormAgain(await web.submit('/app/todos', { ...TODO, description: 'bell\u0007' }), '/app/todos', 'description');
      assertFormAgain(await web.submit('/app/journal', { date: '2026-03-30', body: 'Dear diary\u0000' }), '/app/journal', 'body');
      assertFormAgain(await web.submit('/app/contacts/block', { email: 'x@example.com', phone: '', name: 'Spam\u0000' }), '/app/contacts/block', 'name');
      assertFormAgain(await web.submit('/app/developer/tokens', { name: 'cli\u0000', scopes: 'tasks:read', mode: 'live', expiry: '30' }), '/app/developer/tokens', 'name');
      assertFormAgain(
        await web.submit('/app/calendar/new', { title: 'Lunch\u0000', start_date: '2026-03-31', start_time: '12:00', end_date: '2026-03-31', end_time: '13:00', timezone: 'Europe/Berlin', calendar: 'personal', show_as: 'busy', repeat: 'none', location: '', url: '', notes: '' }),
        '/app/calendar/new',
        'title',
      );
      const todos = await web.get('/app/todos');
      assert.ok(!todos.body.includes('Buy'), 'no to-do was added');
    });

    it('an edit form is shown again for the record it edits', async () => {
      const { web } = await signedIn(api, engine);
      const added = await web.submit('/app/todos', TODO);
      assert.equal(added.statusCode, 303, added.body);
      const list = await web.get('/app/todos');
      const id = /\/app\/todos\/edit\?id=([0-9a-f-]{36})/.exec(list.body)?.[1];
      assert.ok(id);
      const refused = await web.submit('/app/todos/edit', { ...TODO, id, title: 'Buy more\u0000' });
      assertFormAgain(refused, '/app/todos/edit', 'title');
      assert.match(refused.body, /value="Buy stamps"/, 'the to-do as it is saved');
    });

    it('a control character in a field name is refused too, and a form from elsewhere is still refused first', async () => {
      const { web } = await signedIn(api, engine);
      assertFormAgain(await web.submit('/app/todos', { ...TODO, 'ti\u0000tle': 'x' }), '/app/todos', 'title');
      const foreign = await web.post('/app/todos', { ...TODO, _csrf: 'forged', title: 'Buy\u0000' });
      assert.equal(foreign.statusCode, 403);
      const anonymous = await webSession(api).post('/app/todos', { ...TODO, title: 'Buy\u0000' });
      assert.equal(anonymous.statusCode, 303);
      assert.match(String(anonymous.headers.location), /^\/signin/);
    });
  });
}
