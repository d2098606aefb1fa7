import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { verifyWebhook } from '@calendar-access/sdk';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { PATIENT_DELIVERY } from '../helpers/patience.js';
import { useReceiver, type EventJson } from '../helpers/receiver.js';
import { authorizationUrl, consent, registerClient, signedInOwner, tokensFor, type Client } from '../oauth/harness.js';
import { newId } from '../../src/domain/ids.js';
import { ServiceError } from '../../src/domain/service-error.js';
import type { EventType } from '../../src/domain/webhook-events.js';
import { endpointWants } from '../../src/domain/webhook-filter.js';
import type { OutboundPolicy } from '../../src/net/public-address.js';
import { disconnectApp } from '../../src/services/grants.js';
import { createPersonalToken, revokePersonalToken } from '../../src/services/tokens.js';
import { recordEvent, type EventData } from '../../src/store/repos/outbox.js';
import type { OwnerRow } from '../../src/store/schema.js';
import { chooseAppEndpointEventTypes, setAppEndpoint, showAppEndpoint } from '../../src/webhooks/app-endpoints.js';
import { DeliveryWorker } from '../../src/webhooks/delivery-worker.js';
import { addEndpoint, chooseEventTypes, listEndpoints } from '../../src/webhooks/endpoints.js';

/**
 * Webhook endpoints limited to event types (issue 31 point 5, docs/webhooks.md "Choosing event
 * types"): the one filter of the fan-out, for the owner's endpoints and an app's alike, against a real
 * HTTPS receiver. Clock pinned on the night Europe/Berlin moves to summer time; jitter pinned.
 */
const T0 = '2026-03-29T00:30:00Z';
const H = 3_600_000;
const ALL_SCOPES = ['webhooks', 'requests:read', 'tasks:read', 'events:read'];
/** One event of each object, and a second request type: what each test records. */
const MIXED: EventType[] = ['request.created', 'request.declined', 'appointment.cancelled', 'task.created', 'task.completed', 'event.created'];

const dataOf = (type: string): EventData =>
  type.startsWith('task.') ? { object: 'task', id: newId() } : type.startsWith('event.') ? { object: 'event', id: newId() } : { object: 'request', id: newId() };

for (const engine of ENGINES) {
  describe(`webhook endpoints limited to event types on ${engine}`, () => {
    const api = useApi(engine, T0);
    const db = () => api.rt.store.db;
    const receiver = useReceiver(api);
    const { routes, hitsOn } = receiver;
    beforeEach(() => api.clock.set(T0));

    const policy: OutboundPolicy = { allowPrivateHosts: ['localhost'] };
    const env = () => ({ db: db(), clock: api.clock, policy });
    const run = async () => {
      const w = new DeliveryWorker({ db: db(), clock: api.clock, policy, ca: receiver.server.ca, random: () => 0.5, ...PATIENT_DELIVERY });
      try {
        let total = 0;
        for (let n = await w.runOnce(); n > 0; n = await w.runOnce()) total += n;
        return total;
      } finally {
        await w.close();
      }
    };
    /** The types a path received, sorted: up to 5 deliveries an endpoint are in flight at once, so arrival order is not theirs. */
    const typesOn = (path: string) => hitsOn(path).map((h) => String(h.headers['svc-event-type'])).sort();
    const sorted = (types: readonly string[]) => [...types].sort();
    /** Records one event, a second after the one before (catch-up lists in that order). */
    const record = async (owner: OwnerRow, type: EventType) => {
      api.clock.advance(1000);
      return recordEvent(db(), { ownerId: owner.id, type, data: dataOf(type), test: false, occurredAt: api.clock.now() });
    };
    const recordAll = async (owner: OwnerRow, types: readonly EventType[]) => {
      for (const t of types) await record(owner, t);
    };
    const token = (owner: OwnerRow, scopes = ALL_SCOPES) =>
      createPersonalToken(db(), api.clock, { ownerId: owner.id, name: 'hooks', scopes, test: false, expiresInSeconds: null });
    const freshPath = (what: string) => {
      const path = `/${what}/${randomUUID()}`;
      routes.set(path, () => ({ status: 200 }));
      return path;
    };
    /** A personal endpoint on a path of its own, with the list given (none: every type). */
    async function personal(owner: OwnerRow, tokenId: string, eventTypes?: string[]) {
      const path = freshPath('hook');
      const added = await addEndpoint(env(), { ownerId: owner.id, tokenId, url: receiver.server.url('localhost', path), ...(eventTypes ? { eventTypes } : {}) });
      return { id: added.endpoint.id, path, secret: added.secret, summary: added.endpoint };
    }
    const refusedNaming = (re: RegExp) => (e: unknown) => e instanceof ServiceError && e.kind === 'invalid' && e.field === 'eventTypes' && re.test(e.message);

    /** An app allowed requests:read, tasks:read and webhooks, its endpoint set with the list given. */
    async function appEndpoint(eventTypes?: string[]) {
      const c = await registerClient(api, { scopes: ['profile:read', 'requests:read', 'tasks:read', 'webhooks'] });
      const dev = await db().selectFrom('apps as a').innerJoin('owners as o', 'o.id', 'a.owner_id').selectAll('o').where('a.id', '=', c.appId).executeTakeFirstOrThrow();
      const path = freshPath('app-hook');
      const set = await setAppEndpoint(env(), { ownerId: dev.id, appId: c.appId, url: receiver.server.url('localhost', path), ...(eventTypes ? { eventTypes } : {}) });
      return { c, dev, path, secret: set.secret!, endpoint: set.endpoint };
    }
    /** An owner connects through the consent page with these scopes. */
    async function connect(c: Client, scope: string) {
      const { web, owner } = await signedInOwner(api);
      const started = await authorizationUrl(c, {}, scope);
      await tokensFor(c, await consent(api, web, started), started);
      const grant = await db().selectFrom('oauth_grants').selectAll().where('owner_id', '=', owner.id).where('app_id', '=', c.appId).where('revoked_at', 'is', null).executeTakeFirstOrThrow();
      return { owner, web, grantId: grant.id };
    }

    it('an endpoint with a list gets only those types, the ping on add and authorization.revoked; one without gets every type the token allows', async () => {
      const owner = await api.owner();
      const t = await token(owner);
      const only = await personal(owner, t.id, ['task.completed', 'request.created', 'task.completed']);
      const all = await personal(owner, t.id);
      assert.deepEqual(only.summary.eventTypes, ['request.created', 'task.completed'], 'stored once each, in the catalogue order');
      assert.equal(all.summary.eventTypes, null);
      await recordAll(owner, MIXED);
      await run();
      assert.deepEqual(typesOn(only.path), ['ping', 'request.created', 'task.completed']);
      assert.deepEqual(typesOn(all.path), sorted(['ping', ...MIXED]));
      // The token's revocation arrives whatever the list, as its last event.
      api.clock.advance(H);
      await revokePersonalToken(db(), api.clock, owner.id, t.id);
      await run();
      assert.deepEqual(typesOn(only.path), ['authorization.revoked', 'ping', 'request.created', 'task.completed']);
      assert.deepEqual(typesOn(all.path), sorted(['authorization.revoked', 'ping', ...MIXED]));
      const last = JSON.parse(hitsOn(only.path).at(-1)!.body) as EventJson;
      assert.deepEqual(last.data, { object: 'authorization', reason: 'owner' });
      await verifyWebhook(hitsOn(only.path).at(-1)!.body, String(hitsOn(only.path).at(-1)!.headers['svc-signature']), only.secret, { now: api.clock.now() });
    });

    it('a type added to the service later is not sent to an endpoint with a list, and is sent to one without', async () => {
      const owner = await api.owner();
      const t = await token(owner);
      const only = await personal(owner, t.id, ['task.created', 'task.updated', 'task.completed', 'task.deleted']);
      const all = await personal(owner, t.id);
      // A type the catalogue does not have yet (needing only webhooks, as a new type would until given a scope).
      const later = 'task.moved' as EventType;
      assert.equal(endpointWants(['task.created'], later), false);
      assert.equal(endpointWants(null, later), true);
      await record(owner, later);
      await record(owner, 'task.deleted');
      await run();
      assert.deepEqual(typesOn(only.path), ['ping', 'task.deleted'], 'every task type chosen when it chose, still not the new one');
      assert.deepEqual(typesOn(all.path), ['ping', 'task.deleted', 'task.moved']);
    });

    it("the owner's endpoint and an app's endpoint with the same list receive the same types", async () => {
      const list = ['request.created', 'task.completed'];
      const a = await appEndpoint(list);
      assert.deepEqual(a.endpoint.eventTypes, list);
      const { owner } = await connect(a.c, 'requests:read tasks:read webhooks');
      const t = await token(owner, ['webhooks', 'requests:read', 'tasks:read']);
      const mine = await personal(owner, t.id, list);
      await run(); // the pings
      await recordAll(owner, MIXED);
      await run();
      assert.deepEqual(typesOn(mine.path), ['ping', 'request.created', 'task.completed']);
      assert.deepEqual(typesOn(a.path), ['ping', 'request.created', 'task.completed']);
      const records = hitsOn(a.path).slice(1).map((h) => JSON.parse(h.body) as EventJson);
      assert.deepEqual(records.map((r) => r.account), [owner.account_id, owner.account_id], "each with the connected owner's account");
      // The owner disconnects the app: its last event for that account arrives whatever the list.
      api.clock.advance(H);
      const grant = await db().selectFrom('oauth_grants').select('id').where('owner_id', '=', owner.id).where('app_id', '=', a.c.appId).executeTakeFirstOrThrow();
      await disconnectApp(db(), api.clock, owner.id, grant.id);
      await run();
      assert.deepEqual(typesOn(a.path), ['authorization.revoked', 'ping', 'request.created', 'task.completed']);
    });

    it('the scopes of the moment still win: a chosen type the token or grant no longer holds is not sent, and catch-up lists what the token was entitled to', async () => {
      // The owner's token loses tasks:read after its endpoint chose task.completed.
      const owner = await api.owner();
      const t = await token(owner, ['webhooks', 'requests:read', 'tasks:read']);
      const mine = await personal(owner, t.id, ['request.created', 'task.completed']);
      await db().updateTable('tokens').set({ scopes: ['webhooks', 'requests:read'] }).where('id', '=', t.id).execute();
      await recordAll(owner, MIXED);
      await run();
      assert.deepEqual(typesOn(mine.path), ['ping', 'request.created']);
      // Catch-up is not narrowed by the list: every type the token was entitled to.
      const caught = await api.get(`/api/v1/webhook-events?since=${encodeURIComponent(T0)}&limit=100`, t.token);
      assert.equal(caught.statusCode, 200, caught.body);
      assert.deepEqual(caught.json().data.map((e: EventJson) => e.type), ['ping', 'request.created', 'request.declined', 'appointment.cancelled']);

      // An app's endpoint chose task.completed: an owner who consented without tasks:read is sent none,
      // and one who reconnects with fewer scopes stops receiving it.
      const a = await appEndpoint(['task.completed']);
      const narrow = await connect(a.c, 'requests:read webhooks');
      const wide = await connect(a.c, 'requests:read tasks:read webhooks');
      await run();
      await record(narrow.owner, 'task.completed');
      await record(wide.owner, 'task.completed');
      await run();
      assert.deepEqual(hitsOn(a.path).slice(1).map((h) => (JSON.parse(h.body) as EventJson).account), [wide.owner.account_id]);
      const started = await authorizationUrl(a.c, {}, 'requests:read webhooks');
      await tokensFor(a.c, await consent(api, wide.web, started), started);
      await record(wide.owner, 'task.completed');
      await run();
      assert.deepEqual(typesOn(a.path), ['ping', 'task.completed'], 'nothing after the grant lost tasks:read');
    });

    it('a list is refused, naming why: a type the scopes do not allow, an unknown name, a wildcard, ping, an empty list', async () => {
      const owner = await api.owner();
      const t = await token(owner, ['webhooks', 'requests:read']);
      const add = (eventTypes: string[]) => addEndpoint(env(), { ownerId: owner.id, tokenId: t.id, url: receiver.server.url('localhost', freshPath('refused')), eventTypes });
      await assert.rejects(add(['request.created', 'task.completed', 'event.created']), refusedNaming(/^event types: "task\.completed" needs tasks:read, "event\.created" needs events:read, which the token does not hold$/));
      await assert.rejects(add(['request.made']), refusedNaming(/unknown event type "request\.made"; known: request\.created, /));
      await assert.rejects(add(['task.*']), refusedNaming(/"task\.\*": wildcards are not taken, so that a type added later is never sent unasked; name the types: task\.created, task\.updated, task\.completed, task\.deleted$/));
      await assert.rejects(add(['ping']), refusedNaming(/"ping" always arrives and is not chosen: leave it out/));
      await assert.rejects(add(['authorization.revoked', 'request.created']), refusedNaming(/"authorization\.revoked" always arrives/));
      await assert.rejects(add([]), refusedNaming(/choose at least one event type, or every type; an endpoint that wants none should be disabled instead/));
      await assert.rejects(add([' ', '']), refusedNaming(/choose at least one/));
      assert.deepEqual(await listEndpoints(env(), owner.id), [], 'nothing was added');

      // An app's list is held to the scopes the app may ask for.
      const c = await registerClient(api, { scopes: ['profile:read', 'requests:read', 'webhooks'] });
      const dev = await db().selectFrom('apps').select('owner_id').where('id', '=', c.appId).executeTakeFirstOrThrow();
      await assert.rejects(
        setAppEndpoint(env(), { ownerId: dev.owner_id!, appId: c.appId, url: receiver.server.url('localhost', freshPath('app-refused')), eventTypes: ['task.created'] }),
        refusedNaming(/"task\.created" needs tasks:read, which the app may not ask for$/),
      );
      assert.equal(await showAppEndpoint(env(), dev.owner_id!, c.appId), null);
    });

    it('a list changed later applies from the next event on, to the owner\'s endpoint and the app\'s; null goes back to every type', async () => {
      const owner = await api.owner();
      const t = await token(owner);
      const mine = await personal(owner, t.id);
      const queued = await record(owner, 'event.created');
      const changed = await chooseEventTypes(env(), owner.id, mine.id, ['event.deleted']);
      assert.deepEqual(changed.eventTypes, ['event.deleted']);
      await recordAll(owner, ['event.created', 'event.deleted']);
      await run();
      assert.deepEqual(typesOn(mine.path), ['event.created', 'event.deleted', 'ping'], 'the event queued before the change still goes; the later event.created does not');
      assert.equal(hitsOn(mine.path).find((h) => h.headers['svc-event-type'] === 'event.created')!.headers['svc-event-id'], queued);
      assert.equal((await chooseEventTypes(env(), owner.id, mine.id, null)).eventTypes, null);
      await record(owner, 'event.created');
      await run();
      assert.deepEqual(typesOn(mine.path), ['event.created', 'event.created', 'event.deleted', 'ping']);
      await assert.rejects(chooseEventTypes(env(), owner.id, mine.id, []), refusedNaming(/choose at least one/));
      assert.equal((await listEndpoints(env(), owner.id))[0]!.eventTypes, null, 'a refused change changes nothing');

      const a = await appEndpoint();
      assert.equal(a.endpoint.eventTypes, null);
      const { owner: connected } = await connect(a.c, 'requests:read tasks:read webhooks');
      const chosen = await chooseAppEndpointEventTypes(env(), a.dev.id, a.c.appId, ['request.declined']);
      assert.deepEqual(chosen.eventTypes, ['request.declined']);
      // Moving the address keeps the list; giving one with the move replaces it.
      const moved = await setAppEndpoint(env(), { ownerId: a.dev.id, appId: a.c.appId, url: receiver.server.url('localhost', a.path) });
      assert.deepEqual(moved.endpoint.eventTypes, ['request.declined']);
      await recordAll(connected, MIXED);
      await run();
      assert.deepEqual(typesOn(a.path), ['ping', 'ping', 'request.declined']);
      const replaced = await setAppEndpoint(env(), { ownerId: a.dev.id, appId: a.c.appId, url: receiver.server.url('localhost', a.path), eventTypes: null });
      assert.equal(replaced.endpoint.eventTypes, null);
    });
  });
}
