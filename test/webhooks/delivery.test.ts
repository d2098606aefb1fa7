import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { PATIENT_DELIVERY } from '../helpers/patience.js';
import { post, taskBody } from '../helpers/requests.js';
import { startHttpsServer, type TestHttpsServer } from '../helpers/https-server.js';
import { addEndpoint } from '../../src/webhooks/endpoints.js';
import { DeliveryWorker } from '../../src/webhooks/delivery-worker.js';
import { verifyWebhook } from '@calendar-access/sdk';
import type { OutboundPolicy } from '../../src/net/public-address.js';

const T0 = '2026-03-29T00:30:00Z';

for (const engine of ENGINES) {
  describe(`webhook deliveries on ${engine}`, () => {
    const api = useApi(engine, T0);
    let receiver: TestHttpsServer;
    const bodies: string[] = [];
    // The receiver answers as the test tells it; it keeps every raw body.
    let answer = 200;
    before(async () => {
      receiver = await startHttpsServer((req, res) => {
        let raw = '';
        req.on('data', (c) => (raw += c));
        req.on('end', () => {
          bodies.push(raw);
          res.statusCode = answer;
          res.end('ok');
        });
      });
    });
    after(() => receiver.close());
    beforeEach(() => {
      api.clock.set(T0);
      answer = 200;
    });
    const policy: OutboundPolicy = { allowPrivateHosts: ['localhost'] };
    const worker = () => new DeliveryWorker({ db: api.rt.store.db, clock: api.clock, policy, ca: receiver.ca, random: () => 0.5, ...PATIENT_DELIVERY });

    it('delivers a ping on add and request.created on a new request, signed, with the headers of the spec', async () => {
      const owner = await api.owner();
      const token = await api.token(owner, ['webhooks', 'requests:read', 'requests:create']);
      const tokenRow = await api.rt.store.db.selectFrom('tokens').select('id').where('owner_id', '=', owner.id).executeTakeFirstOrThrow();
      const env = { db: api.rt.store.db, clock: api.clock, policy };
      const { secret } = await addEndpoint(env, { ownerId: owner.id, tokenId: tokenRow.id, url: receiver.url('localhost', '/hook') });
      const made = await post(api, '/api/v1/requests/tasks', token, taskBody());
      assert.equal(made.statusCode, 201, made.body);
      const seen = receiver.requests.length;
      const w = worker();
      assert.equal(await w.runOnce(), 2);
      await w.close();
      const got = receiver.requests.slice(seen);
      assert.deepEqual(got.map((r) => r.headers['svc-event-type']).sort(), ['ping', 'request.created']);
      for (const r of got) {
        assert.equal(r.method, 'POST');
        assert.equal(r.headers['content-type'], 'application/json');
        assert.equal(r.headers['user-agent'], 'Svc-Webhooks/1.0');
        assert.equal(r.headers['svc-delivery-attempt'], '1');
        assert.match(String(r.headers['svc-signature']), /^t=\d+,v1=[0-9a-f]{64}$/);
      }
      const created = await Promise.all(bodies.slice(-2).map(async (b) => (await verifyWebhook(b, got[bodies.slice(-2).indexOf(b)]!.headers['svc-signature'] as string, secret, { now: new Date(T0) })) as unknown as Record<string, unknown>));
      const record = created.find((e) => e.type === 'request.created')!;
      assert.deepEqual(Object.keys(record), ['id', 'type', 'apiVersion', 'occurredAt', 'account', 'test', 'data']);
      assert.deepEqual(record.data, { object: 'request', id: made.json().request.id });
      assert.equal(record.account, owner.account_id);
      assert.equal(record.test, false);
    });
  });
}
