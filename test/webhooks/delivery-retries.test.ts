import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { PATIENT_DELIVERY } from '../helpers/patience.js';
import { ok, useReceiver, type Hit, type Route } from '../helpers/receiver.js';
import { newId } from '../../src/domain/ids.js';
import type { EventType } from '../../src/domain/webhook-events.js';
import type { OutboundPolicy } from '../../src/net/public-address.js';
import { createPersonalToken } from '../../src/services/tokens.js';
import { addEndpoint, deliveryLog, enableEndpoint } from '../../src/webhooks/endpoints.js';
import { claimDeliveries, finishDelivery } from '../../src/store/repos/deliveries.js';
import { recordEvent } from '../../src/store/repos/outbox.js';
import type { OwnerRow } from '../../src/store/schema.js';
import { DeliveryWorker } from '../../src/webhooks/delivery-worker.js';
import { verifyWebhook } from '@calendar-access/sdk';

/**
 * Webhook delivery over time (docs/spec-decisions.md §8): the retry schedules (live and test), Retry-After,
 * redirects, 410, leases of a crashed worker, 5 in flight per endpoint, suspended apps, and the
 * 5-day auto-disable. A real HTTPS receiver; the worker's jitter pinned to zero (random 0.5) and the
 * clock pinned, so every attempt time is exact.
 */

const T0 = '2026-03-29T00:30:00Z';
const t0 = Date.parse(T0);
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;


const always = (status: number): Route => () => ({ status });
const attemptOf = (h: Hit) => Number(h.headers['svc-delivery-attempt']);
const tOf = (h: Hit) => Number(/(?:^|,)t=(\d+)/.exec(String(h.headers['svc-signature']))![1]);
const v1Of = (h: Hit) => [...String(h.headers['svc-signature']).matchAll(/v1=([0-9a-f]{64})/g)].map((m) => m[1]!);

for (const engine of ENGINES) {
  describe(`webhook retries and endpoint health on ${engine}`, () => {
    const api = useApi(engine, T0);
    const db = () => api.rt.store.db;
    const receiver = useReceiver(api);
    const { routes, hitsOn } = receiver;
    beforeEach(() => api.clock.set(T0));

    const policy: OutboundPolicy = { allowPrivateHosts: ['localhost'] };
    const env = () => ({ db: db(), clock: api.clock, policy });
    const worker = (extra: { perEndpoint?: number } = {}) => new DeliveryWorker({ db: db(), clock: api.clock, policy, ca: receiver.server.ca, random: () => 0.5, ...PATIENT_DELIVERY, ...extra });
    /** One claim-and-deliver pass; returns how many deliveries it claimed. */
    const run = async (extra: { perEndpoint?: number } = {}) => {
      const w = worker(extra);
      try {
        return await w.runOnce();
      } finally {
        await w.close();
      }
    };
    /** Passes until nothing due is left (the 5-per-endpoint limit spreads a backlog over several). */
    const drain = async () => {
      let total = 0;
      for (let i = 0; i < 50; i++) {
        const n = await run();
        if (n === 0) return total;
        total += n;
      }
      throw new Error('the deliveries did not drain');
    };
    const at = (ms: number) => api.clock.set(new Date(t0 + ms));
    const event = (owner: OwnerRow, type: EventType = 'request.created') =>
      recordEvent(db(), { ownerId: owner.id, type, data: type.startsWith('task.') ? { object: 'task', id: newId() } : { object: 'request', id: newId() }, test: false, occurredAt: api.clock.now() });
    const deliveryOf = (eventId: string) => db().selectFrom('webhook_deliveries').selectAll().where('event_id', '=', eventId).executeTakeFirstOrThrow();
    const endpointRow = (id: string) => db().selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    /**
     * An owner, a token with `webhooks` and `requests:read`, and an endpoint on a path of its own
     * whose ping has been delivered (answered 200); then the route the test wants.
     */
    async function hooked(o: { test?: boolean; route?: Route; tokenId?: string; owner?: OwnerRow } = {}) {
      const owner = o.owner ?? (await api.owner());
      const tokenId = o.tokenId ?? (await createPersonalToken(db(), api.clock, { ownerId: owner.id, name: 'hooks', scopes: ['webhooks', 'requests:read', 'tasks:read'], test: o.test ?? false, expiresInSeconds: null })).id;
      const path = `/hook/${randomUUID()}`;
      routes.set(path, ok);
      const { endpoint, secret } = await addEndpoint(env(), { ownerId: owner.id, tokenId, url: receiver.server.url('localhost', path) });
      assert.equal(await run(), 1, 'the ping on add');
      assert.equal(hitsOn(path).length, 1);
      assert.equal(hitsOn(path)[0]!.headers['svc-event-type'], 'ping');
      routes.set(path, o.route ?? ok);
      return { owner, tokenId, endpointId: endpoint.id, secret, path };
    }

    it('retries a flaky receiver (500, 500, 200) on the live schedule: at once, 5 s, then 5 min, each signed afresh', async () => {
      const h = await hooked({ route: (hit) => ({ status: attemptOf(hit) === 3 ? 200 : 500 }) });
      const eventId = await event(h.owner);
      assert.equal(await run(), 1);
      let d = await deliveryOf(eventId);
      assert.equal(d.status, 'pending');
      assert.equal(d.attempts, 1);
      assert.equal(d.last_status, 500);
      assert.equal(d.next_attempt_at.getTime(), t0 + 5 * S);
      assert.equal((await endpointRow(h.endpointId)).failing_since?.getTime(), t0, 'failing since the first failure');

      at(5 * S - 1);
      assert.equal(await run(), 0, 'nothing is sent at +4.999 s');
      at(5 * S);
      assert.equal(await run(), 1);
      d = await deliveryOf(eventId);
      assert.equal(d.status, 'pending');
      assert.equal(d.next_attempt_at.getTime(), t0 + 5 * S + 5 * M, 'the third attempt 5 min after the second');

      at(5 * S + 5 * M - 1);
      assert.equal(await run(), 0, 'nothing before its time');
      at(5 * S + 5 * M);
      assert.equal(await run(), 1);

      const got = hitsOn(h.path).filter((x) => x.headers['svc-event-id'] === eventId);
      assert.deepEqual(got.map((x) => x.at - t0), [0, 5 * S, 5 * S + 5 * M]);
      assert.deepEqual(got.map(attemptOf), [1, 2, 3]);
      assert.deepEqual(got.map(tOf), got.map((x) => Math.floor(x.at / 1000)), 'each attempt carries its own t');
      assert.equal(new Set(got.map((x) => v1Of(x)[0])).size, 3, 'a fresh signature each time');
      for (const x of got) {
        assert.equal(x.body, got[0]!.body, 'the same body every attempt');
        const record = await verifyWebhook(x.body, String(x.headers['svc-signature']), h.secret, { now: new Date(x.at) });
        assert.equal(record.id, eventId);
      }

      d = await deliveryOf(eventId);
      assert.equal(d.status, 'succeeded');
      assert.equal(d.last_status, 200);
      const log = (await deliveryLog({ db: db() }, h.owner.id, h.endpointId)).find((e) => e.eventId === eventId)!;
      assert.equal(log.status, 'succeeded');
      assert.equal(log.attempts, 3);
      assert.equal(log.nextAttemptAt, null);
      assert.deepEqual(log.attemptLog.map((a) => [a.attempt, a.statusCode, a.startedAt.getTime() - t0]), [[1, 500, 0], [2, 500, 5 * S], [3, 200, 5 * S + 5 * M]]);
      const e = await endpointRow(h.endpointId);
      assert.equal(e.last_success_at?.getTime(), t0 + 5 * S + 5 * M);
      assert.equal(e.failing_since, null, 'a success clears failing_since');
    });

    it("a test token's schedule: at once, 5 min, 30 min, 2 h, then the delivery fails", async () => {
      const h = await hooked({ test: true, route: always(500) });
      const eventId = await event(h.owner);
      const offsets = [0, 5 * M, 35 * M, 2 * H + 35 * M];
      for (const [i, off] of offsets.entries()) {
        if (off > 0) {
          at(off - 1);
          assert.equal(await run(), 0, `attempt ${i + 1} not before its time`);
        }
        at(off);
        assert.equal(await run(), 1, `attempt ${i + 1}`);
      }
      const d = await deliveryOf(eventId);
      assert.equal(d.status, 'failed');
      assert.equal(d.attempts, 4);
      assert.equal(d.finished_at?.getTime(), t0 + offsets[3]!);
      at(3 * D);
      assert.equal(await run(), 0, 'no 5th attempt');
      const got = hitsOn(h.path).filter((x) => x.headers['svc-event-id'] === eventId);
      assert.deepEqual(got.map((x) => x.at - t0), offsets);
      assert.deepEqual(got.map(attemptOf), [1, 2, 3, 4]);
      assert.equal((JSON.parse(got[0]!.body) as { test: boolean }).test, true);
    });

    it('the live schedule runs 10 attempts over about 3 days, then the delivery fails', async () => {
      const h = await hooked({ route: always(500) });
      const eventId = await event(h.owner);
      // docs/spec-decisions.md §8: at once, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h.
      const gaps = [0, 5 * S, 5 * M, 30 * M, 2 * H, 5 * H, 10 * H, 14 * H, 20 * H, 24 * H];
      const offsets = gaps.map((_, i) => gaps.slice(0, i + 1).reduce((a, b) => a + b, 0));
      for (const [i, off] of offsets.entries()) {
        if (off > 0) {
          at(off - 1);
          assert.equal(await run(), 0, `attempt ${i + 1} not before its time`);
        }
        at(off);
        assert.equal(await run(), 1, `attempt ${i + 1}`);
      }
      const d = await deliveryOf(eventId);
      assert.equal(d.status, 'failed');
      assert.equal(d.attempts, 10);
      at(offsets[9]! + 2 * D);
      assert.equal(await run(), 0, 'no 11th attempt');
      const got = hitsOn(h.path).filter((x) => x.headers['svc-event-id'] === eventId);
      assert.deepEqual(got.map((x) => x.at - t0), offsets);
      assert.deepEqual(got.map(attemptOf), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      const span = got[9]!.at - got[0]!.at;
      assert.equal(span, 75 * H + 35 * M + 5 * S);
      assert.ok(span > 3 * D && span < 3.5 * D, 'about 3 days');
      const e = await endpointRow(h.endpointId);
      assert.equal(e.disabled_at, null, '3 days of failures do not disable the endpoint');
      assert.equal(e.failing_since?.getTime(), t0);
      const log = (await deliveryLog({ db: db() }, h.owner.id, h.endpointId)).find((x) => x.eventId === eventId)!;
      assert.equal(log.attemptLog.length, 10);
      assert.ok(log.attemptLog.every((a) => a.statusCode === 500 && a.error === 'answered 500'));
    });

    it('429 with Retry-After in seconds puts the next attempt that much later', async () => {
      const h = await hooked({ route: (hit) => (attemptOf(hit) === 1 ? { status: 429, headers: { 'Retry-After': '3600' } } : { status: 200 }) });
      const eventId = await event(h.owner);
      assert.equal(await run(), 1);
      const d = await deliveryOf(eventId);
      assert.equal(d.last_status, 429);
      assert.equal(d.next_attempt_at.getTime(), t0 + H, 'an hour later, not 5 s');
      at(5 * S);
      assert.equal(await run(), 0);
      at(H - 1);
      assert.equal(await run(), 0);
      at(H);
      assert.equal(await run(), 1);
      assert.equal((await deliveryOf(eventId)).status, 'succeeded');
      assert.deepEqual(hitsOn(h.path).filter((x) => x.headers['svc-event-id'] === eventId).map((x) => x.at - t0), [0, H]);
    });

    it('503 with an HTTP-date Retry-After puts the next attempt at that date', async () => {
      const retryAt = new Date(t0 + 2 * H);
      const h = await hooked({ route: (hit) => (attemptOf(hit) === 1 ? { status: 503, headers: { 'Retry-After': retryAt.toUTCString() } } : { status: 200 }) });
      const eventId = await event(h.owner);
      assert.equal(await run(), 1);
      const d = await deliveryOf(eventId);
      assert.equal(d.last_status, 503);
      assert.equal(d.next_attempt_at.getTime(), retryAt.getTime());
      at(2 * H - 1);
      assert.equal(await run(), 0);
      at(2 * H);
      assert.equal(await run(), 1);
      assert.equal((await deliveryOf(eventId)).status, 'succeeded');
    });

    it('a Retry-After never brings an attempt earlier, and is read only on 429 and 503', async () => {
      const h = await hooked({ route: always(500) });
      // A short Retry-After on a 429: the schedule's 5 s still holds.
      routes.set(h.path, () => ({ status: 429, headers: { 'Retry-After': '1' } }));
      const short = await event(h.owner);
      assert.equal(await run(), 1);
      assert.equal((await deliveryOf(short)).next_attempt_at.getTime(), t0 + 5 * S);
      await db().updateTable('webhook_deliveries').set({ status: 'cancelled' }).where('event_id', '=', short).execute();
      // A Retry-After on a 500 is not honoured.
      routes.set(h.path, () => ({ status: 500, headers: { 'Retry-After': '3600' } }));
      const plain = await event(h.owner);
      assert.equal(await run(), 1);
      assert.equal((await deliveryOf(plain)).next_attempt_at.getTime(), t0 + 5 * S);
    });

    it('a 3xx is a failed attempt and is not followed', async () => {
      const target = `/redirect-target/${randomUUID()}`;
      routes.set(target, ok);
      const h = await hooked({
        route: (hit) =>
          attemptOf(hit) === 1
            ? { status: 302, headers: { Location: receiver.server.url('localhost', target) } }
            : attemptOf(hit) === 2
              ? { status: 307, headers: { Location: receiver.server.url('localhost', target) } }
              : { status: 200 },
      });
      const eventId = await event(h.owner);
      assert.equal(await run(), 1);
      let d = await deliveryOf(eventId);
      assert.equal(d.status, 'pending');
      assert.equal(d.last_status, 302);
      assert.match(d.last_error ?? '', /redirect/);
      assert.equal(d.next_attempt_at.getTime(), t0 + 5 * S);
      at(5 * S);
      assert.equal(await run(), 1);
      d = await deliveryOf(eventId);
      assert.equal(d.status, 'pending');
      assert.equal(d.last_status, 307);
      at(5 * S + 5 * M);
      assert.equal(await run(), 1);
      assert.equal((await deliveryOf(eventId)).status, 'succeeded');
      assert.equal(hitsOn(target).length, 0, 'the redirect target got nothing');
      const log = (await deliveryLog({ db: db() }, h.owner.id, h.endpointId)).find((x) => x.eventId === eventId)!;
      assert.deepEqual(log.attemptLog.map((a) => a.statusCode), [302, 307, 200]);
    });

    it('410 disables the endpoint at once and cancels its other deliveries; re-enabled, it keeps its secret', async () => {
      const h = await hooked({ route: always(410) });
      const events = [await event(h.owner), await event(h.owner), await event(h.owner)];
      // One in flight at a time, so the other two are still waiting when the 410 comes.
      assert.equal(await run({ perEndpoint: 1 }), 1);
      const e = await endpointRow(h.endpointId);
      assert.equal(e.disabled_at?.getTime(), t0);
      assert.equal(e.disabled_reason, 'gone');
      const rows = await db().selectFrom('webhook_deliveries').selectAll().where('event_id', 'in', events).execute();
      const tried = rows.filter((r) => r.attempts === 1);
      assert.equal(tried.length, 1);
      assert.equal(tried[0]!.status, 'failed');
      assert.equal(tried[0]!.last_status, 410);
      const others = rows.filter((r) => r.attempts === 0);
      assert.equal(others.length, 2);
      for (const r of others) {
        assert.equal(r.status, 'cancelled');
        assert.match(r.last_error ?? '', /disabled \(gone\)/);
      }
      // Nothing more goes there: no delivery is even made for a later event.
      const sent = hitsOn(h.path).length;
      const later = await event(h.owner);
      assert.equal((await db().selectFrom('webhook_deliveries').select('id').where('event_id', '=', later).execute()).length, 0);
      at(D);
      assert.equal(await run(), 0);
      assert.equal(hitsOn(h.path).length, sent);

      routes.set(h.path, ok);
      const summary = await enableEndpoint({ db: db(), clock: api.clock }, h.owner.id, h.endpointId);
      assert.equal(summary.status, 'enabled');
      assert.equal(summary.disabledReason, null);
      const again = await event(h.owner);
      assert.equal(await run(), 1);
      const hit = hitsOn(h.path).at(-1)!;
      assert.equal(hit.headers['svc-event-id'], again);
      assert.equal(v1Of(hit).length, 1);
      const record = await verifyWebhook(hit.body, String(hit.headers['svc-signature']), h.secret, { now: new Date(hit.at) });
      assert.equal(record.id, again, 'signed with the secret it had before');
      assert.equal((await deliveryOf(again)).status, 'succeeded');
    });

    it("a crashed worker's claim is taken over after its lease, not before", async () => {
      const h = await hooked();
      const eventId = await event(h.owner);
      const claimed = await claimDeliveries(db(), { workerId: 'worker-A', now: api.clock.now(), limit: 50, leaseMs: 60_000, perEndpoint: 5 });
      assert.deepEqual(claimed.map((d) => d.event_id), [eventId]);
      // Worker A dies here, the delivery unfinished.
      at(30 * S);
      assert.equal(await run(), 0, 'held by the lease');
      at(60 * S - 1);
      assert.equal(await run(), 0, 'held by the lease');
      assert.equal(hitsOn(h.path).filter((x) => x.headers['svc-event-id'] === eventId).length, 0);
      at(60 * S);
      assert.equal(await run(), 1, 'the lease ran out: another worker delivers it');
      const got = hitsOn(h.path).filter((x) => x.headers['svc-event-id'] === eventId);
      assert.equal(got.length, 1);
      assert.equal(got[0]!.headers['svc-delivery-attempt'], '2', 'the lost claim counts as an attempt');
      assert.equal((await deliveryOf(eventId)).status, 'succeeded');
      // Worker A, coming back late, cannot overwrite the outcome.
      assert.equal(await finishDelivery(db(), claimed[0]!.id, 'worker-A', { status: 'failed', lastStatus: null, lastError: 'late', now: api.clock.now() }), false);
      assert.equal((await deliveryOf(eventId)).status, 'succeeded');
    });

    it('at most 5 deliveries in flight per endpoint, across claims; other endpoints are not held up', async () => {
      const one = await hooked();
      for (let i = 0; i < 8; i++) await event(one.owner);
      const claim = (workerId: string) => claimDeliveries(db(), { workerId, now: api.clock.now(), limit: 50, leaseMs: 60_000, perEndpoint: 5 });
      const first = await claim('worker-A');
      assert.equal(first.length, 5);
      assert.ok(first.every((d) => d.endpoint_id === one.endpointId));
      const pending = await db().selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', one.endpointId).where('status', '=', 'pending').execute();
      assert.equal(pending.length, 8);

      // Another endpoint (another owner) with its own ping and event.
      const owner2 = await api.owner();
      const tokenId2 = (await createPersonalToken(db(), api.clock, { ownerId: owner2.id, name: 'hooks', scopes: ['webhooks', 'requests:read'], test: false, expiresInSeconds: null })).id;
      const { endpoint: two } = await addEndpoint(env(), { ownerId: owner2.id, tokenId: tokenId2, url: receiver.server.url('localhost', `/hook/${randomUUID()}`) });
      await event(owner2);
      const second = await claim('worker-B');
      assert.equal(second.filter((d) => d.endpoint_id === one.endpointId).length, 0, 'the first endpoint already has 5 in flight');
      assert.equal(second.filter((d) => d.endpoint_id === two.id).length, 2, "the other endpoint's ping and event");
      // Once the leases run out, the first endpoint's next 5 are claimed.
      at(60 * S);
      const third = await claim('worker-C');
      assert.equal(third.filter((d) => d.endpoint_id === one.endpointId).length, 5);
    });

    it("a suspended app's deliveries are held, not failed, and go out once it is unsuspended", async () => {
      const owner = await api.owner();
      const appId = newId();
      await db().insertInto('apps').values({ id: appId, name: 'Scheduler app', suspended_at: null, created_at: api.clock.now() }).execute();
      const tokenId = (await createPersonalToken(db(), api.clock, { ownerId: owner.id, name: 'app token', scopes: ['webhooks', 'requests:read'], test: false, expiresInSeconds: null })).id;
      await db().updateTable('tokens').set({ app_id: appId }).where('id', '=', tokenId).execute();
      const h = await hooked({ owner, tokenId });
      await db().updateTable('apps').set({ suspended_at: api.clock.now() }).where('id', '=', appId).execute();
      const eventId = await event(owner);
      assert.equal(await run(), 0);
      at(4 * D);
      assert.equal(await run(), 0);
      let d = await deliveryOf(eventId);
      assert.equal(d.status, 'pending', 'held, not failed');
      assert.equal(d.attempts, 0);
      assert.equal(hitsOn(h.path).length, 1, 'only the ping from before the suspension');
      await db().updateTable('apps').set({ suspended_at: null }).where('id', '=', appId).execute();
      assert.equal(await run(), 1);
      d = await deliveryOf(eventId);
      assert.equal(d.status, 'succeeded');
      assert.equal(d.attempts, 1);
      assert.equal(hitsOn(h.path).at(-1)!.headers['svc-event-id'], eventId);
    });

    it('an endpoint failing for 5 days with no success is disabled and its owner emailed', async () => {
      const h = await hooked({ route: always(500) }); // the ping succeeded at T0
      await db().updateTable('owners').set({ email: 'owner@example.com' }).where('id', '=', h.owner.id).execute();
      const firstFailure = t0 + H;
      // A new event every 12 hours, every due attempt made, all failing.
      for (let k = 0; k <= 10; k++) {
        at(H + k * 12 * H);
        await event(h.owner);
        await drain();
        const e = await endpointRow(h.endpointId);
        assert.equal(e.failing_since?.getTime(), firstFailure, 'failing since the first failure');
        if (k < 10) assert.equal(e.disabled_at, null, `still enabled after ${(k * 12) / 24} days`);
      }
      const e = await endpointRow(h.endpointId);
      assert.equal(e.disabled_at?.getTime(), firstFailure + 5 * D);
      assert.equal(e.disabled_reason, 'failing');
      assert.equal(e.last_success_at?.getTime(), t0);
      const emails = await db().selectFrom('emails').selectAll().where('owner_id', '=', h.owner.id).where('kind', '=', 'endpoint_disabled').execute();
      assert.equal(emails.length, 1);
      assert.equal(emails[0]!.to_address, 'owner@example.com');
      const waiting = await db().selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', h.endpointId).where('status', '=', 'pending').execute();
      assert.equal(waiting.length, 0, 'its waiting deliveries are given up');
      const sent = hitsOn(h.path).length;
      await event(h.owner);
      at(7 * D);
      assert.equal(await drain(), 0);
      assert.equal(hitsOn(h.path).length, sent);
    });

    it('a success in between resets failing_since, so the 5 days count from the next failure', async () => {
      const h = await hooked({ route: always(500) });
      const step = async (k: number) => {
        at(k * 12 * H);
        await event(h.owner);
        await drain();
        return endpointRow(h.endpointId);
      };
      for (let k = 0; k <= 5; k++) assert.equal((await step(k)).failing_since?.getTime(), t0);
      routes.set(h.path, ok);
      let e = await step(6); // 3 days in: everything due goes through
      assert.equal(e.failing_since, null);
      assert.equal(e.last_success_at?.getTime(), t0 + 3 * D);
      routes.set(h.path, always(500));
      const refail = t0 + 3.5 * D;
      for (let k = 7; k <= 16; k++) {
        e = await step(k);
        assert.equal(e.failing_since?.getTime(), refail);
        assert.equal(e.disabled_at, null, `enabled at day ${k / 2}: failing for ${k / 2 - 3.5} days only`);
      }
      e = await step(17);
      assert.equal(e.disabled_reason, 'failing');
      assert.equal(e.disabled_at?.getTime(), refail + 5 * D);
    });
  });
}
