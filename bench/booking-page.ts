// The public booking page (issue 15): server time of GET /{username} for the demo owner (a month of
// days and one chosen day's times, in the visitor's zone and language), measured in-process with
// app.inject (no sockets), and the page's weight: its HTML plus the stylesheet and script it loads
// (the favicon aside), as sent and gzipped.
// Targets on a 2-core machine: server time p50 <= 20 ms; HTML <= 40 KB (issue 30), the first visit's
// too (no zone chosen: the month's slots come as data for booking.js); HTML + CSS + JS <= 100 KB.
//   npx tsx bench/booking-page.ts [--iterations 300]
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { systemClock } from '../src/domain/clock.js';
import { loadConfig } from '../src/config.js';
import { createDemo } from '../src/demo/demo.js';
import { openDeps } from '../src/deps.js';
import { buildApp } from '../src/http/app.js';
import { migrate, openStore } from '../src/store/db.js';
import { arg, CountingButUnlimitedStore } from './support.js';

const ITERATIONS = arg('iterations', 300);

const store = await openStore({ databaseUrl: null, dataDir: null });
await migrate(store);
const rt = await openDeps(loadConfig({ LOG_LEVEL: 'silent' }), { clock: systemClock, store, limits: new CountingButUnlimitedStore() });
const app = await buildApp(rt);
const demo = await createDemo(store.db, systemClock, { username: 'bench-booking' });
void demo;

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

async function measure(label: string, url: string, headers: Record<string, string>): Promise<string> {
  let body = '';
  for (let i = 0; i < 20; i++) body = (await app.inject({ method: 'GET', url, headers })).body; // warm up
  const times: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const t = performance.now();
    const res = await app.inject({ method: 'GET', url, headers });
    times.push(performance.now() - t);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
  }
  console.log(`${label.padEnd(44)} p50 ${percentile(times, 50).toFixed(2)} ms  p95 ${percentile(times, 95).toFixed(2)} ms  (target p50 <= 20 ms)`);
  return body;
}

console.log(`GET /bench-booking, ${ITERATIONS} requests each, in-process (app.inject)`);
const firstVisit = await measure('first visit (no zone chosen, slots as data), en-US', '/bench-booking', { 'accept-language': 'en-US' });
const month = await measure('month view (no day chosen), en-US', '/bench-booking?tz=America/New_York', { 'accept-language': 'en-US' });
const firstDay = /day=(\d{4}-\d{2}-\d{2})/.exec(month)?.[1];
const withDay = await measure('month view with a day\'s times, de-DE', `/bench-booking?tz=Europe/Berlin${firstDay ? `&day=${firstDay}` : ''}`, { 'accept-language': 'de-DE' });
await measure('next month, fr', '/bench-booking?tz=Europe/Paris&lang=fr&month=' + (firstDay ? nextMonth(firstDay.slice(0, 7)) : ''), {});

function nextMonth(m: string): string {
  const [y, mo] = m.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, mo, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

// The weight: the page and what it loads (the favicon is cached and tiny, and not counted).
const assets = [...withDay.matchAll(/(?:href|src)="(\/assets\/[^"]+\.(?:css|js))"/g)].map((m) => m[1]!);
let raw = Buffer.byteLength(withDay);
let gz = gzipSync(withDay).length;
const parts = [`HTML ${(Buffer.byteLength(withDay) / 1024).toFixed(1)} KB`];
for (const a of assets) {
  const body = (await app.inject({ method: 'GET', url: a })).body;
  raw += Buffer.byteLength(body);
  gz += gzipSync(body).length;
  parts.push(`${a.split('/').pop()} ${(Buffer.byteLength(body) / 1024).toFixed(1)} KB`);
}
console.log(`page weight: ${(raw / 1024).toFixed(1)} KB (${parts.join(', ')}); gzipped ${(gz / 1024).toFixed(1)} KB (target <= 100 KB)`);
console.log(`HTML of the first visit: ${(Buffer.byteLength(firstVisit) / 1024).toFixed(1)} KB (${(firstVisit.match(/data-slots="([^"]*)"/)?.[1] ?? '').split(',').filter(Boolean).length} slots as data); with a zone and a day: ${(Buffer.byteLength(withDay) / 1024).toFixed(1)} KB (target <= 40 KB)`);
await app.close();
await rt.close();
