// Webhook deliveries to local HTTPS receivers, on PGlite and (when one answers) PostgreSQL:
// - throughput: deliveries a second by one instance's delivery worker, with 5 in flight per endpoint;
// - latency: from the commit of a change to the first attempt reaching the receiver (p50, p95);
// - fan-out: what recording one event costs (its own transaction: the event, its entitlements and a
//   delivery per endpoint owed it) for an owner with 20 endpoints, none choosing event types, all
//   choosing a list without the event's type (no delivery), and all choosing a list with it
//   (docs/webhooks.md "Choosing event types"); rounds taken in turn, medians.
//   npx tsx bench/webhooks.ts [--events 3000] [--endpoints 20] [--latency-events 200] [--fanout-events 200] [--fanout-only]
import { performance } from 'node:perf_hooks';
import { systemClock } from '../src/domain/clock.js';
import { createOwner } from '../src/services/owners.js';
import { createPersonalToken } from '../src/services/tokens.js';
import { addEndpoint, chooseEventTypes } from '../src/webhooks/endpoints.js';
import type { EventType } from '../src/domain/webhook-events.js';
import { migrate, openStore, type Store } from '../src/store/db.js';
import { recordEvent, recordEvents, type NewWebhookEvent } from '../src/store/repos/outbox.js';
import { DeliveryWorker } from '../src/webhooks/delivery-worker.js';
import { startHttpsServer } from '../test/helpers/https-server.js';
import { arg, hidePassword, median, PG_URL, postgresStore } from './support.js';

const EVENTS = arg('events', 3000);
const ENDPOINTS = arg('endpoints', 20);
const LATENCY_EVENTS = arg('latency-events', 200);
const FANOUT_EVENTS = arg('fanout-events', 200);
const FANOUT_ONLY = process.argv.includes('--fanout-only');
const ROUNDS = 5;
const policy = { allowPrivateHosts: ['localhost'] };

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/**
 * The fan-out of one event, with no worker running: µs an event (each committed alone), for 20
 * endpoints with no list, with a list the event's type is not in, and with a list it is in.
 */
async function benchFanOut(label: string, store: Store): Promise<void> {
  const db = store.db;
  const owner = await createOwner(db, systemClock, { username: `fanout-${Date.now()}`, displayName: 'Fan-out', timezone: 'Europe/Berlin' });
  const endpoints: string[] = [];
  for (let i = 0; i < ENDPOINTS; i++) {
    if (i % 10 === 0) await createPersonalToken(db, systemClock, { ownerId: owner.id, name: `f${i}`, scopes: ['webhooks', 'tasks:read', 'requests:read'], test: false, expiresInSeconds: null });
    const tokenId = (await db.selectFrom('tokens').select('id').where('owner_id', '=', owner.id).orderBy('created_at', 'desc').executeTakeFirstOrThrow()).id;
    endpoints.push((await addEndpoint({ db, clock: systemClock, policy }, { ownerId: owner.id, tokenId, url: `https://localhost/fanout/${i}` })).endpoint.id);
  }
  const choose = async (list: string[] | null) => {
    for (const id of endpoints) await chooseEventTypes({ db, clock: systemClock }, owner.id, id, list);
  };
  let n = 0;
  /** µs an event over one round; throws unless the round's last event was owed `owed` deliveries. */
  const round = async (type: EventType, owed: number): Promise<number> => {
    const t0 = performance.now();
    let last = '';
    for (let i = 0; i < FANOUT_EVENTS; i++) {
      const data = { object: 'task' as const, id: `00000000-0000-4000-9000-${String(n++).padStart(12, '0')}` };
      last = await db.transaction().execute((trx) => recordEvent(trx, { ownerId: owner.id, type, data, test: false, occurredAt: new Date() }));
    }
    const us = ((performance.now() - t0) * 1000) / FANOUT_EVENTS;
    const made = Number((await db.selectFrom('webhook_deliveries').select((eb) => eb.fn.countAll<string>().as('n')).where('event_id', '=', last).executeTakeFirstOrThrow()).n);
    if (made !== owed) throw new Error(`${type}: ${made} deliveries, ${owed} expected`);
    return us;
  };
  const cases: { name: string; list: string[] | null; type: EventType; owed: number }[] = [
    { name: 'no list (every type)', list: null, type: 'task.created', owed: ENDPOINTS },
    { name: 'a list without the type', list: ['task.completed', 'request.created'], type: 'task.created', owed: 0 },
    { name: 'a list with the type', list: ['task.completed', 'request.created'], type: 'task.completed', owed: ENDPOINTS },
  ];
  const times = new Map<string, number[]>(cases.map((c) => [c.name, []]));
  await round('task.created', ENDPOINTS); // warm-up
  for (let r = 0; r < ROUNDS; r++) {
    for (const c of cases) {
      await choose(c.list);
      times.get(c.name)!.push(await round(c.type, c.owed));
    }
  }
  for (const c of cases) {
    console.log(`${label.padEnd(9)} fan-out to ${ENDPOINTS} endpoints, ${c.name.padEnd(24)}: ${median(times.get(c.name)!).toFixed(0)} µs an event (${c.owed} deliveries; median of ${ROUNDS} rounds of ${FANOUT_EVENTS})`);
  }
  // Nothing listens at these addresses: what was owed is given up, so no worker tries.
  await db.updateTable('webhook_deliveries').set({ status: 'cancelled', finished_at: new Date(), last_error: 'benchmark' }).where('owner_id', '=', owner.id).where('status', '=', 'pending').execute();
}

async function benchEngine(label: string, store: Store): Promise<void> {
  await migrate(store);
  if (FANOUT_ONLY) {
    await benchFanOut(label, store);
    await store.close();
    return;
  }
  const db = store.db;
  const arrived = new Map<string, number>();
  const receiver = await startHttpsServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const id = String(req.headers['svc-event-id']);
      if (!arrived.has(id)) arrived.set(id, performance.now());
      res.statusCode = 204;
      res.end();
    });
  });
  const owner = await createOwner(db, systemClock, { username: `bench-${Date.now()}`, displayName: 'Bench', timezone: 'Europe/Berlin' });
  // At most 10 endpoints per token: spread them over tokens.
  for (let i = 0; i < ENDPOINTS; i++) {
    if (i % 10 === 0) await createPersonalToken(db, systemClock, { ownerId: owner.id, name: `t${i}`, scopes: ['webhooks', 'tasks:read'], test: false, expiresInSeconds: null });
    const tokenId = (await db.selectFrom('tokens').select('id').where('owner_id', '=', owner.id).orderBy('created_at', 'desc').executeTakeFirstOrThrow()).id;
    await addEndpoint({ db, clock: systemClock, policy }, { ownerId: owner.id, tokenId, url: receiver.url('localhost', `/hook/${i}`) });
  }
  const worker = new DeliveryWorker({ db, clock: systemClock, policy, ca: receiver.ca });
  worker.start();
  // Let the pings go first.
  while ((await db.selectFrom('webhook_deliveries').select('id').where('status', '=', 'pending').execute()).length > 0) await new Promise((r) => setTimeout(r, 50));

  // Throughput: EVENTS events, each owed to every endpoint, recorded in batches of 500.
  const event = (i: number): NewWebhookEvent => ({ ownerId: owner.id, type: 'task.created', data: { object: 'task', id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` }, test: false, occurredAt: new Date() });
  const perEvent = ENDPOINTS;
  const total = Math.ceil(EVENTS / perEvent);
  const started = performance.now();
  for (let i = 0; i < total; i += 500) {
    const batch = Array.from({ length: Math.min(500, total - i) }, (_, k) => event(i + k));
    await db.transaction().execute((trx) => recordEvents(trx, batch));
  }
  for (;;) {
    const left = await db.selectFrom('webhook_deliveries').select((eb) => eb.fn.countAll<string>().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow();
    if (Number(left.n) === 0) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const seconds = (performance.now() - started) / 1000;
  const delivered = total * perEvent;
  console.log(`${label.padEnd(9)} throughput: ${delivered} deliveries to ${ENDPOINTS} endpoints in ${seconds.toFixed(1)} s = ${Math.round(delivered / seconds)} a second (target ≥ 500)`);

  // Latency: one event at a time, each committed alone, for one endpoint.
  arrived.clear();
  const committed = new Map<string, number>();
  const one = await db.selectFrom('webhook_endpoints').select(['id', 'token_id']).where('owner_id', '=', owner.id).executeTakeFirstOrThrow();
  for (let i = 0; i < LATENCY_EVENTS; i++) {
    const id = await db.transaction().execute((trx) => recordEvent(trx, { ...event(1_000_000 + i), occurredAt: new Date(), tokenId: one.token_id, endpointId: one.id }));
    committed.set(id, performance.now());
    await new Promise((r) => setTimeout(r, 20));
  }
  while (arrived.size < LATENCY_EVENTS) await new Promise((r) => setTimeout(r, 50));
  const waits = [...committed].map(([id, at]) => arrived.get(id)! - at).sort((a, b) => a - b);
  console.log(`${label.padEnd(9)} commit → first attempt: p50 ${pct(waits, 50).toFixed(0)} ms, p95 ${pct(waits, 95).toFixed(0)} ms, max ${waits.at(-1)!.toFixed(0)} ms over ${LATENCY_EVENTS} events (target p95 ≤ 1000 ms)`);

  await worker.close();
  await benchFanOut(label, store);
  await receiver.close();
  await store.close();
}

await benchEngine('pglite', await openStore({ databaseUrl: null, dataDir: null }));
const pgStore = await postgresStore();
if (pgStore) await benchEngine('postgres', pgStore);
else console.log(`postgres  skipped: nothing answered at ${hidePassword(PG_URL)}`);
process.exit(0);
