// What the request log costs GET /me (issue #14 point 5): one app, the demo owner, short rounds of
// load taken in turn with the log writing and with its writer switched off (calls dropped at once),
// so a busy machine's noise falls on both alike; the median of each and their ratio. Then the
// hook's own work per call (the safe path, the entry), timed alone. Load shedding is off: a busy
// machine's lag would answer 503s, which are not what is measured.
//   npx tsx bench/request-log.ts [--rounds 6] [--seconds 3] [--connections 50]
import type { FastifyReply, FastifyRequest } from 'fastify';
import { loadConfig } from '../src/config.js';
import { openDeps, type Deps } from '../src/deps.js';
import { createDemo } from '../src/demo/demo.js';
import { buildApp } from '../src/http/app.js';
import { recordCalls } from '../src/http/request-log.js';
import { RequestLogBuffer } from '../src/request-log/buffer.js';
import { migrate, openStore, type Store } from '../src/store/db.js';
import { arg, CountingButUnlimitedStore, hidePassword, load, median, PG_URL, postgresStore } from './support.js';

const ROUNDS = arg('rounds', 6);
const SECONDS = arg('seconds', 3);
const CONNECTIONS = arg('connections', 50);


/** A writer that keeps nothing: the "before" of the comparison (the hook's own work stays; timed below). */
const offWriter = { record: () => undefined, flush: async () => undefined, size: 0 } as unknown as RequestLogBuffer;

async function benchEngine(label: string, store: Store) {
  await migrate(store);
  const rt = await openDeps(loadConfig({ LOG_LEVEL: 'silent', SHED_EVENT_LOOP_DELAY_MS: '60000', SHED_SAMPLE_INTERVAL_MS: '60000' }), { store, limits: new CountingButUnlimitedStore() });
  const writer = rt.requestLog;
  const timer = setInterval(() => void writer.flush(), 1000);
  const demo = await createDemo(rt.store.db, rt.clock);
  const app = await buildApp(rt);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const headers = { authorization: `Bearer ${demo.token}` };
  const on: number[] = [];
  const off: number[] = [];
  const mutable = rt as { requestLog: RequestLogBuffer };
  for (let i = 0; i < ROUNDS; i += 1) {
    // Alternate which goes first, so a trend in the machine's load does not favour one.
    for (const mode of i % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
      mutable.requestLog = mode === 'on' ? writer : offWriter;
      const r = await load(`${address}/api/v1/me`, { seconds: SECONDS, connections: CONNECTIONS, headers });
      (mode === 'on' ? on : off).push(r.rps);
    }
  }
  clearInterval(timer);
  await writer.flush();
  const rows = await rt.db.selectFrom('request_log').select((eb) => eb.fn.sum<string>('n').as('n')).executeTakeFirstOrThrow();
  console.log(`${label.padEnd(9)} GET /me  log off ${String(median(off)).padStart(6)} req/s  log on ${String(median(on)).padStart(6)} req/s  on/off ${(median(on) / median(off)).toFixed(3)}  (rounds off ${off.join(' ')}; on ${on.join(' ')}; ${rows.n} calls written)`);
  await app.close();
  await rt.close();
}

/** The hook alone, per call, with a writer that keeps nothing: what every logged call pays on its path. */
function hookCost(): void {
  const hook = recordCalls({ requestLog: offWriter, clock: { now: () => new Date() } } as unknown as Pick<Deps, 'requestLog' | 'clock'>);
  const schema = { properties: { from: {}, to: {}, cursor: {}, limit: {} } };
  const request = {
    caller: { ownerId: 'o', tokenId: 't', appId: null },
    method: 'GET',
    url: '/api/v1/events?from=2026-03-29T00:00:00Z&to=2026-04-05T00:00:00Z',
    routeOptions: { url: '/api/v1/events', schema: { querystring: schema } },
    id: 'req_AAAAAAAAAAAAAAAAAAAAAA',
  } as unknown as FastifyRequest;
  const reply = { statusCode: 200, elapsedTime: 1.5 } as unknown as FastifyReply;
  const n = 500_000;
  const call = (hook as unknown as (q: FastifyRequest, r: FastifyReply, d: () => void) => void).bind(null);
  for (let i = 0; i < 50_000; i += 1) call(request, reply, () => undefined);
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i += 1) call(request, reply, () => undefined);
  const ns = Number(process.hrtime.bigint() - t0) / n;
  console.log(`the hook's own work per call (safe path with a query, entry): ${ns.toFixed(0)} ns`);
}

hookCost();
await benchEngine('pglite', await openStore({ databaseUrl: null, dataDir: null }));
const pgStore = await postgresStore();
if (pgStore) await benchEngine('postgres', pgStore);
else console.log(`postgres  skipped: nothing answered at ${hidePassword(PG_URL)}`);
