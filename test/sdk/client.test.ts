import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CalendarAccess, CalendarAccessError, ERRORS_DOC_URL, generateTestHeaders, isCalendarAccessError, verifyWebhook, type ErrorCode, type WebhookEvent } from '@calendar-access/sdk';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { PATIENT_DELIVERY } from '../helpers/patience.js';
import { appointmentBody, bookableOwner } from '../helpers/requests.js';
import { seedTask } from '../helpers/seed.js';
import { startHttpsServer, type TestHttpsServer } from '../helpers/https-server.js';
import type { ErrorCode as ServerErrorCode } from '../../src/http/errors.js';
import { addEndpoint } from '../../src/webhooks/endpoints.js';
import { DeliveryWorker } from '../../src/webhooks/delivery-worker.js';
import type { OutboundPolicy } from '../../src/net/public-address.js';

/** The SDK's codes are the server's error table, no more, no fewer (a compile-time check). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const SAME_CODES: Same<ErrorCode, ServerErrorCode> = true;

// Monday 2026-03-30, 08:00 in Berlin (summer time since the 29th).
const T0 = '2026-03-30T06:00:00Z';
const requester = (email: string) => ({ requester: { name: 'Ana', email }, requesterTimezone: 'Europe/Madrid', requesterLocale: 'es' });

/** The error a call rejects with, checked to be the SDK's typed error. */
async function refusal(call: Promise<unknown>): Promise<CalendarAccessError> {
  try {
    await call;
  } catch (e) {
    assert.ok(e instanceof CalendarAccessError, `expected a CalendarAccessError, got ${String(e)}`);
    return e;
  }
  assert.fail('the call succeeded');
}

/** A fetch that answers the first calls itself (a 429, then a 503 after the server did the work), then passes through. */
function flakyFetch(script: ('429' | '503-after' | 'pass')[]) {
  const keys: (string | null)[] = [];
  const fake = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const step = script[keys.length] ?? 'pass';
    keys.push(new Headers(init?.headers).get('idempotency-key'));
    const refuse = (status: number, code: string) =>
      new Response(JSON.stringify({ error: { code, message: 'forced by the test', requestId: 'req_forcedforcedforcedfor' } }), {
        status,
        headers: { 'content-type': 'application/json', 'retry-after': '1' },
      });
    if (step === '429') return refuse(429, 'rate_limited');
    const res = await fetch(input, init);
    // The server made the change, and the answer was lost on the way: the client sees a 503.
    if (step === '503-after') return refuse(503, 'unavailable');
    return res;
  };
  return { fetch: fake as typeof fetch, keys };
}

for (const engine of ENGINES) {
  describe(`the SDK against a running server on ${engine}`, () => {
    const api = useApi(engine, T0, { ALLOW_PRIVATE_HOSTS: 'localhost' });
    let baseUrl = '';
    before(async () => {
      await api.app.listen({ port: 0, host: '127.0.0.1' });
      const address = api.app.server.address();
      assert.ok(address && typeof address === 'object');
      baseUrl = `http://127.0.0.1:${address.port}/api/v1`;
    });
    const client = (token: string, extra: Partial<ConstructorParameters<typeof CalendarAccess>[0]> = {}) => new CalendarAccess({ token, baseUrl, ...extra });

    it('knows the same error codes as the server', () => {
      assert.equal(SAME_CODES, true);
    });

    it('pages through 250 to-dos with for await, and page by page, each once and in order', async () => {
      const owner = await api.owner();
      for (let i = 0; i < 250; i++) await seedTask(api.rt.store.db, owner.id, { title: `To-do ${i}` });
      const sdk = client(await api.token(owner, ['tasks:read']));
      const seen: string[] = [];
      for await (const task of sdk.tasks.list({ limit: 100 })) seen.push(task.id);
      assert.equal(seen.length, 250);
      assert.equal(new Set(seen).size, 250);
      const sizes: number[] = [];
      for await (const page of sdk.tasks.list({ limit: 100 }).pages()) sizes.push(page.data.length);
      assert.deepEqual(sizes, [100, 100, 50]);
      assert.deepEqual((await sdk.tasks.list({ limit: 100 }).all()).map((t) => t.id), seen);
    });

    it('retries a forced 429 and a 503 that came after the change with one Idempotency-Key: one request is created', async () => {
      const { owner, typeId, token } = await bookableOwner(api);
      const flaky = flakyFetch(['429', '503-after', 'pass']);
      const sdk = client(token, { fetch: flaky.fetch });
      const free = await client(token).availability.get({ appointmentTypeId: typeId, from: '2026-03-30', to: '2026-03-30', tz: 'Europe/Berlin' });
      const slot = free.slots[0]!;
      const created = await sdk.requests.createAppointment({ appointmentTypeId: typeId, slot, ...requester('ana@example.com') });
      assert.equal(created.request.kind, 'appointment');
      assert.equal(flaky.keys.length, 3, 'the first try and two retries');
      assert.equal(new Set(flaky.keys).size, 1, 'the same key on every attempt');
      assert.match(flaky.keys[0]!, /^[A-Za-z0-9_-]{16,64}$/);
      const all = await client(await api.token(owner, ['requests:read'])).requests.list().all();
      assert.deepEqual(all.map((r) => r.id), [created.request.id], 'no duplicate');
    });

    it('gives up at once when the wait asked for is longer than its cap, saying how long to wait', async () => {
      const { typeId, token } = await bookableOwner(api);
      const sdk = client(token, { maxRetryDelayMs: 5_000 });
      const free = await sdk.availability.get({ appointmentTypeId: typeId, from: '2026-03-30', to: '2026-03-31', tz: 'Europe/Berlin' });
      // The requester's 5 a day (docs/spec-decisions.md §4), each time a fresh slot; the sixth waits hours.
      for (const slot of free.slots.slice(0, 5)) {
        const made = await sdk.requests.createAppointment({ appointmentTypeId: typeId, slot, ...requester('busy@example.com') });
        await sdk.requests.withdraw(made.request.id);
      }
      const e = await refusal(sdk.requests.createAppointment({ appointmentTypeId: typeId, slot: free.slots[5]!, ...requester('busy@example.com') }));
      assert.equal(e.code, 'rate_limited');
      assert.equal(e.status, 429);
      assert.ok((e.retryAfter ?? 0) > 5, `retryAfter ${e.retryAfter}`);
    });

    it('throws a CalendarAccessError of each code the server answers, narrowing by code', async () => {
      const { owner, typeId, token } = await bookableOwner(api);
      const sdk = client(token);
      const seen = new Set<ErrorCode>();
      const expect = async (code: ErrorCode, call: Promise<unknown>) => {
        const e = await refusal(call);
        assert.equal(e.code, code, e.message);
        assert.match(e.requestId, /^req_/);
        assert.equal(e.docUrl, `${ERRORS_DOC_URL}#${code}`, 'its entry in docs/errors.md');
        assert.ok(isCalendarAccessError(e, code));
        seen.add(e.code);
        return e;
      };
      await expect('invalid_token', client('svc_pat_nothing').me.get());
      const expiring = await api.token(owner, ['profile:read'], { expiresInSeconds: 60 });
      api.clock.set('2026-03-30T06:05:00Z');
      await expect('token_expired', client(expiring).me.get());
      api.clock.set(T0);
      await expect('app_suspended', client(await api.suspendedAppToken(owner, ['events:read'])).events.list({ from: T0, to: '2026-03-31T00:00:00Z' }).firstPage());
      await expect('insufficient_scope', client(await api.token(owner, ['profile:read'])).tasks.list().firstPage());
      await expect('not_found', sdk.tasks.get('00000000-0000-4000-8000-000000000000'));
      const invalid = await expect('invalid_input', sdk.events.list({ from: '2026-03-31T00:00:00Z', to: T0 }).firstPage());
      if (invalid.is('invalid_input')) assert.equal(invalid.field, 'to');
      await expect('slot_unavailable', sdk.requests.createAppointment({ appointmentTypeId: typeId, slot: { start: '2026-03-30T02:00:00Z', end: '2026-03-30T02:30:00Z' }, ...requester('x@example.com') }));
      const task = await sdk.requests.createTask({ message: 'Please call', ...requester('t@example.com') });
      await sdk.requests.withdraw(task.request.id);
      await expect('invalid_transition', sdk.requests.withdraw(task.request.id));
      await sdk.requests.createTask({ message: 'One', ...requester('k@example.com') }, { idempotencyKey: 'same-key-for-two-bodies' });
      await expect('idempotency_mismatch', sdk.requests.createTask({ message: 'Two', ...requester('k@example.com') }, { idempotencyKey: 'same-key-for-two-bodies' }));
      for (const n of [1, 2, 3]) await sdk.requests.createTask({ message: `Pending ${n}`, ...requester('p@example.com') });
      await expect('too_many_pending', sdk.requests.createTask({ message: 'Pending 4', ...requester('p@example.com') }));
      const down = client(token, { maxRetries: 1, fetch: flakyFetch(['503-after', '503-after']).fetch });
      const unavailable = await expect('unavailable', down.me.get());
      assert.equal(unavailable.retryAfter, 1);
      assert.deepEqual([...seen].sort(), ['app_suspended', 'idempotency_mismatch', 'insufficient_scope', 'invalid_input', 'invalid_token', 'invalid_transition', 'not_found', 'slot_unavailable', 'token_expired', 'too_many_pending', 'unavailable']);
    });

    describe('webhooks', () => {
      let receiver: TestHttpsServer;
      const bodies: { body: string; signature: string; headers: Record<string, string> }[] = [];
      before(async () => {
        receiver = await startHttpsServer((req, res) => {
          let raw = '';
          req.on('data', (c) => (raw += c));
          req.on('end', () => {
            const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => name.startsWith('svc-') || name === 'content-type' || name === 'user-agent').map(([name, value]) => [name, String(value)]));
            bodies.push({ body: raw, signature: String(req.headers['svc-signature']), headers });
            res.end('ok');
          });
        });
      });
      after(() => receiver.close());
      let endpointSecret = '';

      it('verifies a real delivery and narrows the event by type', async () => {
        const owner = await api.owner();
        const token = await api.token(owner, ['webhooks', 'requests:read', 'requests:create']);
        const tokenRow = await api.rt.store.db.selectFrom('tokens').select('id').where('owner_id', '=', owner.id).executeTakeFirstOrThrow();
        const policy: OutboundPolicy = { allowPrivateHosts: ['localhost'] };
        const { secret } = await addEndpoint({ db: api.rt.store.db, clock: api.clock, policy }, { ownerId: owner.id, tokenId: tokenRow.id, url: receiver.url('localhost', '/hook') });
        const made = await client(token).requests.createTask({ message: 'Hello', ...requester('w@example.com') });
        const worker = new DeliveryWorker({ db: api.rt.store.db, clock: api.clock, policy, ca: receiver.ca, random: () => 0.5, ...PATIENT_DELIVERY });
        assert.equal(await worker.runOnce(), 2);
        await worker.close();
        const events: WebhookEvent[] = [];
        for (const hit of bodies) events.push(await verifyWebhook(hit.body, hit.signature, secret, { now: api.clock.now() }));
        endpointSecret = secret;
        const created = events.find((e) => e.type === 'request.created');
        assert.ok(created && created.type === 'request.created');
        assert.equal(created.data.object, 'request');
        assert.equal(created.data.id, made.request.id);
        await assert.rejects(verifyWebhook(bodies[0]!.body, bodies[0]!.signature, 'svc_whsec_another', { now: api.clock.now() }), /No v1 signature/);
      });

      it('makes with generateTestHeaders the very headers of a real delivery, for the same body, secret and time', async () => {
        // The deliveries of the test above, signed by the delivery worker.
        assert.ok(bodies.length >= 2);
        for (const hit of bodies) {
          const t = Number(/^t=(\d+),/.exec(hit.signature)?.[1]);
          const made = await generateTestHeaders({ payload: hit.body, secret: endpointSecret, timestamp: t, attempt: Number(hit.headers['svc-delivery-attempt']) });
          assert.deepEqual(Object.fromEntries(Object.entries(made).map(([name, value]) => [name.toLowerCase(), value])), hit.headers);
        }
      });
    });
  });
}
