import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { appointmentBody, bookableOwner, post, taskBody } from '../helpers/requests.js';
import { assertDeclared, readClientDoc, type ClientDoc, type Operation } from '../helpers/openapi-doc.js';

/**
 * The document describes some records more precisely than one flat schema (a request by its kind, a
 * webhook event by its type): real answers of every kind are what the document says they are.
 */
// Monday 2026-03-30: Berlin is on summer time (UTC+2) since the 29th.
const START = '2026-03-30T08:00:00Z';
const END = '2026-03-30T08:30:00Z';

for (const engine of ENGINES) {
  describe(`records of every kind against openapi.json on ${engine}`, () => {
    const api = useApi(engine, '2026-03-30T06:00:00Z');
    let doc: ClientDoc;
    const op = (id: string): Operation => doc.operations.find((o) => o.operationId === id)!;
    before(async () => {
      doc = await readClientDoc();
    });

    it('answers an appointment request and a to-do request, created, read, listed and withdrawn, as the document’s kinds of Request', async () => {
      const { typeId, token } = await bookableOwner(api);
      const appointment = await post(api, '/api/v1/requests/appointments', token, appointmentBody(typeId, START, END));
      assertDeclared(doc, op('createAppointmentRequest'), appointment, 'an appointment request');
      const task = await post(api, '/api/v1/requests/tasks', token, taskBody({ suggestedDueDate: '2026-04-02' }));
      assertDeclared(doc, op('createTaskRequest'), task, 'a to-do request');
      for (const made of [appointment, task]) {
        assertDeclared(doc, op('getRequest'), await api.get(`/api/v1/requests/${made.json().request.id}`, token), 'read');
      }
      const list = await api.get('/api/v1/requests', token);
      assert.equal(list.json().data.length, 2);
      assertDeclared(doc, op('listRequests'), list, 'listed');
      const withdrawn = await post(api, `/api/v1/requests/${task.json().request.id}/withdraw`, token, undefined);
      assertDeclared(doc, op('withdrawRequest'), withdrawn, 'withdrawn');
    });

    it('answers the webhook events of those changes as the document’s records of their types', async () => {
      const { typeId, token } = await bookableOwner(api);
      await post(api, '/api/v1/requests/appointments', token, appointmentBody(typeId, START, END));
      const made = await post(api, '/api/v1/requests/tasks', token, taskBody());
      await post(api, `/api/v1/requests/${made.json().request.id}/withdraw`, token, undefined);
      const page = await api.get('/api/v1/webhook-events?since=2026-03-29T00:00:00Z', token);
      assert.deepEqual(page.json().data.map((e: { type: string }) => e.type).sort(), ['request.created', 'request.created', 'request.withdrawn']);
      assertDeclared(doc, op('listWebhookEvents'), page, 'catch-up');
      assertDeclared(doc, op('getWebhookEvent'), await api.get(`/api/v1/webhook-events/${page.json().data[0].id}`, token), 'one event');
    });
  });
}
