import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { CalendarAccess, CalendarAccessConnectionError, CalendarAccessError, type ClientEvents, type ClientOptions } from '@calendar-access/sdk';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { bookableOwner } from '../helpers/requests.js';

/**
 * What a program sees of the SDK's work against a running service: each answer's metadata on the
 * result, events for each attempt, answer and wait, per-call options, its User-Agent and the raw
 * request. Waits between attempts go through an injected sleep that moves the service's clock, so a
 * 45 s Retry-After costs no real time.
 */
const PACKAGE_VERSION = (JSON.parse(readFileSync('packages/sdk/package.json', 'utf8')) as { version: string }).version;

// Monday 2026-03-30, 08:00 in Berlin.
const T0 = '2026-03-30T06:00:00Z';
const at = (iso: string, plusMs: number) => new Date(Date.parse(iso) + plusMs).toISOString();
const requester = (email: string) => ({ requester: { name: 'Ana', email }, requesterTimezone: 'Europe/Madrid', requesterLocale: 'es' });

type Seen = { [K in keyof ClientEvents]: { name: K; event: ClientEvents[K] } }[keyof ClientEvents];

/** Every event of a client, in order. */
function record(client: CalendarAccess): Seen[] {
  const seen: Seen[] = [];
  client.on('request', (event) => seen.push({ name: 'request', event }));
  client.on('response', (event) => seen.push({ name: 'response', event }));
  client.on('retry', (event) => seen.push({ name: 'retry', event }));
  return seen;
}

/** A fetch that passes through and keeps each attempt's headers. */
function recordingFetch() {
  const headers: Headers[] = [];
  const wrapped = (input: string | URL | Request, init?: RequestInit) => {
    headers.push(new Headers(init?.headers));
    return fetch(input, init);
  };
  return { fetch: wrapped as typeof fetch, headers };
}

for (const engine of ENGINES) {
  describe(`what a program sees of the SDK's calls on ${engine}`, () => {
    const api = useApi(engine, T0, { ALLOW_PRIVATE_HOSTS: 'localhost' });
    let baseUrl = '';
    before(async () => {
      await api.app.listen({ port: 0, host: '127.0.0.1' });
      const address = api.app.server.address();
      assert.ok(address && typeof address === 'object');
      baseUrl = `http://127.0.0.1:${address.port}/api/v1`;
    });
    const client = (token: string, extra: Partial<ClientOptions> = {}) => new CalendarAccess({ token, baseUrl, ...extra });

    /** Spends the token's 60 availability calls of the minute at T0, then moves to T0 + 15 s: the next call is told Retry-After 45. */
    async function exhaustAvailability(token: string, typeId: string): Promise<string> {
      api.clock.set(T0);
      const url = `/api/v1/availability?appointmentTypeId=${typeId}&from=2026-03-30&to=2026-03-30&tz=Europe%2FBerlin`;
      for (let i = 0; i < 60; i++) assert.equal((await api.get(url, token)).statusCode, 200);
      api.clock.set(at(T0, 15_000));
      return url;
    }

    it('gives each result its request id, RateLimit-* and status as lastResponse, leaving the data as the API sent them', async () => {
      const { owner, token } = await bookableOwner(api);
      const sdk = client(token);
      const me = await sdk.me.get();
      const wire = await api.get('/api/v1/me', token);
      assert.deepEqual(me, wire.json(), 'the same fields, nothing added');
      assert.equal(JSON.stringify(me), JSON.stringify(wire.json()));
      assert.ok(!Object.keys(me).includes('lastResponse'), 'not enumerable');
      assert.equal(me.lastResponse.status, 200);
      assert.match(me.lastResponse.requestId, /^req_[A-Za-z0-9_-]{22}$/);
      assert.notEqual(me.lastResponse.requestId, wire.headers['svc-request-id'], 'its own call');
      // The read limit is 600 a minute, and this was the token's first call.
      assert.deepEqual(me.lastResponse.rateLimit, { limit: 600, remaining: 599, reset: 60 });
      assert.equal(me.lastResponse.attempts, 1);
      assert.equal(me.lastResponse.idempotencyKey, undefined);

      const types = await sdk.appointmentTypes.list();
      assert.ok(Array.isArray(types) && types.length === 1);
      assert.match(types.lastResponse.requestId, /^req_/);
      assert.equal(types.lastResponse.rateLimit?.remaining, 597);

      await sdk.requests.createTask({ message: 'Call me', ...requester('meta@example.com') });
      const page = await client(await api.token(owner, ['requests:read'])).requests.list().firstPage();
      assert.equal(page.data.length, 1);
      assert.match(page.lastResponse.requestId, /^req_/);
      assert.equal(page.lastResponse.rateLimit?.limit, 600);
    });

    it('says on a create which Idempotency-Key it sent, and that a second call with it was a replay', async () => {
      const { token } = await bookableOwner(api);
      const sdk = client(token);
      const body = { message: 'Once', ...requester('replay@example.com') };
      const first = await sdk.requests.createTask(body, { idempotencyKey: 'observability-key-0001' });
      assert.equal(first.lastResponse.status, 201);
      assert.equal(first.lastResponse.idempotencyKey, 'observability-key-0001');
      assert.equal(first.lastResponse.replayed, false);
      assert.equal(first.lastResponse.rateLimit?.limit, 30, 'the create limit: 30 an hour');
      const again = await sdk.requests.createTask(body, { idempotencyKey: 'observability-key-0001' });
      assert.equal(again.lastResponse.replayed, true);
      assert.equal(again.request.id, first.request.id);
      const made = await sdk.requests.createTask({ ...body, message: 'Twice' });
      assert.match(made.lastResponse.idempotencyKey ?? '', /^[0-9a-f-]{36}$/, 'one made for the call');
    });

    it('tells a listener it will wait 45 s on Retry-After before it waits, waits that long, then answers', async () => {
      const { token, typeId } = await bookableOwner(api);
      await exhaustAvailability(token, typeId);
      const waits: number[] = [];
      let seen: Seen[] = [];
      const sdk = client(token, {
        sleep: async (ms) => {
          assert.equal(seen.at(-1)?.name, 'retry', 'the program knew of the wait before it began');
          waits.push(ms);
          api.clock.set(at(api.clock.now().toISOString(), ms));
        },
      });
      seen = record(sdk);
      const free = await sdk.availability.get({ appointmentTypeId: typeId, from: '2026-03-30', to: '2026-03-30', tz: 'Europe/Berlin' });
      assert.ok(free.slots.length > 0);
      assert.deepEqual(seen.map((s) => `${s.name} ${s.event.attempt}`), ['request 1', 'response 1', 'retry 1', 'request 2', 'response 2']);
      const refused = seen[1]!;
      assert.ok(refused.name === 'response');
      assert.equal(refused.event.status, 429);
      assert.deepEqual(refused.event.rateLimit, { limit: 60, remaining: 0, reset: 45 });
      const retry = seen[2]!;
      assert.ok(retry.name === 'retry');
      assert.equal(retry.event.reason, 'rate_limited');
      assert.equal(retry.event.basis, 'retry-after');
      assert.equal(retry.event.retryAfter, 45);
      assert.equal(retry.event.status, 429);
      assert.ok(retry.event.error instanceof CalendarAccessError && retry.event.error.code === 'rate_limited');
      // Retry-After, stretched by up to 25 % so that clients refused together do not return together.
      assert.ok(retry.event.delayMs >= 45_000 && retry.event.delayMs <= 56_250, String(retry.event.delayMs));
      assert.deepEqual(waits, [retry.event.delayMs], 'it waited what it said');
      assert.match(retry.event.message, /^GET \/availability: 429 rate_limited; attempt 2 of 4 in (4\d|5\d)\.\d s \(Retry-After: 45\)$/);
      assert.equal(free.lastResponse.attempts, 2);
      assert.equal(free.lastResponse.status, 200);
    });

    it('takes per call a retry count and a longest wait over the client’s', async () => {
      const { token, typeId } = await bookableOwner(api);
      await exhaustAvailability(token, typeId);
      const sdk = client(token, { maxRetries: 3, sleep: async () => assert.fail('no wait') });
      const seen = record(sdk);
      const query = { appointmentTypeId: typeId, from: '2026-03-30', to: '2026-03-30', tz: 'Europe/Berlin' };
      await assert.rejects(sdk.availability.get(query, { maxRetries: 0 }), (e) => e instanceof CalendarAccessError && e.code === 'rate_limited' && e.retryAfter === 45);
      const capped = await sdk.availability.get(query, { maxRetryDelayMs: 10_000 }).catch((e: unknown) => e);
      assert.ok(capped instanceof CalendarAccessError);
      assert.equal(capped.retryAfter, 45, 'thrown at once: 45 s is over the 10 s this call allows');
      assert.deepEqual(capped.rateLimit, { limit: 60, remaining: 0, reset: 45 });
      assert.deepEqual(seen.map((s) => s.name), ['request', 'response', 'request', 'response'], 'no retry');
    });

    it('abandons an attempt after the call’s own timeout, says so, and retries it', async () => {
      const { token } = await bookableOwner(api);
      let attempts = 0;
      // A service that never answers: each attempt ends only when the SDK aborts it.
      const silent = ((_input: string | URL | Request, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          attempts++;
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true });
        })) as typeof fetch;
      const sdk = client(token, { fetch: silent, timeoutMs: 600_000, sleep: async () => undefined });
      const seen = record(sdk);
      const e = await sdk.me.get({ timeoutMs: 50, maxRetries: 1 }).catch((err: unknown) => err);
      assert.ok(e instanceof CalendarAccessConnectionError, String(e));
      assert.match(e.message, /GET \/me had no answer from http:\/\/127\.0\.0\.1:\d+\/api\/v1 within 50 ms/);
      assert.equal(attempts, 2);
      const retry = seen.find((s) => s.name === 'retry');
      assert.ok(retry?.name === 'retry');
      assert.equal(retry.event.reason, 'timeout');
      assert.equal(retry.event.basis, 'backoff');
      assert.equal(retry.event.status, undefined);
    });

    it('names itself and its version in the User-Agent (the version of packages/sdk/package.json), then the app', async () => {
      const { token } = await bookableOwner(api);
      const plain = recordingFetch();
      await client(token, { fetch: plain.fetch }).me.get();
      assert.equal(plain.headers[0]!.get('user-agent'), `calendar-access-sdk/${PACKAGE_VERSION} node/${process.version}`);
      const named = recordingFetch();
      const sdk = client(token, { fetch: named.fetch, appInfo: { name: 'Acme Scheduler', version: '2.1.0', url: 'https://acme.example' } });
      await sdk.me.get();
      assert.equal(named.headers[0]!.get('user-agent'), `calendar-access-sdk/${PACKAGE_VERSION} node/${process.version} Acme-Scheduler/2.1.0 (+https://acme.example)`);
      assert.equal(sdk.userAgent, named.headers[0]!.get('user-agent'));
    });

    it('sends a raw request with the token, an Idempotency-Key kept across retries, typed errors and lastResponse', async () => {
      const { token } = await bookableOwner(api);
      const keys: (string | null)[] = [];
      let refusals = 1;
      // The first attempt is answered 503 by a proxy in front; the retry reaches the service.
      const flaky = ((input: string | URL | Request, init?: RequestInit) => {
        keys.push(new Headers(init?.headers).get('idempotency-key'));
        if (refusals-- > 0) return Promise.resolve(new Response('<h1>Bad gateway</h1>', { status: 503, headers: { 'retry-after': '2' } }));
        return fetch(input, init);
      }) as typeof fetch;
      const waits: number[] = [];
      const sdk = client(token, { fetch: flaky, sleep: async (ms) => void waits.push(ms) });
      const me = await sdk.rawRequest<{ accountId: string; mode: string }>('GET', '/me');
      assert.deepEqual(me, (await api.get('/api/v1/me', token)).json());
      assert.equal(me.lastResponse.attempts, 2);
      assert.ok(waits[0]! >= 2_000 && waits[0]! <= 2_500);

      const body = { message: 'Raw', ...requester('raw@example.com') };
      const made = await sdk.rawRequest<{ request: { id: string } }>('post', '/requests/tasks', { body });
      assert.equal(made.lastResponse.status, 201);
      assert.match(made.lastResponse.idempotencyKey ?? '', /^[0-9a-f-]{36}$/);
      const replay = await sdk.rawRequest<{ request: { id: string } }>('POST', '/requests/tasks', { body, idempotencyKey: made.lastResponse.idempotencyKey! });
      assert.equal(replay.lastResponse.replayed, true);
      assert.equal(replay.request.id, made.request.id);

      const invalid = await sdk.rawRequest('GET', '/tasks', { query: { limit: 0 } }).catch((e: unknown) => e);
      assert.ok(invalid instanceof CalendarAccessError);
      assert.equal(invalid.code, 'invalid_input');
      assert.equal(invalid.field, 'limit');
      const missing = await sdk.rawRequest('GET', '/no-such-route').catch((e: unknown) => e);
      assert.ok(missing instanceof CalendarAccessError && missing.code === 'not_found' && missing.status === 404);
      assert.throws(() => sdk.rawRequest('GET', 'https://elsewhere.example/api/v1/me'), /a path below http:\/\/127\.0\.0\.1:\d+\/api\/v1/);
      assert.throws(() => sdk.rawRequest('GET', '//elsewhere.example/me'), TypeError);
    });
  });
}
