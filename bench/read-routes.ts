// Read routes under load: the demo owner's calendar served over real HTTP, on PGlite and (when one
// answers) PostgreSQL. Reports req/s and latency per route, and the ratio to a bare Fastify route
// with a response schema on the same machine (the ceiling the hot path should stay near).
//   npx tsx bench/read-routes.ts [--seconds 10] [--connections 50]
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/http/app.js';
import { openDeps } from '../src/deps.js';
import { createDemo } from '../src/demo/demo.js';
import { migrate, openStore, type Store } from '../src/store/db.js';
import { arg, CountingButUnlimitedStore, fastifyCeiling, hidePassword, load, PG_URL, postgresStore } from './support.js';

const SECONDS = arg('seconds', 10);
const CONNECTIONS = arg('connections', 50);

async function benchEngine(label: string, store: Store, ceiling: number) {
  await migrate(store);
  const rt = await openDeps(loadConfig({ LOG_LEVEL: 'silent' }), { store, limits: new CountingButUnlimitedStore() });
  const demo = await createDemo(rt.store.db, rt.clock);
  const app = await buildApp(rt);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const headers = { authorization: `Bearer ${demo.token}` };
  const routes = [
    ['GET /me', '/api/v1/me'],
    ['GET /tasks', '/api/v1/tasks?limit=50'],
    ['GET /requests', '/api/v1/requests'],
    ['GET /events (14 days)', `/api/v1/events?from=${demo.window.from}&to=${demo.window.to}`],
  ] as const;
  for (const [name, path] of routes) {
    const r = await load(`${address}${path}`, { seconds: SECONDS, connections: CONNECTIONS, headers });
    console.log(
      `${label.padEnd(9)} ${name.padEnd(22)} ${String(r.rps).padStart(6)} req/s  p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(4)} ms  ${(r.rps / ceiling).toFixed(2)}× bare Fastify`,
    );
  }
  await app.close();
  await rt.close();
}

const ceiling = await fastifyCeiling(SECONDS, CONNECTIONS);
console.log(`bare Fastify with a response schema: ${ceiling} req/s (${CONNECTIONS} connections, ${SECONDS} s per route)`);
await benchEngine('pglite', await openStore({ databaseUrl: null, dataDir: null }), ceiling);
const pgStore = await postgresStore();
if (pgStore) await benchEngine('postgres', pgStore, ceiling);
else console.log(`postgres  skipped: nothing answered at ${hidePassword(PG_URL)}`);
