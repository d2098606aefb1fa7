// Server CPU per call of GET /api/v1/me (the demo owner) beside a bare Fastify route, each served by
// a process of its own (bench/me-server.mjs: dist/ with `serve`'s Node options, the request log's
// writer off unless --request-log; bench/bare-server.mjs), loaded in turn by autocannon at 50
// connections: µs of the server's CPU (utime + stime, every thread) per answered call (of it, the
// main thread's and the kernel's), the median of a few rounds, so a busy machine's noise falls on
// both alike; and the load generator's own CPU per call (it shares the machine's two cores). With
// --profile, the API server's CPU is profiled over the measured rounds (bench/me-server.mjs
// ME_PROFILE) and the profile is summed by function (self and total µs per call) and printed.
// ME_NODE_FLAGS="..." replaces serve's Node options for the API server.
//   npm run build && npx tsx bench/me-cpu.ts [--rounds 5] [--seconds 4] [--connections 50] [--request-log] [--profile]
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { systemClock } from '../src/domain/clock.js';
import { createDemo } from '../src/demo/demo.js';
import { migrate, openStore } from '../src/store/db.js';
import { SERVE_NODE_FLAGS } from '../scripts/node-flags.mjs';
import { arg, cpuMs, median } from './support.js';

const ROUNDS = arg('rounds', 5);
const SECONDS = arg('seconds', 4);
const CONNECTIONS = arg('connections', 50);
const PROFILE = process.argv.includes('--profile');
const REQUEST_LOG = process.argv.includes('--request-log');
const NODE_FLAGS = process.env.ME_NODE_FLAGS !== undefined ? process.env.ME_NODE_FLAGS.split(' ').filter(Boolean) : SERVE_NODE_FLAGS;

interface Server { child: ChildProcess; address: string; pid: number }

async function start(script: string, env: Record<string, string>, execArgv: readonly string[] = []): Promise<Server> {
  const child = spawn(process.execPath, [...execArgv, path.join(import.meta.dirname, script)], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const line = await lines.next();
  if (line.done) throw new Error(`${script} exited before it listened`);
  return { child, address: line.value.trim(), pid: child.pid! };
}

async function stop(s: Server): Promise<void> {
  const exited = new Promise((resolve) => s.child.once('exit', resolve));
  s.child.kill('SIGTERM');
  await exited;
}

interface Run { rps: number; us: number; kernelUs: number; clientUs: number; mainUs: number; calls: number }

/** One load run: req/s and the server's CPU µs per answered call (and of it, the kernel's). */
async function run(s: Server, url: string, headers: Record<string, string>, seconds = SECONDS): Promise<Run> {
  const cpu0 = cpuMs(s.pid);
  const main0 = cpuMs(s.pid, true);
  const client0 = process.cpuUsage();
  const r = await autocannon({ url: `${s.address}${url}`, connections: CONNECTIONS, duration: seconds, headers });
  const cpu1 = cpuMs(s.pid);
  const main1 = cpuMs(s.pid, true);
  const client = process.cpuUsage(client0);
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  const calls = r.requests.total;
  const user = cpu1.user - cpu0.user;
  const system = cpu1.system - cpu0.system;
  return { rps: Math.round(r.requests.average), us: ((user + system) * 1000) / calls, kernelUs: (system * 1000) / calls, clientUs: (client.user + client.system) / calls, mainUs: ((main1.user + main1.system - main0.user - main0.system) * 1000) / calls, calls };
}


const dir = mkdtempSync(path.join(tmpdir(), 'bench-me-'));
try {
  const store = await openStore({ databaseUrl: null, dataDir: path.join(dir, 'data') });
  await migrate(store);
  const demo = await createDemo(store.db, systemClock, { username: 'bench-me' });
  await store.close();
  const auth = { authorization: `Bearer ${demo.token}` };

  const bare = await start('bare-server.mjs', {});
  const profile = path.join(dir, 'me.cpuprofile');
  const api = await start('me-server.mjs', { DATA_DIR: path.join(dir, 'data'), ...(PROFILE ? { ME_PROFILE: profile } : {}), ...(REQUEST_LOG ? { ME_REQUEST_LOG: '1' } : {}) }, NODE_FLAGS);
  // Warm up both (JIT, caches) before anything is counted.
  await run(bare, '/x', {}, 2);
  await run(api, '/api/v1/me', auth, 2);
  if (PROFILE) api.child.kill('SIGUSR2');
  const rows = { bare: [] as Run[], me: [] as Run[] };
  let meCalls = 0;
  for (let i = 0; i < ROUNDS; i++) {
    rows.bare.push(await run(bare, '/x', {}));
    const m = await run(api, '/api/v1/me', auth);
    meCalls += m.calls;
    rows.me.push(m);
    const x = rows.bare[i]!;
    console.log(`round ${i + 1}: bare ${x.rps} req/s, ${x.us.toFixed(1)} µs/call (main thread ${x.mainUs.toFixed(1)}, kernel ${x.kernelUs.toFixed(1)}, client ${x.clientUs.toFixed(1)}); /me ${m.rps} req/s, ${m.us.toFixed(1)} µs/call (main thread ${m.mainUs.toFixed(1)}, kernel ${m.kernelUs.toFixed(1)}, client ${m.clientUs.toFixed(1)})`);
  }
  const b = { rps: median(rows.bare.map((r) => r.rps)), us: median(rows.bare.map((r) => r.us)), main: median(rows.bare.map((r) => r.mainUs)) };
  const m = { rps: median(rows.me.map((r) => r.rps)), us: median(rows.me.map((r) => r.us)), main: median(rows.me.map((r) => r.mainUs)) };
  console.log(`median of ${ROUNDS}${REQUEST_LOG ? ' (request log writing)' : ''}: bare ${b.rps} req/s, ${b.us.toFixed(1)} µs/call (main thread ${b.main.toFixed(1)}); /me ${m.rps} req/s, ${m.us.toFixed(1)} µs/call (main thread ${m.main.toFixed(1)}); /me at ${(m.rps / b.rps).toFixed(2)} × bare req/s, ${(m.us - b.us).toFixed(1)} µs more a call`);
  await stop(bare);
  await stop(api);
  if (PROFILE) summarise(profile, meCalls);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }

/** Self and total time per function of a V8 CPU profile, in µs per measured call. */
function summarise(file: string, calls: number): void {
  const p = JSON.parse(readFileSync(file, 'utf8')) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = (n: ProfileNode) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*\/(node_modules|dist)\//, '$1/').replace(/^node:/, 'node:')}:${n.callFrame.lineNumber + 1}`;
  const self = new Map<string, number>();
  const byFile = new Map<string, number>();
  const total = new Map<string, number>();
  for (let i = 0; i < p.samples.length; i++) {
    const dt = p.timeDeltas[i] ?? 0;
    let n = byId.get(p.samples[i]!)!;
    self.set(name(n), (self.get(name(n)) ?? 0) + dt);
    const where = name(n).split(' ').slice(1).join(' ').replace(/:\d+$/, '') || n.callFrame.functionName;
    byFile.set(where, (byFile.get(where) ?? 0) + dt);
    const seen = new Set<string>();
    for (;;) {
      const k = name(n);
      if (!seen.has(k)) total.set(k, (total.get(k) ?? 0) + dt);
      seen.add(k);
      const up = parent.get(n.id);
      if (up === undefined) break;
      n = byId.get(up)!;
    }
  }
  const per = (v: number) => (v / calls).toFixed(2).padStart(6);
  const top = (m: Map<string, number>, k: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k);
  console.log(`\nprofile of the API server over the measured rounds, µs per /me call (${calls} calls; (idle) is time waiting): self`);
  for (const [k, v] of top(self, 45)) console.log(`${per(v)}  ${k}`);
  console.log('\nself, by file');
  for (const [k, v] of top(byFile, 40)) console.log(`${per(v)}  ${k}`);
  console.log('\ntotal (self and callees)');
  for (const [k, v] of top(total, 90)) console.log(`${per(v)}  ${k}`);
}
