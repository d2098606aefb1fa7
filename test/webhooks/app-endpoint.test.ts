import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { verifyWebhook } from '@calendar-access/sdk';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { PATIENT_DELIVERY } from '../helpers/patience.js';
import { ok, useReceiver, type Hit, type Route } from '../helpers/receiver.js';
import * as oauth from 'oauth4webapi';
import { authorizationUrl, consent, registerClient, signedInOwner, tokensFor, type Client } from '../oauth/harness.js';
import { newId } from '../../src/domain/ids.js';
import type { OutboundPolicy } from '../../src/net/public-address.js';
import { setSuspension } from '../../src/services/apps.js';
import { disconnectApp } from '../../src/services/grants.js';
import { recordEvent } from '../../src/store/repos/outbox.js';
import type { OwnerRow } from '../../src/store/schema.js';
import {
  appEndpointDeliveries, disableAppEndpoint, enableAppEndpoint, pingAppEndpoint, rotateAppEndpointSecret, setAppEndpoint, showAppEndpoint,
} from '../../src/webhooks/app-endpoints.js';
import { DeliveryWorker } from '../../src/webhooks/delivery-worker.js';

/**
 * An OAuth app's own webhook endpoint (docs/webhooks.md "App endpoints"): owners connect through the
 * real consent flow with oauth4webapi, the developer sets one endpoint for the app, and a real HTTPS
 * receiver checks every delivery with the SDK's verifier. Clock pinned, jitter pinned (random 0.5).
 */
const T0 = '2026-03-29T00:30:00Z'; // the night Europe/Berlin moves to summer time
const t0 = Date.parse(T0);
const S = 1000;
const H = 3600 * S;
const D = 24 * H;
const always = (status: number): Route => () => ({ status });

for (const engine of ENGINES) {
  describe(`an OAuth app's webhook endpoint on ${engine}`, () => {
    const api = useApi(engine, T0);
    const db = () => api.rt.store.db;
    const receiver = useReceiver(api);
    const { routes, hitsOn } = receiver;
    beforeEach(() => api.clock.set(T0));

    const policy: OutboundPolicy = { allowPrivateHosts: ['localhost'] };
    const env = () => ({ db: db(), clock: api.clock, policy });
    const run = async (perEndpoint = 5) => {
      const w = new DeliveryWorker({ db: db(), clock: api.clock, policy, ca: receiver.server.ca, random: () => 0.5, ...PATIENT_DELIVERY, perEndpoint });
      try {
        return await w.runOnce();
      } finally {
        await w.close();
      }
    };
    const drain = async (perEndpoint = 5) => {
      let total = 0;
      for (let i = 0; i < 60; i++) {
        const n = await run(perEndpoint);
        if (n === 0) return total;
        total += n;
      }
      throw new Error('the deliveries did not drain');
    };
    const at = (ms: number) => api.clock.set(new Date(t0 + ms));
    const event = (owner: OwnerRow) => recordEvent(db(), { ownerId: owner.id, type: 'request.created', data: { object: 'request', id: newId() }, test: false, occurredAt: api.clock.now() });
    const developerOf = async (c: Client) => db().selectFrom('apps as a').innerJoin('owners as o', 'o.id', 'a.owner_id').selectAll('o').where('a.id', '=', c.appId).executeTakeFirstOrThrow();
    const verified = (hit: Hit, secrets: string | string[]) => verifyWebhook(hit.body, String(hit.headers['svc-signature']), secrets, { now: new Date(hit.at) });

    /** An owner connects through the consent page with the scopes given (webhooks and requests:read unless told). */
    async function connect(c: Client, scope = 'requests:read webhooks') {
      const { web, owner } = await signedInOwner(api);
      const started = await authorizationUrl(c, {}, scope);
      const tokens = await tokensFor(c, await consent(api, web, started), started);
      const grant = await db().selectFrom('oauth_grants').selectAll().where('owner_id', '=', owner.id).where('app_id', '=', c.appId).executeTakeFirstOrThrow();
      return { owner, tokens, grantId: grant.id, web };
    }

    /** An app allowed requests:read and webhooks, with its endpoint set on a path of its own and the ping delivered. */
    async function appWithEndpoint(route: Route = ok) {
      const c = await registerClient(api, { scopes: ['profile:read', 'requests:read', 'webhooks'] });
      const dev = await developerOf(c);
      const path = `/app-hook/${randomUUID()}`;
      routes.set(path, ok);
      const set = await setAppEndpoint(env(), { ownerId: dev.id, appId: c.appId, url: receiver.server.url('localhost', path) });
      assert.match(set.secret!, /^svc_whsec_/);
      assert.equal(await run(), 1, 'the ping on set');
      const ping = hitsOn(path)[0]!;
      const record = await verified(ping, set.secret!);
      assert.equal(record.type, 'ping');
      assert.equal(record.account, dev.account_id, "a ping carries the developer's account");
      routes.set(path, route);
      return { c, dev, path, secret: set.secret!, endpointId: set.endpoint.id };
    }

    it("delivers each connected owner's entitled events, signed as personal deliveries are, with the owner's account", async () => {
      const a = await appWithEndpoint();
      const one = await connect(a.c);
      const two = await connect(a.c);
      const without = await connect(a.c, 'requests:read'); // no webhooks scope: nothing for this one
      const e1 = await event(one.owner);
      const e2 = await event(two.owner);
      await event(without.owner);
      assert.equal(await drain(), 2);
      const hits = hitsOn(a.path).slice(1);
      assert.equal(hits.length, 2);
      const records = await Promise.all(hits.map((h) => verified(h, a.secret)));
      const byId = new Map(records.map((r) => [r.id, r]));
      assert.equal(byId.get(e1)!.account, one.owner.account_id);
      assert.equal(byId.get(e2)!.account, two.owner.account_id);
      for (const h of hits) {
        assert.equal(h.headers['user-agent'], 'Svc-Webhooks/1.0');
        assert.equal(h.headers['svc-event-type'], 'request.created');
        assert.equal(h.headers['svc-delivery-attempt'], '1');
      }
      // Hours later every access token has run out (the app has not refreshed): the grant still receives.
      at(3 * H);
      const late = await event(one.owner);
      assert.equal(await drain(), 1);
      assert.equal((await verified(hitsOn(a.path).at(-1)!, a.secret)).id, late);
      const log = await appEndpointDeliveries(env(), a.dev.id, a.c.appId);
      assert.deepEqual(log.map((d) => d.status), ['succeeded', 'succeeded', 'succeeded', 'succeeded']);
      assert.equal(log[0]!.eventId, late, 'the delivery log, newest first');
      assert.deepEqual(log.map((d) => d.eventType).sort(), ['ping', 'request.created', 'request.created', 'request.created']);
    });

    it("rotation: the old secret signs alongside the new one for 24 hours, then the new one alone", async () => {
      const a = await appWithEndpoint();
      const { owner } = await connect(a.c);
      const rotated = await rotateAppEndpointSecret(env(), a.dev.id, a.c.appId);
      assert.notEqual(rotated.secret, a.secret);
      assert.equal(rotated.endpoint.previousSecretExpiresAt?.getTime(), t0 + D);
      await event(owner);
      assert.equal(await drain(), 1);
      const during = hitsOn(a.path).at(-1)!;
      assert.equal([...String(during.headers['svc-signature']).matchAll(/v1=/g)].length, 2);
      await verified(during, a.secret);
      await verified(during, rotated.secret);
      at(D + S);
      await event(owner);
      assert.equal(await drain(), 1);
      const after = hitsOn(a.path).at(-1)!;
      await verified(after, rotated.secret);
      await assert.rejects(verified(after, a.secret), 'the old secret no longer signs');
    });

    it('while the app is suspended its deliveries are held (not failed, not counted), then go out in order on unsuspend', async () => {
      const a = await appWithEndpoint();
      const { owner } = await connect(a.c);
      await setSuspension(db(), api.clock, a.c.appId, 'under review');
      const ids: string[] = [];
      for (let k = 0; k < 3; k++) {
        at(k * H);
        ids.push(await event(owner));
      }
      assert.equal(await run(), 0);
      at(6 * D); // past the 5 days of auto-disable and past the whole retry schedule
      assert.equal(await run(), 0);
      const held = await db().selectFrom('webhook_deliveries').selectAll().where('event_id', 'in', ids).execute();
      assert.deepEqual(held.map((d) => [d.status, d.attempts]), [['pending', 0], ['pending', 0], ['pending', 0]]);
      const e = (await showAppEndpoint(env(), a.dev.id, a.c.appId))!;
      assert.equal(e.status, 'enabled');
      assert.equal(e.failingSince, null, 'held deliveries do not count toward auto-disable');
      await setSuspension(db(), api.clock, a.c.appId, null);
      assert.equal(await drain(1), 3);
      const got = await Promise.all(hitsOn(a.path).slice(1).map((h) => verified(h, a.secret)));
      assert.deepEqual(got.map((r) => r.id), ids, 'in the order they occurred');
    });

    it('fails for 5 days with no success: disabled (failing), its developer emailed, and enabled again with its secret', async () => {
      const a = await appWithEndpoint(always(500));
      const { owner } = await connect(a.c);
      await db().updateTable('owners').set({ email: 'dev@example.com' }).where('id', '=', a.dev.id).execute();
      for (let k = 0; k <= 10; k++) {
        at(H + k * 12 * H);
        await event(owner);
        await drain();
      }
      const e = (await showAppEndpoint(env(), a.dev.id, a.c.appId))!;
      assert.equal(e.status, 'disabled');
      assert.equal(e.disabledReason, 'failing');
      assert.equal(e.disabledAt?.getTime(), t0 + H + 5 * D);
      const emails = await db().selectFrom('emails').selectAll().where('owner_id', '=', a.dev.id).where('kind', '=', 'endpoint_disabled').execute();
      assert.equal(emails.length, 1);
      assert.equal(emails[0]!.to_address, 'dev@example.com');
      const sent = hitsOn(a.path).length;
      await event(owner);
      assert.equal(await drain(), 0, 'nothing goes to a disabled endpoint');
      routes.set(a.path, ok);
      await enableAppEndpoint(env(), a.dev.id, a.c.appId);
      const next = await event(owner);
      assert.equal(await drain(), 1);
      assert.equal(hitsOn(a.path).length, sent + 1);
      assert.equal((await verified(hitsOn(a.path).at(-1)!, a.secret)).id, next, 'the same secret after enabling');
    });

    it('disabled by its developer it receives nothing; a ping is refused until it is enabled', async () => {
      const a = await appWithEndpoint();
      const { owner } = await connect(a.c);
      await disableAppEndpoint(env(), a.dev.id, a.c.appId);
      await event(owner);
      assert.equal(await drain(), 0);
      await assert.rejects(pingAppEndpoint(env(), a.dev.id, a.c.appId), /disabled/);
      await enableAppEndpoint(env(), a.dev.id, a.c.appId);
      await pingAppEndpoint(env(), a.dev.id, a.c.appId);
      assert.equal(await drain(), 1);
      assert.equal(hitsOn(a.path).at(-1)!.headers['svc-event-type'], 'ping');
    });

    it('a disconnect: waiting deliveries are given up and authorization.revoked (owner) is the last event the app gets for that owner', async () => {
      const a = await appWithEndpoint();
      const { owner, grantId } = await connect(a.c);
      const other = await connect(a.c);
      const waiting = await event(owner);
      await disconnectApp(db(), api.clock, owner.id, grantId);
      await event(owner);
      const stillConnected = await event(other.owner);
      assert.equal(await drain(), 2);
      const records = await Promise.all(hitsOn(a.path).slice(1).map((h) => verified(h, a.secret)));
      const mine = records.filter((r) => r.account === owner.account_id);
      assert.equal(mine.length, 1);
      assert.equal(mine[0]!.type, 'authorization.revoked');
      assert.deepEqual(mine[0]!.data, { object: 'authorization', reason: 'owner' });
      assert.ok(records.some((r) => r.id === stillConnected && r.account === other.owner.account_id));
      const cancelled = await db().selectFrom('webhook_deliveries').selectAll().where('event_id', '=', waiting).executeTakeFirstOrThrow();
      assert.equal(cancelled.status, 'cancelled');
    });

    it("an owner deleting the account: the app's last event for it is authorization.revoked (account_deleted)", async () => {
      const a = await appWithEndpoint();
      const { owner, web } = await connect(a.c);
      const gone = await web.submit('/app/account/delete', { password: 'long enough pw' });
      assert.equal(gone.statusCode, 303);
      assert.equal(await drain(), 1);
      const last = await verified(hitsOn(a.path).at(-1)!, a.secret);
      assert.equal(last.type, 'authorization.revoked');
      assert.equal(last.account, owner.account_id);
      assert.deepEqual(last.data, { object: 'authorization', reason: 'account_deleted' });
    });

    it('a reused refresh token revokes the grant: the app hears authorization.revoked (owner) for that account', async () => {
      const a = await appWithEndpoint();
      const { owner, tokens } = await connect(a.c);
      await oauth.processRefreshTokenResponse(a.c.as, a.c.client, await oauth.refreshTokenGrantRequest(a.c.as, a.c.client, a.c.auth, tokens.refresh_token!, a.c.options));
      at(2 * 60 * S); // past the 60 s retry grace
      const reuse = await oauth.refreshTokenGrantRequest(a.c.as, a.c.client, a.c.auth, tokens.refresh_token!, a.c.options);
      await assert.rejects(oauth.processRefreshTokenResponse(a.c.as, a.c.client, reuse));
      await event(owner);
      assert.equal(await drain(), 1, 'the revocation, and nothing after it');
      const last = await verified(hitsOn(a.path).at(-1)!, a.secret);
      assert.equal(last.type, 'authorization.revoked');
      assert.equal(last.account, owner.account_id);
      assert.deepEqual(last.data, { object: 'authorization', reason: 'owner' });
    });
  });
}
