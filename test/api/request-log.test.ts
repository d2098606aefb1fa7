import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { generateTokenValue, hashToken } from '../../src/domain/token-format.js';
import { pruneRequestLog } from '../../src/request-log/prune.js';
import { readRequestLog, tailRequestLog } from '../../src/request-log/read.js';
import { housekeepingKind } from '../../src/services/housekeeping.js';
import { unpackCalls } from '../../src/store/repos/request-log-pack.js';
import { insertRequestLog, requestLogBatchesBefore, type RequestLogEntry } from '../../src/store/repos/request-log.js';
import type { OwnerRow } from '../../src/store/schema.js';
import { useApi, type ApiHarness } from '../helpers/api.js';
import { ENGINES } from '../helpers/engines.js';
import { post, taskBody } from '../helpers/requests.js';

/** The token row id of a value (the log names tokens by id). */
async function tokenId(api: ApiHarness, value: string): Promise<string> {
  return (await api.rt.db.selectFrom('tokens').select('id').where('token_hash', '=', hashToken(value)).executeTakeFirstOrThrow()).id;
}

/** Every row of the owner's log as the console reads it (30 days, newest first), after the buffer is written. */
async function logOf(api: ApiHarness, owner: OwnerRow, q: Partial<Parameters<typeof readRequestLog>[2]> = {}) {
  await api.rt.requestLog.flush();
  return (await readRequestLog(api.rt.db, api.clock.now(), { ownerId: owner.id, sourceId: null, status: null, requestId: null, before: null, limit: 100, ...q })).rows;
}

/** An OAuth access token of a live (not suspended) app, written straight to the store. */
async function appToken(api: ApiHarness, owner: OwnerRow): Promise<{ value: string; appId: string }> {
  const db = api.rt.db;
  const appId = randomUUID();
  await db.insertInto('apps').values({ id: appId, name: 'Planner', suspended_at: null, created_at: api.clock.now() }).execute();
  const value = generateTokenValue('at');
  await db
    .insertInto('tokens')
    .values({
      id: randomUUID(), owner_id: owner.id, kind: 'at', name: 'Planner', scopes: ['profile:read'], mode: 'live', token_hash: hashToken(value),
      last_four: value.slice(-4), app_id: appId, expires_at: null, created_at: api.clock.now(),
    })
    .execute();
  return { value, appId };
}

const entry = (ownerId: string, sourceId: string, at: Date, n: number): RequestLogEntry => ({
  ownerId, sourceId, tokenId: sourceId, at, method: 'GET', path: '/api/v1/me', status: 200, code: null, requestId: `req_${String(n).padStart(22, '0')}`, durationUs: 500,
});

for (const engine of ENGINES) {
  describe(`the request log on ${engine}`, () => {
    const api = useApi(engine, '2026-03-29T00:30:00Z');

    it('records a call with its time, method, path, status, request id, duration and token, after the answer', async () => {
      const owner = await api.owner();
      const token = await api.token(owner);
      const res = await api.get('/api/v1/me', token);
      assert.equal(res.statusCode, 200);
      const [call, ...more] = await logOf(api, owner);
      assert.equal(more.length, 0);
      assert.ok(call);
      assert.equal(call.method, 'GET');
      assert.equal(call.path, '/api/v1/me');
      assert.equal(call.status, 200);
      assert.equal(call.code, null);
      assert.equal(call.requestId, res.headers['svc-request-id']);
      assert.equal(call.sourceId, await tokenId(api, token));
      assert.ok(call.durationUs >= 0 && call.durationUs < 60_000_000);
      assert.equal(call.at.toISOString(), api.clock.now().toISOString(), 'when it was answered, on the service clock');
    });

    it("keeps a refusal's error code: a 422 invalid_input, a 403 insufficient_scope, a 404", async () => {
      const owner = await api.owner();
      const token = await api.token(owner, ['profile:read']);
      const bad = await api.get('/api/v1/me?colour=blue', token);
      assert.equal(bad.statusCode, 422);
      const scope = await api.get('/api/v1/tasks', token);
      assert.equal(scope.statusCode, 403);
      const missing = await api.get(`/api/v1/events/${randomUUID()}`, await api.token(owner));
      assert.equal(missing.statusCode, 404);
      const calls = await logOf(api, owner);
      const byId = new Map(calls.map((c) => [c.requestId, c]));
      assert.deepEqual([byId.get(String(bad.headers['svc-request-id']))?.code, byId.get(String(bad.headers['svc-request-id']))?.status], ['invalid_input', 422]);
      assert.equal(byId.get(String(bad.headers['svc-request-id']))?.path, '/api/v1/me?…', 'an unknown query name is not kept');
      assert.deepEqual([byId.get(String(scope.headers['svc-request-id']))?.code, byId.get(String(scope.headers['svc-request-id']))?.status], ['insufficient_scope', 403]);
      assert.equal(byId.get(String(missing.headers['svc-request-id']))?.code, 'not_found');
      assert.match(byId.get(String(missing.headers['svc-request-id']))?.path ?? '', /^\/api\/v1\/events\/[0-9a-f-]{36}$/, 'an id in the path is kept');
    });

    it('does not log a call without a valid token: it belongs to no owner', async () => {
      const owner = await api.owner();
      await api.token(owner);
      const res = await api.get('/api/v1/me', 'svc_pat_notarealtokenvalue');
      assert.equal(res.statusCode, 401);
      await api.rt.requestLog.flush();
      const dump = await sql<{ row: string }>`SELECT request_log::text AS row FROM request_log`.execute(api.rt.db);
      assert.ok(!dump.rows.some((r) => r.row.includes(String(res.headers['svc-request-id']))));
    });

    it('stores no token value, no body, and no query value: only the names of query parameters', async () => {
      const owner = await api.owner('America/New_York');
      const token = await api.token(owner);
      const marker = 'Body-marker-7c1e0f please-do-not-store';
      const created = await post(api, '/api/v1/requests/tasks', token, taskBody({ message: marker }));
      assert.equal(created.statusCode, 201, created.body);
      const list = await api.get(`/api/v1/events?from=2026-03-29T00:00:00Z&to=2026-03-30T00:00:00Z&secretish=${encodeURIComponent(token)}`, token);
      assert.equal(list.statusCode, 422, 'an unknown parameter is refused');
      const inPath = await api.get(`/api/v1/events/${token}`, token);
      assert.equal(inPath.statusCode, 404);
      const events = await api.get('/api/v1/events?from=2026-03-29T00:00:00Z&to=2026-03-30T00:00:00Z', token);
      assert.equal(events.statusCode, 200, events.body);
      await api.rt.requestLog.flush();
      const dump = await sql<{ row: string }>`SELECT request_log::text AS row FROM request_log`.execute(api.rt.db);
      const text = dump.rows.map((r) => r.row).join('\n');
      assert.ok(text.includes(String(created.headers['svc-request-id'])), 'the calls are there');
      assert.ok(!text.includes(token), 'no token value');
      assert.ok(!text.includes(token.slice(8, -6)), 'not even the random part of one');
      assert.ok(!text.includes('Body-marker-7c1e0f'), 'no body');
      assert.ok(!text.includes('2026-03-29T00:00:00Z'), 'no query value');
      const paths = (await logOf(api, owner)).map((c) => c.path);
      assert.ok(paths.includes('/api/v1/requests/tasks'));
      assert.ok(paths.includes('/api/v1/events?from&to'), paths.join(', '));
      assert.ok(paths.includes('/api/v1/events/:id'), 'a token-shaped path parameter is left out');
    });

    it("lists an app's calls under the app, whichever of its hourly access tokens made them", async () => {
      const owner = await api.owner();
      const { value, appId } = await appToken(api, owner);
      const res = await api.get('/api/v1/me', value);
      assert.equal(res.statusCode, 200, res.body);
      const calls = await logOf(api, owner, { sourceId: appId });
      assert.deepEqual(calls.map((c) => c.requestId), [res.headers['svc-request-id']]);
    });

    it('filters by token, by status class and by error code, and finds a call by its request id', async () => {
      const owner = await api.owner('Asia/Tokyo');
      const a = await api.token(owner);
      const b = await api.token(owner);
      const ok = await api.get('/api/v1/me', a);
      api.clock.advance(1000);
      const bad = await api.get('/api/v1/me?x=1', a);
      api.clock.advance(1000);
      const other = await api.get('/api/v1/me', b);
      api.clock.advance(1000);
      const id = (r: typeof ok) => String(r.headers['svc-request-id']);
      assert.deepEqual((await logOf(api, owner, { sourceId: await tokenId(api, a) })).map((c) => c.requestId), [id(bad), id(ok)], 'newest first');
      assert.deepEqual((await logOf(api, owner, { sourceId: await tokenId(api, b) })).map((c) => c.requestId), [id(other)]);
      assert.deepEqual((await logOf(api, owner, { status: { class: 4 } })).map((c) => c.requestId), [id(bad)]);
      assert.deepEqual((await logOf(api, owner, { status: { class: 2 } })).map((c) => c.requestId), [id(other), id(ok)]);
      assert.deepEqual((await logOf(api, owner, { status: { code: 'invalid_input' } })).map((c) => c.requestId), [id(bad)]);
      assert.deepEqual((await logOf(api, owner, { requestId: id(other) })).map((c) => c.requestId), [id(other)]);
      assert.deepEqual(await logOf(api, owner, { requestId: 'req_not-one' }), []);
      const stranger = await api.owner();
      assert.deepEqual(await logOf(api, stranger, { requestId: id(other) }), [], "another owner's call is never found");
    });

    it('pages newest first by position, with no call twice and none left out', async () => {
      const owner = await api.owner();
      const token = await api.token(owner);
      const ids: string[] = [];
      for (let i = 0; i < 7; i += 1) {
        ids.unshift(String((await api.get('/api/v1/me', token)).headers['svc-request-id']));
        // Two calls in the same millisecond keep the order they were answered in.
        if (i % 2 === 0) api.clock.advance(1);
        // Some pages span two batches (flushes), some lie within one.
        if (i === 2 || i === 3) await api.rt.requestLog.flush();
      }
      await api.rt.requestLog.flush();
      const seen: string[] = [];
      let before = null;
      for (;;) {
        const page: Awaited<ReturnType<typeof readRequestLog>> = await readRequestLog(api.rt.db, api.clock.now(), { ownerId: owner.id, sourceId: null, status: null, requestId: null, before, limit: 2 });
        seen.push(...page.rows.map((r) => r.requestId));
        if (!page.next) break;
        before = page.next;
      }
      assert.deepEqual(seen, ids);
    });

    it('a flush of 1,200 calls from two owners reads back whole: paged newest first, and tailed oldest first', async () => {
      const [owner, other] = [await api.owner('Europe/Berlin'), await api.owner('America/Sao_Paulo')];
      const source = randomUUID();
      const start = api.clock.now().getTime() - 60_000;
      const { lastId: from } = await tailRequestLog(api.rt.db, { ownerId: owner.id, sourceId: null, afterId: null, limit: 500 });
      // One flush, the two owners' calls interleaved, several in each millisecond.
      await insertRequestLog(api.rt.db, Array.from({ length: 1200 }, (_, n) => entry(n % 3 === 0 ? other.id : owner.id, source, new Date(start + Math.floor(n / 4)), n)));
      const mine = Array.from({ length: 1200 }, (_, n) => n).filter((n) => n % 3 !== 0).map((n) => `req_${String(n).padStart(22, '0')}`);
      const paged: string[] = [];
      let before: string | null = null;
      for (;;) {
        const page: Awaited<ReturnType<typeof readRequestLog>> = await readRequestLog(api.rt.db, api.clock.now(), { ownerId: owner.id, sourceId: null, status: null, requestId: null, before, limit: 150 });
        paged.push(...page.rows.map((r) => r.requestId));
        if (!page.next) break;
        before = page.next;
      }
      assert.deepEqual(paged, [...mine].reverse());
      const tailed: string[] = [];
      let after = from;
      for (let poll = 0; poll < 5; poll += 1) {
        const t = await tailRequestLog(api.rt.db, { ownerId: owner.id, sourceId: null, afterId: after, limit: 500 });
        tailed.push(...t.rows.map((r) => r.requestId));
        after = t.lastId;
      }
      assert.deepEqual(tailed, mine, 'every call once, in order, over polls of at most 500');
      const found = await readRequestLog(api.rt.db, api.clock.now(), { ownerId: owner.id, sourceId: null, status: null, requestId: mine[0]!, before: null, limit: 10 });
      assert.deepEqual(found.rows.map((r) => r.requestId), [mine[0]], 'the oldest call is found by its request id');
    });

    it('the housekeeping job removes calls older than 30 days, and the oldest beyond the cap per owner', async () => {
      const owner = await api.owner();
      const other = await api.owner();
      const now = api.clock.now();
      const day = 86_400_000;
      const source = randomUUID();
      // Each written as a flush of its own, as calls a day apart are.
      const write = async (...entries: RequestLogEntry[]) => {
        for (const e of entries) await insertRequestLog(api.rt.db, [e]);
      };
      await write(
        entry(owner.id, source, new Date(now.getTime() - 31 * day), 1),
        entry(owner.id, source, new Date(now.getTime() - 29 * day), 2),
        entry(other.id, source, new Date(now.getTime() - 40 * day), 3),
        entry(other.id, source, new Date(now.getTime() - day), 4),
      );
      await housekeepingKind(api.rt.db).run({ id: 'x', kind: 'housekeeping', key: 'global', attempts: 0, payload: {} } as never, { now } as never);
      // Every call the table holds, whatever its age (the console reads 30 days only).
      const left = async (o: OwnerRow) =>
        (await requestLogBatchesBefore(api.rt.db, { ownerId: o.id, since: new Date(0), beforeId: null, limit: 100 }))
          .flatMap((b) => unpackCalls(b.id, o.id, b.calls))
          .sort((a, b) => a.at.getTime() - b.at.getTime())
          .map((c) => c.requestId.slice(-1));
      assert.deepEqual(await left(owner), ['2']);
      assert.deepEqual(await left(other), ['4']);

      await write(...[5, 6, 7, 8].map((n) => entry(owner.id, source, new Date(now.getTime() - (10 - n) * day), n)));
      const pruned = await pruneRequestLog(api.rt.db, now, 3);
      assert.ok(pruned.overCap >= 2, 'at least the two oldest of this owner');
      assert.deepEqual(await left(owner), ['6', '7', '8'], 'the newest 3 stay');
      assert.deepEqual(await left(other), ['4'], 'an owner under the cap keeps every call');
    });
  });
}
