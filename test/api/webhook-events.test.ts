import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { post, taskBody } from '../helpers/requests.js';
import { tokenIdOf } from '../helpers/seed.js';
import { cursorExpiry } from '../../src/domain/cursor.js';
import { formatInstant } from '../../src/domain/instant.js';
import { recordEvent, type EventData } from '../../src/store/repos/outbox.js';
import { revokePersonalToken } from '../../src/services/tokens.js';
import type { EventType } from '../../src/domain/webhook-events.js';
import type { OwnerRow } from '../../src/store/schema.js';
import type { EventJson } from '../helpers/receiver.js';
import { assertEnvelope, assertError, DAY, FIELDS, keys, withoutRequestId } from './expect.js';

interface PageJson {
  data: EventJson[];
  nextCursor: string | null;
}

/** The record's keys in the order a delivery's body has them. */
const RECORD_KEYS = ['id', 'type', 'apiVersion', 'occurredAt', 'account', 'test', 'data'];
const SECOND = 1000;

for (const engine of ENGINES) {
  describe(`GET /webhook-events and /webhook-events/{id} on ${engine}`, () => {
    const api = useApi(engine);
    const db = () => api.rt.store.db;
    const now = () => api.clock.now();
    const at = (d: Date) => formatInstant(d);
    let asked = 0;

    /** A to-do request through the API (each makes one request.created); returns the request id. */
    const ask = async (token: string): Promise<string> => {
      asked += 1;
      const res = await post(api, '/api/v1/requests/tasks', token, taskBody({ requester: { name: 'Ana Ruiz', email: `ana${asked}-${process.pid}@example.com` } }));
      assert.equal(res.statusCode, 201, res.body);
      return res.json().request.id as string;
    };
    /** An event recorded the way the services record them, at the clock's time. */
    const record = (owner: OwnerRow, type: EventType, data: EventData, opts: { test?: boolean; occurredAt?: Date } = {}) =>
      recordEvent(db(), { ownerId: owner.id, type, data, test: opts.test ?? false, occurredAt: opts.occurredAt ?? now() });
    const tick = () => api.clock.advance(SECOND);

    const list = async (token: string, query: string) => {
      const res = await api.get(`/api/v1/webhook-events?${query}`, token);
      assert.equal(res.statusCode, 200, res.body);
      return res.json() as PageJson;
    };
    const all = async (token: string, since: string) => (await list(token, `since=${since}&limit=100`)).data;
    const ids = async (token: string, since: string) => (await all(token, since)).map((e) => e.id);
    const subjects = async (token: string, since: string) => (await all(token, since)).map((e) => `${e.type} ${String(e.data.id)}`);

    describe('GET /webhook-events', () => {
      it('lists the entitled events oldest first, each exactly the record a delivery carries', async () => {
        const owner = await api.owner();
        const token = await api.token(owner, ['webhooks', 'requests:read', 'requests:create', 'tasks:read']);
        const since = at(now());
        tick();
        const t1 = now();
        const r1 = await ask(token);
        tick();
        const t2 = now();
        const r2 = await ask(token);
        tick();
        const t3 = now();
        const task = randomUUID();
        await record(owner, 'task.created', { object: 'task', id: task });
        await record(owner, 'event.created', { object: 'event', id: randomUUID() });
        const res = await api.get(`/api/v1/webhook-events?since=${since}`, token);
        assert.equal(res.statusCode, 200, res.body);
        assertEnvelope(res, 'list');
        const body = res.json() as PageJson;
        assert.deepEqual(keys(body), FIELDS.page, 'data and nextCursor, no deleted');
        assert.equal(body.nextCursor, null);
        assert.equal(body.data.length, 3, 'event.created needs events:read');
        for (const e of body.data) {
          assert.deepEqual(Object.keys(e), RECORD_KEYS);
          assert.match(e.id, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
          // The bytes on the wire are the delivery's body: the same keys in the same order.
          assert.ok(res.body.includes(JSON.stringify(e)), 'each item is serialized as a delivery body');
        }
        const [e1, e2, e3] = body.data as [EventJson, EventJson, EventJson];
        const base = { apiVersion: 'v1', account: owner.account_id, test: false };
        assert.deepEqual(e1, { id: e1.id, type: 'request.created', ...base, occurredAt: at(t1), data: { object: 'request', id: r1 } });
        assert.deepEqual(e2, { id: e2.id, type: 'request.created', ...base, occurredAt: at(t2), data: { object: 'request', id: r2 } });
        assert.deepEqual(e3, { id: e3.id, type: 'task.created', ...base, occurredAt: at(t3), data: { object: 'task', id: task } });
        assert.deepEqual(keys(e1.data), ['id', 'object']);
      });

      it('says test: true to a test token, and of a test token\'s records to every token', async () => {
        const owner = await api.owner();
        const live = await api.token(owner, ['webhooks', 'requests:read', 'requests:create']);
        const test = await api.token(owner, ['webhooks', 'requests:read', 'requests:create'], { test: true });
        const since = at(now());
        const fromLive = await ask(live);
        tick();
        const fromTest = await ask(test);
        const flags = async (token: string) => (await all(token, since)).map((e) => [e.data.id, e.test]);
        assert.deepEqual(await flags(live), [[fromLive, false], [fromTest, true]]);
        assert.deepEqual(await flags(test), [[fromLive, true], [fromTest, true]]);
      });

      it('gives each token only what its scopes entitled it to when the event occurred', async () => {
        const owner = await api.owner();
        const creator = await api.token(owner, ['requests:create']);
        const requests = await api.token(owner, ['webhooks', 'requests:read']);
        const bare = await api.token(owner, ['webhooks']);
        const calendar = await api.token(owner, ['webhooks', 'events:read']);
        const since = at(now());
        const first = await ask(creator);
        tick();
        const event = randomUUID();
        await record(owner, 'event.created', { object: 'event', id: event });
        tick();
        assert.deepEqual(await subjects(requests, since), [`request.created ${first}`]);
        assert.deepEqual(await subjects(bare, since), [], 'webhooks without requests:read gets no request events');
        assert.deepEqual(await subjects(calendar, since), [`event.created ${event}`]);
        assertError(await api.get(`/api/v1/webhook-events?since=${since}`, creator), 403, 'insufficient_scope');

        // Given requests:read afterwards, the bare token sees what occurs from then on, never what came before.
        const bareId = await tokenIdOf(db(), bare);
        await db().updateTable('tokens').set({ scopes: sql<string[]>`${sql.val(['webhooks', 'requests:read'])}::text[]` }).where('id', '=', bareId).execute();
        api.rt.authenticator.invalidate(bareId);
        const second = await ask(creator);
        tick();
        assert.deepEqual(await subjects(bare, since), [`request.created ${second}`]);
        assert.deepEqual(await subjects(requests, since), [`request.created ${first}`, `request.created ${second}`]);

        // A token made after an event does not see it.
        const late = await api.token(owner, ['webhooks', 'requests:read']);
        assert.deepEqual(await subjects(late, since), []);
        const [firstEvent] = await ids(requests, since);
        assertError(await api.get(`/api/v1/webhook-events/${firstEvent}`, late), 404, 'not_found');

        // Another owner's token sees none of it.
        const stranger = await api.token(await api.owner(), ['webhooks', 'requests:read']);
        assert.deepEqual(await subjects(stranger, since), []);

        // A revoked token is refused.
        const requestsId = await tokenIdOf(db(), requests);
        await revokePersonalToken(db(), api.clock, owner.id, requestsId);
        api.rt.authenticator.invalidate(requestsId);
        assertError(await api.get(`/api/v1/webhook-events?since=${since}`, requests), 401, 'invalid_token');
        assertError(await api.get(`/api/v1/webhook-events/${firstEvent}`, requests), 401, 'invalid_token');
      });

      it('answers 403 insufficient_scope naming webhooks to a token without it, on both routes', async () => {
        const owner = await api.owner();
        const token = await api.token(owner, ['requests:read', 'requests:create', 'tasks:read', 'events:read']);
        for (const url of [`/api/v1/webhook-events?since=${at(now())}`, `/api/v1/webhook-events/${randomUUID()}`]) {
          const res = await api.get(url, token);
          assertError(res, 403, 'insufficient_scope');
          assert.equal(res.headers['www-authenticate'], 'Bearer error="insufficient_scope", scope="webhooks"', url);
        }
      });

      it('filters on since, inclusive, and goes back at most 30 days', async () => {
        const owner = await api.owner();
        const token = await api.token(owner, ['webhooks', 'tasks:read']);
        const old = await record(owner, 'task.created', { object: 'task', id: randomUUID() }, { occurredAt: new Date(now().getTime() - 31 * DAY) });
        const t: Date[] = [];
        const e: string[] = [];
        for (let i = 0; i < 3; i++) {
          tick();
          t.push(now());
          e.push(await record(owner, 'task.updated', { object: 'task', id: randomUUID() }));
        }
        assert.deepEqual(await ids(token, at(t[0]!)), e);
        assert.deepEqual(await ids(token, at(t[1]!)), e.slice(1), 'an event at exactly since is included');
        assert.deepEqual(await ids(token, at(new Date(t[1]!.getTime() + 1))), e.slice(2));
        assert.deepEqual(await ids(token, at(new Date(t[2]!.getTime() + SECOND))), []);
        const windowStart = new Date(now().getTime() - 30 * DAY);
        assert.deepEqual(await ids(token, at(windowStart)), e, 'exactly 30 days back is allowed; older events are gone');
        assert.equal((await ids(token, at(windowStart))).includes(old), false);
        assertError(await api.get(`/api/v1/webhook-events/${old}`, token), 404, 'not_found');
        assertError(await api.get(`/api/v1/webhook-events?since=${at(new Date(windowStart.getTime() - SECOND))}`, token), 422, 'invalid_input', 'since');
      });

      it('refuses a missing since and each invalid parameter with 422 invalid_input naming it', async () => {
        const owner = await api.owner();
        const token = await api.token(owner, ['webhooks']);
        const since = `since=${at(now())}`;
        const cases: [string, string][] = [
          ['', 'since'],
          ['limit=10', 'since'],
          ['since=', 'since'],
          ['since=2026-03-28', 'since'],
          ['since=2026-03-28T00:00:00%2B01:00', 'since'],
          ['since=2026-02-30T00:00:00Z', 'since'],
          ['since=2026-03-28T24:00:00Z', 'since'],
          [`${since}&limit=0`, 'limit'],
          [`${since}&limit=101`, 'limit'],
          [`${since}&limit=ten`, 'limit'],
          [`${since}&cursor=%21%21`, 'cursor'],
          [`${since}&cursor=${'x'.repeat(600)}`, 'cursor'],
          [`${since}&cursor=abc.def`, 'cursor'],
          [`${since}&type=request.created`, 'type'],
          [`${since}&includeDeleted=true`, 'includeDeleted'],
        ];
        for (const [query, field] of cases) assertError(await api.get(`/api/v1/webhook-events?${query}`, token), 422, 'invalid_input', field);
        assert.equal((await api.get(`/api/v1/webhook-events?${since}&limit=100`, token)).statusCode, 200);
        assert.equal((await api.get(`/api/v1/webhook-events?${since}&limit=1`, token)).statusCode, 200);
      });

      it('pages through every event exactly once and refuses the cursor with another since or another token', async () => {
        const owner = await api.owner();
        const token = await api.token(owner, ['webhooks', 'requests:read', 'requests:create']);
        const other = await api.token(owner, ['webhooks', 'requests:read']);
        const since = at(now());
        for (let i = 0; i < 3; i++) {
          await ask(token);
          tick();
        }
        // Two at the same instant: the id breaks the tie.
        await record(owner, 'request.withdrawn', { object: 'request', id: randomUUID() });
        await record(owner, 'request.expired', { object: 'request', id: randomUUID() });
        const full = await all(token, since);
        assert.equal(full.length, 5);
        const sameInstant = full.slice(3).map((e) => e.id);
        assert.deepEqual(sameInstant, [...sameInstant].sort());
        const seen: EventJson[] = [];
        let cursor: string | null = null;
        let pages = 0;
        do {
          const page: PageJson = await list(token, `since=${since}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
          assert.ok(page.data.length <= 2);
          seen.push(...page.data);
          cursor = page.nextCursor;
          pages += 1;
        } while (cursor && pages < 10);
        assert.equal(pages, 3);
        assert.deepEqual(seen, full);
        const first = (await list(token, `since=${since}&limit=2`)).nextCursor!;
        assert.match(first, /^[A-Za-z0-9_.-]{1,512}$/);
        assertError(await api.get(`/api/v1/webhook-events?since=${at(new Date(now().getTime() - DAY))}&limit=2&cursor=${first}`, token), 422, 'invalid_input', 'cursor');
        assertError(await api.get(`/api/v1/webhook-events?since=${since}&limit=2&cursor=${first}`, other), 422, 'invalid_input', 'cursor');
        // The cursor lasts 24 hours, to the whole hour after them (domain/cursor.ts).
        api.clock.set(new Date(cursorExpiry(now())));
        assertError(await api.get(`/api/v1/webhook-events?since=${since}&limit=2&cursor=${first}`, token), 422, 'invalid_input', 'cursor');
      });
    });

    describe('GET /webhook-events/{id}', () => {
      it('answers an entitled event as the list shows it, and 404 alike for every other id', async () => {
        const owner = await api.owner();
        const token = await api.token(owner, ['webhooks', 'requests:read', 'requests:create']);
        const since = at(now());
        await ask(token);
        const [item] = await all(token, since);
        const res = await api.get(`/api/v1/webhook-events/${item!.id}`, token);
        assert.equal(res.statusCode, 200, res.body);
        assertEnvelope(res, 'one');
        assert.deepEqual(Object.keys(res.json()), RECORD_KEYS);
        assert.deepEqual(res.json(), item);
        assert.equal(res.body, JSON.stringify(item), 'the exact bytes of a delivery body');
        assert.equal((await api.get(`/api/v1/webhook-events/${item!.id.toUpperCase()}`, token)).json().id, item!.id);

        const otherOwner = await api.owner();
        const otherToken = await api.token(otherOwner, ['webhooks', 'requests:read']);
        const foreign = await record(otherOwner, 'request.created', { object: 'request', id: randomUUID() });
        assert.equal((await api.get(`/api/v1/webhook-events/${foreign}`, otherToken)).statusCode, 200);
        const notEntitled = await record(owner, 'event.created', { object: 'event', id: randomUUID() });
        const bodies = [];
        for (const id of [foreign, notEntitled, randomUUID(), 'abc', `${item!.id}-1`]) {
          const miss = await api.get(`/api/v1/webhook-events/${id}`, token);
          assertError(miss, 404, 'not_found');
          bodies.push(withoutRequestId(miss));
        }
        for (const b of bodies) assert.deepEqual(b, bodies[0]);
      });
    });
  });
}
