import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { seedAppointmentType, setBooking } from '../helpers/seed.js';
import { assertError, FIELDS, keys, withoutRequestId } from './expect.js';

for (const engine of ENGINES) {
  describe(`GET /appointment-types on ${engine}`, () => {
    const api = useApi(engine);
    const db = () => api.rt.store.db;

    it('answers 404 not_found while the owner\'s booking is off, alike to an unknown path', async () => {
      const owner = await api.owner();
      const token = await api.token(owner, ['availability:read']);
      await seedAppointmentType(db(), owner.id, { name: 'Intro call', position: 0 });
      const res = await api.get('/api/v1/appointment-types', token);
      const error = assertError(res, 404, 'not_found');
      assert.equal(res.body.includes('Intro call'), false);
      assert.equal(error.message, (await api.get(`/api/v1/tasks/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`, await api.token(owner, ['tasks:read']))).json().error.message);
    });

    it('lists the types in the owner\'s order once booking is on, leaving deleted ones out', async () => {
      const owner = await api.owner('America/Denver');
      const token = await api.token(owner, ['availability:read']);
      const third = await seedAppointmentType(db(), owner.id, { name: 'Workshop', durationMinutes: 120, position: 2 });
      const first = await seedAppointmentType(db(), owner.id, { name: 'Coffee', durationMinutes: 15, position: 0 });
      await seedAppointmentType(db(), owner.id, { name: 'Retired', durationMinutes: 60, position: 1, deletedAt: '2026-03-01T00:00:00Z' });
      const second = await seedAppointmentType(db(), owner.id, { name: 'Consultation', durationMinutes: 50, position: 1 });
      await setBooking(db(), owner.id, true);
      const res = await api.get('/api/v1/appointment-types', token);
      assert.equal(res.statusCode, 200);
      assert.deepEqual(keys(res.json()), ['data']);
      assert.deepEqual(res.json().data, [
        { id: first, name: 'Coffee', durationMinutes: 15 },
        { id: second, name: 'Consultation', durationMinutes: 50 },
        { id: third, name: 'Workshop', durationMinutes: 120 },
      ]);
      for (const t of res.json().data) assert.deepEqual(keys(t), FIELDS.appointmentType);
      assert.equal(res.body.includes('Retired'), false);
    });

    it('answers an empty list for an owner with booking on and no types', async () => {
      const owner = await api.owner();
      await setBooking(db(), owner.id, true);
      const res = await api.get('/api/v1/appointment-types', await api.token(owner, ['availability:read']));
      assert.deepEqual(res.json(), { data: [] });
    });

    it('answers 404 again once the owner switches booking off', async () => {
      const owner = await api.owner();
      const token = await api.token(owner, ['availability:read']);
      await seedAppointmentType(db(), owner.id, { position: 0 });
      await setBooking(db(), owner.id, true);
      assert.equal((await api.get('/api/v1/appointment-types', token)).statusCode, 200);
      await setBooking(db(), owner.id, false);
      assertError(await api.get('/api/v1/appointment-types', token), 404, 'not_found');
    });

    it('never shows another owner\'s types', async () => {
      const owner = await api.owner();
      const other = await api.owner();
      await setBooking(db(), owner.id, true);
      await setBooking(db(), other.id, true);
      const mine = await seedAppointmentType(db(), owner.id, { name: 'Mine', position: 5 });
      await seedAppointmentType(db(), other.id, { name: 'Theirs', position: 0 });
      const res = await api.get('/api/v1/appointment-types', await api.token(owner, ['availability:read']));
      assert.deepEqual(res.json().data.map((t: { id: string }) => t.id), [mine]);
    });

    it('answers 403 insufficient_scope naming availability:read to a token without it, booking on or off', async () => {
      const owner = await api.owner();
      const token = await api.token(owner, ['events:read', 'tasks:read', 'requests:read', 'profile:read']);
      const off = await api.get('/api/v1/appointment-types', token);
      assertError(off, 403, 'insufficient_scope');
      assert.equal(off.headers['www-authenticate'], 'Bearer error="insufficient_scope", scope="availability:read"');
      await setBooking(db(), owner.id, true);
      const on = await api.get('/api/v1/appointment-types', token);
      assertError(on, 403, 'insufficient_scope');
      assert.deepEqual(withoutRequestId(on), withoutRequestId(off));
    });

    it('refuses query parameters', async () => {
      const owner = await api.owner();
      await setBooking(db(), owner.id, true);
      assertError(await api.get('/api/v1/appointment-types?limit=10', await api.token(owner, ['availability:read'])), 422, 'invalid_input', 'limit');
    });
  });
}
