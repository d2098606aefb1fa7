// The change-feed lists (GET /tasks, GET /requests) and GET /me for an owner with a few thousand
// to-dos and requests, on PGlite and (when one answers) PostgreSQL, beside a bare Fastify route.
//   compute  CPU time of the server's thread (its event loop, where PGlite runs too) per call, over
//            N sequential calls on one keep-alive connection from a client in a worker thread, after
//            a warm-up. PostgreSQL's own work is in its server process and is not counted.
//   load     req/s at C connections with autocannon (bench/support.ts, as bench/read-routes.ts), beside
//            the bare Fastify ceiling measured just before; and the server thread's CPU time per
//            answer, which other load on the machine and autocannon's thread barely move: its ratio
//            to the ceiling's is the share of the ceiling's req/s the route reaches on a core of its own.
// Thread CPU time comes from Linux (/proc/thread-self/schedstat). Figures only: nothing asserts a time.
//   npx tsx bench/list-routes.ts [--calls 2000] [--seconds 10] [--connections 50] [--tasks 3000] [--requests 3000]
//                                [--only compute|load] [--engine pglite|postgres] [--probe 'GET /tasks']
// Profile the measured calls of one route: --only compute --engine pglite --probe 'GET /tasks' --cpu-prof tasks.cpuprofile
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { Worker } from 'node:worker_threads';
import { sql, type Insertable } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/http/app.js';
import { openDeps } from '../src/deps.js';
import { createDemo } from '../src/demo/demo.js';
import { migrate, openStore, type Db, type Store } from '../src/store/db.js';
import type { Database, RequestStatus } from '../src/store/schema.js';
import { arg, CountingButUnlimitedStore, fastifyCeiling, hidePassword, load, PG_URL, postgresStore } from './support.js';

const CALLS = arg('calls', 2000);
const SECONDS = arg('seconds', 10);
const CONNECTIONS = arg('connections', 50);
const TASKS = arg('tasks', 3000);
const REQUESTS = arg('requests', 3000);
const option = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const ONLY = option('only');
const ENGINE = option('engine');
const PROBE = option('probe');
/** Writes a V8 CPU profile of the measured calls only (not the seeding) to this file. */
const CPU_PROF = option('cpu-prof');

const DAY_MS = 86_400_000;

/** A deterministic stream of numbers in [0, 1), so both engines get the same world. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * A busy year of the owner's to-dos and requests, made evenly over the last 365 days:
 * to-dos 30 % open, 60 % completed (most more than 90 days ago, so no longer listed), 10 % deleted;
 * requests 10 % pending, the rest handled, 5 % deleted, 3 % from blocked contacts, a third made by
 * the calling token.
 */
async function seedWorld(db: Db, ownerId: string, tokenId: string, now: Date, seed: number): Promise<void> {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const ago = (maxDays: number) => new Date(now.getTime() - Math.floor(next() * maxDays * DAY_MS));
  // Made in the last year, last changed up to 20 days later; stored in the order they were made.
  const times = () => {
    const created = ago(365);
    return { created, changed: new Date(Math.min(now.getTime(), created.getTime() + Math.floor(next() * 20 * DAY_MS))) };
  };
  const tasks: Insertable<Database['tasks']>[] = [];
  for (let i = 0; i < TASKS; i++) {
    const { created, changed } = times();
    const r = next();
    const status = r < 0.3 ? 'open' : 'completed';
    const dueDate = next() < 0.6 ? new Date(changed.getTime() + Math.floor(next() * 30) * DAY_MS).toISOString().slice(0, 10) : null;
    tasks.push({
      id: randomUUID(), owner_id: ownerId, title: `To-do ${i}: ${pick(['Call the plumber', 'Send the invoice', 'Book flights', 'Review the draft'])}`,
      description: next() < 0.4 ? 'Details the owner wrote down, a sentence or two long, as to-dos often have.' : null,
      due_date: dueDate, due_time: dueDate && next() < 0.3 ? '09:30' : null, timezone: dueDate ? 'Europe/Berlin' : null,
      priority: pick(['none', 'low', 'medium', 'high'] as const), status, completed_at: status === 'completed' ? changed : null,
      from_requester: next() < 0.1 ? 'Ada Lovelace' : null, request_id: null, duration_minutes: next() < 0.3 ? 45 : null,
      position: i, created_at: created, updated_at: changed, deleted_at: r > 0.9 ? changed : null,
    });
  }
  const handled: RequestStatus[] = ['accepted', 'declined', 'withdrawn', 'expired', 'rescheduled', 'cancelled', 'completed'];
  const requests: Insertable<Database['requests']>[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const { created, changed } = times();
    const kind = next() < 0.6 ? 'appointment' : 'task';
    const status = next() < 0.1 ? 'pending' : pick(handled);
    const slotStart = kind === 'appointment' ? new Date(changed.getTime() + 3 * DAY_MS) : null;
    const by = next();
    requests.push({
      id: randomUUID(), owner_id: ownerId, kind, status, cancelled_by: status === 'cancelled' ? pick(['owner', 'requester'] as const) : null,
      appointment_type_id: null, slot_start: slotStart, slot_end: slotStart ? new Date(slotStart.getTime() + 30 * 60_000) : null,
      suggested_due_date: kind === 'task' && next() < 0.5 ? changed.toISOString().slice(0, 10) : null,
      message: 'Could we talk about the project next week? I have a few questions about the plan.', note: next() < 0.2 ? 'Second floor.' : null,
      requester_name: `Requester ${i % 400}`, requester_email: `requester${i % 400}@example.com`, requester_phone: next() < 0.3 ? '+4930123456' : null,
      contact_method: next() < 0.2 ? 'signal' : null, contact_handle: null, requester_timezone: 'Europe/Madrid', requester_locale: 'es',
      source: by < 0.34 ? 'api' : 'public', token_id: by < 0.34 ? tokenId : null, test: false, from_blocked: next() < 0.03,
      expires_at: null, created_at: created, updated_at: changed, deleted_at: next() < 0.05 ? changed : null,
    });
  }
  tasks.sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
  requests.sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
  for (let i = 0; i < tasks.length; i += 500) await db.insertInto('tasks').values(tasks.slice(i, i + 500)).execute();
  for (let i = 0; i < requests.length; i += 500) await db.insertInto('requests').values(requests.slice(i, i + 500)).execute();
}

interface Probe {
  name: string;
  path: string;
}

/** The routes measured: first pages as a client syncing from scratch asks them, and a later page. */
async function probes(app: FastifyInstance, token: string): Promise<Probe[]> {
  const second = async (path: string) => {
    const res = await app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });
    const cursor = (res.json() as { nextCursor: string | null }).nextCursor;
    return cursor ? `${path}${path.includes('?') ? '&' : '?'}cursor=${cursor}` : path;
  };
  return [
    { name: 'GET /me', path: '/api/v1/me' },
    { name: 'GET /tasks', path: '/api/v1/tasks' },
    { name: 'GET /tasks (page 2)', path: await second('/api/v1/tasks') },
    { name: 'GET /tasks?status=open', path: '/api/v1/tasks?status=open' },
    { name: 'GET /requests', path: '/api/v1/requests' },
    { name: 'GET /requests (page 2)', path: await second('/api/v1/requests') },
    { name: 'GET /requests?includeDel', path: '/api/v1/requests?includeDeleted=true' },
  ];
}

/** CPU time the calling thread has run, in ms (Linux). */
function threadCpuMs(): number {
  return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
}

/** A client in a worker thread: `calls` GETs one after another on one keep-alive connection. */
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const get = () => new Promise((resolve, reject) => {
  http.get(workerData.url, { agent, headers: workerData.headers }, (res) => {
    res.resume();
    res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(workerData.url + ': ' + res.statusCode))));
  }).on('error', reject);
});
parentPort.on('message', async (calls) => {
  try { for (let i = 0; i < calls; i++) await get(); parentPort.postMessage(null); } catch (e) { parentPort.postMessage(String(e)); }
});`;

/** The server thread's CPU time per call, calls made one at a time over a socket. */
async function compute(url: string, headers: Record<string, string>): Promise<{ cpuMs: number; wallMs: number }> {
  const client = new Worker(CLIENT, { eval: true, workerData: { url, headers } });
  const run = (calls: number) =>
    new Promise<void>((resolve, reject) => {
      client.once('message', (error: string | null) => (error ? reject(new Error(error)) : resolve()));
      client.postMessage(calls);
    });
  try {
    await run(Math.min(500, CALLS));
    const session = CPU_PROF ? new Session() : null;
    if (session) {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    }
    const cpu = threadCpuMs();
    const wall = process.hrtime.bigint();
    await run(CALLS);
    const used = threadCpuMs() - cpu;
    const wallNs = Number(process.hrtime.bigint() - wall);
    if (session) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(CPU_PROF!, JSON.stringify(profile));
      session.disconnect();
    }
    return { cpuMs: used / CALLS, wallMs: wallNs / 1e6 / CALLS };
  } finally {
    await client.terminate();
  }
}

/** req/s under load, and the server thread's CPU µs per answer. */
async function underLoad(run: () => Promise<{ rps: number; p50: number; p99: number }>) {
  const before = threadCpuMs();
  const r = await run();
  return { ...r, cpuUs: ((threadCpuMs() - before) * 1000) / (r.rps * SECONDS) };
}

async function benchEngine(label: string, store: Store) {
  await migrate(store);
  const rt = await openDeps(loadConfig({ LOG_LEVEL: 'silent' }), { store, limits: new CountingButUnlimitedStore() });
  const demo = await createDemo(rt.store.db, rt.clock);
  const now = rt.clock.now();
  await seedWorld(rt.store.db, (await rt.store.db.selectFrom('tokens').select('owner_id').where('id', '=', demo.tokenId).executeTakeFirstOrThrow()).owner_id, demo.tokenId, now, 1);
  // Another owner as busy as this one, so every query has to keep to its owner.
  const other = await createDemo(rt.store.db, rt.clock, { username: 'other' });
  await seedWorld(rt.store.db, (await rt.store.db.selectFrom('tokens').select('owner_id').where('id', '=', other.tokenId).executeTakeFirstOrThrow()).owner_id, other.tokenId, now, 2);
  await sql`ANALYZE`.execute(rt.store.db);
  const app = await buildApp(rt);
  const list = (await probes(app, demo.token)).filter((p) => !PROBE || p.name === PROBE);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const headers = { authorization: `Bearer ${demo.token}` };
  if (ONLY !== 'load') {
    for (const p of list) {
      const r = await compute(`${address}${p.path}`, headers);
      console.log(`${label.padEnd(9)} ${p.name.padEnd(26)} compute ${r.cpuMs.toFixed(3)} ms CPU a call  (wall ${r.wallMs.toFixed(3)} ms)`);
    }
  }
  if (ONLY !== 'compute') {
    const ceiling = await underLoad(async () => ({ rps: await fastifyCeiling(SECONDS, CONNECTIONS), p50: 0, p99: 0 }));
    console.log(`${label.padEnd(9)} ${'bare Fastify (ceiling)'.padEnd(26)} ${String(ceiling.rps).padStart(6)} req/s  ${ceiling.cpuUs.toFixed(1).padStart(5)} µs CPU/answer`);
    for (const p of list) {
      const r = await underLoad(() => load(`${address}${p.path}`, { seconds: SECONDS, connections: CONNECTIONS, headers }));
      console.log(
        `${label.padEnd(9)} ${p.name.padEnd(26)} ${String(r.rps).padStart(6)} req/s  ${r.cpuUs.toFixed(1).padStart(5)} µs CPU/answer  ` +
          `p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(4)} ms  ${(r.rps / ceiling.rps).toFixed(2)}× bare Fastify req/s, ${(ceiling.cpuUs / r.cpuUs).toFixed(2)}× by CPU`,
      );
    }
  }
  await app.close();
  await rt.close();
}

console.log(`an owner with ${TASKS} to-dos and ${REQUESTS} requests (and another owner as busy); compute over ${CALLS} sequential calls; load at ${CONNECTIONS} connections, ${SECONDS} s a route`);
if (ENGINE !== 'postgres') await benchEngine('pglite', await openStore({ databaseUrl: null, dataDir: null }));
if (ENGINE !== 'pglite') {
  const pgStore = await postgresStore();
  if (pgStore) await benchEngine('postgres', pgStore);
  else console.log(`postgres  skipped: nothing answered at ${hidePassword(PG_URL)}`);
}
