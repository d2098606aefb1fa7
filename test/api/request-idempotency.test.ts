import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { appointmentBody, bookableOwner, newKey, post, taskBody } from '../helpers/requests.js';
import { seedEvent } from '../helpers/seed-events.js';
import { eventsOf } from '../../src/store/repos/outbox.js';
import { syncOccurrences } from '../../src/store/repos/occurrences.js';
import { assertError } from './expect.js';

const APPOINTMENTS = '/api/v1/requests/appointments';
const TASKS = '/api/v1/requests/tasks';
const START = '2026-03-30T08:00:00Z';
const END = '2026-03-30T08:30:00Z';

for (const engine of ENGINES) {
  describe(`Idempotency-Key on ${engine}`, () => {
    const api = useApi(engine, '2026-03-30T06:00:00Z');
    const db = () => api.rt.store.db;
    beforeEach(() => api.clock.set('2026-03-30T06:00:00Z'));
    const requestsOf = async (ownerId: string) => (await db().selectFrom('requests').select('id').where('owner_id', '=', ownerId).execute()).length;

    it('answers the same key and body with the first answer, marked Idempotent-Replayed, and creates nothing more', async () => {
      const { owner, typeId, token } = await bookableOwner(api);
      const key = newKey();
      const body = appointmentBody(typeId, START, END);
      const first = await post(api, APPOINTMENTS, token, body, key);
      assert.equal(first.statusCode, 201, first.body);
      api.clock.advance(60_000);
      // The same body with its keys in another order is the same body.
      const reordered = Object.fromEntries(Object.entries(body).reverse());
      const again = await post(api, APPOINTMENTS, token, reordered, key);
      assert.equal(again.statusCode, 201);
      assert.equal(again.headers['idempotent-replayed'], 'true');
      assert.deepEqual(again.json(), first.json());
      assert.notEqual(again.headers['svc-request-id'], first.headers['svc-request-id']);
      assert.equal(await requestsOf(owner.id), 1);
      assert.equal((await eventsOf(db(), owner.id)).length, 1);
    });

    it('refuses the same key with another body or path: 422 idempotency_mismatch', async () => {
      const { owner, typeId, token } = await bookableOwner(api);
      const key = newKey();
      assert.equal((await post(api, TASKS, token, taskBody(), key)).statusCode, 201);
      assertError(await post(api, TASKS, token, taskBody({ note: 'changed' }), key), 422, 'idempotency_mismatch', 'Idempotency-Key');
      assertError(await post(api, APPOINTMENTS, token, appointmentBody(typeId, START, END), key), 422, 'idempotency_mismatch', 'Idempotency-Key');
      assert.equal(await requestsOf(owner.id), 1);
    });

    it('keeps keys apart per token: another token with the same key creates its own request', async () => {
      const { owner, token } = await bookableOwner(api);
      const other = await api.token(owner);
      const key = newKey();
      const a = await post(api, TASKS, token, taskBody(), key);
      const b = await post(api, TASKS, other, taskBody(), key);
      assert.equal(a.statusCode, 201);
      assert.equal(b.statusCode, 201);
      assert.equal(b.headers['idempotent-replayed'], undefined);
      assert.notEqual(a.json().request.id, b.json().request.id);
    });

    it('forgets a key after 24 hours: the same key then makes a new request', async () => {
      const { owner, token } = await bookableOwner(api);
      const key = newKey();
      const first = await post(api, TASKS, token, taskBody(), key);
      api.clock.advance(24 * 3_600_000 - 1000);
      const replay = await post(api, TASKS, token, taskBody(), key);
      assert.equal(replay.headers['idempotent-replayed'], 'true');
      api.clock.advance(2000);
      const later = await post(api, TASKS, token, taskBody(), key);
      assert.equal(later.statusCode, 201, later.body);
      assert.equal(later.headers['idempotent-replayed'], undefined);
      assert.notEqual(later.json().request.id, first.json().request.id);
      assert.equal(await requestsOf(owner.id), 2);
    });

    it('stores and replays 404 and 409 outcomes, even once the slot or type would succeed', async () => {
      const { owner, typeId, token } = await bookableOwner(api);
      const busy = await seedEvent(db(), owner.id, { title: 'Busy', start: START, end: END });
      const key = newKey();
      assertError(await post(api, APPOINTMENTS, token, appointmentBody(typeId, START, END), key), 409, 'slot_unavailable');
      await db().updateTable('events').set({ deleted_at: new Date('2026-03-30T06:00:00Z') }).where('id', '=', busy).execute();
      await syncOccurrences(db(), owner.id, [busy]);
      const replay = await post(api, APPOINTMENTS, token, appointmentBody(typeId, START, END), key);
      assertError(replay, 409, 'slot_unavailable');
      assert.equal(replay.headers['idempotent-replayed'], 'true');
      // A new key sees the freed slot.
      assert.equal((await post(api, APPOINTMENTS, token, appointmentBody(typeId, START, END))).statusCode, 201);
      const missing = newKey();
      const unknownType = appointmentBody('00000000-0000-4000-8000-000000000000', START, END);
      assertError(await post(api, APPOINTMENTS, token, unknownType, missing), 404, 'not_found');
      const replay404 = await post(api, APPOINTMENTS, token, unknownType, missing);
      assertError(replay404, 404, 'not_found');
      assert.equal(replay404.headers['idempotent-replayed'], 'true');
    });

    it('does not keep a 422 invalid_input: the key can be used again with a corrected body', async () => {
      const { token } = await bookableOwner(api);
      const key = newKey();
      assertError(await post(api, TASKS, token, taskBody({ requesterTimezone: 'Nowhere/City' }), key), 422, 'invalid_input', 'requesterTimezone');
      const fixed = await post(api, TASKS, token, taskBody(), key);
      assert.equal(fixed.statusCode, 201, fixed.body);
      assert.equal(fixed.headers['idempotent-replayed'], undefined);
    });

    it('twenty concurrent POSTs with one key create one request; every answer is that request', async () => {
      const { owner, typeId, token } = await bookableOwner(api);
      const key = newKey();
      const body = appointmentBody(typeId, START, END);
      const answers = await Promise.all(Array.from({ length: 20 }, () => post(api, APPOINTMENTS, token, body, key)));
      assert.deepEqual(answers.map((a) => a.statusCode), Array(20).fill(201), answers.map((a) => a.body).join('\n'));
      const ids = new Set(answers.map((a) => a.json().request.id));
      assert.equal(ids.size, 1);
      assert.equal(answers.filter((a) => a.headers['idempotent-replayed'] === undefined).length, 1, 'exactly one answer is the original');
      assert.equal(await requestsOf(owner.id), 1);
      assert.equal((await eventsOf(db(), owner.id)).length, 1);
    });

    it('a failure between the change and storing its answer leaves neither; the retry with the key makes the change once', async () => {
      const { owner, token } = await bookableOwner(api);
      const key = `crash_${newKey()}`;
      // Storing this key's outcome fails, as if the process died before commit: everything rolls back.
      await sql
        .raw(`CREATE OR REPLACE FUNCTION fail_outcome() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.key = '${key}' AND NEW.status IS NOT NULL THEN RAISE EXCEPTION 'simulated crash'; END IF; RETURN NEW; END $$`)
        .execute(db());
      await sql.raw('CREATE TRIGGER fail_outcome BEFORE UPDATE ON idempotency_keys FOR EACH ROW EXECUTE FUNCTION fail_outcome()').execute(db());
      try {
        assertError(await post(api, TASKS, token, taskBody(), key), 500, 'internal');
      } finally {
        await sql.raw('DROP TRIGGER fail_outcome ON idempotency_keys').execute(db());
      }
      assert.equal(await requestsOf(owner.id), 0, 'no request without its stored answer');
      assert.deepEqual(await eventsOf(db(), owner.id), []);
      assert.equal((await db().selectFrom('jobs').select('id').where('owner_id', '=', owner.id).execute()).length, 0);
      const retry = await post(api, TASKS, token, taskBody(), key);
      assert.equal(retry.statusCode, 201, retry.body);
      assert.equal(retry.headers['idempotent-replayed'], undefined);
      // And once the answer is stored, a client that lost it gets it again.
      const lost = await post(api, TASKS, token, taskBody(), key);
      assert.deepEqual(lost.json(), retry.json());
      assert.equal(await requestsOf(owner.id), 1);
    });
  });
}
