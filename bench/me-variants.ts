// Builds of the service side by side: each variant is a folder holding a built service (a checkout
// or `git worktree` after `npm run build`, with node_modules) served by its own copy of
// bench/me-server.mjs on a demo owner of its own, beside the bare route, all loaded in turn by
// autocannon at 50 connections for several rounds. A variant listed twice runs twice: when both
// copies of one build beat both copies of the other, the difference is the build's and not the
// machine's (this 2-core machine moves a route's cost by 20 µs between runs; side by side, in turn,
// a 5 µs difference shows). Per variant: the median req/s, server CPU µs a call (all threads, the
// main thread, the kernel), the median of its rounds' ratios to the bare route's, and each round's µs.
//   npx tsx bench/me-variants.ts [--rounds 8] [--seconds 3] [--url /api/v1/me] NAME=DIR[,log] ...
// `,log` keeps the request log writing (ME_REQUEST_LOG). Example, HEAD against the commit before it:
//   git worktree add /tmp/before HEAD~1 && ln -s $PWD/node_modules /tmp/before/ && (cd /tmp/before && npm run build)
//   npx tsx bench/me-variants.ts before=/tmp/before now=. before2=/tmp/before now2=.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { SERVE_NODE_FLAGS } from '../scripts/node-flags.mjs';
import { arg, cpuMs, median } from './support.js';

const ROUNDS = arg('rounds', 8);
const SECONDS = arg('seconds', 3);
const urlAt = process.argv.indexOf('--url');
const URL_PATH = urlAt > 0 ? process.argv[urlAt + 1]! : '/api/v1/me';
const specs = process.argv.slice(2).filter((a, i, all) => /^[\w.-]+=/.test(a) && !all[i - 1]?.startsWith('--'));
if (specs.length === 0) throw new Error('name at least one variant: NAME=DIR[,log]');

interface Served { name: string; child: ChildProcess; address: string; url: string; headers: Record<string, string>; rounds: Round[] }
interface Round { rps: number; us: number; mainUs: number; kernelUs: number }

async function serve(name: string, script: string, env: Record<string, string>, url: string, headers: Record<string, string>): Promise<Served> {
  const child = spawn(process.execPath, [...SERVE_NODE_FLAGS, script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await createInterface({ input: child.stdout! })[Symbol.asyncIterator]().next();
  if (line.done) throw new Error(`${name}: the server exited before it listened`);
  return { name, child, address: line.value.trim(), url, headers, rounds: [] };
}

async function round(s: Served, seconds: number): Promise<Round> {
  const pid = s.child.pid!;
  const [all0, main0] = [cpuMs(pid, false), cpuMs(pid, true)];
  const r = await autocannon({ url: `${s.address}${s.url}`, connections: 50, duration: seconds, headers: s.headers });
  const [all1, main1] = [cpuMs(pid, false), cpuMs(pid, true)];
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${s.name}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  const perCall = (ms: number) => (ms * 1000) / r.requests.total;
  const total = (a: { user: number; system: number }) => a.user + a.system;
  return { rps: Math.round(r.requests.average), us: perCall(total(all1) - total(all0)), mainUs: perCall(total(main1) - total(main0)), kernelUs: perCall(all1.system - all0.system) };
}

const folders: string[] = [];
const served: Served[] = [];
try {
  served.push(await serve('bare', path.join(import.meta.dirname, 'bare-server.mjs'), {}, '/x', {}));
  for (const spec of specs) {
    const [name, rest] = [spec.slice(0, spec.indexOf('=')), spec.slice(spec.indexOf('=') + 1)];
    const [dir, ...flags] = rest.split(',');
    const root = path.resolve(dir!);
    const data = mkdtempSync(path.join(tmpdir(), 'bench-variant-'));
    folders.push(data);
    // The demo owner is made by the variant's own build, in its own folder.
    const demo = JSON.parse(execFileSync(process.execPath, [path.join(root, 'bin/calendar-access.js'), 'demo', '--json'], { env: { ...process.env, DATA_DIR: data } }).toString()) as { token: string };
    const env = { DATA_DIR: data, ...(flags.includes('log') ? { ME_REQUEST_LOG: '1' } : {}) };
    served.push(await serve(name!, path.join(root, 'bench/me-server.mjs'), env, URL_PATH, { authorization: `Bearer ${demo.token}` }));
  }
  for (const s of served) await round(s, 2);
  for (let i = 0; i < ROUNDS; i++) for (const s of served) s.rounds.push(await round(s, SECONDS));
  const bare = served[0]!;
  console.log(`${URL_PATH}, medians of ${ROUNDS} rounds of ${SECONDS} s taken in turn:`);
  for (const s of served) {
    const ratio = s === bare ? '' : `, ${median(s.rounds.map((r, i) => r.rps / bare.rounds[i]!.rps)).toFixed(2)} × bare`;
    const us = (pick: (r: Round) => number) => median(s.rounds.map(pick)).toFixed(1);
    console.log(`${s.name.padEnd(12)} ${median(s.rounds.map((r) => r.rps))} req/s, ${us((r) => r.us)} µs/call (main thread ${us((r) => r.mainUs)}, kernel ${us((r) => r.kernelUs)})${ratio}  [${s.rounds.map((r) => r.us.toFixed(0)).join(' ')}]`);
  }
} finally {
  await Promise.all(served.map((s) => new Promise((resolve) => { s.child.once('exit', resolve); s.child.kill('SIGTERM'); })));
  for (const f of folders) rmSync(f, { recursive: true, force: true });
}
