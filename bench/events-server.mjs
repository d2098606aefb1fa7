// The API as `serve` runs it, for bench/events.ts to load and measure from outside (its RSS and CPU
// are this process's alone): the JavaScript of dist/ (npm run build), the same runtime and app,
// with rate limits counted but never refused (the benchmark measures the work, not the 429s).
// Prints its address and waits.
//   DATA_DIR=... | DATABASE_URL=... BENCH_SCHEMA=...  node bench/events-server.mjs
import { loadConfig } from '../dist/config.js';
import { buildApp } from '../dist/http/app.js';
import { openDeps } from '../dist/deps.js';
import { MemoryRateLimitStore } from '../dist/limits/memory-store.js';

/** Counts like the real store (same cost per call) but never reports a limit as reached. */
class CountingButUnlimitedStore extends MemoryRateLimitStore {
  hit(key, windowMs, now) {
    const c = super.hit(key, windowMs, now);
    return { count: 1, resetAt: c.resetAt };
  }
}

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const storeOptions = {
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? null : config.dataDir,
  ...(process.env.BENCH_SCHEMA ? { schema: process.env.BENCH_SCHEMA, poolSize: 10 } : {}),
};
const rt = await openDeps(config, { storeOptions, limits: new CountingButUnlimitedStore() });
const app = await buildApp(rt);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${address}\n`);
// Where the memory goes, in MB, on request: V8's heap, the buffers outside it (PGlite's WebAssembly
// memory is one), and the rest (code, stacks, native modules).
process.on('SIGUSR2', () => {
  const m = process.memoryUsage();
  const mb = (v) => Math.round(v / 1048576);
  process.stdout.write(`${JSON.stringify({ rss: mb(m.rss), heap: mb(m.heapTotal), heapUsed: mb(m.heapUsed), external: mb(m.external), other: mb(m.rss - m.heapTotal - m.external) })}\n`);
});
process.on('SIGTERM', () => {
  void app.close().then(() => rt.close()).then(() => process.exit(0));
});
