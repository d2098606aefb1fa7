// GET /me while the sign-in form is flooded with wrong passwords, over real HTTP on PGlite: alone;
// with the throttle on (the flood comes from one address, as in issue #11); and with the throttle
// off (a store that never holds, as a flood from many addresses would see it), so every attempt
// reaches argon2, through the password gate (services/password-work.ts) or with no gate at all
// (every hash at once on libuv's pool, as before).
//   npx tsx bench/sign-in.ts [--seconds 10] [--flood 20]
import autocannon from 'autocannon';
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/http/app.js';
import { openDeps } from '../src/deps.js';
import { createDemo } from '../src/demo/demo.js';
import { PasswordWork } from '../src/services/password-work.js';
import { migrate, openStore } from '../src/store/db.js';
import { MemoryRateLimitStore } from '../src/limits/memory-store.js';
import type { RateLimitStore } from '../src/limits/store.js';
import { arg, CountingButUnlimitedStore, load } from './support.js';

const SECONDS = arg('seconds', 10);
const FLOOD = arg('flood', 20);

/** A rate-limit store that never holds: the throttle is out of the way. */
class NeverHolding extends CountingButUnlimitedStore {
  override async hold(): Promise<void> {}
}

/** The API's limits out of the way (as in the other benchmarks), the sign-in throttle as it is. */
class ThrottlingSignIns extends MemoryRateLimitStore {
  override hit(key: string, windowMs: number, now: number, max: number) {
    const c = super.hit(key, windowMs, now, key.startsWith('signin-') ? max : Infinity);
    return key.startsWith('signin-') ? c : { count: 1, resetAt: c.resetAt };
  }
}

async function run(label: string, flooded: boolean, passwords: PasswordWork, limits: RateLimitStore) {
  const store = await openStore({ databaseUrl: null, dataDir: null });
  await migrate(store);
  const rt = await openDeps(loadConfig({ LOG_LEVEL: 'silent' }), { store, limits, passwords });
  const demo = await createDemo(rt.store.db, rt.clock);
  const app = await buildApp(rt);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const flood = flooded
    ? autocannon({
        url: `${address}/signin`,
        connections: FLOOD,
        duration: SECONDS,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `username=${demo.owner}&password=wrong+guess+here`,
        workers: 1,
      })
    : null;
  const me = await load(`${address}/api/v1/me`, { seconds: SECONDS, connections: 10, headers: { authorization: `Bearer ${demo.token}` } });
  const f = flood ? await flood : null;
  const answered = f ? `sign-ins ${Math.round(f.requests.average)}/s (${f['2xx'] + f.non2xx} answered, p99 ${f.latency.p99} ms)` : '';
  console.log(`${label.padEnd(40)} GET /me ${String(me.rps).padStart(6)} req/s  p50 ${String(me.p50).padStart(3)} ms  p99 ${String(me.p99).padStart(4)} ms  ${answered}`);
  await app.close();
  await rt.close();
}

console.log(`${SECONDS} s each; /me at 10 connections; the flood at ${FLOOD} connections of wrong passwords`);
const ungated = () => new PasswordWork({ concurrency: 1_000, queue: 1_000_000 });
await run('no flood', false, new PasswordWork(), new ThrottlingSignIns());
await run('flood, throttled, gate', true, new PasswordWork(), new ThrottlingSignIns());
await run('flood, not throttled, gate', true, new PasswordWork(), new NeverHolding());
await run('flood, not throttled, no gate (before)', true, ungated(), new NeverHolding());
