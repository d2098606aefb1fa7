// Series reads: what the Series record costs to make (presentSeries, pure: the rule in words, the
// RRULE text, first and last occurrence, exceptions) for series of several kinds, and GET
// /series/{id} and GET /series/{id}/occurrences under load on the demo owner's calendar, over real
// HTTP, on PGlite and (when one answers) PostgreSQL.
//   npx tsx bench/series.ts [--seconds 5] [--connections 50] [--calls 2000]
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/http/app.js';
import { openDeps } from '../src/deps.js';
import { createDemo } from '../src/demo/demo.js';
import type { StoredEvent, StoredOverride } from '../src/domain/calendar-view.js';
import { presentSeries } from '../src/http/presenters/series.js';
import { occurrencesAfter } from '../src/http/routes/series.routes.js';
import { migrate, openStore, type Store } from '../src/store/db.js';
import { arg, CountingButUnlimitedStore, fastifyCeiling, hidePassword, load, PG_URL, postgresStore } from './support.js';

const SECONDS = arg('seconds', 5);
const CONNECTIONS = arg('connections', 50);
const CALLS = arg('calls', 2000);

const ID = '3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d';
const base: Omit<StoredEvent, 'start' | 'end' | 'rrule' | 'timezone'> = {
  id: ID, calendar: 'work', title: 'Series', showAs: 'busy', status: 'confirmed', location: null, url: null, exdates: [], rdates: [],
  isAppointment: false, requestId: null, updatedAt: new Date('2026-03-01T00:00:00Z'), deletedAt: null, allDay: false, startDate: null, endDate: null,
};

function override(originalStart: string, o: Partial<StoredOverride>): StoredOverride {
  return {
    eventId: ID, originalStart, start: null, end: null, title: null, location: null, showAs: null, cancelled: false,
    updatedAt: new Date('2026-03-10T00:00:00Z'), deletedAt: null, ...o,
  };
}

/** Weekly stand-ups in Berlin from 17 March 2026: every Tuesday 10:00, 09:00Z in winter, 08:00Z in summer. */
const weeklyExceptions: StoredOverride[] = [];
for (let week = 1; week <= 40; week += 2) {
  const day = new Date(Date.UTC(2026, 2, 17 + 7 * week, 9));
  const summer = day >= new Date('2026-03-29T01:00:00Z') && day < new Date('2026-10-25T01:00:00Z');
  if (summer) day.setUTCHours(8);
  const key = `${day.toISOString().slice(0, 19)}Z`;
  weeklyExceptions.push(override(key, week % 4 === 1 ? { deletedAt: new Date('2026-03-12T00:00:00Z') } : { title: 'Moved', start: new Date(day.getTime() + 3_600_000), end: new Date(day.getTime() + 5_400_000) }));
}

const KINDS: [string, StoredEvent, StoredOverride[]][] = [
  ['weekly, endless', { ...base, start: new Date('2026-03-17T09:00:00Z'), end: new Date('2026-03-17T09:30:00Z'), rrule: 'FREQ=WEEKLY;BYDAY=TU', timezone: 'Europe/Berlin' }, []],
  ['weekly UNTIL, 20 exceptions', { ...base, start: new Date('2026-03-17T09:00:00Z'), end: new Date('2026-03-17T09:30:00Z'), rrule: 'FREQ=WEEKLY;BYDAY=TU;UNTIL=20270331T215959Z', timezone: 'Europe/Berlin' }, weeklyExceptions],
  ['daily COUNT=365', { ...base, start: new Date('2026-03-21T14:00:00Z'), end: new Date('2026-03-21T15:00:00Z'), rrule: 'FREQ=DAILY;COUNT=365', timezone: 'America/New_York' }, []],
  ['monthly last Friday, 2 rules', { ...base, start: new Date('2026-03-27T09:00:00Z'), end: new Date('2026-03-27T10:00:00Z'), rrule: 'FREQ=MONTHLY;BYDAY=-1FR;COUNT=24\nFREQ=YEARLY;BYMONTH=12;BYMONTHDAY=24', timezone: 'Europe/Berlin', rdates: ['2026-05-01T10:00:00Z'] }, []],
  ['hourly UNTIL a year on', { ...base, start: new Date('2026-03-17T08:00:00Z'), end: new Date('2026-03-17T08:05:00Z'), rrule: 'FREQ=HOURLY;BYHOUR=9,10,11,12,13,14,15,16,17;BYDAY=MO,TU,WE,TH,FR;UNTIL=20270317T000000Z', timezone: 'Europe/Berlin' }, []],
];

function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

function time(fn: () => unknown): { p50: number; p99: number } {
  for (let i = 0; i < 50; i++) fn();
  const ms: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const t0 = performance.now();
    fn();
    ms.push(performance.now() - t0);
  }
  return { p50: percentile(ms, 0.5), p99: percentile(ms, 0.99) };
}

for (const [name, event, overrides] of KINDS) {
  const record = presentSeries(event, overrides);
  const t = time(() => presentSeries(event, overrides));
  console.log(`engine    presentSeries, ${name.padEnd(30)} p50 ${t.p50.toFixed(3)} ms  p99 ${t.p99.toFixed(3)} ms  (${CALLS} calls; "${record.rule}")`);
}
{
  const [, event] = KINDS[4]!;
  const from = new Date('2026-03-17T00:00:00Z');
  const to = new Date(from.getTime() + 366 * 86_400_000);
  const t = time(() => occurrencesAfter(event, [], from, to, { at: new Date('2026-11-02T12:00:00Z'), id: '' }, 101));
  console.log(`engine    a page of 100 hourly occurrences in 366 days, from a cursor     p50 ${t.p50.toFixed(3)} ms  p99 ${t.p99.toFixed(3)} ms`);
}

async function benchEngine(label: string, store: Store, ceiling: number) {
  await migrate(store);
  const rt = await openDeps(loadConfig({ LOG_LEVEL: 'silent' }), { store, limits: new CountingButUnlimitedStore() });
  const demo = await createDemo(rt.store.db, rt.clock);
  const app = await buildApp(rt);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const headers = { authorization: `Bearer ${demo.token}` };
  const series = await rt.store.db.selectFrom('events').select(['id', 'title']).where('rrule', 'is not', null).where('deleted_at', 'is', null).execute();
  const from = demo.window.from;
  const to62 = new Date(Date.parse(from) + 62 * 86_400_000).toISOString().replace('.000Z', 'Z');
  const to366 = new Date(Date.parse(from) + 366 * 86_400_000).toISOString().replace('.000Z', 'Z');
  const runs: [string, string[]][] = [
    [`GET /series/{id} (${series.length} series)`, series.map((s) => `/api/v1/series/${s.id}`)],
    ['GET /series/{id}/occurrences, 62 days', series.map((s) => `/api/v1/series/${s.id}/occurrences?from=${from}&to=${to62}`)],
    ['GET /series/{id}/occurrences, 366 days', series.map((s) => `/api/v1/series/${s.id}/occurrences?from=${from}&to=${to366}`)],
  ];
  for (const [name, paths] of runs) {
    const r = await load(address, { seconds: SECONDS, connections: CONNECTIONS, headers, paths });
    console.log(`${label.padEnd(9)} ${name.padEnd(42)} ${String(r.rps).padStart(6)} req/s  p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(4)} ms  ${(r.rps / ceiling).toFixed(2)}× bare Fastify`);
  }
  await app.close();
  await rt.close();
}

const ceiling = await fastifyCeiling(SECONDS, CONNECTIONS);
console.log(`bare Fastify with a response schema: ${ceiling} req/s (${CONNECTIONS} connections, ${SECONDS} s per run)`);
await benchEngine('pglite', await openStore({ databaseUrl: null, dataDir: null }), ceiling);
const pgStore = await postgresStore();
if (pgStore) await benchEngine('postgres', pgStore, ceiling);
else console.log(`postgres  skipped: nothing answered at ${hidePassword(PG_URL)}`);
