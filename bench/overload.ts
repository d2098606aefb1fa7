// The service at many times its capacity, over real HTTP on PGlite: GET /api/v1/events from
// `--connections` clients at once, with load shedding as configured (SHED_* defaults) and with it
// out of the way (a delay threshold nobody reaches), as issue #11 point 11 found it. Prints the
// answers per second, how many were shed (503), latency, the loop's largest sampled delay and the
// growth of the process's memory.
//   npx tsx bench/overload.ts [--seconds 15] [--connections 400]
import autocannon from 'autocannon';
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/http/app.js';
import { openDeps } from '../src/deps.js';
import { createDemo } from '../src/demo/demo.js';
import { migrate, openStore } from '../src/store/db.js';
import { arg, CountingButUnlimitedStore } from './support.js';

const SECONDS = arg('seconds', 15);
const CONNECTIONS = arg('connections', 400);

async function run(label: string, env: Record<string, string>, connections: number) {
  const store = await openStore({ databaseUrl: null, dataDir: null });
  await migrate(store);
  const rt = await openDeps(loadConfig({ LOG_LEVEL: 'silent', ...env }), { store, limits: new CountingButUnlimitedStore() });
  const demo = await createDemo(rt.store.db, rt.clock);
  const app = await buildApp(rt);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const from = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 19) + 'Z';
  const to = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 19) + 'Z';
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let maxDelay = 0;
  let maxRss = rssBefore;
  const seen: number[] = [];
  const watch = setInterval(() => {
    seen.push(Math.round(app.eventLoopDelay()));
    maxDelay = Math.max(maxDelay, app.eventLoopDelay());
    maxRss = Math.max(maxRss, process.memoryUsage().rss);
  }, 100);
  const r = await autocannon({
    url: `${address}/api/v1/events?from=${from}&to=${to}&limit=50`,
    connections,
    duration: SECONDS,
    headers: { authorization: `Bearer ${demo.token}` },
    workers: 1,
    timeout: 30,
  });
  clearInterval(watch);
  if (process.env.SHOW) console.log(seen.join(" "));
  const shed = r.statusCodeStats?.['503']?.count ?? 0;
  const ok = r['2xx'];
  console.log(
    `${label.padEnd(26)} ${String(connections).padStart(4)} conn  ${String(Math.round(ok / SECONDS)).padStart(5)} ok/s  ${String(shed).padStart(6)} shed  ` +
      `p50 ${String(r.latency.p50).padStart(5)} ms  p99 ${String(r.latency.p99).padStart(5)} ms  max ${String(r.latency.max).padStart(5)} ms  ` +
      `loop delay max ${Math.round(maxDelay)} ms  rss +${Math.round((maxRss - rssBefore) / 2 ** 20)} MiB  errors ${r.errors} timeouts ${r.timeouts}`,
  );
  await app.close();
  await rt.close();
}

const OFF = { SHED_EVENT_LOOP_DELAY_MS: '60000000' };
console.log(`${SECONDS} s each, PGlite in memory, GET /events of the demo owner (13 days)`);
await run('capacity, no shedding', OFF, 10);
await run('overload, no shedding', OFF, CONNECTIONS);
await run('overload, shedding', {}, CONNECTIONS);
