import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { seedAppointmentType, seedRequest, tokenIdOf } from '../helpers/seed.js';
import { REQUEST_STATUSES } from '../../src/http/schemas/resources.js';
import { assertError, DAY, FIELDS, keys, shift, withoutRequestId } from './expect.js';

interface RequestJson {
  id: string;
  kind: string;
  status: string;
  cancelledBy: string | null;
  slot: { start: string; end: string } | null;
  requester: Record<string, string>;
  createdByThisToken: boolean;
  test: boolean;
  updatedAt: string;
}
interface PageJson {
  data: RequestJson[];
  nextCursor: string | null;
  deleted?: { id: string; deletedAt: string }[];
}

for (const engine of ENGINES) {
  describe(`GET /requests and /requests/{id} on ${engine}`, () => {
    const api = useApi(engine);
    const db = () => api.rt.store.db;
    const now = () => api.clock.now();
    const list = async (token: string, query = '') => {
      const res = await api.get(`/api/v1/requests${query ? `?${query}` : ''}`, token);
      assert.equal(res.statusCode, 200, res.body);
      return res.json() as PageJson;
    };
    const ids = async (token: string, query = '') => (await list(token, query)).data.map((r) => r.id);

    describe('GET /requests', () => {
      it('lists appointment and to-do requests, oldest change first, each with exactly the fields of the spec', async () => {
        const owner = await api.owner('Asia/Tokyo');
        const token = await api.token(owner, ['requests:read']);
        const typeId = await seedAppointmentType(db(), owner.id, { position: 0, durationMinutes: 45 });
        const appt = await seedRequest(db(), owner.id, {
          kind: 'appointment', appointmentTypeId: typeId, slot: { start: '2026-04-02T01:00:00Z', end: '2026-04-02T01:45:00Z' },
          message: 'Can we talk?', requesterTimezone: 'Asia/Tokyo', createdAt: '2026-03-20T00:00:00Z', updatedAt: '2026-03-21T09:15:00.500Z',
        });
        const task = await seedRequest(db(), owner.id, {
          kind: 'task', suggestedDueDate: '2026-04-30', message: 'Please review my draft', note: 'No rush', createdAt: '2026-03-10T00:00:00Z',
        });
        const body = await list(token);
        assert.deepEqual(keys(body), FIELDS.page);
        assert.deepEqual(body.data.map((r) => r.id), [task, appt]);
        for (const r of body.data) assert.deepEqual(keys(r), FIELDS.request);
        assert.deepEqual(body.data[1], {
          id: appt, kind: 'appointment', status: 'pending', cancelledBy: null, appointmentTypeId: typeId,
          slot: { start: '2026-04-02T01:00:00Z', end: '2026-04-02T01:45:00Z' }, suggestedDueDate: null, message: 'Can we talk?', note: null,
          requester: { name: 'Ada Lovelace' }, source: 'public', createdByThisToken: false, test: false,
          createdAt: '2026-03-20T00:00:00Z', updatedAt: '2026-03-21T09:15:00.500Z',
        });
        assert.deepEqual(body.data[0], {
          id: task, kind: 'task', status: 'pending', cancelledBy: null, appointmentTypeId: null, slot: null, suggestedDueDate: '2026-04-30',
          message: 'Please review my draft', note: 'No rush', requester: { name: 'Ada Lovelace' }, source: 'public', createdByThisToken: false,
          test: false, createdAt: '2026-03-10T00:00:00Z', updatedAt: '2026-03-10T00:00:00Z',
        });
        assert.equal(body.nextCursor, null);
      });

      it('shows the requester\'s email and phone only to a token that also holds requests:contact', async () => {
        const owner = await api.owner('America/Sao_Paulo');
        const plain = await api.token(owner, ['requests:read']);
        const contact = await api.token(owner, ['requests:read', 'requests:contact']);
        const id = await seedRequest(db(), owner.id, {
          requester: { name: 'Grace Hopper', email: 'grace@example.com', phone: '+5511912345678', contactMethod: 'whatsapp', contactHandle: '@grace' },
        });
        const emailOnly = await seedRequest(db(), owner.id, { requester: { name: 'Alan', email: 'alan@example.com', phone: null }, createdAt: '2026-03-02T00:00:00Z' });
        const withContact = await list(contact);
        assert.deepEqual(withContact.data[0]!.requester, {
          name: 'Grace Hopper', email: 'grace@example.com', phone: '+5511912345678', contactMethod: 'whatsapp', contactHandle: '@grace',
        });
        assert.deepEqual(keys(withContact.data[0]!.requester), FIELDS.requesterAll);
        assert.deepEqual(withContact.data[1]!.requester, { name: 'Alan', email: 'alan@example.com' });
        const without = await list(plain);
        assert.deepEqual(without.data[0]!.requester, { name: 'Grace Hopper', contactMethod: 'whatsapp', contactHandle: '@grace' });
        assert.deepEqual(without.data[1]!.requester, { name: 'Alan' });
        const one = await api.get(`/api/v1/requests/${id}`, plain);
        assert.equal(one.body.includes('grace@example.com'), false);
        assert.equal(one.body.includes('5511912345678'), false);
        assert.equal((await api.get(`/api/v1/requests/${emailOnly}`, contact)).json().requester.email, 'alan@example.com');
      });

      it('filters by status, by kind and by createdByThisToken', async () => {
        const owner = await api.owner();
        const token = await api.token(owner, ['requests:read']);
        const other = await api.token(owner, ['requests:read', 'requests:create']);
        const mineId = await tokenIdOf(db(), token);
        const otherId = await tokenIdOf(db(), other);
        const byStatus: Record<string, string> = {};
        let minute = 10;
        for (const status of REQUEST_STATUSES) {
          minute += 1;
          byStatus[status] = await seedRequest(db(), owner.id, {
            status, kind: 'appointment', cancelledBy: status === 'cancelled' ? 'owner' : null, createdAt: `2026-03-20T00:${minute}:00Z`,
          });
        }
        const mine = await seedRequest(db(), owner.id, { kind: 'task', tokenId: mineId, createdAt: '2026-03-21T00:00:00Z' });
        const theirs = await seedRequest(db(), owner.id, { kind: 'task', tokenId: otherId, createdAt: '2026-03-22T00:00:00Z' });
        for (const status of REQUEST_STATUSES) {
          const expected = status === 'pending' ? [byStatus.pending, mine, theirs] : [byStatus[status]];
          assert.deepEqual(await ids(token, `status=${status}`), expected, status);
        }
        assert.deepEqual(await ids(token, 'kind=task'), [mine, theirs]);
        assert.equal((await ids(token, 'kind=appointment')).length, REQUEST_STATUSES.length);
        assert.deepEqual(await ids(token, 'createdByThisToken=true'), [mine]);
        const notMine = await ids(token, 'createdByThisToken=false');
        assert.equal(notMine.includes(mine), false);
        assert.ok(notMine.includes(theirs) && notMine.includes(byStatus.pending!), 'requests of other tokens and of the public page');
        assert.deepEqual(await ids(other, 'createdByThisToken=true&kind=task'), [theirs]);
        assert.deepEqual(await ids(token, 'createdByThisToken=true&status=accepted'), []);
        const flags = (await list(token, 'kind=task')).data.map((r) => r.createdByThisToken);
        assert.deepEqual(flags, [true, false]);
      });

      it('shows a request from a blocked contact only to the token that created it', async () => {
        const owner = await api.owner();
        const creator = await api.token(owner, ['requests:read', 'requests:create']);
        const owners = await api.token(owner, ['requests:read', 'requests:contact']);
        const blocked = await seedRequest(db(), owner.id, { fromBlocked: true, tokenId: await tokenIdOf(db(), creator), createdAt: '2026-03-25T00:00:00Z' });
        const publicBlocked = await seedRequest(db(), owner.id, { fromBlocked: true, createdAt: '2026-03-25T01:00:00Z' });
        const normal = await seedRequest(db(), owner.id, { createdAt: '2026-03-24T00:00:00Z' });
        assert.deepEqual(await ids(creator), [normal, blocked]);
        assert.deepEqual((await list(creator)).data[1]!.status, 'pending');
        assert.deepEqual(await ids(owners), [normal]);
        assert.deepEqual(await ids(owners, 'includeDeleted=true'), [normal]);
        assert.deepEqual((await list(owners, 'includeDeleted=true')).deleted, []);
        assert.equal((await api.get(`/api/v1/requests/${blocked}`, creator)).statusCode, 200);
        const hidden = await api.get(`/api/v1/requests/${blocked}`, owners);
        assertError(hidden, 404, 'not_found');
        assert.deepEqual(withoutRequestId(hidden), withoutRequestId(await api.get(`/api/v1/requests/${randomUUID()}`, owners)));
        assertError(await api.get(`/api/v1/requests/${publicBlocked}`, creator), 404, 'not_found');
      });

      it('lists and answers a handled request for 90 days after its last change, then 404; a pending one always', async () => {
        const owner = await api.owner('Australia/Sydney');
        const token = await api.token(owner, ['requests:read']);
        const t0 = now();
        const oldPending = await seedRequest(db(), owner.id, { createdAt: shift(t0, -400) });
        const declined = await seedRequest(db(), owner.id, { status: 'declined', createdAt: shift(t0, -120), updatedAt: shift(t0, -89) });
        const expired = await seedRequest(db(), owner.id, { status: 'expired', createdAt: shift(t0, -120), updatedAt: shift(t0, -90, -1000) });
        assert.deepEqual(await ids(token), [oldPending, declined]);
        assert.equal((await api.get(`/api/v1/requests/${declined}`, token)).statusCode, 200);
        assertError(await api.get(`/api/v1/requests/${expired}`, token), 404, 'not_found');
        try {
          api.clock.advance(DAY + 1000);
          assert.deepEqual(await ids(token), [oldPending]);
          assertError(await api.get(`/api/v1/requests/${declined}`, token), 404, 'not_found');
          assert.equal((await api.get(`/api/v1/requests/${oldPending}`, token)).statusCode, 200);
        } finally {
          api.clock.set(t0);
        }
      });

      it('answers a page asked again with every change since, and drops a handled request at the exact end of its 90 days', async () => {
        const owner = await api.owner('Europe/London');
        const token = await api.token(owner, ['requests:read']);
        const t0 = now();
        const pending = await seedRequest(db(), owner.id, { createdAt: shift(t0, -5) });
        const declined = await seedRequest(db(), owner.id, { status: 'declined', createdAt: shift(t0, -100), updatedAt: shift(t0, -89) });
        const read = async () => (await list(token)).data.map((r) => `${r.id === pending ? 'pending' : r.id === declined ? 'declined' : 'new'} ${r.status}`);
        try {
          assert.deepEqual(await read(), ['declined declined', 'pending pending']);
          assert.deepEqual(await read(), ['declined declined', 'pending pending']);
          api.clock.set(new Date(t0.getTime() + DAY));
          assert.deepEqual(await read(), ['declined declined', 'pending pending'], 'its last instant');
          api.clock.set(new Date(t0.getTime() + DAY + 1));
          assert.deepEqual(await read(), ['pending pending']);
          await db().updateTable('requests').set({ status: 'accepted', updated_at: api.clock.now() }).where('id', '=', pending).execute();
          assert.deepEqual(await read(), ['pending accepted']);
          await seedRequest(db(), owner.id, { createdAt: shift(api.clock.now(), 0, 1) });
          assert.deepEqual(await read(), ['pending accepted', 'new pending']);
        } finally {
          api.clock.set(t0);
        }
      });

      it('says who cancelled only for a cancelled request', async () => {
        const owner = await api.owner();
        const token = await api.token(owner, ['requests:read']);
        const byOwner = await seedRequest(db(), owner.id, { kind: 'appointment', status: 'cancelled', cancelledBy: 'owner', createdAt: '2026-03-20T00:00:00Z' });
        const byRequester = await seedRequest(db(), owner.id, { kind: 'appointment', status: 'cancelled', cancelledBy: 'requester', createdAt: '2026-03-21T00:00:00Z' });
        // A stale value on a request that moved on is never shown.
        const accepted = await seedRequest(db(), owner.id, { kind: 'appointment', status: 'accepted', cancelledBy: 'owner', createdAt: '2026-03-22T00:00:00Z' });
        const pending = await seedRequest(db(), owner.id, { kind: 'task', createdAt: '2026-03-23T00:00:00Z' });
        const body = await list(token);
        assert.deepEqual(body.data.map((r) => [r.id, r.status, r.cancelledBy]), [
          [byOwner, 'cancelled', 'owner'],
          [byRequester, 'cancelled', 'requester'],
          [accepted, 'accepted', null],
          [pending, 'pending', null],
        ]);
      });

      it('marks requests made with a test token as test, and says where each came from', async () => {
        const owner = await api.owner();
        const live = await api.token(owner, ['requests:read']);
        const sandbox = await api.token(owner, ['requests:read', 'requests:create'], { test: true });
        const testReq = await seedRequest(db(), owner.id, { tokenId: await tokenIdOf(db(), sandbox), test: true, createdAt: '2026-03-20T00:00:00Z' });
        const publicReq = await seedRequest(db(), owner.id, { createdAt: '2026-03-21T00:00:00Z' });
        const rows = (await list(live)).data.map((r) => [r.id, r.test, (r as unknown as { source: string }).source]);
        assert.deepEqual(rows, [[testReq, true, 'api'], [publicReq, false, 'public']]);
        const fromSandbox = await api.get(`/api/v1/requests/${testReq}`, sandbox);
        assert.equal(fromSandbox.json().createdByThisToken, true);
        assert.equal(fromSandbox.json().test, true);
      });

      it('with updatedSince and includeDeleted=true, lists what changed and marks deletions of the last 30 days', async () => {
        const owner = await api.owner();
        const token = await api.token(owner, ['requests:read']);
        const t0 = now();
        await seedRequest(db(), owner.id, { createdAt: shift(t0, -5) });
        const changed = await seedRequest(db(), owner.id, { status: 'accepted', createdAt: shift(t0, -5), updatedAt: shift(t0, -1) });
        const gone = await seedRequest(db(), owner.id, { createdAt: shift(t0, -5), deletedAt: shift(t0, 0, -60_000) });
        await seedRequest(db(), owner.id, { createdAt: shift(t0, -60), deletedAt: shift(t0, -31) });
        const body = await list(token, `updatedSince=${shift(t0, -2)}&includeDeleted=true`);
        assert.deepEqual(keys(body), FIELDS.pageWithDeleted);
        assert.deepEqual(body.data.map((r) => r.id), [changed]);
        assert.deepEqual(body.deleted, [{ id: gone, deletedAt: shift(t0, 0, -60_000) }]);
        assert.deepEqual(keys(body.deleted![0]), FIELDS.deletedMarker);
        assert.equal('deleted' in (await list(token)), false);
        assertError(await api.get(`/api/v1/requests/${gone}`, token), 404, 'not_found');
        assertError(await api.get(`/api/v1/requests?includeDeleted=true&updatedSince=${shift(t0, -31)}`, token), 422, 'invalid_input', 'updatedSince');
      });

      it('pages through every request exactly once and refuses the cursor with another kind or another token', async () => {
        const owner = await api.owner('America/Chicago');
        const token = await api.token(owner, ['requests:read']);
        const other = await api.token(owner, ['requests:read']);
        const expected: string[] = [];
        for (let i = 0; i < 7; i++) {
          expected.push(await seedRequest(db(), owner.id, { kind: i % 2 ? 'appointment' : 'task', createdAt: `2026-03-1${i % 3}T00:00:00Z` }));
        }
        const seen: string[] = [];
        let cursor: string | null = null;
        let pages = 0;
        do {
          const page: PageJson = await list(token, `limit=2${cursor ? `&cursor=${cursor}` : ''}`);
          seen.push(...page.data.map((r) => r.id));
          cursor = page.nextCursor;
          pages += 1;
        } while (cursor && pages < 20);
        assert.equal(pages, 4);
        assert.equal(new Set(seen).size, 7);
        assert.deepEqual([...seen].sort(), [...expected].sort());
        const first = (await list(token, 'kind=task&limit=1')).nextCursor!;
        assert.equal((await api.get(`/api/v1/requests?kind=task&limit=1&cursor=${first}`, token)).statusCode, 200);
        assertError(await api.get(`/api/v1/requests?kind=appointment&limit=1&cursor=${first}`, token), 422, 'invalid_input', 'cursor');
        assertError(await api.get(`/api/v1/requests?kind=task&createdByThisToken=false&limit=1&cursor=${first}`, token), 422, 'invalid_input', 'cursor');
        assertError(await api.get(`/api/v1/requests?kind=task&limit=1&cursor=${first}`, other), 422, 'invalid_input', 'cursor');
      });

      it('lists exactly what the rules say for every combination of filters, page by page, among pending requests of any age and a year of handled ones', async () => {
        const owner = await api.owner();
        const token = await api.token(owner, ['requests:read']);
        const other = await api.token(owner, ['requests:read', 'requests:create']);
        const mineId = await tokenIdOf(db(), token);
        const otherId = await tokenIdOf(db(), other);
        const t0 = now();
        let state = 20260329;
        const random = () => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 4_294_967_296);
        const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
        interface Seeded { id: string; at: number; status: string; kind: string; tokenId: string | null; blocked: boolean; deletedAt: number | null }
        const world: Seeded[] = [];
        for (let i = 0; i < 48; i++) {
          const at = Date.parse(shift(t0, -Math.floor(random() * 400), i % 7 === 0 ? 0 : Math.floor(random() * 1000)));
          const status = random() < 0.3 ? 'pending' : pick(REQUEST_STATUSES.filter((s) => s !== 'pending'));
          const kind = pick(['appointment', 'task'] as const);
          const tokenId = pick([mineId, otherId, null]);
          const blocked = random() < 0.15;
          const deletedAt = random() < 0.2 ? at : null;
          const iso = new Date(at).toISOString();
          const id = await seedRequest(db(), owner.id, {
            status, kind, tokenId, fromBlocked: blocked, cancelledBy: status === 'cancelled' ? 'owner' : null,
            createdAt: new Date(at - DAY).toISOString(), updatedAt: iso, deletedAt: deletedAt === null ? null : iso,
          });
          world.push({ id, at, status, kind, tokenId, blocked, deletedAt });
        }
        const byChange = (a: { at: number; id: string }, b: { at: number; id: string }) => a.at - b.at || (a.id < b.id ? -1 : 1);
        for (const status of ['', 'pending', 'accepted', 'expired']) {
          for (const kind of ['', 'task']) {
            for (const createdByThisToken of ['', 'true', 'false']) {
              for (const includeDeleted of [false, true]) {
                const query = [status && `status=${status}`, kind && `kind=${kind}`, createdByThisToken && `createdByThisToken=${createdByThisToken}`, includeDeleted && 'includeDeleted=true', 'limit=4']
                  .filter(Boolean).join('&');
                const visible = (r: Seeded) => !r.blocked || r.tokenId === mineId;
                const listed = (r: Seeded) =>
                  r.deletedAt === null && (r.status === 'pending' || r.at >= t0.getTime() - 90 * DAY) && (!status || r.status === status) && (!kind || r.kind === kind) &&
                  (!createdByThisToken || (r.tokenId === mineId) === (createdByThisToken === 'true'));
                const marked = (r: Seeded) => includeDeleted && r.deletedAt !== null && r.deletedAt >= t0.getTime() - 30 * DAY;
                const expected = world.filter((r) => visible(r) && (listed(r) || marked(r))).sort(byChange);
                const got: { id: string; at: number; marker: boolean }[] = [];
                let cursor: string | null = null;
                let pages = 0;
                do {
                  const page: PageJson = await list(token, `${query}${cursor ? `&cursor=${cursor}` : ''}`);
                  const items = [...page.data.map((r) => ({ id: r.id, at: Date.parse(r.updatedAt), marker: false })), ...(page.deleted ?? []).map((d) => ({ id: d.id, at: Date.parse(d.deletedAt), marker: true }))];
                  if (page.nextCursor) assert.equal(items.length, 4, `${query}: a full page before the last`);
                  got.push(...items.sort(byChange));
                  assert.equal('deleted' in page, includeDeleted, query);
                  cursor = page.nextCursor;
                  pages += 1;
                } while (cursor && pages < 30);
                assert.deepEqual(got, expected.map((r) => ({ id: r.id, at: r.at, marker: r.deletedAt !== null })), query);
              }
            }
          }
        }
      });

      it('refuses each invalid parameter with 422 invalid_input naming it', async () => {
        const owner = await api.owner();
        const token = await api.token(owner, ['requests:read']);
        const cases: [string, string][] = [
          ['status=open', 'status'],
          ['status=Pending', 'status'],
          ['status=pending&status=accepted', 'status'],
          ['kind=event', 'kind'],
          ['kind=', 'kind'],
          ['createdByThisToken=yes', 'createdByThisToken'],
          ['createdByThisToken=1', 'createdByThisToken'],
          ['updatedSince=2026-03-28', 'updatedSince'],
          ['updatedSince=2026-03-28T00:00:00%2B01:00', 'updatedSince'],
          ['updatedSince=2026-03-28T00:00:00-05:00', 'updatedSince'],
          ['updatedSince=2026-03-32T00:00:00Z', 'updatedSince'],
          ['includeDeleted=no', 'includeDeleted'],
          ['limit=0', 'limit'],
          ['limit=101', 'limit'],
          ['limit=ten', 'limit'],
          ['cursor=%21%21', 'cursor'],
          [`cursor=${'x'.repeat(600)}`, 'cursor'],
          ['dueFrom=2026-04-01', 'dueFrom'],
          ['includeJournal=true', 'includeJournal'],
        ];
        for (const [query, field] of cases) assertError(await api.get(`/api/v1/requests?${query}`, token), 422, 'invalid_input', field);
        assert.equal((await api.get('/api/v1/requests?limit=100', token)).statusCode, 200);
      });
    });

    describe('GET /requests/{id}', () => {
      it('answers one request, the same as the list shows it', async () => {
        const owner = await api.owner('Europe/London');
        const token = await api.token(owner, ['requests:read', 'requests:contact']);
        const id = await seedRequest(db(), owner.id, {
          kind: 'appointment', status: 'rescheduled', slot: { start: '2026-10-25T00:30:00Z', end: '2026-10-25T01:30:00Z' }, requesterTimezone: 'Europe/London',
          createdAt: '2026-03-20T00:00:00Z', updatedAt: '2026-03-28T23:00:00Z',
        });
        const one = await api.get(`/api/v1/requests/${id}`, token);
        assert.equal(one.statusCode, 200);
        assert.deepEqual(keys(one.json()), FIELDS.request);
        assert.deepEqual(keys(one.json().slot), FIELDS.slot);
        assert.deepEqual(one.json(), (await api.get('/api/v1/requests', token)).json().data[0]);
        assert.equal((await api.get(`/api/v1/requests/${id.toUpperCase()}`, token)).json().id, id);
      });

      it('answers 404 for another owner\'s, a deleted, an unknown and a malformed id, all alike', async () => {
        const owner = await api.owner();
        const token = await api.token(owner, ['requests:read']);
        const foreign = await seedRequest(db(), (await api.owner()).id, {});
        const deleted = await seedRequest(db(), owner.id, { deletedAt: '2026-03-28T00:00:00Z' });
        const bodies = [];
        for (const id of [foreign, deleted, randomUUID(), 'abc', `${foreign}-1`]) {
          const res = await api.get(`/api/v1/requests/${id}`, token);
          assertError(res, 404, 'not_found');
          bodies.push(JSON.stringify(withoutRequestId(res)));
        }
        assert.equal(new Set(bodies).size, 1);
      });
    });
  });
}
