import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { appointmentBody, bookableOwner, post, taskBody } from '../helpers/requests.js';

for (const engine of ENGINES) {
  describe(`POST /requests on ${engine}`, () => {
    // Monday 2026-03-30 08:00 UTC = 10:00 in Berlin (summer time since the 29th).
    const api = useApi(engine, '2026-03-30T06:00:00Z');

    it('creates an appointment request for an offered slot: 201 {request, statusUrl}', async () => {
      const { typeId, token } = await bookableOwner(api);
      const res = await post(api, '/api/v1/requests/appointments', token, appointmentBody(typeId, '2026-03-30T08:00:00Z', '2026-03-30T08:30:00Z'));
      assert.equal(res.statusCode, 201, res.body);
      const body = res.json();
      assert.equal(body.request.status, 'pending');
      console.log(body);
      const t = await post(api, '/api/v1/requests/tasks', token, taskBody());
      assert.equal(t.statusCode, 201, t.body);
      const w = await post(api, `/api/v1/requests/${body.request.id}/withdraw`, token, undefined);
      assert.equal(w.statusCode, 200, w.body);
      console.log(w.json());
    });
  });
}
