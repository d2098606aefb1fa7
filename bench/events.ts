// GET /events at scale, and the other list routes, measured against a real server process (the
// app as `serve` runs it, compiled: bench/events-server.mjs) side by side with a bare Fastify route:
// owners of 8 (the demo), 200 and 1,000 weekly series, and of 10,000 and 100,000 single events
// over two years; the first page (50) one request at a time (p50/p99) and at 50 connections
// (req/s); paging a whole 62-day window (100 a page); /tasks, /requests and /me; the compute per
// call (the server's CPU time over sequential calls) and the server's RSS. PGlite on disk, then
// PostgreSQL when one answers.
//   npx tsx bench/events.ts [--seconds 3] [--rounds 3] [--connections 50] [--calls 300] [--pglite-only]
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { Agent, request } from 'undici';
import { systemClock } from '../src/domain/clock.js';
import { SCOPES } from '../src/domain/scopes.js';
import { createDemo } from '../src/demo/demo.js';
import { createOwner } from '../src/services/owners.js';
import { createPersonalToken } from '../src/services/tokens.js';
import { migrate, openStore, type Db, type Store } from '../src/store/db.js';
import { insertEvents } from '../src/store/repos/event-changes.js';
import { arg, hidePassword, load, median, PG_URL, postgresStore } from './support.js';
import { SERVE_NODE_FLAGS } from '../scripts/node-flags.mjs';

const SECONDS = arg('seconds', 3);
const ROUNDS = arg('rounds', 3);
const CONNECTIONS = arg('connections', 50);
const CALLS = arg('calls', 300);
const DAY = 86_400_000;
const ZONES = ['Europe/Berlin', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata', 'America/Sao_Paulo'];
const DAYS = ['MO', 'TU', 'WE', 'TH', 'FR'];

interface Owner { label: string; token: string }

async function ownerWith(db: Db, label: string, rows: (ownerId: string, calendarId: string) => Parameters<typeof insertEvents>[2]): Promise<Owner> {
  const owner = await createOwner(db, systemClock, { username: `bench-${label.replace(/[^a-z0-9]+/gi, '').toLowerCase()}-${randomUUID().slice(0, 8)}`, displayName: label, timezone: 'Europe/Berlin' });
  const cal = await db.selectFrom('calendars').select('id').where('owner_id', '=', owner.id).executeTakeFirstOrThrow();
  const all = rows(owner.id, cal.id);
  for (let i = 0; i < all.length; i += 5000) await db.transaction().execute((trx) => insertEvents(trx, owner.id, all.slice(i, i + 5000)));
  const token = await createPersonalToken(db, systemClock, { ownerId: owner.id, name: 'bench', scopes: [...SCOPES], test: false, expiresInSeconds: null });
  return { label, token: token.token };
}

function eventRow(ownerId: string, calendarId: string, startMs: number, minutes: number, zone: string, rrule: string | null) {
  const now = new Date();
  return {
    id: randomUUID(), owner_id: ownerId, calendar_id: calendarId, title: rrule ? 'Weekly' : 'Event', start_at: new Date(startMs),
    end_at: new Date(startMs + minutes * 60_000), timezone: zone, rrule, series_until: rrule ? null : new Date(startMs + minutes * 60_000),
    created_at: now, updated_at: now,
  };
}

/** Weekly series on two weekdays each, started in the last year, at quarter hours in five zones. */
const seriesOwner = (count: number) => (ownerId: string, calendarId: string) => {
  const base = Date.now() - 365 * DAY;
  return Array.from({ length: count }, (_, i) => {
    const start = Math.floor((base + ((i * 7919) % 365) * DAY + ((i * 37) % 40) * 15 * 60_000) / 60_000) * 60_000;
    return eventRow(ownerId, calendarId, start, 30 + (i % 4) * 15, ZONES[i % ZONES.length]!, `FREQ=WEEKLY;BYDAY=${DAYS[i % 5]},${DAYS[(i + 2) % 5]}`);
  });
};

/** Single events spread evenly over the year behind and the year ahead. */
const singlesOwner = (count: number) => (ownerId: string, calendarId: string) => {
  const base = Date.now() - 365 * DAY;
  return Array.from({ length: count }, (_, i) => eventRow(ownerId, calendarId, Math.floor((base + (i / count) * 730 * DAY) / 60_000) * 60_000, 45, 'Europe/Berlin', null));
};

async function seed(store: Store): Promise<{ demo: Owner; owners: Owner[] }> {
  const t0 = performance.now();
  const demo = await createDemo(store.db, systemClock, { username: `bench-demo-${randomUUID().slice(0, 8)}` });
  const owners = [
    await ownerWith(store.db, '200 series', seriesOwner(200)),
    await ownerWith(store.db, '1,000 series', seriesOwner(1000)),
    await ownerWith(store.db, '10k events', singlesOwner(10_000)),
    await ownerWith(store.db, '100k events', singlesOwner(100_000)),
  ];
  console.log(`  seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return { demo: { label: 'demo (8 series)', token: demo.token }, owners };
}

// ---------------------------------------------------------------------------------------------
// The server process

interface Server { child: ChildProcess; address: string; pid: number; lines: AsyncIterator<string> }

async function startServer(env: Record<string, string>, script = 'events-server.mjs'): Promise<Server> {
  execFileSync(process.execPath, [path.join(import.meta.dirname, '..', 'scripts', 'build.mjs'), '--if-stale'], { stdio: 'inherit' });
  // The API server runs with the options `serve` runs with; the bare route with Node's defaults.
  const flags = script === 'events-server.mjs' ? SERVE_NODE_FLAGS : [];
  const child = spawn(process.execPath, [...flags, path.join(import.meta.dirname, script)], {
    env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.once('exit', (code) => { if (code) console.error(`the server exited (${code})`); });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const line = await lines.next();
  if (line.done) throw new Error('the server exited before it listened');
  return { child, address: line.value.trim(), pid: child.pid!, lines };
}

async function stopServer(s: Server): Promise<void> {
  const exited = new Promise((resolve) => s.child.once('exit', resolve));
  s.child.kill('SIGTERM');
  await exited;
}

function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in clock ticks of 1/100 s
}

function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)![1]) / 1024;
  return { rss: Math.round(kb('VmRSS')), peak: Math.round(kb('VmHWM')) };
}

const agent = new Agent({ connections: 1 });

async function get(server: Server, token: string, pathAndQuery: string): Promise<{ status: number; body: { data: unknown[]; nextCursor: string | null } }> {
  const res = await request(`${server.address}${pathAndQuery}`, { headers: { authorization: `Bearer ${token}` }, dispatcher: agent });
  const body = (await res.body.json()) as { data: unknown[]; nextCursor: string | null };
  if (res.statusCode !== 200) throw new Error(`${pathAndQuery}: ${res.statusCode} ${JSON.stringify(body)}`);
  return { status: res.statusCode, body };
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** p50/p99 of sequential calls, and the server's CPU per call over them. */
async function sequential(server: Server, token: string, url: string): Promise<{ p50: number; p99: number; cpu: number }> {
  for (let i = 0; i < 20; i++) await get(server, token, url); // warm up
  const times: number[] = [];
  const cpu0 = cpuMs(server.pid);
  for (let i = 0; i < CALLS; i++) {
    const t = performance.now();
    await get(server, token, url);
    times.push(performance.now() - t);
  }
  const cpu = (cpuMs(server.pid) - cpu0) / CALLS;
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p99: quantile(times, 0.99), cpu };
}

async function pageWindow(server: Server, token: string, url: string): Promise<{ items: number; pages: number; seconds: number }> {
  const t = performance.now();
  let items = 0;
  let pages = 0;
  let cursor: string | null = null;
  do {
    const { body } = await get(server, token, `${url}&limit=100${cursor ? `&cursor=${cursor}` : ''}`);
    items += body.data.length;
    pages += 1;
    cursor = body.nextCursor;
  } while (cursor);
  return { items, pages, seconds: (performance.now() - t) / 1000 };
}

const ms = (v: number) => v.toFixed(2).padStart(7);

/** The bare route, served by a process of its own as the API is. */
const bare = await startServer({}, 'bare-server.mjs');
const bareRps = async () => (await load(`${bare.address}/x`, { seconds: SECONDS, connections: CONNECTIONS })).rps;


/**
 * req/s of the route and its ratio to the bare route's, in ROUNDS rounds taken in turn (bare, then
 * the route), each round's ratio of the two measured back to back: the machine's load moves both,
 * and the medians keep a round a neighbour spoiled from deciding the figure.
 */
async function beside(url: string, token: string): Promise<{ rps: number; ratio: number }> {
  const rps: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const ceiling = await bareRps();
    const r = await load(url, { seconds: SECONDS, connections: CONNECTIONS, headers: { authorization: `Bearer ${token}` } });
    rps.push(r.rps);
    ratios.push(r.rps / ceiling);
  }
  return { rps: median(rps), ratio: median(ratios) };
}

async function measure(engine: string, server: Server, seeded: { demo: Owner; owners: Owner[] }): Promise<void> {
  const from = new Date(Math.floor(Date.now() / DAY) * DAY);
  const window = `from=${from.toISOString().slice(0, 19)}Z&to=${new Date(from.getTime() + 62 * DAY).toISOString().slice(0, 19)}Z`;
  const events = `/api/v1/events?${window}`;
  console.log(`\n${engine}: route, owner                 p50 ms  p99 ms  cpu ms/call   req/s  × bare   paging the 62-day window`);
  for (const owner of [seeded.demo, ...seeded.owners]) {
    const s = await sequential(server, owner.token, events);
    const r = await beside(`${server.address}${events}`, owner.token);
    const p = await pageWindow(server, owner.token, events);
    console.log(`${engine.padEnd(8)} GET /events, ${owner.label.padEnd(16)} ${ms(s.p50)} ${ms(s.p99)} ${ms(s.cpu)}   ${String(r.rps).padStart(7)}  ${r.ratio.toFixed(2)}   ${p.items} items in ${p.pages} pages: ${p.seconds.toFixed(2)} s`);
  }
  for (const [name, url] of [['GET /tasks', '/api/v1/tasks?limit=50'], ['GET /requests', '/api/v1/requests?limit=50'], ['GET /me', '/api/v1/me']] as const) {
    const s = await sequential(server, seeded.demo.token, url);
    const r = await beside(`${server.address}${url}`, seeded.demo.token);
    console.log(`${engine.padEnd(8)} ${name}, demo${' '.repeat(22 - name.length)} ${ms(s.p50)} ${ms(s.p99)} ${ms(s.cpu)}   ${String(r.rps).padStart(7)}  ${r.ratio.toFixed(2)}`);
  }
  const m = memory(server.pid);
  server.child.kill('SIGUSR2');
  const parts = JSON.parse((await server.lines.next()).value) as { heap: number; heapUsed: number; external: number; other: number };
  console.log(`${engine.padEnd(8)} server RSS ${m.rss} MB now, ${m.peak} MB at most: V8 heap ${parts.heap} MB (${parts.heapUsed} in use), buffers outside it ${parts.external} MB (PGlite's memory among them), code and the rest ${parts.other} MB`);
}

console.log(`Node.js ${process.version}; bare Fastify with a response schema, in a process of its own: ${await bareRps()} req/s now, measured again before each round of a route for its ratio (${CONNECTIONS} connections, ${SECONDS} s a run, medians of ${ROUNDS} rounds; ${CALLS} sequential calls for p50/p99/cpu)`);

const dir = mkdtempSync(path.join(tmpdir(), 'bench-events-'));
try {
  console.log('pglite (on disk):');
  const store = await openStore({ databaseUrl: null, dataDir: dir });
  await migrate(store);
  const seeded = await seed(store);
  await store.close();
  const server = await startServer({ DATA_DIR: dir });
  await measure('pglite', server, seeded);
  await stopServer(server);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const pg = process.argv.includes('--pglite-only') ? null : await postgresStore();
if (pg) {
  console.log('\npostgres:');
  await migrate(pg);
  const seeded = await seed(pg);
  const server = await startServer({ DATABASE_URL: PG_URL, BENCH_SCHEMA: pg.schema! });
  await measure('postgres', server, seeded);
  await stopServer(server);
  await pg.close();
} else {
  console.log(process.argv.includes('--pglite-only') ? 'postgres  skipped (--pglite-only)' : `postgres  skipped: nothing answered at ${hidePassword(PG_URL)}`);
}
await stopServer(bare);
await agent.close();
