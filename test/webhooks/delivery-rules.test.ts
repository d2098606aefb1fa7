import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { LookupAddress } from 'node:dns';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { PATIENT_DELIVERY } from '../helpers/patience.js';
import { post, taskBody } from '../helpers/requests.js';
import { useReceiver, type EventJson, type Hit } from '../helpers/receiver.js';
import { newId } from '../../src/domain/ids.js';
import { formatInstant } from '../../src/domain/instant.js';
import type { EventType } from '../../src/domain/webhook-events.js';
import type { OutboundPolicy } from '../../src/net/public-address.js';
import { ServiceError } from '../../src/domain/service-error.js';
import { createPersonalToken, revokePersonalToken } from '../../src/services/tokens.js';
import { addEndpoint, deliveryLog, endRotation, rotateSecret } from '../../src/webhooks/endpoints.js';
import { recordEvent, type EventData } from '../../src/store/repos/outbox.js';
import type { OwnerRow } from '../../src/store/schema.js';
import { DeliveryWorker } from '../../src/webhooks/delivery-worker.js';
import { SignatureError, verifyWebhook } from '@calendar-access/sdk';
import { jobKinds } from '../../src/server/job-kinds.js';
import { Worker } from '../../src/jobs/queue.js';

/**
 * What a delivery carries and to whom (spec "Events", docs/spec-decisions.md §2 and §8): secret rotation, scope
 * entitlement at event time, authorization.revoked as a token's last event, catch-up equal to what was
 * delivered, the exact body, and the address check before every delivery.
 */

const T0 = '2026-03-29T00:30:00Z';
const t0 = Date.parse(T0);
const S = 1000;
const H = 3_600_000;


const v1Of = (h: Hit) => [...String(h.headers['svc-signature']).matchAll(/v1=([0-9a-f]{64})/g)].map((m) => m[1]!);
const RECORD_KEYS = ['id', 'type', 'apiVersion', 'occurredAt', 'account', 'test', 'data'];

for (const engine of ENGINES) {
  describe(`webhook delivery rules on ${engine}`, () => {
    const api = useApi(engine, T0);
    const db = () => api.rt.store.db;
    const receiver = useReceiver(api);
    const { hits, hitsOn } = receiver;
    beforeEach(() => api.clock.set(T0));

    const policy: OutboundPolicy = { allowPrivateHosts: ['localhost'] };
    const env = () => ({ db: db(), clock: api.clock, policy });
    const run = async (p: OutboundPolicy = policy) => {
      const w = new DeliveryWorker({ db: db(), clock: api.clock, policy: p, ca: receiver.server.ca, random: () => 0.5, ...PATIENT_DELIVERY });
      try {
        return await w.runOnce();
      } finally {
        await w.close();
      }
    };
    const typesOn = (path: string) => hitsOn(path).map((h) => String(h.headers['svc-event-type']));
    const record = (owner: OwnerRow, type: EventType, opts: { data?: EventData; test?: boolean } = {}) =>
      recordEvent(db(), {
        ownerId: owner.id,
        type,
        data: opts.data ?? (type.startsWith('task.') ? { object: 'task', id: newId() } : type.startsWith('event.') ? { object: 'event', id: newId() } : { object: 'request', id: newId() }),
        test: opts.test ?? false,
        occurredAt: api.clock.now(),
      });
    const token = (owner: OwnerRow, scopes: string[], opts: { test?: boolean; expiresInSeconds?: number } = {}) =>
      createPersonalToken(db(), api.clock, { ownerId: owner.id, name: 'hooks', scopes, test: opts.test ?? false, expiresInSeconds: opts.expiresInSeconds ?? null });
    /** An endpoint on a path of its own, its ping delivered. */
    async function endpoint(owner: OwnerRow, tokenId: string) {
      const path = `/hook/${randomUUID()}`;
      const { endpoint: e, secret } = await addEndpoint(env(), { ownerId: owner.id, tokenId, url: receiver.server.url('localhost', path) });
      assert.ok((await run()) >= 1);
      assert.deepEqual(typesOn(path), ['ping']);
      return { id: e.id, secret, path };
    }
    const deliveriesOf = (eventId: string) => db().selectFrom('webhook_deliveries').selectAll().where('event_id', '=', eventId).execute();
    const verifies = async (hit: Hit, secrets: string | string[]) => {
      try {
        await verifyWebhook(hit.body, String(hit.headers['svc-signature']), secrets, { now: new Date(hit.at) });
        return true;
      } catch (e) {
        if (e instanceof SignatureError && e.reason === 'mismatch') return false;
        throw e;
      }
    };

    it('rotation: both secrets sign for 24 hours, then only the new; endRotation drops the old at once', async () => {
      const owner = await api.owner();
      const a = await token(owner, ['webhooks', 'requests:read']);
      const ep = await endpoint(owner, a.id);
      const old = ep.secret;
      const { secret: fresh, endpoint: rotated } = await rotateSecret({ db: db(), clock: api.clock }, owner.id, ep.id);
      assert.notEqual(fresh, old);
      assert.equal(rotated.previousSecretExpiresAt?.getTime(), t0 + 24 * H);

      await record(owner, 'request.created');
      assert.equal(await run(), 1);
      let hit = hitsOn(ep.path).at(-1)!;
      assert.equal(v1Of(hit).length, 2, 'two v1 values during the overlap');
      assert.ok(await verifies(hit, old), 'the old secret alone verifies');
      assert.ok(await verifies(hit, fresh), 'the new secret alone verifies');

      api.clock.set(new Date(t0 + 24 * H - S));
      await record(owner, 'request.created');
      assert.equal(await run(), 1);
      assert.equal(v1Of(hitsOn(ep.path).at(-1)!).length, 2, 'still two a second before the 24 hours end');

      api.clock.set(new Date(t0 + 24 * H));
      await record(owner, 'request.created');
      assert.equal(await run(), 1);
      hit = hitsOn(ep.path).at(-1)!;
      assert.equal(v1Of(hit).length, 1, 'one v1 after 24 hours');
      assert.ok(await verifies(hit, fresh));
      assert.ok(!(await verifies(hit, old)), 'the old secret no longer signs');

      // A second rotation, ended early by the owner.
      const { secret: third } = await rotateSecret({ db: db(), clock: api.clock }, owner.id, ep.id);
      await record(owner, 'request.created');
      assert.equal(await run(), 1);
      assert.equal(v1Of(hitsOn(ep.path).at(-1)!).length, 2);
      const ended = await endRotation({ db: db(), clock: api.clock }, owner.id, ep.id);
      assert.equal(ended.previousSecretExpiresAt, null);
      await record(owner, 'request.created');
      assert.equal(await run(), 1);
      hit = hitsOn(ep.path).at(-1)!;
      assert.equal(v1Of(hit).length, 1, 'endRotation drops the old secret at once');
      assert.ok(await verifies(hit, third));
      assert.ok(!(await verifies(hit, fresh)));
    });

    it('events reach a token only for the scopes it holds when they occur', async () => {
      const owner = await api.owner();
      const a = await token(owner, ['webhooks', 'requests:read']);
      const b = await token(owner, ['webhooks', 'tasks:read']);
      const c = await token(owner, ['requests:read']);
      const maker = await token(owner, ['requests:create']);
      const epA = await endpoint(owner, a.id);
      const epB = await endpoint(owner, b.id);
      await assert.rejects(
        addEndpoint(env(), { ownerId: owner.id, tokenId: c.id, url: receiver.server.url('localhost', `/hook/${randomUUID()}`) }),
        (e) => e instanceof ServiceError && e.kind === 'invalid' && /webhooks/.test(e.message),
        'a token without webhooks cannot have an endpoint',
      );

      const made = await post(api, '/api/v1/requests/tasks', maker.token, taskBody({ requester: { name: 'Ana Ruiz', email: `ana-${randomUUID()}@example.com` } }));
      assert.equal(made.statusCode, 201, made.body);
      const created = (await db().selectFrom('webhook_events').select('id').where('owner_id', '=', owner.id).where('type', '=', 'request.created').execute()).map((r) => r.id);
      assert.equal(created.length, 1);
      const entitled = await db().selectFrom('webhook_event_tokens').select('token_id').where('event_id', '=', created[0]!).execute();
      assert.deepEqual(entitled.map((r) => r.token_id), [a.id], 'only A is entitled (C lacks webhooks, B requests:read)');
      assert.deepEqual((await deliveriesOf(created[0]!)).map((d) => d.endpoint_id), [epA.id]);

      const task = await record(owner, 'task.created');
      assert.deepEqual((await deliveriesOf(task)).map((d) => d.endpoint_id), [epB.id]);
      assert.equal(await run(), 2);
      assert.deepEqual(typesOn(epA.path), ['ping', 'request.created']);
      assert.deepEqual(typesOn(epB.path), ['ping', 'task.created']);
      assert.equal(hitsOn(epA.path)[1]!.headers['svc-event-id'], created[0]);
      assert.equal(hitsOn(epB.path)[1]!.headers['svc-event-id'], task);

      // Scopes are read when the event occurs: B gains requests:read, A loses it.
      await db().updateTable('tokens').set({ scopes: ['webhooks', 'tasks:read', 'requests:read'] }).where('id', '=', b.id).execute();
      await db().updateTable('tokens').set({ scopes: ['webhooks'] }).where('id', '=', a.id).execute();
      const later = await record(owner, 'request.created');
      assert.deepEqual((await deliveriesOf(later)).map((d) => d.endpoint_id), [epB.id]);
      assert.equal(await run(), 1);
      assert.deepEqual(typesOn(epA.path), ['ping', 'request.created'], 'nothing new for A');
      assert.deepEqual(typesOn(epB.path), ['ping', 'task.created', 'request.created'], 'the earlier request.created is not sent to B after the fact');
    });

    it("revocation by the owner: authorization.revoked is the token's last event and its waiting deliveries are cancelled", async () => {
      const owner = await api.owner();
      const a = await token(owner, ['webhooks', 'requests:read']);
      const other = await token(owner, ['webhooks', 'requests:read']);
      const epA = await endpoint(owner, a.id);
      const epOther = await endpoint(owner, other.id);
      const before = await record(owner, 'request.created');
      const [waiting] = (await deliveriesOf(before)).filter((d) => d.endpoint_id === epA.id);
      assert.equal(waiting?.status, 'pending');

      api.clock.advance(10 * S);
      await revokePersonalToken(db(), api.clock, owner.id, a.id);
      const cancelled = (await deliveriesOf(before)).find((d) => d.endpoint_id === epA.id)!;
      assert.equal(cancelled.status, 'cancelled');
      assert.match(cancelled.last_error ?? '', /revoked \(owner\)/);

      const afterwards = await record(owner, 'request.created');
      assert.deepEqual((await deliveriesOf(afterwards)).map((d) => d.endpoint_id), [epOther.id], 'a revoked token is owed nothing');

      await run();
      assert.deepEqual(typesOn(epA.path), ['ping', 'authorization.revoked']);
      const revoked = JSON.parse(hitsOn(epA.path)[1]!.body) as EventJson;
      assert.deepEqual(revoked.data, { object: 'authorization', reason: 'owner' });
      assert.equal(revoked.occurredAt, formatInstant(api.clock.now()));
      assert.ok(await verifies(hitsOn(epA.path)[1]!, epA.secret));
      assert.deepEqual(typesOn(epOther.path), ['ping', 'request.created', 'request.created'], 'other tokens go on as before');

      api.clock.advance(H);
      await record(owner, 'request.created');
      await run();
      assert.deepEqual(typesOn(epA.path), ['ping', 'authorization.revoked'], 'nothing after the last event');
    });

    it("expiry: the token.expire job sends authorization.revoked with reason 'expired', once", async () => {
      const owner = await api.owner();
      const a = await token(owner, ['webhooks', 'requests:read'], { expiresInSeconds: 3600 });
      const ep = await endpoint(owner, a.id);
      const jobs = () =>
        new Worker({ db: db(), clock: api.clock, kinds: jobKinds(api.rt), batchSize: 50 });
      const runJobs = async () => {
        const w = jobs();
        try {
          let total = 0;
          for (let i = 0; i < 20; i++) {
            const n = await w.runOnce();
            if (n === 0) break;
            total += n;
          }
          return total;
        } finally {
          await w.close();
        }
      };
      api.clock.set(new Date(t0 + H - S));
      await runJobs();
      assert.equal(await run(), 0, 'nothing before the expiry');

      api.clock.set(new Date(t0 + H + 5 * S));
      const late = await record(owner, 'request.created');
      assert.equal((await deliveriesOf(late)).length, 0, 'an expired token is owed nothing');
      assert.ok((await runJobs()) >= 1);
      assert.equal(await run(), 1);
      assert.deepEqual(typesOn(ep.path), ['ping', 'authorization.revoked']);
      const revoked = JSON.parse(hitsOn(ep.path)[1]!.body) as EventJson;
      assert.deepEqual(revoked.data, { object: 'authorization', reason: 'expired' });
      assert.equal(revoked.occurredAt, formatInstant(new Date(t0 + H)), 'it occurred when the token expired');

      api.clock.advance(H);
      await runJobs();
      assert.equal(await run(), 0);
      const count = await db().selectFrom('webhook_events').select('id').where('token_id', '=', a.id).where('type', '=', 'authorization.revoked').execute();
      assert.equal(count.length, 1, 'sent once');
    });

    it('catch-up answers exactly what was delivered', async () => {
      const owner = await api.owner();
      const a = await token(owner, ['webhooks', 'requests:read', 'tasks:read']);
      const ep = await endpoint(owner, a.id);
      for (const type of ['request.created', 'task.created', 'event.created', 'request.withdrawn', 'task.completed'] as const) {
        api.clock.advance(S);
        await record(owner, type);
      }
      // Another owner's event, never this token's.
      await record(await api.owner(), 'request.created');
      while ((await run()) > 0);
      // No order is promised between deliveries (they go out concurrently): put them in event order.
      const delivered = hitsOn(ep.path)
        .map((h) => JSON.parse(h.body) as EventJson)
        .sort((x, y) => x.occurredAt.localeCompare(y.occurredAt) || x.id.localeCompare(y.id));
      assert.deepEqual(delivered.map((e) => e.type), ['ping', 'request.created', 'task.created', 'request.withdrawn', 'task.completed'], 'event.created needs events:read');

      const res = await api.get(`/api/v1/webhook-events?since=${encodeURIComponent(T0)}&limit=100`, a.token);
      assert.equal(res.statusCode, 200, res.body);
      const page = res.json() as { data: EventJson[]; nextCursor: string | null };
      assert.equal(page.nextCursor, null);
      const byId = (list: EventJson[]) => Object.fromEntries(list.map((e) => [e.id, e]));
      assert.deepEqual(byId(page.data), byId(delivered));
      assert.deepEqual(page.data.map((e) => e.id), delivered.map((e) => e.id), 'oldest first');
    });

    it('the body is exactly the event record, keys in order; a test token gets test: true', async () => {
      const owner = await api.owner();
      const live = await token(owner, ['webhooks', 'requests:read']);
      const sandbox = await token(owner, ['webhooks', 'requests:read'], { test: true });
      const epLive = await endpoint(owner, live.id);
      const epTest = await endpoint(owner, sandbox.id);
      const requestId = newId();
      const id = await record(owner, 'request.created', { data: { object: 'request', id: requestId } });
      assert.equal(await run(), 2);
      for (const [ep, test] of [[epLive, false], [epTest, true]] as const) {
        const hit = hitsOn(ep.path).at(-1)!;
        const expected = { id, type: 'request.created', apiVersion: 'v1', occurredAt: formatInstant(new Date(t0)), account: owner.account_id, test, data: { object: 'request', id: requestId } };
        const parsed = JSON.parse(hit.body) as EventJson;
        assert.deepEqual(Object.keys(parsed), RECORD_KEYS);
        assert.deepEqual(parsed, expected);
        // The exact bytes, but for the order of the keys inside `data`: it is stored as jsonb, which
        // gives them back as {id, object} (see the report); the record's own keys are in the spec's order.
        assert.equal(hit.body, JSON.stringify({ ...expected, data: parsed.data }), 'the exact bytes');
        assert.equal(hit.headers['svc-event-id'], id);
        assert.equal(hit.headers['svc-event-type'], 'request.created');
        assert.equal(hit.headers['content-type'], 'application/json');
        assert.ok(await verifies(hit, ep.secret));
      }
      // The ping of a test token's endpoint says test: true as well.
      assert.equal((JSON.parse(hitsOn(epTest.path)[0]!.body) as EventJson).test, true);
      assert.equal((JSON.parse(hitsOn(epLive.path)[0]!.body) as EventJson).test, false);
    });

    it('the address is checked again before every delivery: a name now resolving to a private address fails the attempt', async () => {
      let answer: LookupAddress[] = [{ address: '93.184.216.34', family: 4 }];
      const strict: OutboundPolicy = {
        allowPrivateHosts: [],
        resolve: async (host) => {
          if (host !== 'hooks.test') throw Object.assign(new Error(`unexpected lookup of ${host}`), { code: 'ENOTFOUND' });
          return answer;
        },
      };
      const owner = await api.owner();
      const a = await token(owner, ['webhooks', 'requests:read']);
      const { endpoint: ep } = await addEndpoint({ db: db(), clock: api.clock, policy: strict }, { ownerId: owner.id, tokenId: a.id, url: 'https://hooks.test/hook' });
      const seen = hits.length;
      const connections = receiver.server.connections;

      answer = [{ address: '127.0.0.1', family: 4 }];
      assert.equal(await run(strict), 1);
      let [d] = await db().selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', ep.id).execute();
      assert.equal(d!.status, 'pending', 'retried later');
      assert.equal(d!.attempts, 1);
      assert.equal(d!.last_status, null);
      assert.match(d!.last_error ?? '', /127\.0\.0\.1/);
      assert.match(d!.last_error ?? '', /loopback/);
      assert.equal(d!.next_attempt_at.getTime(), t0 + 5 * S);

      // One private address among public ones is refused too.
      answer = [{ address: '93.184.216.34', family: 4 }, { address: '10.1.2.3', family: 4 }];
      api.clock.set(new Date(t0 + 5 * S));
      assert.equal(await run(strict), 1);
      [d] = await db().selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', ep.id).execute();
      assert.equal(d!.status, 'pending');
      assert.match(d!.last_error ?? '', /10\.1\.2\.3/);
      assert.match(d!.last_error ?? '', /private/);

      const log = (await deliveryLog({ db: db() }, owner.id, ep.id))[0]!;
      assert.deepEqual(log.attemptLog.map((x) => x.statusCode), [null, null]);
      assert.match(log.attemptLog[0]!.error ?? '', /hooks\.test resolves to 127\.0\.0\.1: loopback/);
      assert.match(log.attemptLog[1]!.error ?? '', /10\.1\.2\.3: private/);
      assert.equal(hits.length, seen, 'nothing reached the receiver');
      assert.equal(receiver.server.connections, connections, 'not even a connection');
    });
  });
}
