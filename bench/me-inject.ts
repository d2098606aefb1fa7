// GET /api/v1/me's own work beside a bare Fastify route's, without sockets: both apps in this
// process, answered through Fastify's inject (the same for both, so their difference is the API's
// hooks, guard, handler and serialiser), in alternating batches; CPU µs of this process per call,
// the least and the median of the batches. Quicker and steadier than bench/me-cpu.ts on a busy machine, for
// comparing one change with another; bench/me-cpu.ts gives the figures over real connections.
//   npx tsx bench/me-inject.ts [--rounds 15] [--calls 5000]
import Fastify from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { openDeps } from '../src/deps.js';
import { createDemo } from '../src/demo/demo.js';
import { buildApp } from '../src/http/app.js';
import { migrate, openStore } from '../src/store/db.js';
import { arg, CountingButUnlimitedStore, median } from './support.js';

const ROUNDS = arg('rounds', 15);
const CALLS = arg('calls', 5000);

const dir = mkdtempSync(path.join(tmpdir(), 'bench-me-inject-'));
const store = await openStore({ databaseUrl: null, dataDir: dir });
await migrate(store);
const rt = await openDeps(loadConfig({ LOG_LEVEL: 'silent', SHED_EVENT_LOOP_DELAY_MS: '60000' }), { store, limits: new CountingButUnlimitedStore() });
// The request log's writer off: its database writes are another engineer's (bench/request-log.ts).
rt.requestLog.record = () => undefined;
const demo = await createDemo(rt.db, rt.clock, { username: 'bench-me' });
const api = await buildApp(rt);
await api.ready();
const bare = Fastify();
bare.get('/x', { schema: { response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } } } }, async () => ({ ok: true }));
await bare.ready();

const me = { method: 'GET' as const, url: '/api/v1/me', headers: { authorization: `Bearer ${demo.token}` } };
const x = { method: 'GET' as const, url: '/x' };
const first = await api.inject(me);
if (first.statusCode !== 200) throw new Error(`/me answered ${first.statusCode}: ${first.body}`);

/** CPU µs per call over `calls` sequential injects. */
async function batch(app: typeof api, req: typeof me | typeof x, calls: number): Promise<number> {
  const t = process.cpuUsage();
  for (let i = 0; i < calls; i++) await app.inject(req);
  const d = process.cpuUsage(t);
  return (d.user + d.system) / calls;
}

await batch(bare, x, CALLS);
await batch(api, me, CALLS);
const least = (xs: number[]) => Math.min(...xs);
const b: number[] = [];
const m: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  b.push(await batch(bare, x, CALLS));
  m.push(await batch(api, me, CALLS));
}
// The least of the rounds is the steadiest figure on a shared machine (others' load only adds).
console.log(`inject, CPU µs per call over ${ROUNDS} rounds of ${CALLS}: least bare ${least(b).toFixed(1)}, /me ${least(m).toFixed(1)}, difference ${(least(m) - least(b)).toFixed(1)}; median bare ${median(b).toFixed(1)}, /me ${median(m).toFixed(1)}`);
await api.close();
await bare.close();
await rt.close();
rmSync(dir, { recursive: true, force: true });
