// Scale-out (issue #13 point 7), in one run, on PostgreSQL and Redis, with the built CLI (`npm run build`):
// - the same mixed load (reads 80 %, availability 15 %, creates 5 %; autocannon) against 1 api instance
//   directly, 1 api instance behind the balancer of scripts/cluster, and 2 api instances behind it:
//   req/s, p50/p99, and the ratio of 2 to 1 behind the balancer;
// - webhook deliveries a second with 1 and with 2 worker instances;
// - where the CPU time went during each load: every process's own time from /proc, and the machine's.
//   npx tsx bench/scale-out.ts [--seconds 10] [--connections 40] [--owners 120] [--deliveries 3000]
// Every call is counted by the real, shared Redis limits: the load is spread over enough owners and
// tokens (fresh ones for each phase) that none is refused; a refusal would be printed as non-2xx.
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Redis } from 'ioredis';
import { systemClock } from '../src/domain/clock.js';
import { setBookingSettings } from '../src/services/booking.js';
import { createOwner } from '../src/services/owners.js';
import { createPersonalToken } from '../src/services/tokens.js';
import { migrate, openStore, type Store } from '../src/store/db.js';
import { recordEvents, type NewWebhookEvent } from '../src/store/repos/outbox.js';
import { addEndpoint } from '../src/webhooks/endpoints.js';
import { startServe, type ServeProcess } from '../test/cli/cli-harness.js';
import { startHttpsServer } from '../test/helpers/https-server.js';
import { arg, hidePassword, PG_URL } from './support.js';

const SECONDS = arg('seconds', 10);
const CONNECTIONS = arg('connections', 40);
const OWNERS = arg('owners', 120);
const DELIVERIES = arg('deliveries', 3000);
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLUSTER = path.join(ROOT, 'scripts', 'cluster.mjs');
const TICK = 100; // USER_HZ: /proc times are in 1/100 s

// --- the database and Redis -----------------------------------------------------------------------

async function reachable(): Promise<string | null> {
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
  } catch {
    return `no PostgreSQL answers at ${hidePassword(PG_URL)}`;
  } finally {
    await c.end().catch(() => undefined);
  }
  const r = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  r.on('error', () => undefined);
  try {
    await r.connect();
    await r.ping();
  } catch {
    return `no Redis answers at ${REDIS_URL}`;
  } finally {
    r.disconnect();
  }
  return null;
}

async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

// --- CPU time per process ---------------------------------------------------------------------------

/** utime + stime of a process, in seconds; 0 when it is gone. */
function cpuOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICK;
  } catch {
    return 0;
  }
}

/** Every process whose command is `name` (postgres backends, redis-server): their pids. */
function pidsNamed(name: string): number[] {
  const out: number[] = [];
  for (const entry of readdirProc()) {
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) out.push(entry);
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

function readdirProc(): number[] {
  return readdirSync('/proc').filter((n) => /^\d+$/.test(n)).map(Number);
}

/** The machine's busy and total CPU seconds (all cores) from /proc/stat. */
function machine(): { busy: number; total: number } {
  const [, ...n] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const v = n.map(Number);
  const idle = v[3]! + v[4]!;
  const total = v.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: (total - idle) / TICK, total: total / TICK };
}

interface Sampled {
  label: string;
  pids: () => number[];
}

/** Runs `fn` and answers the CPU seconds each group of processes used meanwhile. */
async function measureCpu<T>(groups: Sampled[], fn: () => Promise<T>): Promise<{ result: T; cpu: Map<string, number>; wall: number; machineBusy: number; machineTotal: number }> {
  const before = new Map(groups.map((g) => [g.label, new Map(g.pids().map((p) => [p, cpuOf(p)]))]));
  const self0 = process.cpuUsage();
  const m0 = machine();
  const t0 = performance.now();
  const result = await fn();
  const wall = (performance.now() - t0) / 1000;
  const m1 = machine();
  const self = process.cpuUsage(self0);
  const cpu = new Map<string, number>();
  for (const g of groups) {
    const start = before.get(g.label)!;
    let sum = 0;
    for (const p of g.pids()) sum += cpuOf(p) - (start.get(p) ?? 0);
    cpu.set(g.label, sum);
  }
  cpu.set('load generator (autocannon, this process)', (self.user + self.system) / 1e6);
  return { result, cpu, wall, machineBusy: m1.busy - m0.busy, machineTotal: m1.total - m0.total };
}

// --- the owners and the load ------------------------------------------------------------------------

interface Caller {
  token: string;
  typeId: string;
}

const EVERY_DAY = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [['09:00', '17:00']]]));

/** `n` owners, each with booking open, one appointment type and a token for the three classes. */
async function seedCallers(store: Store, n: number, tag: string): Promise<Caller[]> {
  const out: Caller[] = [];
  for (let i = 0; i < n; i++) {
    const owner = await createOwner(store.db, systemClock, { username: `${tag}-${i}`, displayName: `Owner ${i}`, timezone: 'Europe/Berlin' });
    const settings = await setBookingSettings(store.db, systemClock, owner.id, {
      enabled: true,
      weeklyHours: EVERY_DAY,
      slotStepMinutes: 30,
      bookingWindowDays: 60,
      appointmentTypes: [{ name: 'Intro call', durationMinutes: 30 }],
    });
    const token = (
      await createPersonalToken(store.db, systemClock, { ownerId: owner.id, name: 'bench', scopes: ['events:read', 'requests:read', 'requests:create', 'availability:read'], test: false, expiresInSeconds: null })
    ).token;
    out.push({ token, typeId: settings.appointmentTypes[0]!.id });
  }
  return out;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

interface Mixed {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  statuses: Record<string, number>;
}

/** The mixed load through `url`, spread over `callers` round robin. */
async function mixedLoad(url: string, callers: Caller[]): Promise<Mixed> {
  let n = 0;
  const from = day(1);
  const to = day(14);
  const statuses: Record<string, number> = {};
  const instance = autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        setupRequest: (req: Record<string, unknown>) => {
          const i = n++;
          // Every 20 calls (16 reads, 3 availability, 1 create) go to one caller, then the next: each
          // owner's token sees the whole mix (a caller per call, 120 callers, would give each one kind).
          const c = callers[Math.floor(i / 20) % callers.length]!;
          const pick = i % 20;
          const headers: Record<string, string> = { authorization: `Bearer ${c.token}` };
          if (pick < 16) {
            const path = pick % 2 === 0 ? `/api/v1/events?from=${from}T00:00:00Z&to=${to}T00:00:00Z` : '/api/v1/requests';
            return { ...req, method: 'GET', path, headers, body: undefined };
          }
          if (pick < 19) return { ...req, method: 'GET', path: `/api/v1/availability?appointmentTypeId=${c.typeId}&from=${from}&to=${to}&tz=Europe/Berlin`, headers, body: undefined };
          return {
            ...req,
            method: 'POST',
            path: '/api/v1/requests/tasks',
            headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': `key_${randomBytes(12).toString('hex')}` },
            body: JSON.stringify({
              message: 'Please review the draft',
              requester: { name: 'Ana Ruiz', email: `ana+${randomBytes(5).toString('hex')}@example.com` },
              requesterTimezone: 'America/New_York',
              requesterLocale: 'en-US',
            }),
          };
        },
      },
    ],
  } as unknown as autocannon.Options) as unknown as Promise<autocannon.Result> & { on(event: 'response', fn: (client: unknown, status: number) => void): void };
  instance.on('response', (_client: unknown, status: number) => {
    statuses[status] = (statuses[status] ?? 0) + 1;
  });
  const r = await instance;
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, total: r.requests.total, non2xx: r.non2xx, statuses };
}

// --- the cluster ------------------------------------------------------------------------------------

interface Running {
  child: ChildProcess;
  balancer: string;
  api: string[];
  pids: { balancer: number; api: number[]; workers: number[] };
}

function startCluster(apis: number, env: NodeJS.ProcessEnv): Promise<Running> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLUSTER, '--api', String(apis), '--workers', '0', '--quiet'], { env: { ...env, PORT: '0' }, stdio: ['ignore', 'pipe', 'inherit'] });
    let pending = '';
    child.stdout!.on('data', (d: Buffer) => {
      pending += d.toString();
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        try {
          const entry = JSON.parse(line);
          if (entry.balancer) resolve({ child, ...entry });
        } catch {
          // an instance's line
        }
      }
    });
    child.on('exit', (code) => reject(new Error(`scripts/cluster exited (${code}) before it listened`)));
  });
}

async function stopCluster(c: Running): Promise<void> {
  if (c.child.exitCode !== null) return;
  const gone = new Promise((r) => c.child.once('exit', r));
  c.child.kill('SIGTERM');
  await gone;
}

// --- main --------------------------------------------------------------------------------------------

const missing = await reachable();
if (missing) {
  console.log(`${missing}: the scale-out benchmark needs PostgreSQL and Redis; nothing was measured`);
  process.exit(0);
}

const database = `ca_bench_scale_${randomBytes(4).toString('hex')}`;
await admin(`CREATE DATABASE ${database}`);
const url = new URL(PG_URL);
url.pathname = `/${database}`;
const databaseUrl = url.toString();
const work = mkdtempSync(path.join(tmpdir(), 'ca-bench-scale-'));
const store = await openStore({ databaseUrl, dataDir: null, poolSize: 5 });
try {
  await migrate(store);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    DATA_DIR: path.join(work, 'unused'),
    LOG_LEVEL: 'warn',
  };
  const load1 = Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
  console.log(
    `machine: ${cpus().length} cores (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GB; load average ${load1} when started (other work shares the cores)`,
  );
  console.log(`PostgreSQL ${hidePassword(PG_URL)} (database ${database}), Redis ${REDIS_URL}; ${SECONDS} s of load at ${CONNECTIONS} connections; reads 80 %, availability 15 %, creates 5 %\n`);

  // The backends serving this run's database (their process title names it): not other work's.
  const postgresPids = () =>
    pidsNamed('postgres').filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${database} `);
      } catch {
        return false;
      }
    });
  const redisPids = () => pidsNamed('redis-server');
  const phases: { label: string; apis: number; direct: boolean }[] = [
    { label: '1 api, direct', apis: 1, direct: true },
    { label: '1 api, balancer', apis: 1, direct: false },
    { label: '2 api, balancer', apis: 2, direct: false },
  ];
  const figures = new Map<string, Mixed>();
  for (const [k, phase] of phases.entries()) {
    const callers = await seedCallers(store, OWNERS, `p${k}-${randomBytes(2).toString('hex')}`);
    const cluster = await startCluster(phase.apis, env);
    try {
      const target = phase.direct ? cluster.api[0]! : cluster.balancer;
      // A short warm-up on other owners' budgets is not needed: the first seconds count as they are.
      const groups: Sampled[] = [
        ...cluster.pids.api.map((p, i) => ({ label: `api instance ${i + 1}`, pids: () => [p] })),
        ...(phase.direct ? [] : [{ label: 'balancer (scripts/cluster, http-proxy)', pids: () => [cluster.pids.balancer] }]),
        { label: 'PostgreSQL (the backends of this database)', pids: postgresPids },
        { label: 'Redis', pids: redisPids },
      ];
      const m = await measureCpu(groups, () => mixedLoad(target, callers));
      figures.set(phase.label, m.result);
      const r = m.result;
      console.log(
        `${phase.label.padEnd(16)} ${String(r.rps).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  (${r.total} calls; non-2xx ${r.non2xx}${r.non2xx ? ` ${JSON.stringify(r.statuses)}` : ''})`,
      );
      const cores = m.wall * cpus().length;
      const parts = [...m.cpu].map(([label, s]) => `${label} ${s.toFixed(1)} s = ${((1000 * s) / r.total).toFixed(2)} ms a call (${Math.round((100 * s) / cores)} %)`);
      const perCall = [...m.cpu.values()].reduce((a, b) => a + b, 0) / r.total;
      console.log(`${' '.repeat(17)}CPU over ${m.wall.toFixed(1)} s × ${cpus().length} cores = ${cores.toFixed(1)} core-s: ${parts.join('; ')}; the machine was busy ${Math.round((100 * m.machineBusy) / m.machineTotal)} % in all`);
      console.log(`${' '.repeat(17)}all of these together: ${(1000 * perCall).toFixed(2)} ms of CPU a call, so ${cpus().length} free cores would carry about ${Math.round(cpus().length / perCall)} req/s`);
    } finally {
      await stopCluster(cluster);
    }
  }
  const one = figures.get('1 api, balancer')!;
  const two = figures.get('2 api, balancer')!;
  const direct = figures.get('1 api, direct')!;
  console.log(`\nratio 2 api / 1 api behind the balancer: ${(two.rps / one.rps).toFixed(2)}×; the balancer's own cost: 1 api direct ${direct.rps} req/s vs behind it ${one.rps} req/s`);

  // --- deliveries a second with 1 and 2 workers ---
  const receiver = await startHttpsServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.statusCode = 204;
      res.end();
    });
  });
  const caFile = path.join(work, 'receiver-ca.pem');
  writeFileSync(caFile, receiver.ca);
  const workerEnv = { ...env, LOG_LEVEL: 'info', NODE_EXTRA_CA_CERTS: caFile, ALLOW_PRIVATE_HOSTS: 'localhost' };
  const hookOwner = await createOwner(store.db, systemClock, { username: `hooks-${randomBytes(3).toString('hex')}`, displayName: 'Hooks', timezone: 'Europe/Berlin' });
  const ENDPOINTS = 20;
  for (let i = 0; i < ENDPOINTS; i++) {
    // At most 10 endpoints per token.
    if (i % 10 === 0) await createPersonalToken(store.db, systemClock, { ownerId: hookOwner.id, name: `t${i}`, scopes: ['webhooks', 'tasks:read'], test: false, expiresInSeconds: null });
    const tokenId = (await store.db.selectFrom('tokens').select('id').where('owner_id', '=', hookOwner.id).orderBy('created_at', 'desc').executeTakeFirstOrThrow()).id;
    await addEndpoint({ db: store.db, clock: systemClock, policy: { allowPrivateHosts: ['localhost'] } }, { ownerId: hookOwner.id, tokenId, url: receiver.url('localhost', `/hook/${i}`) });
  }
  const pendingCount = async () => Number((await store.db.selectFrom('webhook_deliveries').select((eb) => eb.fn.countAll<string>().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow()).n);
  const waitEmpty = async () => {
    while ((await pendingCount()) > 0) await new Promise((r) => setTimeout(r, 50));
  };
  let serial = 0;
  const rates = new Map<number, number>();
  for (const n of [1, 2]) {
    const workers: ServeProcess[] = await Promise.all(Array.from({ length: n }, () => startServe(workerEnv, { args: ['--port', '0', '--role', 'worker'] })));
    try {
      await waitEmpty(); // the endpoints' pings
      const events = Math.ceil(DELIVERIES / ENDPOINTS);
      const batch: NewWebhookEvent[] = Array.from({ length: events }, () => ({
        ownerId: hookOwner.id,
        type: 'task.created',
        data: { object: 'task', id: `00000000-0000-4000-8000-${String(++serial).padStart(12, '0')}` },
        test: false,
        occurredAt: new Date(),
      }));
      const groups: Sampled[] = [
        ...workers.map((w, i) => ({ label: `worker ${i + 1}`, pids: () => [w.child.pid!] })),
        { label: 'PostgreSQL (the backends of this database)', pids: postgresPids },
      ];
      const m = await measureCpu(groups, async () => {
        await store.db.transaction().execute((trx) => recordEvents(trx, batch));
        await waitEmpty();
      });
      const rate = Math.round((events * ENDPOINTS) / m.wall);
      rates.set(n, rate);
      const cores = m.wall * cpus().length;
      const parts = [...m.cpu].map(([label, s]) => `${label === 'load generator (autocannon, this process)' ? 'receiver (this process)' : label} ${s.toFixed(1)} s (${Math.round((100 * s) / cores)} %)`);
      console.log(`deliveries, ${n} worker${n > 1 ? 's' : ' '}  ${events * ENDPOINTS} to ${ENDPOINTS} endpoints in ${m.wall.toFixed(1)} s = ${rate} a second`);
      console.log(`${' '.repeat(17)}CPU: ${parts.join('; ')}; the machine was busy ${Math.round((100 * m.machineBusy) / m.machineTotal)} % in all`);
    } finally {
      await Promise.all(workers.map((w) => w.stop('SIGTERM')));
    }
  }
  console.log(`ratio 2 workers / 1 worker: ${(rates.get(2)! / rates.get(1)!).toFixed(2)}×`);
  await receiver.close();
} finally {
  await store.close();
  await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  // The limits' Redis keys name this run's fresh tokens and expire with their windows.
  rmSync(work, { recursive: true, force: true });
}
