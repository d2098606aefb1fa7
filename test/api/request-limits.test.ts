import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { bookableOwner, newKey, post, taskBody } from '../helpers/requests.js';
import { seedRequest } from '../helpers/seed.js';
import { assertError } from './expect.js';

const TASKS = '/api/v1/requests/tasks';
const T0 = '2026-10-25T00:30:00Z'; // the night Europe moves its clocks back

const asker = (n: number) => ({ name: `Asker ${n}`, email: `asker${n}@example.com` });

for (const engine of ENGINES) {
  describe(`request limits on ${engine}`, () => {
    const api = useApi(engine, T0);
    beforeEach(() => api.clock.set(T0));

    it('allows 3 pending requests per requester, then 429 too_many_pending (email in any case, or the same phone)', async () => {
      const { owner, token } = await bookableOwner(api);
      for (let i = 0; i < 3; i++) {
        const res = await post(api, TASKS, token, taskBody({ requester: { name: 'Dee', email: 'dee@example.com' } }));
        assert.equal(res.statusCode, 201, res.body);
      }
      assertError(await post(api, TASKS, token, taskBody({ requester: { name: 'Dee', email: 'DEE@Example.com' } })), 429, 'too_many_pending');
      const other = await post(api, TASKS, token, taskBody({ requester: { name: 'Else', email: 'else@example.com' } }));
      assert.equal(other.statusCode, 201, 'another requester is not held back');
      // The phone identifies the requester too.
      await seedRequest(api.rt.store.db, owner.id, { requester: { email: null, phone: '+4915112345678' } });
      await seedRequest(api.rt.store.db, owner.id, { requester: { email: null, phone: '+4915112345678' } });
      await seedRequest(api.rt.store.db, owner.id, { requester: { email: null, phone: '+4915112345678' } });
      const byPhone = await post(api, TASKS, token, taskBody({ requester: { name: 'Phone', email: 'new@example.com', phone: '+4915112345678' } }));
      assertError(byPhone, 429, 'too_many_pending');
      // Like every 429 it says when to retry: when the first pending one ends at the latest, its expiry.
      // (The three seeded above were stored without an expiry, so that answer has none to give.)
      const fourth = await post(api, TASKS, token, taskBody({ requester: { name: 'Dee', email: 'dee@example.com' } }), 'again-key-0000000001');
      assertError(fourth, 429, 'too_many_pending');
      // Dee's first task request expires 30 days after it was made (it has no suggested date).
      assert.equal(fourth.headers['retry-after'], String(30 * 86_400));
      const replay = await post(api, TASKS, token, taskBody({ requester: { name: 'Dee', email: 'dee@example.com' } }), 'again-key-0000000001');
      assertError(replay, 429, 'too_many_pending');
      assert.equal(replay.headers['idempotent-replayed'], 'true');
      assert.equal(replay.headers['retry-after'], String(30 * 86_400), 'a replay says when to retry too');
    });

    it('counts test-mode requests apart from live ones', async () => {
      const { owner, token } = await bookableOwner(api);
      const test = await api.token(owner, undefined, { test: true });
      for (let i = 0; i < 3; i++) assert.equal((await post(api, TASKS, token, taskBody())).statusCode, 201);
      assert.equal((await post(api, TASKS, test, taskBody())).statusCode, 201, 'the sandbox has its own count');
    });

    it('allows 5 requests a rolling day per requester from any source, then 429 rate_limited with Retry-After', async () => {
      const { owner, token } = await bookableOwner(api);
      const db = api.rt.store.db;
      // Two from the public page earlier today, already handled (they still count).
      await seedRequest(db, owner.id, { requester: { email: 'fay@example.com', phone: null }, status: 'declined', createdAt: '2026-10-24T06:00:00Z' });
      await seedRequest(db, owner.id, { requester: { email: 'fay@example.com', phone: null }, status: 'withdrawn', createdAt: '2026-10-24T12:00:00Z' });
      for (let i = 0; i < 3; i++) {
        api.clock.advance(60_000);
        const made = await post(api, TASKS, token, taskBody({ requester: { name: 'Fay', email: 'fay@example.com' } }));
        assert.equal(made.statusCode, 201, made.body);
        const w = await post(api, `/api/v1/requests/${made.json().request.id}/withdraw`, token, undefined);
        assert.equal(w.statusCode, 200, w.body);
      }
      const key = newKey();
      const sixth = await post(api, TASKS, token, taskBody({ requester: { name: 'Fay', email: 'fay@example.com' } }), key);
      assertError(sixth, 429, 'rate_limited');
      // The oldest of the five was made at 06:00 yesterday: one more is allowed at 06:00 today.
      const now = Date.parse(T0) + 3 * 60_000;
      assert.equal(sixth.headers['retry-after'], String(Math.ceil((Date.parse('2026-10-25T06:00:00Z') - now) / 1000)));
      // The headers describe the limit that was reached (5 a day for this requester), not the token's.
      assert.equal(sixth.headers['ratelimit-limit'], '5');
      assert.equal(sixth.headers['ratelimit-remaining'], '0');
      assert.equal(sixth.headers['ratelimit-reset'], sixth.headers['retry-after']);
      // A refused call keeps no outcome: the same key works once the day has rolled on.
      api.clock.set('2026-10-25T06:00:01Z');
      const later = await post(api, TASKS, token, taskBody({ requester: { name: 'Fay', email: 'fay@example.com' } }), key);
      assert.equal(later.statusCode, 201, later.body);
    });

    it('limits creating and withdrawing to 30 an hour per token, with the headers of the closest limit', async () => {
      const { owner, token } = await bookableOwner(api);
      const ids: string[] = [];
      for (let i = 0; i < 20; i++) {
        const res = await post(api, TASKS, token, taskBody({ requester: asker(i) }));
        assert.equal(res.statusCode, 201, res.body);
        assert.equal(res.headers['ratelimit-limit'], '30');
        assert.equal(res.headers['ratelimit-remaining'], String(29 - i));
        ids.push(res.json().request.id);
      }
      for (let i = 0; i < 10; i++) assert.equal((await post(api, `/api/v1/requests/${ids[i]}/withdraw`, token, undefined)).statusCode, 200);
      const over = await post(api, TASKS, token, taskBody({ requester: asker(99) }));
      assertError(over, 429, 'rate_limited');
      assert.equal(over.headers['ratelimit-remaining'], '0');
      assert.ok(Number(over.headers['retry-after']) >= 1);
      assertError(await post(api, `/api/v1/requests/${ids[15]}/withdraw`, token, undefined), 429, 'rate_limited');
      // Reads are another class; another token of the owner has its own count.
      assert.equal((await api.get('/api/v1/requests', token)).statusCode, 200);
      const other = await api.token(owner);
      assert.equal((await post(api, TASKS, other, taskBody({ requester: asker(100) }))).statusCode, 201);
      // The next hour allows 30 more.
      api.clock.advance(3_600_000);
      assert.equal((await post(api, TASKS, token, taskBody({ requester: asker(101) }))).statusCode, 201);
    });

    it('limits a token to 200 a day across the hours', async () => {
      const { token } = await bookableOwner(api);
      let made = 0;
      let refused: Awaited<ReturnType<typeof post>> | null = null;
      for (let hour = 0; hour < 7 && !refused; hour++) {
        api.clock.set(new Date(Date.parse('2026-10-25T00:00:00Z') + hour * 3_600_000 + 1000));
        for (let i = 0; i < 30; i++) {
          // Tasks that fail validation still count: the limits are checked before the fields.
          const res = await post(api, TASKS, token, { bad: true });
          if (res.statusCode === 429) {
            refused = res;
            break;
          }
          made += 1;
        }
      }
      assert.equal(made, 200);
      assertError(refused!, 429, 'rate_limited');
      assert.equal(refused!.headers['ratelimit-limit'], '200');
    });
  });
}
