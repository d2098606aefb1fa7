// What the benchmarks share: a rate-limit store that counts but never refuses, a load run with
// autocannon, the bare-Fastify ceiling, and a PostgreSQL store in a schema of its own.
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { MemoryRateLimitStore } from '../src/limits/memory-store.js';
import { openStore, type Store } from '../src/store/db.js';

export const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};

/** The middle value (the upper of the two middles for an even count). */
export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** User and system (kernel) CPU of a process, or of its main thread, in ms (clock ticks of 1/100 s). */
export function cpuMs(pid: number, mainThread = false): { user: number; system: number } {
  const fields = readFileSync(mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
}

export const PG_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Counts like the real store (same cost per call) but never reports a limit as reached, so a
 * benchmark measures the work and not the 429s of the per-token limits.
 */
export class CountingButUnlimitedStore extends MemoryRateLimitStore {
  // At once, as the store it extends: the API's guard then takes the path it takes in service.
  // No limit for the log either (every call is logged, as a call under its limit is): its memory
  // is what a benchmark sends in a minute.
  override hit(key: string, windowMs: number, now: number, _max: number) {
    const c = super.hit(key, windowMs, now, Infinity);
    return { count: 1, resetAt: c.resetAt };
  }
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
}

export async function load(url: string, opts: { seconds: number; connections: number; headers?: Record<string, string>; paths?: string[] }): Promise<LoadResult> {
  const r = await autocannon({
    url,
    connections: opts.connections,
    duration: opts.seconds,
    headers: opts.headers ?? {},
    workers: 1,
    ...(opts.paths ? { requests: opts.paths.map((path) => ({ method: 'GET' as const, path })) } : {}),
  });
  if (r.non2xx > 0) throw new Error(`${url}: ${r.non2xx} non-2xx answers`);
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99 };
}

/** req/s of a bare Fastify route with a response schema: the ceiling our hot routes stay near. */
export async function fastifyCeiling(seconds: number, connections: number): Promise<number> {
  const app = Fastify();
  app.get('/x', { schema: { response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } } } }, async () => ({ ok: true }));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const r = await load(`${address}/x`, { seconds, connections });
  await app.close();
  return r.rps;
}

/** A PostgreSQL store in a schema of its own, dropped at close; null when no server answers. */
export async function postgresStore(): Promise<Store | null> {
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

export const hidePassword = (url: string): string => url.replace(/\/\/[^@]*@/, '//');
