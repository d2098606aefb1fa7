import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CalendarAccess } from '@calendar-access/sdk';
import { EtagCache } from '../../packages/sdk/src/etag-cache.js';
import { ENGINES } from '../helpers/engines.js';
import { listeningApi, useApi } from '../helpers/api.js';
import { seedTask } from '../helpers/seed.js';
import { updateTodo } from '../../src/services/todos.js';

// Monday 2026-03-30, 08:00 in Berlin (summer time since the 29th), 02:00 in New York.
const T0 = '2026-03-30T06:00:00Z';

/** A fetch that passes through and records the If-None-Match of each call and the status of its answer. */
function recordingFetch() {
  const calls: { url: string; ifNoneMatch: string | null; status: number }[] = [];
  const fake = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const res = await fetch(input, init);
    calls.push({ url: String(input), ifNoneMatch: new Headers(init?.headers).get('if-none-match'), status: res.status });
    return res;
  };
  return { fetch: fake as typeof fetch, calls };
}

describe('the SDK keeps the answers of conditional GETs', () => {
  it('keeps at most maxEntries URLs, forgetting the one used longest ago first', () => {
    const cache = new EtagCache(2);
    cache.set('a', { etag: '"a"', body: '{}' });
    cache.set('b', { etag: '"b"', body: '{}' });
    assert.ok(cache.get('a'), 'a used again: b is now the oldest');
    cache.set('c', { etag: '"c"', body: '{}' });
    assert.equal(cache.size, 2);
    assert.equal(cache.get('b'), undefined);
    assert.ok(cache.get('a') && cache.get('c'));
  });

  it('refuses a maxEntries that is not a whole number of at least 1', () => {
    for (const n of [0, -1, 1.5, Number.NaN]) assert.throws(() => new EtagCache(n), /maxEntries/);
    assert.throws(() => new CalendarAccess({ token: 'svc_pat_x', conditional: { maxEntries: 0 } }), /maxEntries/);
  });
});

for (const engine of ENGINES) {
  describe(`the SDK's conditional GETs against a running server on ${engine}`, () => {
    const api = useApi(engine, T0);
    const server = listeningApi(api);
    const client = (token: string, extra: Partial<ConstructorParameters<typeof CalendarAccess>[0]> = {}) => new CalendarAccess({ token, baseUrl: server.baseUrl, ...extra });

    async function ownerWithTask(zone = 'Europe/Berlin') {
      const owner = await api.owner(zone);
      const taskId = await seedTask(api.rt.store.db, owner.id, { title: 'Call the plumber', dueDate: '2026-03-30', dueTime: '09:00', timezone: zone, updatedAt: '2026-03-29T10:00:00Z' });
      return { owner, taskId, token: await api.token(owner, ['tasks:read', 'events:read']) };
    }

    it('with conditional: true, answers an unchanged to-do from a 304 with the data of the 200, status 304 and notModified, and no read spent', async () => {
      const { taskId, token } = await ownerWithTask();
      const wire = recordingFetch();
      const sdk = client(token, { conditional: true, fetch: wire.fetch });
      const first = await sdk.tasks.get(taskId);
      assert.equal(first.lastResponse.status, 200);
      assert.equal(first.lastResponse.notModified, false);
      const second = await sdk.tasks.get(taskId);
      assert.equal(second.lastResponse.status, 304);
      assert.equal(second.lastResponse.notModified, true);
      assert.deepEqual(second, first);
      assert.equal(second.title, 'Call the plumber');
      assert.equal(second.lastResponse.rateLimit?.remaining, first.lastResponse.rateLimit?.remaining, 'a 304 is given back to the token');
      assert.deepEqual(wire.calls.map((c) => [c.ifNoneMatch === null ? 'none' : 'etag', c.status]), [['none', 200], ['etag', 304]]);
      assert.equal(wire.calls[1]!.ifNoneMatch, first.lastResponse.headers.get('etag'));
    });

    it('sends no If-None-Match unless asked: by default, or with conditional: false on the call', async () => {
      const { taskId, token } = await ownerWithTask();
      const plain = recordingFetch();
      const sdk = client(token, { fetch: plain.fetch });
      await sdk.tasks.get(taskId);
      const again = await sdk.tasks.get(taskId);
      assert.equal(again.lastResponse.status, 200);
      assert.equal(again.lastResponse.notModified, false);
      const off = recordingFetch();
      const conditional = client(token, { conditional: true, fetch: off.fetch });
      await conditional.tasks.get(taskId);
      await conditional.tasks.get(taskId, { conditional: false });
      assert.deepEqual([...plain.calls, ...off.calls].map((c) => c.ifNoneMatch), [null, null, null, null]);
    });

    it('uses conditional: true of one call on a client without it', async () => {
      const { taskId, token } = await ownerWithTask();
      const sdk = client(token);
      await sdk.tasks.get(taskId, { conditional: true });
      assert.equal((await sdk.tasks.get(taskId, { conditional: true })).lastResponse.status, 304);
      assert.equal((await sdk.tasks.get(taskId)).lastResponse.status, 200);
    });

    it('answers the new body with 200 once the to-do changed, then 304 against the new ETag', async () => {
      const { owner, taskId, token } = await ownerWithTask('America/New_York');
      const sdk = client(token, { conditional: true });
      await sdk.tasks.get(taskId);
      api.clock.set('2026-03-30T06:01:00Z');
      try {
        assert.ok(await updateTodo({ db: api.rt.store.db, clock: api.clock }, owner, taskId, { title: 'Call the plumber again' }));
        const changed = await sdk.tasks.get(taskId);
        assert.equal(changed.lastResponse.status, 200);
        assert.equal(changed.title, 'Call the plumber again');
        const same = await sdk.tasks.get(taskId);
        assert.equal(same.lastResponse.status, 304);
        assert.equal(same.title, 'Call the plumber again');
      } finally {
        api.clock.set(T0);
      }
    });

    it('gives every 304 a fresh object: changing what one call got changes nothing the next call gets', async () => {
      const { taskId, token } = await ownerWithTask();
      const sdk = client(token, { conditional: true });
      const first = await sdk.tasks.get(taskId);
      first.title = 'scribbled over';
      const second = await sdk.tasks.get(taskId);
      assert.equal(second.lastResponse.status, 304);
      assert.equal(second.title, 'Call the plumber');
      second.title = 'again';
      assert.equal((await sdk.tasks.get(taskId)).title, 'Call the plumber');
    });

    it('pages through 120 to-dos a second time with for await, every page a 304, the same items in the same order', async () => {
      const owner = await api.owner();
      for (let i = 0; i < 120; i++) await seedTask(api.rt.store.db, owner.id, { title: `To-do ${i}`, updatedAt: `2026-03-2${i % 9}T10:00:${String(i % 60).padStart(2, '0')}Z` });
      const wire = recordingFetch();
      const sdk = client(await api.token(owner, ['tasks:read']), { conditional: true, fetch: wire.fetch });
      const first: string[] = [];
      for await (const task of sdk.tasks.list({ limit: 50 })) first.push(task.id);
      const second: string[] = [];
      const statuses: number[] = [];
      for await (const page of sdk.tasks.list({ limit: 50 }).pages()) {
        statuses.push(page.lastResponse.status);
        second.push(...page.data.map((t) => t.id));
      }
      assert.equal(first.length, 120);
      assert.deepEqual(second, first);
      assert.deepEqual(statuses, [304, 304, 304]);
      assert.deepEqual(wire.calls.map((c) => c.status), [200, 200, 200, 304, 304, 304]);
    });

    it('asks in full again for a URL it no longer keeps (maxEntries 1: two to-dos read in turn)', async () => {
      const { owner, taskId, token } = await ownerWithTask();
      const other = await seedTask(api.rt.store.db, owner.id, { title: 'Water the plants' });
      const sdk = client(token, { conditional: { maxEntries: 1 } });
      await sdk.tasks.get(taskId);
      await sdk.tasks.get(other);
      assert.equal((await sdk.tasks.get(taskId)).lastResponse.status, 200, 'forgotten when the other was kept');
      assert.equal((await sdk.tasks.get(taskId)).lastResponse.status, 304);
    });

    it('returns the 304 of a rawRequest sent with its own If-None-Match as it is: status 304, notModified, an empty object', async () => {
      const { taskId, token } = await ownerWithTask();
      const sdk = client(token);
      const full = await sdk.rawRequest('GET', `/tasks/${taskId}`);
      const etag = full.lastResponse.headers.get('etag')!;
      const res = await sdk.rawRequest('GET', `/tasks/${taskId}`, { headers: { 'If-None-Match': etag } });
      assert.equal(res.lastResponse.status, 304);
      assert.equal(res.lastResponse.notModified, true);
      assert.deepEqual(res, {});
    });
  });
}
