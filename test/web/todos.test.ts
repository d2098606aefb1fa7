import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from '../helpers/engines.js';
import { useApi, type ApiHarness } from '../helpers/api.js';
import { webSession, type WebSession } from '../helpers/web.js';
import { post } from '../helpers/requests.js';
import { eventsOf } from '../../src/store/repos/outbox.js';
import { setBookingSettings } from '../../src/services/booking.js';
import { decide } from '../../src/services/requests/decisions.js';
import { requestEnv } from '../../src/services/requests/env.js';
import type { OwnerRow } from '../../src/store/schema.js';

interface Owner {
  web: WebSession;
  owner: OwnerRow;
  /** A token holding tasks:read only. */
  token: string;
}

let n = 0;

async function signedIn(api: ApiHarness, engine: string): Promise<Owner> {
  const web = webSession(api);
  const username = `todo-${engine}-${++n}`;
  const made = await web.post('/signup', { username, name: 'Ada', timezone: 'Europe/Berlin', password: 'correct horse battery' });
  assert.equal(made.statusCode, 303, made.body);
  const owner = await api.rt.store.db.selectFrom('owners').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
  return { web, owner, token: await api.token(owner, ['tasks:read']) };
}

const FORM = { title: '', description: '', dueDate: '', dueTime: '', timezone: 'Europe/Berlin', priority: 'none', durationMinutes: '' };

async function add(o: Owner, fields: Partial<typeof FORM>): Promise<string> {
  const res = await o.web.submit('/app/todos', { ...FORM, ...fields });
  assert.equal(res.statusCode, 303, res.body);
  assert.match(String(res.headers.location), /^\/app\/todos\?notice=Added/);
  return res.headers.location as string;
}

async function tasks(api: ApiHarness, o: Owner, query = ''): Promise<{ data: Record<string, unknown>[]; deleted?: { id: string; deletedAt: string }[] }> {
  const res = await api.get(`/api/v1/tasks${query}`, o.token);
  assert.equal(res.statusCode, 200, res.body);
  return res.json();
}

async function taskNamed(api: ApiHarness, o: Owner, title: string): Promise<Record<string, unknown>> {
  const found = (await tasks(api, o)).data.find((t) => t.title === title);
  assert.ok(found, `${title} is listed`);
  return found;
}

const eventTypes = async (api: ApiHarness, o: Owner) => (await eventsOf(api.rt.store.db, o.owner.id)).map((e) => [e.type, (e.data as { id?: string }).id]);

/** The titles of the open list, in the page's order. */
async function openOrder(o: Owner): Promise<string[]> {
  const page = await o.web.get('/app/todos');
  assert.equal(page.statusCode, 200);
  const open = page.body.slice(page.body.indexOf('id="open-heading"'), page.body.indexOf('id="done-heading"'));
  return [...open.matchAll(/<a href="\/app\/todos\/edit\?id=[^"]+">([^<]+)<\/a>/g)].map((m) => m[1]!);
}

const idOf = async (api: ApiHarness, o: Owner, title: string) => (await taskNamed(api, o, title)).id as string;

for (const engine of ENGINES) {
  describe(`the console's to-dos on ${engine}`, () => {
    const api = useApi(engine, '2026-03-29T00:30:00Z');

    it('a to-do added through the form is read by a tasks:read token with every field, and task.created is recorded', async () => {
      api.clock.set('2026-03-29T00:30:00Z');
      const o = await signedIn(api, engine);
      await add(o, { title: '  Buy stamps ', description: 'At the post office\r\nbefore noon', dueDate: '2026-04-02', dueTime: '11:30', timezone: 'America/New_York', priority: 'high', durationMinutes: '20' });
      await add(o, { title: 'Call the bank', dueDate: '2026-04-03', timezone: '' });
      await add(o, { title: 'Someday' });
      const list = await o.web.get('/app/todos');
      assert.match(list.body, /Buy stamps/);
      assert.match(list.body, /America\/New_York/, 'a due time in another zone names the zone');
      const { id, ...stamps } = await taskNamed(api, o, 'Buy stamps');
      assert.deepEqual(stamps, {
        title: 'Buy stamps',
        description: 'At the post office\nbefore noon',
        dueDate: '2026-04-02',
        dueTime: '11:30',
        timezone: 'America/New_York',
        priority: 'high',
        status: 'open',
        completedAt: null,
        fromRequester: null,
        requestId: null,
        durationMinutes: 20,
        updatedAt: '2026-03-29T00:30:00Z',
      });
      const bank = await taskNamed(api, o, 'Call the bank');
      assert.equal(bank.timezone, 'Europe/Berlin', "a due date without a zone is in the owner's zone");
      assert.equal(bank.dueTime, null);
      const someday = await taskNamed(api, o, 'Someday');
      assert.deepEqual([someday.dueDate, someday.timezone, someday.priority, someday.description, someday.durationMinutes], [null, null, 'none', null, null]);
      const recorded = await eventsOf(api.rt.store.db, o.owner.id);
      assert.deepEqual(recorded.map((e) => e.type), ['task.created', 'task.created', 'task.created']);
      assert.deepEqual(recorded.find((e) => (e.data as { id?: string }).id === id)?.data, { object: 'task', id });
    });

    it('an edit records task.updated once; saving the form unchanged records nothing and keeps updatedAt', async () => {
      api.clock.set('2026-03-29T08:00:00Z');
      const o = await signedIn(api, engine);
      await add(o, { title: 'Water plants', description: 'The ferns\r\nand the cactus', dueDate: '2026-03-30', priority: 'low' });
      const id = await idOf(api, o, 'Water plants');
      const form = await o.web.get(`/app/todos/edit?id=${id}`);
      assert.equal(form.statusCode, 200);
      assert.match(form.body, /value="Water plants"/);
      assert.match(form.body, /<option value="low" selected>/);
      api.clock.set('2026-03-29T09:00:00Z');
      const edited = { ...FORM, id, title: 'Water all plants', description: 'The ferns\r\nand the cactus', dueDate: '2026-03-30', priority: 'medium' };
      const saved = await o.web.submit('/app/todos/edit', edited);
      assert.equal(saved.statusCode, 303);
      assert.match(decodeURIComponent(String(saved.headers.location)), /Saved “Water all plants”/);
      const after = await taskNamed(api, o, 'Water all plants');
      assert.equal(after.priority, 'medium');
      assert.equal(after.updatedAt, '2026-03-29T09:00:00Z');
      api.clock.set('2026-03-29T10:00:00Z');
      const again = await o.web.submit('/app/todos/edit', edited);
      assert.equal(again.statusCode, 303);
      assert.match(decodeURIComponent(String(again.headers.location)), /Nothing changed/);
      assert.equal((await taskNamed(api, o, 'Water all plants')).updatedAt, '2026-03-29T09:00:00Z');
      assert.deepEqual(await eventTypes(api, o), [['task.created', id], ['task.updated', id]]);
    });

    it('completing records task.completed and the API says completed at that instant; reopening makes it open again (task.updated)', async () => {
      api.clock.set('2026-03-29T11:00:00Z');
      const o = await signedIn(api, engine);
      await add(o, { title: 'File taxes' });
      const id = await idOf(api, o, 'File taxes');
      api.clock.set('2026-03-29T12:15:00Z');
      const done = await o.web.submit('/app/todos/complete', { id });
      assert.equal(done.statusCode, 303);
      let t = await taskNamed(api, o, 'File taxes');
      assert.deepEqual([t.status, t.completedAt, t.updatedAt], ['completed', '2026-03-29T12:15:00Z', '2026-03-29T12:15:00Z']);
      const page = await o.web.get('/app/todos');
      assert.deepEqual(await openOrder(o), []);
      assert.match(page.body, /Reopen “File taxes”/);
      api.clock.set('2026-03-29T13:00:00Z');
      assert.equal((await o.web.submit('/app/todos/reopen', { id })).statusCode, 303);
      t = await taskNamed(api, o, 'File taxes');
      assert.deepEqual([t.status, t.completedAt, t.updatedAt], ['open', null, '2026-03-29T13:00:00Z']);
      assert.deepEqual(await openOrder(o), ['File taxes']);
      assert.deepEqual(await eventTypes(api, o), [['task.created', id], ['task.completed', id], ['task.updated', id]]);
    });

    it('reordering changes the order of the page only: no event, and updatedAt stays in the API', async () => {
      api.clock.set('2026-03-29T14:00:00Z');
      const o = await signedIn(api, engine);
      for (const title of ['Alpha', 'Bravo', 'Charlie', 'Delta']) await add(o, { title });
      assert.deepEqual(await openOrder(o), ['Alpha', 'Bravo', 'Charlie', 'Delta']);
      const [a, c, d] = [await idOf(api, o, 'Alpha'), await idOf(api, o, 'Charlie'), await idOf(api, o, 'Delta')];
      api.clock.set('2026-03-29T15:00:00Z');
      assert.equal((await o.web.submit('/app/todos/move', { id: c, move: 'up' })).statusCode, 303);
      assert.deepEqual(await openOrder(o), ['Alpha', 'Charlie', 'Bravo', 'Delta']);
      assert.equal((await o.web.submit('/app/todos/move', { id: a, move: 'down' })).statusCode, 303);
      assert.deepEqual(await openOrder(o), ['Charlie', 'Alpha', 'Bravo', 'Delta']);
      assert.equal((await o.web.submit('/app/todos/move', { id: d, position: '1' })).statusCode, 303);
      assert.deepEqual(await openOrder(o), ['Delta', 'Charlie', 'Alpha', 'Bravo']);
      const out = await o.web.submit('/app/todos/move', { id: d, position: '9' });
      assert.equal(out.statusCode, 422);
      assert.match(out.body, /position must be a whole number from 1 to 4/);
      // A done one is not in the order; reopened, it goes last.
      await o.web.submit('/app/todos/complete', { id: c });
      const stuck = await o.web.submit('/app/todos/move', { id: c, move: 'up' });
      assert.equal(stuck.statusCode, 422);
      assert.match(stuck.body, /Only open to-dos can be moved/);
      assert.deepEqual(await openOrder(o), ['Delta', 'Alpha', 'Bravo']);
      const listed = await tasks(api, o);
      assert.deepEqual(
        listed.data.filter((t) => t.title !== 'Charlie').map((t) => t.updatedAt),
        ['2026-03-29T14:00:00Z', '2026-03-29T14:00:00Z', '2026-03-29T14:00:00Z'],
      );
      assert.deepEqual((await eventTypes(api, o)).map(([type]) => type), ['task.created', 'task.created', 'task.created', 'task.created', 'task.completed']);
    });

    it('deleting records task.deleted; the API lists a deleted marker with includeDeleted=true and the page no longer shows it', async () => {
      api.clock.set('2026-03-29T16:00:00Z');
      const o = await signedIn(api, engine);
      await add(o, { title: 'Old idea' });
      await add(o, { title: 'Keep me' });
      const id = await idOf(api, o, 'Old idea');
      api.clock.set('2026-03-29T16:30:00Z');
      const gone = await o.web.submit('/app/todos/delete', { id });
      assert.equal(gone.statusCode, 303);
      assert.match(decodeURIComponent(String(gone.headers.location)), /Deleted “Old idea”/);
      assert.deepEqual(await openOrder(o), ['Keep me']);
      const listed = await tasks(api, o, '?includeDeleted=true');
      assert.deepEqual(listed.data.map((t) => t.title), ['Keep me']);
      assert.deepEqual(listed.deleted, [{ id, deletedAt: '2026-03-29T16:30:00Z' }]);
      assert.equal((await api.get(`/api/v1/tasks/${id}`, o.token)).statusCode, 404);
      assert.deepEqual((await eventTypes(api, o)).at(-1), ['task.deleted', id]);
      const edit = await o.web.get(`/app/todos/edit?id=${id}`);
      assert.equal(edit.statusCode, 303, 'its edit page is gone');
    });

    it("a to-do's zone is taken in any case and kept as the tz database spells it; a refused form shows it chosen; a name outside the database is refused", async () => {
      api.clock.set('2026-03-29T18:00:00Z');
      const o = await signedIn(api, engine);
      const chosen = (body: string) => [...body.matchAll(/<option( selected)?>([^<]+)<\/option>/g)].filter((m) => m[1]).map((m) => m[2]);
      // 09:00 in New York on the day after Europe's clocks went forward (New York's went on the 8th).
      await add(o, { title: 'Stand-up', dueDate: '2026-03-30', dueTime: '09:00', timezone: 'america/new_york' });
      assert.equal((await taskNamed(api, o, 'Stand-up')).timezone, 'America/New_York');
      const refused = await o.web.submit('/app/todos', { ...FORM, title: '   ', timezone: 'asia/tokyo' });
      assert.equal(refused.statusCode, 422);
      assert.deepEqual(chosen(refused.body), ['Asia/Tokyo']);
      assert.doesNotMatch(refused.body, /asia\/tokyo/, 'the zone is offered once, as the list spells it');
      const unknown = await o.web.submit('/app/todos', { ...FORM, title: 'Call', dueDate: '2026-03-30', dueTime: '10:00', timezone: 'systemv/pst8' });
      assert.equal(unknown.statusCode, 422);
      assert.match(unknown.body, /The time zone must be an IANA zone name such as Europe\/Berlin/);
      assert.deepEqual((await tasks(api, o)).data.map((t) => t.title), ['Stand-up']);
    });

    it('a wrong field re-renders the form (422) with the message and what was typed; nothing is recorded', async () => {
      api.clock.set('2026-03-29T17:00:00Z');
      const o = await signedIn(api, engine);
      const empty = await o.web.submit('/app/todos', { ...FORM, title: '   ' });
      assert.equal(empty.statusCode, 422);
      assert.match(empty.body, /role="alert">The title must be 1 to 500 characters/);
      const timeOnly = await o.web.submit('/app/todos', { ...FORM, title: 'Dentist <3', dueTime: '09:00' });
      assert.equal(timeOnly.statusCode, 422);
      assert.match(timeOnly.body, /A due time needs a due date/);
      assert.match(timeOnly.body, /value="Dentist &lt;3"/, 'what was typed is kept, escaped');
      const minutes = await o.web.submit('/app/todos', { ...FORM, title: 'Run', durationMinutes: '0' });
      assert.equal(minutes.statusCode, 422);
      assert.match(minutes.body, /duration must be a whole number of minutes/);
      await add(o, { title: 'Fine' });
      const id = await idOf(api, o, 'Fine');
      const badEdit = await o.web.submit('/app/todos/edit', { ...FORM, id, title: 'Fine', priority: 'urgent' });
      assert.equal(badEdit.statusCode, 422);
      assert.match(badEdit.body, /priority must be none, low, medium or high/);
      // Another owner's to-do is not there for this owner.
      const other = await signedIn(api, engine);
      const foreign = await other.web.submit('/app/todos/complete', { id });
      assert.equal(foreign.statusCode, 422);
      assert.match(foreign.body, /does not exist/);
      assert.equal((await taskNamed(api, o, 'Fine')).status, 'open');
      assert.deepEqual((await eventTypes(api, o)).map(([type]) => type), ['task.created']);
      assert.deepEqual(await eventTypes(api, other), []);
    });

    it('a to-do from a task request shows who asked, and completing it completes the request too', async () => {
      api.clock.set('2026-03-29T18:00:00Z');
      const o = await signedIn(api, engine);
      await setBookingSettings(api.rt.store.db, api.clock, o.owner.id, { enabled: true, appointmentTypes: [{ name: 'Call', durationMinutes: 30 }] });
      const asker = await api.token(o.owner, ['requests:create', 'requests:read']);
      const made = await post(api, '/api/v1/requests/tasks', asker, { message: 'Please review my draft', requester: { name: 'Grace Hopper', email: 'grace@example.com' }, requesterTimezone: 'Europe/Berlin', requesterLocale: 'en' });
      assert.equal(made.statusCode, 201, made.body);
      const requestId = made.json().request.id as string;
      await decide(requestEnv(api.rt), o.owner.id, requestId, { action: 'accept' }, { undoWindow: false });
      const page = await o.web.get('/app/todos');
      assert.match(page.body, /from Grace Hopper/);
      const todo = (await tasks(api, o)).data.find((t) => t.requestId === requestId);
      assert.ok(todo);
      assert.equal((await o.web.submit('/app/todos/complete', { id: todo.id as string })).statusCode, 303);
      assert.equal((await api.get(`/api/v1/requests/${requestId}`, asker)).json().status, 'completed');
      assert.equal((await taskNamed(api, o, todo.title as string)).status, 'completed');
    });
  });
}
