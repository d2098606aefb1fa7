import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { ENGINES } from '../helpers/engines.js';
import { useApi, type ApiHarness } from '../helpers/api.js';
import { seedRequest, seedTask } from '../helpers/seed.js';
import { cursorExpiry } from '../../src/domain/cursor.js';
import { assertError, DAY, FIELDS, keys, shift, withoutRequestId } from './expect.js';

interface TaskJson {
  id: string;
  title: string;
  status: string;
  dueDate: string | null;
  updatedAt: string;
  completedAt: string | null;
}
interface PageJson {
  data: TaskJson[];
  nextCursor: string | null;
  deleted?: { id: string; deletedAt: string }[];
}

/** Walks every page of /tasks with `query`, returning the pages as answered. */
async function walk(api: ApiHarness, token: string, query: string): Promise<PageJson[]> {
  const pages: PageJson[] = [];
  let cursor: string | null = null;
  do {
    const url: string = `/api/v1/tasks?${query}${cursor ? `&cursor=${cursor}` : ''}`;
    const res = await api.get(url, token);
    assert.equal(res.statusCode, 200, res.body);
    const page = res.json() as PageJson;
    pages.push(page);
    cursor = page.nextCursor;
    assert.ok(pages.length < 50, 'paging does not end');
  } while (cursor);
  return pages;
}

for (const engine of ENGINES) {
  describe(`GET /tasks and /tasks/{id} on ${engine}`, () => {
    const api = useApi(engine);
    const db = () => api.rt.store.db;
    const now = () => api.clock.now();

    describe('GET /tasks', () => {
      async function ownerWithToken(timezone = 'Europe/Berlin', scopes = ['tasks:read']) {
        const owner = await api.owner(timezone);
        return { owner, token: await api.token(owner, scopes) };
      }

      it('lists open and completed to-dos, oldest change first, each with exactly the fields of the spec', async () => {
        const { owner, token } = await ownerWithToken();
        const b = await seedTask(db(), owner.id, { title: 'B', updatedAt: '2026-03-20T10:00:00Z' });
        const a = await seedTask(db(), owner.id, { title: 'A', updatedAt: '2026-03-02T08:00:00Z', completedAt: '2026-03-02T08:00:00Z' });
        const c = await seedTask(db(), owner.id, { title: 'C', updatedAt: '2026-03-28T23:59:59.250Z' });
        const res = await api.get('/api/v1/tasks', token);
        assert.equal(res.statusCode, 200);
        const body = res.json() as PageJson;
        assert.deepEqual(keys(body), FIELDS.page);
        assert.deepEqual(body.data.map((t) => t.id), [a, b, c]);
        assert.deepEqual(body.data.map((t) => [t.status, t.completedAt, t.updatedAt]), [
          ['completed', '2026-03-02T08:00:00Z', '2026-03-02T08:00:00Z'],
          ['open', null, '2026-03-20T10:00:00Z'],
          ['open', null, '2026-03-28T23:59:59.250Z'],
        ]);
        for (const t of body.data) assert.deepEqual(keys(t), FIELDS.task);
        assert.equal(body.nextCursor, null);
      });

      it('returns every field as stored: local due date, time and zone untouched by any zone', async () => {
        const { owner, token } = await ownerWithToken('Pacific/Auckland');
        const requestId = randomUUID();
        const id = await seedTask(db(), owner.id, {
          title: 'Call the plumber', description: 'Kitchen sink', dueDate: '2026-03-29', dueTime: '23:30', timezone: 'Pacific/Auckland',
          priority: 'high', fromRequester: 'Ada Lovelace', requestId, durationMinutes: 45, updatedAt: '2026-03-28T11:00:00Z',
        });
        const la = await seedTask(db(), owner.id, { title: 'LA', dueDate: '2026-01-01', dueTime: '00:00', timezone: 'America/Los_Angeles', updatedAt: '2026-03-28T12:00:00Z' });
        const res = await api.get(`/api/v1/tasks/${id}`, token);
        assert.deepEqual(res.json(), {
          id, title: 'Call the plumber', description: 'Kitchen sink', dueDate: '2026-03-29', dueTime: '23:30', timezone: 'Pacific/Auckland',
          priority: 'high', status: 'open', completedAt: null, fromRequester: 'Ada Lovelace', requestId, durationMinutes: 45,
          updatedAt: '2026-03-28T11:00:00Z',
        });
        const list = (await api.get('/api/v1/tasks', token)).json() as PageJson;
        assert.deepEqual(list.data.map((t) => [t.id, t.dueDate]), [[id, '2026-03-29'], [la, '2026-01-01']]);
        assert.equal((list.data[1] as unknown as { dueTime: string }).dueTime, '00:00');
      });

      it('never lists or answers another owner\'s to-dos', async () => {
        const { owner, token } = await ownerWithToken();
        const other = await api.owner('America/New_York');
        const mine = await seedTask(db(), owner.id, { title: 'mine' });
        const theirs = await seedTask(db(), other.id, { title: 'theirs' });
        const list = (await api.get('/api/v1/tasks?includeDeleted=true', token)).json() as PageJson;
        assert.deepEqual(list.data.map((t) => t.id), [mine]);
        const unknown = await api.get(`/api/v1/tasks/${randomUUID()}`, token);
        const foreign = await api.get(`/api/v1/tasks/${theirs}`, token);
        assertError(unknown, 404, 'not_found');
        assertError(foreign, 404, 'not_found');
        assert.deepEqual(withoutRequestId(foreign), withoutRequestId(unknown));
      });

      it('filters by status open or completed', async () => {
        const { owner, token } = await ownerWithToken();
        const open = await seedTask(db(), owner.id, { updatedAt: '2026-03-10T00:00:00Z' });
        const done = await seedTask(db(), owner.id, { completedAt: '2026-03-11T00:00:00Z', updatedAt: '2026-03-11T00:00:00Z' });
        const ids = async (q: string) => ((await api.get(`/api/v1/tasks?${q}`, token)).json() as PageJson).data.map((t) => t.id);
        assert.deepEqual(await ids('status=open'), [open]);
        assert.deepEqual(await ids('status=completed'), [done]);
        assert.deepEqual(await ids(''), [open, done]);
      });

      it('filters by due date, both ends inclusive, leaving out to-dos without one', async () => {
        const { owner, token } = await ownerWithToken('America/Los_Angeles');
        const seed = (dueDate: string | null, minute: number) =>
          seedTask(db(), owner.id, { dueDate, timezone: 'America/Los_Angeles', updatedAt: `2026-03-10T00:${String(minute).padStart(2, '0')}:00Z` });
        const d31 = await seed('2026-03-31', 1);
        const d01 = await seed('2026-04-01', 2);
        const d15 = await seed('2026-04-15', 3);
        const d30 = await seed('2026-04-30', 4);
        await seed(null, 5);
        const ids = async (q: string) => ((await api.get(`/api/v1/tasks?${q}`, token)).json() as PageJson).data.map((t) => t.id);
        assert.deepEqual(await ids('dueFrom=2026-04-01&dueTo=2026-04-15'), [d01, d15]);
        assert.deepEqual(await ids('dueFrom=2026-04-15'), [d15, d30]);
        assert.deepEqual(await ids('dueTo=2026-03-31'), [d31]);
        assert.deepEqual(await ids('dueFrom=2026-04-16&dueTo=2026-04-29'), []);
        assertError(await api.get('/api/v1/tasks?dueFrom=2026-04-15&dueTo=2026-04-01', token), 422, 'invalid_input', 'dueTo');
      });

      it('lists a completed to-do for 90 days after its completion, then no more', async () => {
        const { owner, token } = await ownerWithToken();
        const t0 = now();
        const recent = await seedTask(db(), owner.id, { completedAt: shift(t0, -89), updatedAt: shift(t0, -89) });
        await seedTask(db(), owner.id, { completedAt: shift(t0, -90, -1000), updatedAt: shift(t0, -90, -1000) });
        const open = await seedTask(db(), owner.id, { updatedAt: shift(t0, -200) });
        const ids = async () => ((await api.get('/api/v1/tasks', token)).json() as PageJson).data.map((t) => t.id);
        assert.deepEqual(await ids(), [open, recent]);
        assert.equal((await api.get(`/api/v1/tasks?status=completed`, token)).json().data.length, 1);
        api.clock.advance(DAY + 1000);
        try {
          assert.deepEqual(await ids(), [open], 'an open to-do is listed however old its last change');
        } finally {
          api.clock.set(t0);
        }
      });

      it('answers a page asked again with every change made since, whoever wrote it: a new, renamed, completed and deleted to-do', async () => {
        const { owner, token } = await ownerWithToken('Asia/Kolkata');
        const t0 = now();
        const a = await seedTask(db(), owner.id, { title: 'A', updatedAt: shift(t0, -3) });
        const b = await seedTask(db(), owner.id, { title: 'B', updatedAt: shift(t0, -2) });
        const read = async () => {
          const page = (await api.get('/api/v1/tasks?includeDeleted=true&limit=2', token)).json() as PageJson;
          return { titles: page.data.map((t) => `${t.title} ${t.status}`), deleted: page.deleted!.map((m) => m.id), more: page.nextCursor !== null };
        };
        assert.deepEqual(await read(), { titles: ['A open', 'B open'], deleted: [], more: false });
        assert.deepEqual(await read(), { titles: ['A open', 'B open'], deleted: [], more: false });
        const c = await seedTask(db(), owner.id, { title: 'C', updatedAt: shift(t0, -1) });
        assert.deepEqual(await read(), { titles: ['A open', 'B open'], deleted: [], more: true });
        // Written as another process would: straight to the table.
        await db().updateTable('tasks').set({ title: 'A2', updated_at: new Date(shift(t0, -2.5)) }).where('id', '=', a).execute();
        assert.deepEqual(await read(), { titles: ['A2 open', 'B open'], deleted: [], more: true });
        await db().updateTable('tasks').set({ status: 'completed', completed_at: t0, updated_at: t0 }).where('id', '=', b).execute();
        assert.deepEqual(await read(), { titles: ['A2 open', 'C open'], deleted: [], more: true });
        await db().updateTable('tasks').set({ deleted_at: new Date(shift(t0, -0.5)), updated_at: new Date(shift(t0, -0.5)) }).where('id', '=', c).execute();
        assert.deepEqual(await read(), { titles: ['A2 open'], deleted: [c], more: true });
      });

      it('keeps a deletion marker exactly 30 days and a completed to-do exactly 90, also in a page asked again', async () => {
        const { owner, token } = await ownerWithToken('America/Sao_Paulo');
        const t0 = now();
        const done = await seedTask(db(), owner.id, { completedAt: shift(t0, -88), updatedAt: shift(t0, -88) });
        const gone = await seedTask(db(), owner.id, { deletedAt: shift(t0, -29) });
        const read = async () => {
          const page = (await api.get('/api/v1/tasks?includeDeleted=true', token)).json() as PageJson;
          return [...page.data.map((t) => t.id), ...page.deleted!.map((m) => `deleted ${m.id}`)];
        };
        try {
          assert.deepEqual(await read(), [done, `deleted ${gone}`]);
          api.clock.set(new Date(t0.getTime() + DAY));
          assert.deepEqual(await read(), [done, `deleted ${gone}`], 'the marker\'s last instant');
          api.clock.set(new Date(t0.getTime() + DAY + 1));
          assert.deepEqual(await read(), [done]);
          api.clock.set(new Date(t0.getTime() + 2 * DAY));
          assert.deepEqual(await read(), [done], 'the to-do\'s last instant');
          api.clock.set(new Date(t0.getTime() + 2 * DAY + 1));
          assert.deepEqual(await read(), []);
        } finally {
          api.clock.set(t0);
        }
      });

      it('with updatedSince, lists only what changed at or after that instant', async () => {
        const { owner, token } = await ownerWithToken();
        await seedTask(db(), owner.id, { updatedAt: '2026-03-27T23:59:59.999Z' });
        const same = await seedTask(db(), owner.id, { updatedAt: '2026-03-28T00:00:00Z' });
        const later = await seedTask(db(), owner.id, { updatedAt: '2026-03-28T18:00:00Z', completedAt: '2026-03-28T18:00:00Z' });
        const res = await api.get('/api/v1/tasks?updatedSince=2026-03-28T00:00:00Z', token);
        assert.deepEqual((res.json() as PageJson).data.map((t) => t.id), [same, later]);
        const ms = await api.get('/api/v1/tasks?updatedSince=2026-03-28T00:00:00.001Z', token);
        assert.deepEqual((ms.json() as PageJson).data.map((t) => t.id), [later]);
        const nine = await api.get('/api/v1/tasks?updatedSince=2026-03-27T23:59:59.999000000Z', token);
        assert.equal((nine.json() as PageJson).data.length, 3, 'a 9-digit fraction is accepted');
      });

      it('without includeDeleted, leaves deleted to-dos out and answers no deleted key', async () => {
        const { owner, token } = await ownerWithToken();
        const live = await seedTask(db(), owner.id, { updatedAt: '2026-03-20T00:00:00Z' });
        await seedTask(db(), owner.id, { deletedAt: '2026-03-25T00:00:00Z' });
        for (const q of ['', '?includeDeleted=false']) {
          const body = (await api.get(`/api/v1/tasks${q}`, token)).json();
          assert.deepEqual(keys(body), FIELDS.page, q);
          assert.deepEqual(body.data.map((t: TaskJson) => t.id), [live]);
        }
      });

      it('with includeDeleted=true, adds {id, deletedAt} markers for deletions of the last 30 days, in change order', async () => {
        const { owner, token } = await ownerWithToken();
        const t0 = now();
        const live = await seedTask(db(), owner.id, { updatedAt: shift(t0, -10) });
        const gone = await seedTask(db(), owner.id, { deletedAt: shift(t0, -29) });
        const justGone = await seedTask(db(), owner.id, { deletedAt: shift(t0, 0, -1000), completedAt: shift(t0, -40) });
        await seedTask(db(), owner.id, { deletedAt: shift(t0, -30, -1000) });
        const body = (await api.get('/api/v1/tasks?includeDeleted=true', token)).json() as PageJson;
        assert.deepEqual(keys(body), FIELDS.pageWithDeleted);
        assert.deepEqual(body.data.map((t) => t.id), [live]);
        assert.deepEqual(body.deleted, [
          { id: gone, deletedAt: shift(t0, -29) },
          { id: justGone, deletedAt: shift(t0, 0, -1000) },
        ]);
        for (const m of body.deleted!) assert.deepEqual(keys(m), FIELDS.deletedMarker);
        const empty = (await api.get('/api/v1/tasks?includeDeleted=true&updatedSince=2026-03-28T23:00:00Z', token)).json();
        assert.deepEqual(empty, { data: [], nextCursor: null, deleted: [{ id: justGone, deletedAt: shift(t0, 0, -1000) }] });
      });

      it('refuses updatedSince more than 30 days back together with includeDeleted=true, naming updatedSince', async () => {
        const { token } = await ownerWithToken();
        const t0 = now();
        const tooOld = shift(t0, -30, -1000);
        assertError(await api.get(`/api/v1/tasks?includeDeleted=true&updatedSince=${tooOld}`, token), 422, 'invalid_input', 'updatedSince');
        assert.equal((await api.get(`/api/v1/tasks?includeDeleted=true&updatedSince=${shift(t0, -30)}`, token)).statusCode, 200);
        assert.equal((await api.get(`/api/v1/tasks?updatedSince=${tooOld}`, token)).statusCode, 200);
        assert.equal((await api.get(`/api/v1/tasks?includeDeleted=false&updatedSince=${shift(t0, -365)}`, token)).statusCode, 200);
      });

      it('pages with limit and nextCursor through every to-do and marker exactly once, the last page saying null', async () => {
        const { owner, token } = await ownerWithToken();
        const expected: string[] = [];
        // Three to-dos share one instant: the id breaks the tie.
        for (let i = 0; i < 3; i++) expected.push(await seedTask(db(), owner.id, { updatedAt: '2026-03-05T12:00:00Z' }));
        for (let i = 0; i < 5; i++) expected.push(await seedTask(db(), owner.id, { updatedAt: `2026-03-1${i}T12:00:00.${i}00Z` }));
        expected.push(await seedTask(db(), owner.id, { deletedAt: '2026-03-20T00:00:00Z' }));
        expected.push(await seedTask(db(), owner.id, { updatedAt: '2026-03-21T00:00:00Z', completedAt: '2026-03-21T00:00:00Z' }));
        const pages = await walk(api, token, 'includeDeleted=true&limit=3');
        assert.deepEqual(pages.map((p) => p.data.length + p.deleted!.length), [3, 3, 3, 1]);
        const seen = pages.flatMap((p) => [...p.data.map((t) => ({ id: t.id, at: t.updatedAt })), ...p.deleted!.map((d) => ({ id: d.id, at: d.deletedAt }))]);
        const ids = seen.map((s) => s.id);
        assert.equal(new Set(ids).size, ids.length, 'no item twice');
        assert.deepEqual([...ids].sort(), [...expected].sort(), 'every item');
        const order = pages.flatMap((p) => p.data.map((t) => t.updatedAt));
        assert.deepEqual(order, [...order].sort(), 'oldest change first across pages');
        assert.equal(pages.at(-1)!.nextCursor, null);
        // A page that ends exactly at the end says null too.
        const exact = await walk(api, token, 'limit=9');
        assert.deepEqual(exact.map((p) => p.data.length), [9]);
        assert.equal(exact[0]!.nextCursor, null);
        const one = await walk(api, token, 'limit=1');
        assert.equal(one.length, 9);
      });

      it('skips nothing when to-dos change while a client pages: a changed one comes again at the end', async () => {
        const { owner, token } = await ownerWithToken();
        const ids: string[] = [];
        for (let i = 0; i < 6; i++) ids.push(await seedTask(db(), owner.id, { title: `t${i}`, updatedAt: `2026-03-0${i + 1}T00:00:00Z` }));
        const first = (await api.get('/api/v1/tasks?limit=2', token)).json() as PageJson;
        assert.deepEqual(first.data.map((t) => t.id), ids.slice(0, 2));
        // The owner edits one to-do already seen and one not yet seen.
        const edited = new Date('2026-03-28T12:00:00Z');
        await db().updateTable('tasks').set({ updated_at: edited, title: 'seen, edited' }).where('id', '=', ids[0]!).execute();
        await db().updateTable('tasks').set({ updated_at: new Date(edited.getTime() + 1000), title: 'unseen, edited' }).where('id', '=', ids[3]!).execute();
        const seen: string[] = [...first.data.map((t) => t.id)];
        let cursor: string | null = first.nextCursor;
        while (cursor) {
          const page = (await api.get(`/api/v1/tasks?limit=2&cursor=${cursor}`, token)).json() as PageJson;
          seen.push(...page.data.map((t) => t.id));
          cursor = page.nextCursor;
        }
        assert.deepEqual(seen, [ids[0], ids[1], ids[2], ids[4], ids[5], ids[0], ids[3]]);
      });

      it('lists exactly what the rules say for every combination of filters, page by page, among open to-dos of any age and a year of done ones', async () => {
        const { owner, token } = await ownerWithToken();
        const t0 = now();
        let state = 20260329;
        const random = () => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 4_294_967_296);
        interface Seeded { id: string; at: number; open: boolean; completedAt: number | null; deletedAt: number | null; dueDate: string | null }
        const world: Seeded[] = [];
        for (let i = 0; i < 48; i++) {
          // Some share an instant (the id breaks the tie); some carry milliseconds.
          const at = Date.parse(shift(t0, -Math.floor(random() * 400), i % 7 === 0 ? 0 : Math.floor(random() * 1000)));
          const kind = random();
          const open = kind < 0.35;
          // Done before or when last changed (an edit after completion moves updated_at only).
          const completedAt = open ? null : at - (random() < 0.3 ? Math.floor(random() * 5) * DAY : 0);
          const deletedAt = random() < 0.25 ? at : null;
          const dueDate = random() < 0.5 ? `2026-0${1 + Math.floor(random() * 6)}-1${Math.floor(random() * 9)}` : null;
          const id = await seedTask(db(), owner.id, {
            updatedAt: new Date(at).toISOString(), completedAt: completedAt === null ? null : new Date(completedAt).toISOString(),
            deletedAt: deletedAt === null ? null : new Date(deletedAt).toISOString(), dueDate,
          });
          world.push({ id, at, open, completedAt, deletedAt, dueDate });
        }
        const byChange = (a: Seeded, b: Seeded) => a.at - b.at || (a.id < b.id ? -1 : 1);
        const since = Date.parse(shift(t0, -20));
        for (const status of ['', 'open', 'completed']) {
          for (const due of ['', 'dueFrom=2026-03-01', 'dueTo=2026-03-14']) {
            for (const includeDeleted of [false, true]) {
              for (const updatedSince of [null, since]) {
                const query = [status && `status=${status}`, due, includeDeleted && 'includeDeleted=true', updatedSince && `updatedSince=${shift(t0, -20)}`, 'limit=4']
                  .filter(Boolean).join('&');
                const dueOk = (t: Seeded) =>
                  (!due.startsWith('dueFrom') || (t.dueDate !== null && t.dueDate >= '2026-03-01')) && (!due.startsWith('dueTo') || (t.dueDate !== null && t.dueDate <= '2026-03-14'));
                const listed = (t: Seeded) =>
                  t.deletedAt === null && (t.open || t.completedAt! >= t0.getTime() - 90 * DAY) && (!status || (status === 'open') === t.open) && dueOk(t);
                const marked = (t: Seeded) => includeDeleted && t.deletedAt !== null && t.deletedAt >= t0.getTime() - 30 * DAY;
                const expected = world.filter((t) => (listed(t) || marked(t)) && (updatedSince === null || t.at >= updatedSince)).sort(byChange);
                const pages = await walk(api, token, query);
                const got = pages.flatMap((p) =>
                  [...p.data.map((t) => ({ id: t.id, at: Date.parse(t.updatedAt), marker: false })), ...(p.deleted ?? []).map((d) => ({ id: d.id, at: Date.parse(d.deletedAt), marker: true }))]
                    .sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1)),
                );
                assert.deepEqual(got, expected.map((t) => ({ id: t.id, at: t.at, marker: t.deletedAt !== null })), query);
                assert.deepEqual(pages.map((p) => p.data.length + (p.deleted?.length ?? 0)).slice(0, -1).filter((n) => n !== 4), [], `${query}: full pages`);
                assert.equal('deleted' in pages[0]!, includeDeleted, query);
              }
            }
          }
        }
      });

      it('answers 50 to-dos a page by default and at most 100', async () => {
        const { owner, token } = await ownerWithToken();
        await db().insertInto('tasks').values(Array.from({ length: 101 }, (_, i) => ({
          id: randomUUID(), owner_id: owner.id, title: `t${i}`, description: null, due_date: null, due_time: null, timezone: null,
          completed_at: null, from_requester: null, request_id: null, duration_minutes: null,
          created_at: new Date('2026-01-01T00:00:00Z'), updated_at: new Date(Date.parse('2026-03-01T00:00:00Z') + i * 1000), deleted_at: null,
        }))).execute();
        const first = (await api.get('/api/v1/tasks', token)).json() as PageJson;
        assert.equal(first.data.length, 50);
        assert.notEqual(first.nextCursor, null);
        const max = (await api.get('/api/v1/tasks?limit=100', token)).json() as PageJson;
        assert.equal(max.data.length, 100);
        const rest = (await api.get(`/api/v1/tasks?limit=100&cursor=${max.nextCursor}`, token)).json() as PageJson;
        assert.deepEqual(rest.data.map((t) => t.title), ['t100']);
        assert.equal(rest.nextCursor, null);
      });

      it('refuses a cursor used with other parameters, by another token, after its 24 hours (to the whole hour), tampered, or taken from /requests', async () => {
        const { owner, token } = await ownerWithToken();
        const sibling = await api.token(owner, ['tasks:read', 'requests:read']);
        for (let i = 0; i < 3; i++) await seedTask(db(), owner.id, { updatedAt: `2026-03-0${i + 1}T00:00:00Z` });
        for (let i = 0; i < 3; i++) await seedRequest(db(), owner.id, { createdAt: `2026-03-0${i + 1}T00:00:00Z` });
        const first = (await api.get('/api/v1/tasks?status=open&limit=1', token)).json() as PageJson;
        const cursor = first.nextCursor!;
        assert.match(cursor, /^[A-Za-z0-9_.-]{1,512}$/);
        // The spec: a cursor is passed back with the same parameters; another limit is another query.
        assertError(await api.get(`/api/v1/tasks?status=open&limit=2&cursor=${cursor}`, token), 422, 'invalid_input', 'cursor');
        assert.equal((await api.get(`/api/v1/tasks?limit=1&status=open&cursor=${cursor}`, token)).statusCode, 200, 'parameter order does not matter');
        assertError(await api.get(`/api/v1/tasks?status=completed&limit=1&cursor=${cursor}`, token), 422, 'invalid_input', 'cursor');
        assertError(await api.get(`/api/v1/tasks?limit=1&cursor=${cursor}`, token), 422, 'invalid_input', 'cursor');
        assertError(await api.get(`/api/v1/tasks?status=open&includeDeleted=false&cursor=${cursor}`, token), 422, 'invalid_input', 'cursor');
        assertError(await api.get(`/api/v1/tasks?status=open&limit=1&cursor=${cursor}`, sibling), 422, 'invalid_input', 'cursor');
        const last = cursor.length - 1;
        const tampered = cursor.slice(0, last) + (cursor[last] === 'A' ? 'B' : 'A');
        assertError(await api.get(`/api/v1/tasks?status=open&limit=1&cursor=${tampered}`, token), 422, 'invalid_input', 'cursor');
        const requestCursor = ((await api.get('/api/v1/requests?limit=1', sibling)).json() as PageJson).nextCursor!;
        assertError(await api.get(`/api/v1/tasks?limit=1&cursor=${requestCursor}`, sibling), 422, 'invalid_input', 'cursor');
        const t0 = now();
        try {
          // 24 hours, then up to the whole hour (domain/cursor.ts CURSOR_EXPIRY_STEP_MS: a page keeps one cursor, and its ETag, for an hour).
          const expiry = cursorExpiry(t0);
          assert.ok(expiry - t0.getTime() >= DAY && expiry - t0.getTime() < DAY + 3_600_000);
          api.clock.advance(DAY);
          assert.equal((await api.get(`/api/v1/tasks?status=open&limit=1&cursor=${cursor}`, token)).statusCode, 200, 'still valid after 24:00:00');
          api.clock.set(new Date(expiry - 1000));
          assert.equal((await api.get(`/api/v1/tasks?status=open&limit=1&cursor=${cursor}`, token)).statusCode, 200, 'still valid a second before the whole hour');
          api.clock.set(new Date(expiry));
          assertError(await api.get(`/api/v1/tasks?status=open&limit=1&cursor=${cursor}`, token), 422, 'invalid_input', 'cursor');
        } finally {
          api.clock.set(t0);
        }
      });

      it('refuses each invalid parameter with 422 invalid_input naming it', async () => {
        const { token } = await ownerWithToken();
        const cases: [string, string][] = [
          ['status=done', 'status'],
          ['status=OPEN', 'status'],
          ['status=', 'status'],
          ['status=open&status=completed', 'status'],
          ['dueFrom=2026-02-30', 'dueFrom'],
          ['dueFrom=2026-2-3', 'dueFrom'],
          ['dueTo=2026-02-29', 'dueTo'],
          ['dueTo=2026-04-01T00:00:00Z', 'dueTo'],
          ['updatedSince=yesterday', 'updatedSince'],
          ['updatedSince=2026-03-28T00:00:00+01:00', 'updatedSince'],
          ['updatedSince=2026-03-28T00:00:00', 'updatedSince'],
          ['updatedSince=2026-02-30T00:00:00Z', 'updatedSince'],
          ['updatedSince=2026-03-28T00:00:00.1234567890Z', 'updatedSince'],
          ['includeDeleted=yes', 'includeDeleted'],
          ['includeDeleted=TRUE', 'includeDeleted'],
          ['includeDeleted=1', 'includeDeleted'],
          ['limit=0', 'limit'],
          ['limit=101', 'limit'],
          ['limit=abc', 'limit'],
          ['limit=2.5', 'limit'],
          ['limit=-1', 'limit'],
          ['limit=5&limit=5', 'limit'],
          ['limit=0x10', 'limit'],
          ['limit=1e1', 'limit'],
          ['limit=5.0', 'limit'],
          ['limit=01', 'limit'],
          ['limit=%2B5', 'limit'],
          ['limit=%205', 'limit'],
          ['limit=', 'limit'],
          ['cursor=abc%2Fdef', 'cursor'],
          ['cursor=abc%20def', 'cursor'],
          ['cursor=abc%3D', 'cursor'],
          [`cursor=${'a'.repeat(513)}`, 'cursor'],
          ['cursor=', 'cursor'],
          ['pageSize=10', 'pageSize'],
          ['status=open&sort=desc', 'sort'],
        ];
        for (const [query, field] of cases) {
          const res = await api.get(`/api/v1/tasks?${query}`, token);
          assertError(res, 422, 'invalid_input', field);
        }
        assert.equal((await api.get('/api/v1/tasks?limit=100&dueFrom=2026-04-01', token)).statusCode, 200);
        assert.equal((await api.get('/api/v1/tasks?dueFrom=2028-02-29&dueTo=2028-02-29', token)).statusCode, 200, 'a leap day is a real date');
      });
    });

    describe('GET /tasks/{id}', () => {
      it('answers one to-do, the same as the list shows it, also when asked in uppercase', async () => {
        const owner = await api.owner('America/New_York');
        const token = await api.token(owner, ['tasks:read']);
        const id = await seedTask(db(), owner.id, { title: 'Taxes', dueDate: '2026-03-08', dueTime: '02:30', timezone: 'America/New_York', completedAt: '2026-03-28T22:00:00.123Z' });
        const one = await api.get(`/api/v1/tasks/${id}`, token);
        assert.equal(one.statusCode, 200);
        assert.deepEqual(keys(one.json()), FIELDS.task);
        assert.deepEqual(one.json(), (await api.get('/api/v1/tasks', token)).json().data[0]);
        assert.equal(one.json().completedAt, '2026-03-28T22:00:00.123Z');
        // 02:30 does not exist in New York on 2026-03-08 (clocks jump from 02:00 to 03:00): it is the owner's text, kept as is.
        assert.deepEqual([one.json().dueDate, one.json().dueTime], ['2026-03-08', '02:30']);
        assert.equal((await api.get(`/api/v1/tasks/${id.toUpperCase()}`, token)).json().id, id);
      });

      it('answers 404 for a deleted to-do, another owner\'s, an unknown id and a path that is not a uuid, all alike', async () => {
        const owner = await api.owner();
        const token = await api.token(owner, ['tasks:read']);
        const deleted = await seedTask(db(), owner.id, { deletedAt: '2026-03-28T00:00:00Z' });
        const foreign = await seedTask(db(), (await api.owner()).id, {});
        const bodies = [];
        for (const id of [deleted, foreign, randomUUID(), 'not-a-uuid', `${deleted}x`, '1']) {
          const res = await api.get(`/api/v1/tasks/${id}`, token);
          assertError(res, 404, 'not_found');
          bodies.push(JSON.stringify(withoutRequestId(res)));
        }
        assert.equal(new Set(bodies).size, 1, bodies.join('\n'));
      });

      it('refuses query parameters it does not take', async () => {
        const owner = await api.owner();
        const token = await api.token(owner, ['tasks:read']);
        const id = await seedTask(db(), owner.id, {});
        assertError(await api.get(`/api/v1/tasks/${id}?fields=title`, token), 422, 'invalid_input', 'fields');
      });
    });
  });
}
