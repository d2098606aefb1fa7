// Read routes under load: the demo owner's calendar served over real HTTP, on PGlite and (when one
// answers) PostgreSQL. Reports req/s and latency per route, and the ratio to a bare Fastify route
// with a response schema on the same machine (the ceiling the hot path should stay near).
//   npx tsx bench/read-routes.ts [--seconds 10] [--connections 50]
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/http/app.js';
import { MemoryRateLimitStore } from '../src/http/rate-limit.js';
import { openRuntime } from '../src/runtime.js';
import { createDemo } from '../src/services/demo.js';
import { openStore, type Store } from '../src/store/db.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg('seconds', 10);
const CONNECTIONS = arg('connections', 50);
const PG_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Counts like the real store (same cost per call) but never reports a limit as reached, so the
 * benchmark measures the work and not the 429s of 600 reads a minute.
 */
class CountingButUnlimitedStore extends MemoryRateLimitStore {
  override async hit(key: string, windowMs: number, now: number) {
    const c = await super.hit(key, windowMs, now);
    return { count: 1, resetAt: c.resetAt };
  }
}

async function load(url: string, headers: Record<string, string> = {}) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers, workers: 1 });
  if (r.non2xx > 0) throw new Error(`${url}: ${r.non2xx} non-2xx answers`);
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99 };
}

async function baseline(): Promise<number> {
  const app = Fastify();
  app.get('/x', { schema: { response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } } } }, async () => ({ ok: true }));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const r = await load(`${address}/x`);
  await app.close();
  return r.rps;
}

async function postgresStore(): Promise<Store | null> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
  } catch {
    return null;
  }
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.end();
  const store = await openStore({ databaseUrl: PG_URL, dataDir: null, schema, poolSize: 10 });
  return {
    ...store,
    close: async () => {
      await store.close();
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    },
  };
}

async function benchEngine(label: string, store: Store, ceiling: number) {
  const rt = await openRuntime(loadConfig({ LOG_LEVEL: 'silent' }), { existingStore: store, rateLimits: new CountingButUnlimitedStore() });
  const demo = await createDemo(rt.store.db, rt.clock);
  const app = await buildApp({ services: rt.services, authenticator: rt.authenticator, rateLimits: rt.rateLimits });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const headers = { authorization: `Bearer ${demo.token}` };
  const routes = [
    ['GET /me', '/api/v1/me'],
    ['GET /tasks', '/api/v1/tasks?limit=50'],
    ['GET /requests', '/api/v1/requests'],
    ['GET /events (14 days)', `/api/v1/events?from=${demo.window.from}&to=${demo.window.to}`],
  ] as const;
  for (const [name, path] of routes) {
    const r = await load(`${address}${path}`, headers);
    console.log(
      `${label.padEnd(9)} ${name.padEnd(22)} ${String(r.rps).padStart(6)} req/s  p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(4)} ms  ${(r.rps / ceiling).toFixed(2)}× bare Fastify`,
    );
  }
  await app.close();
  await rt.close();
}

const ceiling = await baseline();
console.log(`bare Fastify with a response schema: ${ceiling} req/s (${CONNECTIONS} connections, ${SECONDS} s per route)`);
await benchEngine('pglite', await openStore({ databaseUrl: null, dataDir: null }), ceiling);
const pgStore = await postgresStore();
if (pgStore) await benchEngine('postgres', pgStore, ceiling);
else console.log(`postgres  skipped: nothing answered at ${PG_URL.replace(/\/\/[^@]*@/, '//')}`);
