import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from '../helpers/engines.js';
import { ALL_SCOPES, useApi, type ApiHarness } from '../helpers/api.js';
import { webSession, type WebSession } from '../helpers/web.js';
import { eventsOf } from '../../src/store/repos/outbox.js';
import type { OwnerRow } from '../../src/store/schema.js';

const MARKER = 'JOURNAL-TEXT-5d1e08';

let n = 0;

async function signedIn(api: ApiHarness, engine: string, timezone: string): Promise<{ web: WebSession; owner: OwnerRow }> {
  const web = webSession(api);
  const username = `journal-${engine}-${++n}`;
  const made = await web.post('/signup', { username, name: 'Ada', timezone, password: 'correct horse battery' });
  assert.equal(made.statusCode, 303, made.body);
  const owner = await api.rt.store.db.selectFrom('owners').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
  return { web, owner };
}

/** The entries' dates in the page's order. */
const datesOnPage = (body: string) => [...body.matchAll(/<h3 id="entry-[^"]+"><time datetime="([^"]+)">/g)].map((m) => m[1]);
const entryIdOf = (body: string, text: string): string => {
  const at = body.indexOf(text);
  assert.ok(at > 0, `${text} is on the page`);
  const ids = [...body.slice(0, at).matchAll(/<h3 id="entry-([^"]+)">/g)];
  return ids.at(-1)![1]!;
};
const noticeOf = (location: unknown) => decodeURIComponent(String(location));

for (const engine of ENGINES) {
  describe(`the console's journal on ${engine}`, () => {
    // 00:30 UTC on 29 March is still the 28th in Los Angeles.
    const api = useApi(engine, '2026-03-29T00:30:00Z');

    it("offers today's date in the owner's zone, and lists entries by date, newest first", async () => {
      const { web } = await signedIn(api, engine, 'America/Los_Angeles');
      const empty = await web.get('/app/journal');
      assert.equal(empty.statusCode, 200);
      assert.match(empty.body, /<input id="date" name="date" type="date" required value="2026-03-28">/);
      assert.match(empty.body, /No entries yet/);
      for (const [date, body] of [['2026-03-20', 'A quiet day'], ['2026-03-28', 'Today, at last'], ['2026-03-27', 'Yesterday']]) {
        const saved = await web.submit('/app/journal', { date: date!, body: body! });
        assert.equal(saved.statusCode, 303, saved.body);
        assert.match(noticeOf(saved.headers.location), /Entry saved/);
      }
      const page = await web.get('/app/journal');
      assert.deepEqual(datesOnPage(page.body), ['2026-03-28', '2026-03-27', '2026-03-20']);
      assert.match(page.body, /Saturday, March 28, 2026/);
    });

    it('writes, edits and deletes an entry; an unchanged save changes nothing; a wrong field re-renders with its message', async () => {
      const { web } = await signedIn(api, engine, 'Europe/Berlin');
      const blank = await web.submit('/app/journal', { date: '2026-03-29', body: '  \r\n ' });
      assert.equal(blank.statusCode, 422);
      assert.match(blank.body, /role="alert">Write something first/);
      const badDate = await web.submit('/app/journal', { date: '2026-02-30', body: 'Kept <b>text</b>' });
      assert.equal(badDate.statusCode, 422);
      assert.match(badDate.body, /The date must be a date/);
      assert.match(badDate.body, /Kept &lt;b&gt;text&lt;\/b&gt;<\/textarea>/, 'what was typed is kept, escaped');

      assert.equal((await web.submit('/app/journal', { date: '2026-03-29', body: 'First draft\r\nwith two lines' })).statusCode, 303);
      let page = await web.get('/app/journal');
      assert.match(page.body, /First draft\nwith two lines/);
      const id = entryIdOf(page.body, 'First draft');
      const form = await web.get(`/app/journal/edit?id=${id}`);
      assert.equal(form.statusCode, 200);
      assert.match(form.body, /value="2026-03-29"/);
      assert.match(form.body, /First draft\nwith two lines<\/textarea>/);

      const edited = await web.submit('/app/journal/edit', { id, date: '2026-03-28', body: 'Second draft\r\nwith two lines' });
      assert.equal(edited.statusCode, 303);
      assert.match(noticeOf(edited.headers.location), /Entry saved/);
      const same = await web.submit('/app/journal/edit', { id, date: '2026-03-28', body: 'Second draft\r\nwith two lines' });
      assert.match(noticeOf(same.headers.location), /Nothing changed/);
      page = await web.get('/app/journal');
      assert.doesNotMatch(page.body, /First draft/);
      assert.match(page.body, /Second draft/);
      assert.deepEqual(datesOnPage(page.body), ['2026-03-28']);
      const badEdit = await web.submit('/app/journal/edit', { id, date: '2026-03-28', body: 'x'.repeat(20_001) });
      assert.equal(badEdit.statusCode, 422);
      assert.match(badEdit.body, /at most 20,000 characters/);

      const unconfirmed = await web.submit('/app/journal/delete', { id });
      assert.equal(unconfirmed.statusCode, 422);
      assert.match(unconfirmed.body, /Tick “Yes, delete it for good”/);
      const deleted = await web.submit('/app/journal/delete', { id, confirm: 'yes' });
      assert.equal(deleted.statusCode, 303);
      assert.match(noticeOf(deleted.headers.location), /Entry deleted/);
      page = await web.get('/app/journal');
      assert.doesNotMatch(page.body, /Second draft/);
      assert.deepEqual(datesOnPage(page.body), []);
      assert.equal((await web.get(`/app/journal/edit?id=${id}`)).statusCode, 303, 'its edit page is gone');
    });

    it("another owner can neither read, edit nor delete an entry", async () => {
      const mine = await signedIn(api, engine, 'Europe/Berlin');
      await mine.web.submit('/app/journal', { date: '2026-03-29', body: 'Private thoughts' });
      const id = entryIdOf((await mine.web.get('/app/journal')).body, 'Private thoughts');
      const other = await signedIn(api, engine, 'Europe/Berlin');
      const read = await other.web.get(`/app/journal/edit?id=${id}`);
      assert.equal(read.statusCode, 303);
      assert.doesNotMatch((await other.web.get('/app/journal')).body, /Private thoughts/);
      assert.equal((await other.web.submit('/app/journal/edit', { id, date: '2026-03-29', body: 'Overwritten' })).statusCode, 303);
      assert.equal((await other.web.submit('/app/journal/delete', { id, confirm: 'yes' })).statusCode, 303);
      assert.match((await mine.web.get('/app/journal')).body, /Private thoughts/);
    });

    it('records no webhook event at all, and no API route shows its text to a token holding every scope', async () => {
      const { web, owner } = await signedIn(api, engine, 'Europe/Berlin');
      const token = await api.token(owner, ALL_SCOPES);
      await web.submit('/app/journal', { date: '2026-03-28', body: `${MARKER} one` });
      await web.submit('/app/journal', { date: '2026-03-29', body: `${MARKER} two` });
      const page = await web.get('/app/journal');
      const [a, b] = [entryIdOf(page.body, `${MARKER} two`), entryIdOf(page.body, `${MARKER} one`)];
      await web.submit('/app/journal/edit', { id: a, date: '2026-03-29', body: `${MARKER} two, edited` });
      await web.submit('/app/journal/delete', { id: b, confirm: 'yes' });
      assert.deepEqual(await eventsOf(api.rt.store.db, owner.id), []);
      for (const url of [
        '/api/v1/me',
        '/api/v1/tasks?includeDeleted=true',
        '/api/v1/events?from=2026-03-01T00:00:00Z&to=2026-04-30T00:00:00Z&includeDeleted=true',
        '/api/v1/webhook-events?since=2026-03-01T00:00:00Z',
        `/api/v1/tasks/${a}`,
        `/api/v1/events/${a}`,
      ]) {
        const res = await api.get(url, token);
        assert.ok(res.statusCode === 200 || res.statusCode === 404, `${url}: ${res.statusCode}`);
        assert.doesNotMatch(res.body, new RegExp(MARKER), url);
        assert.ok(!res.body.includes(a), `${url} does not know the entry's id`);
      }
      assert.equal((await api.get('/api/v1/journal', token)).statusCode, 404);
    });
  });
}
