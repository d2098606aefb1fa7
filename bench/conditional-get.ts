// A 304 Not Modified beside the 200 of the same page (docs/conditional-get.md): the demo owner's
// read routes answered through Fastify's inject in this process (no sockets, so the difference is
// the server's own work: the handler still runs, the 304 skips sending the body and the client
// parsing it), in alternating batches of each; CPU µs of this process per call, the least and the
// median of the rounds, and the 304's share of the 200. On PGlite and (when one answers) PostgreSQL.
//   npx tsx bench/conditional-get.ts [--rounds 9] [--calls 2000]
import { loadConfig } from '../src/config.js';
import { openDeps } from '../src/deps.js';
import { createDemo } from '../src/demo/demo.js';
import { buildApp } from '../src/http/app.js';
import { migrate, openStore, type Store } from '../src/store/db.js';
import { arg, CountingButUnlimitedStore, hidePassword, median, PG_URL, postgresStore } from './support.js';

const ROUNDS = arg('rounds', 9);
const CALLS = arg('calls', 2000);

type App = Awaited<ReturnType<typeof buildApp>>;
type Call = { method: 'GET'; url: string; headers: Record<string, string> };

/** CPU µs per call over `calls` sequential injects, each answered `status`, and the body's bytes. */
async function batch(app: App, call: Call, status: number, calls: number): Promise<{ us: number; bytes: number }> {
  let bytes = 0;
  const t = process.cpuUsage();
  for (let i = 0; i < calls; i++) {
    const res = await app.inject(call);
    if (res.statusCode !== status) throw new Error(`${call.url}: ${res.statusCode}, not ${status}: ${res.body}`);
    // What a client reads and parses of a 200 (a 304 has nothing).
    if (res.body.length > 0) JSON.parse(res.body);
    bytes = res.rawPayload.length;
  }
  const d = process.cpuUsage(t);
  return { us: (d.user + d.system) / calls, bytes };
}

async function benchEngine(label: string, store: Store) {
  await migrate(store);
  const rt = await openDeps(loadConfig({ LOG_LEVEL: 'silent', SHED_EVENT_LOOP_DELAY_MS: '60000000', SHED_SAMPLE_INTERVAL_MS: '60000' }), { store, limits: new CountingButUnlimitedStore() });
  // The request log's writer off: its database writes are another engineer's (bench/request-log.ts).
  rt.requestLog.record = () => undefined;
  const demo = await createDemo(rt.db, rt.clock, { username: `bench-etag-${label}` });
  const app = await buildApp(rt);
  await app.ready();
  const headers = { authorization: `Bearer ${demo.token}` };
  const types = await app.inject({ method: 'GET', url: '/api/v1/appointment-types', headers });
  const typeId = (types.json() as { data: { id: string }[] }).data[0]?.id;
  const day = demo.window.from.slice(0, 10);
  const routes: [string, string][] = [
    ['GET /me', '/api/v1/me'],
    ['GET /tasks (50)', '/api/v1/tasks?limit=50'],
    ['GET /requests', '/api/v1/requests'],
    ['GET /events (14 days)', `/api/v1/events?from=${demo.window.from}&to=${demo.window.to}`],
    ...(typeId ? ([['GET /availability (7 days)', `/api/v1/availability?appointmentTypeId=${typeId}&from=${day}&to=${addDays(day, 6)}&tz=Europe/Berlin`]] as [string, string][]) : []),
  ];
  for (const [name, url] of routes) {
    const full: Call = { method: 'GET', url, headers };
    const first = await app.inject(full);
    if (first.statusCode !== 200) throw new Error(`${url}: ${first.statusCode} ${first.body}`);
    const conditional: Call = { method: 'GET', url, headers: { ...headers, 'if-none-match': String(first.headers.etag) } };
    await batch(app, full, 200, CALLS);
    await batch(app, conditional, 304, CALLS);
    const ok: number[] = [];
    const not: number[] = [];
    let bytes = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const a = await batch(app, full, 200, CALLS);
      ok.push(a.us);
      bytes = a.bytes;
      not.push((await batch(app, conditional, 304, CALLS)).us);
    }
    const least = (xs: number[]) => Math.min(...xs);
    console.log(
      `${label.padEnd(9)} ${name.padEnd(27)} ${String(bytes).padStart(6)} B  200 ${least(ok).toFixed(1).padStart(6)} µs (median ${median(ok).toFixed(1)})  ` +
        `304 ${least(not).toFixed(1).padStart(6)} µs (median ${median(not).toFixed(1)})  304/200 ${(least(not) / least(ok)).toFixed(2)}`,
    );
  }
  await app.close();
  await rt.close();
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

console.log(`inject, CPU µs per call (the client's JSON.parse of a 200 included), least of ${ROUNDS} rounds of ${CALLS} calls taken in turn`);
await benchEngine('pglite', await openStore({ databaseUrl: null, dataDir: null }));
const pgStore = await postgresStore();
if (pgStore) await benchEngine('postgres', pgStore);
else console.log(`postgres  skipped: nothing answered at ${hidePassword(PG_URL)}`);
