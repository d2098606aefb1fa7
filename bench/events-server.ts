// The API as `serve` builds it, for bench/events.ts to load and measure from outside (its RSS and
// CPU are this process's alone): the same runtime and app, with rate limits counted but never
// refused (the benchmark measures the work, not the 429s). Prints its address and waits.
//   DATA_DIR=... | DATABASE_URL=... BENCH_SCHEMA=...  npx tsx bench/events-server.ts
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/http/app.js';
import { openRuntime } from '../src/runtime.js';
import { openStore } from '../src/store/db.js';
import { CountingButUnlimitedStore } from './support.js';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const store = await openStore({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? null : config.dataDir,
  ...(process.env.BENCH_SCHEMA ? { schema: process.env.BENCH_SCHEMA, poolSize: 10 } : {}),
});
const rt = await openRuntime(config, { existingStore: store, rateLimits: new CountingButUnlimitedStore() });
const app = await buildApp({ services: rt.services, authenticator: rt.authenticator, rateLimits: rt.rateLimits });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${address}\n`);
process.on('SIGTERM', () => {
  void app.close().then(() => rt.close()).then(() => process.exit(0));
});
