import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { appointmentBody, bookableOwner, envOf, newKey, post, taskBody } from '../helpers/requests.js';
import { seedRequest, tokenIdOf } from '../helpers/seed.js';
import { decide } from '../../src/services/requests/decisions.js';
import { eventsOf } from '../../src/store/repos/outbox.js';
import { assertError, FIELDS, keys } from './expect.js';

const T0 = '2026-03-30T06:00:00Z';
const withdraw = (id: string) => `/api/v1/requests/${id}/withdraw`;

for (const engine of ENGINES) {
  describe(`POST /requests/{id}/withdraw on ${engine}`, () => {
    const api = useApi(engine, T0);
    beforeEach(() => api.clock.set(T0));
    const db = () => api.rt.store.db;

    it('withdraws a pending request this token made: 200 with the request, status withdrawn, one event', async () => {
      const { owner, typeId, token } = await bookableOwner(api);
      const made = (await post(api, '/api/v1/requests/appointments', token, appointmentBody(typeId, '2026-03-30T08:00:00Z', '2026-03-30T08:30:00Z'))).json().request;
      api.clock.advance(90_000);
      const res = await post(api, withdraw(made.id), token, undefined);
      assert.equal(res.statusCode, 200, res.body);
      const r = res.json();
      assert.deepEqual(keys(r), FIELDS.request);
      assert.equal(r.status, 'withdrawn');
      assert.equal(r.cancelledBy, null);
      assert.equal(r.updatedAt, '2026-03-30T06:01:30Z');
      assert.deepEqual({ ...r, status: 'pending', updatedAt: made.updatedAt }, made, 'nothing else changes');
      assert.deepEqual((await eventsOf(db(), owner.id)).map((e) => e.type).sort(), ['request.created', 'request.withdrawn']);
      // The expiry timer has nothing left to do, and the API reads the new state.
      assert.equal((await api.get(`/api/v1/requests/${made.id}`, token)).json().status, 'withdrawn');
    });

    it('replays a withdrawal for the same key; a new key on a withdrawn request is 409 invalid_transition', async () => {
      const { owner, token } = await bookableOwner(api);
      const id = (await post(api, '/api/v1/requests/tasks', token, taskBody())).json().request.id;
      const key = newKey();
      const first = await post(api, withdraw(id), token, undefined, key);
      const again = await post(api, withdraw(id), token, {}, key);
      assert.equal(again.statusCode, 200);
      assert.equal(again.headers['idempotent-replayed'], 'true');
      assert.deepEqual(again.json(), first.json());
      assertError(await post(api, withdraw(id), token, undefined), 409, 'invalid_transition');
      assert.equal((await eventsOf(db(), owner.id)).filter((e) => e.type === 'request.withdrawn').length, 1);
    });

    it('answers 409 invalid_transition for every state but pending', async () => {
      const { owner, token } = await bookableOwner(api);
      const tokenId = await tokenIdOf(db(), token);
      for (const status of ['accepted', 'declined', 'withdrawn', 'expired', 'rescheduled', 'cancelled', 'completed'] as const) {
        const id = await seedRequest(db(), owner.id, { kind: 'appointment', status, tokenId, updatedAt: '2026-03-29T00:00:00Z' });
        assertError(await post(api, withdraw(id), token, undefined), 409, 'invalid_transition');
      }
      assert.deepEqual(await eventsOf(db(), owner.id), []);
    });

    it('answers 404 for another token\'s request, the public page\'s, an unknown id or one of another owner', async () => {
      const { owner, token } = await bookableOwner(api);
      const sibling = await api.token(owner);
      const theirs = (await post(api, '/api/v1/requests/tasks', sibling, taskBody())).json().request.id;
      const publicOne = await seedRequest(db(), owner.id, { source: 'public' });
      const stranger = await bookableOwner(api);
      const foreign = (await post(api, '/api/v1/requests/tasks', stranger.token, taskBody())).json().request.id;
      for (const id of [theirs, publicOne, foreign, randomUUID(), 'not-a-uuid']) {
        assertError(await post(api, withdraw(id), token, undefined), 404, 'not_found');
      }
      assert.equal((await api.get(`/api/v1/requests/${theirs}`, sibling)).json().status, 'pending');
    });

    it('refuses body fields (it takes none) and needs requests:create', async () => {
      const { owner, token } = await bookableOwner(api);
      const id = (await post(api, '/api/v1/requests/tasks', token, taskBody())).json().request.id;
      assertError(await post(api, withdraw(id), token, { reason: 'changed my mind' }), 422, 'invalid_input', 'reason');
      const reader = await api.token(owner, ['requests:read']);
      assertError(await post(api, withdraw(id), reader, undefined), 403, 'insufficient_scope');
    });

    it('withdraws while the owner\'s decision waits in its undo window; the decision then does nothing', async () => {
      const { owner, token } = await bookableOwner(api);
      const id = (await post(api, '/api/v1/requests/tasks', token, taskBody())).json().request.id;
      const waiting = await decide(envOf(api), owner.id, id, { action: 'accept' }, { undoWindow: true });
      assert.equal(waiting.request.status, 'pending');
      assert.equal((await post(api, withdraw(id), token, undefined)).json().status, 'withdrawn');
      assert.equal((await db().selectFrom('jobs').select('id').where('kind', '=', 'request.decision').where('key', '=', id).execute()).length, 0);
      assert.deepEqual((await eventsOf(db(), owner.id)).map((e) => e.type).sort(), ['request.created', 'request.withdrawn']);
    });
  });
}

for (const engine of ENGINES.slice(0, 1)) {
  describe(`POST bodies on ${engine}`, () => {
    const api = useApi(engine, T0);

    it('takes an empty body sent with Content-Type: application/json as no body; malformed JSON is still 400', async () => {
      const { token } = await bookableOwner(api);
      const id = (await post(api, '/api/v1/requests/tasks', token, taskBody())).json().request.id;
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': newKey() };
      const bad = await api.app.inject({ method: 'POST', url: withdraw(id), headers, payload: '{"a":' });
      assertError(bad, 400, 'bad_request');
      const poisoned = await api.app.inject({ method: 'POST', url: withdraw(id), headers: { ...headers, 'idempotency-key': newKey() }, payload: '{"__proto__":{"x":1}}' });
      assertError(poisoned, 400, 'bad_request');
      const empty = await api.app.inject({ method: 'POST', url: withdraw(id), headers: { ...headers, 'idempotency-key': newKey() }, payload: '' });
      assert.equal(empty.statusCode, 200, empty.body);
      assert.equal(empty.json().status, 'withdrawn');
    });
  });
}
