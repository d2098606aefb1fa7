import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { webSession } from '../helpers/web.js';

/**
 * A refused form's error is tied to the field it is about (issue #15 point 4): the message at the
 * top of the form has an id, and the field is `aria-invalid` and `aria-describedby` it (with its
 * hint, when it has one), so a screen reader reads the error with the field. Fields that are fine
 * are not marked.
 */
function fieldTag(body: string, id: string): string {
  const tag = new RegExp(`<(?:input|select|textarea)[^>]*\\sid="${id}"[^>]*>`).exec(body)?.[0];
  assert.ok(tag, `a field #${id}`);
  return tag;
}

function assertTied(body: string, id: string, hint?: string): void {
  assert.match(body, /<p class="[^"]*" id="form-error" role="alert">/, 'the error has its id');
  const tag = fieldTag(body, id);
  assert.match(tag, /\saria-invalid="true"/, `#${id} is invalid: ${tag}`);
  assert.match(tag, new RegExp(`\\saria-describedby="form-error${hint ? ` ${hint}` : ''}"`), `#${id} is described by the error: ${tag}`);
}

function assertFine(body: string, id: string): void {
  assert.doesNotMatch(fieldTag(body, id), /aria-invalid/, `#${id} is not marked`);
}

for (const engine of ENGINES) {
  describe(`form errors tied to their fields, on ${engine}`, () => {
    const api = useApi(engine, '2026-03-29T00:30:00Z');

    it('marks the sign-up field a refusal is about, and keeps the hints tied to theirs', async () => {
      const fresh = await api.get('/signup');
      assert.match(fieldTag(fresh.body, 'username'), /aria-describedby="username-hint"/);
      assert.match(fieldTag(fresh.body, 'password'), /aria-describedby="password-hint"/);
      assertFine(fresh.body, 'username');

      const web = webSession(api);
      const first = await web.post('/signup', { username: `fe-${engine}`, name: 'Ada', timezone: 'UTC', password: 'correct horse battery' });
      assert.equal(first.statusCode, 303, first.body);
      const taken = await webSession(api).post('/signup', { username: `fe-${engine}`, name: 'Bo', timezone: 'UTC', password: 'correct horse battery' });
      assert.equal(taken.statusCode, 422);
      assertTied(taken.body, 'username', 'username-hint');
      assertFine(taken.body, 'name');
      assertFine(taken.body, 'password');

      const short = await webSession(api).post('/signup', { username: `fe2-${engine}`, name: 'Bo', timezone: 'UTC', password: 'short' });
      assert.equal(short.statusCode, 422);
      assertTied(short.body, 'password', 'password-hint');
      assertFine(short.body, 'username');

      const zone = await webSession(api).post('/signup', { username: `fe3-${engine}`, name: 'Bo', timezone: 'Mars/Olympus', password: 'correct horse battery' });
      assert.equal(zone.statusCode, 422);
      assertTied(zone.body, 'timezone');
    });

    it('marks both sign-in fields when the pair does not match', async () => {
      const res = await webSession(api).post('/signin', { username: 'nobody-here', password: 'not the password' });
      assert.equal(res.statusCode, 422);
      assertTied(res.body, 'username');
      assertTied(res.body, 'password');
    });

    it('marks the console form\'s field the service names', async () => {
      const web = webSession(api);
      await web.post('/signup', { username: `fc-${engine}`, name: 'Cy', timezone: 'UTC', password: 'correct horse battery' });
      const res = await web.submit('/app/calendar/new', { title: '', start_date: '2026-03-30', start_time: '10:00', end_time: '11:00', timezone: 'UTC', calendar: 'default' });
      assert.equal(res.statusCode, 422, res.body.slice(0, 300));
      assertTied(res.body, 'title');
      assertFine(res.body, 'location');
    });
  });
}
