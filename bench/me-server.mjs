// The API as `serve` runs it (dist/, like bench/events-server.mjs), for bench/me-cpu.ts: rate limits
// counted but never refused, the request log's writer switched off unless ME_REQUEST_LOG is set (its
// database writes are measured by bench/request-log.ts too) and load shedding off (a busy
// machine's lag would answer 503s). Prints its address and waits; SIGTERM ends it. With ME_PROFILE=FILE,
// SIGUSR2 starts V8's CPU profiler (after the warm-up, so neither start-up nor compilation is in
// it) and SIGTERM writes the profile to FILE.
//   DATA_DIR=... [ME_PROFILE=FILE]  node bench/me-server.mjs
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { loadConfig } from '../dist/config.js';
import { buildApp } from '../dist/http/app.js';
import { openDeps } from '../dist/deps.js';
import { MemoryRateLimitStore } from '../dist/limits/memory-store.js';

class CountingButUnlimitedStore extends MemoryRateLimitStore {
  hit(key, windowMs, now) {
    const c = super.hit(key, windowMs, now);
    return { count: 1, resetAt: c.resetAt };
  }
}

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', SHED_EVENT_LOOP_DELAY_MS: '60000' });
const rt = await openDeps(config, { storeOptions: { databaseUrl: null, dataDir: config.dataDir }, limits: new CountingButUnlimitedStore() });
if (!process.env.ME_REQUEST_LOG) rt.requestLog.record = () => undefined;
const app = await buildApp(rt);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${address}\n`);
const profile = process.env.ME_PROFILE;
const session = profile ? new Session() : null;
if (session) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  process.on('SIGUSR2', () => void session.post('Profiler.start'));
}
process.on('SIGTERM', async () => {
  if (session) writeFileSync(profile, JSON.stringify((await session.post('Profiler.stop')).profile));
  await app.close();
  await rt.close();
  process.exit(0);
});
