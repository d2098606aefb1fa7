// Availability: the pure engine and GET /availability for an owner with 2,000 busy intervals (1,950
// single events and 50 repeating series), 4 appointment types and 14-day windows that cross the
// October DST change, on PGlite and (when one answers) PostgreSQL; and free time of any length
// (GET /free-time) for the same owner, from the same engine and busy-time cache.
// Targets on a 2-core machine: engine p50 <= 2 ms (both answers), route >= 1,000 req/s.
//   npx tsx bench/availability.ts [--seconds 10] [--connections 50] [--iterations 400]
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { availabilityForDates } from '../src/domain/availability.js';
import { freeTimeForDates } from '../src/domain/free-time.js';
import { fixedClock } from '../src/domain/clock.js';
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/http/app.js';
import { openDeps } from '../src/deps.js';
import { setBookingSettings } from '../src/services/booking.js';
import { loadBusyTime } from '../src/services/busy-time.js';
import { createOwner } from '../src/services/owners.js';
import { createPersonalToken } from '../src/services/tokens.js';
import { migrate, openStore, type Db, type Store } from '../src/store/db.js';
import { insertEvents } from '../src/store/repos/event-changes.js';
import { arg, CountingButUnlimitedStore, fastifyCeiling, hidePassword, load, PG_URL, postgresStore } from './support.js';

const SECONDS = arg('seconds', 10);
const CONNECTIONS = arg('connections', 50);
const ITERATIONS = arg('iterations', 400);
const NOW = '2026-10-19T08:00:00Z';
const DAY = 86_400_000;
const WINDOWS = [['2026-10-19', '2026-11-01'], ['2026-10-26', '2026-11-08']] as const;

/** A small deterministic generator, so every run seeds the same calendar. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

async function seedOwner(db: Db, clock: ReturnType<typeof fixedClock>) {
  const owner = await createOwner(db, clock, { username: `bench-${randomUUID().slice(0, 8)}`, displayName: 'Bench', timezone: 'Europe/Berlin' });
  const calendar = (await db.selectFrom('calendars').select('id').where('owner_id', '=', owner.id).executeTakeFirstOrThrow()).id;
  const random = prng(42);
  const base = new Date(NOW).getTime() - 10 * DAY;
  const row = (start: number, minutes: number, rrule: string | null) => ({
    id: randomUUID(), owner_id: owner.id, calendar_id: calendar, title: 'Busy', start_at: new Date(start), end_at: new Date(start + minutes * 60_000),
    timezone: 'Europe/Berlin', rrule, created_at: clock.now(), updated_at: clock.now(),
  });
  const rows = [];
  for (let i = 0; i < 1950; i += 1) {
    // Spread over a year, on the quarter hour, 15 to 120 minutes long: about 5 a day.
    const start = base + Math.floor(random() * 365 * 96) * 15 * 60_000;
    rows.push(row(start, 15 * (1 + Math.floor(random() * 8)), null));
  }
  const rules = ['FREQ=WEEKLY;BYDAY=MO,WE', 'FREQ=DAILY;COUNT=40', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH', 'FREQ=MONTHLY;BYMONTHDAY=3,17', 'FREQ=DAILY;INTERVAL=3'];
  for (let i = 0; i < 50; i += 1) {
    const start = base + Math.floor(random() * 14 * 96) * 15 * 60_000;
    rows.push(row(start, 30 + 15 * Math.floor(random() * 4), rules[i % rules.length]!));
  }
  await insertEvents(db, owner.id, rows);
  const office = [['09:00', '12:00'], ['13:00', '18:00']];
  const settings = await setBookingSettings(db, clock, owner.id, {
    enabled: true,
    weeklyHours: { mon: office, tue: office, wed: office, thu: office, fri: [['09:00', '15:00']], sat: [['10:00', '14:00']] },
    minimumNoticeMinutes: 120,
    bookingWindowDays: 60,
    slotStepMinutes: 15,
    bufferBeforeMinutes: 5,
    bufferAfterMinutes: 10,
    holidays: { country: 'DE', region: 'BE' },
    appointmentTypes: [
      { name: 'Intro', durationMinutes: 20 },
      { name: 'Consultation', durationMinutes: 60, bufferBeforeMinutes: 15, bufferAfterMinutes: 15 },
      { name: 'Workshop', durationMinutes: 120, slotStepMinutes: 30 },
      { name: 'Evening call', durationMinutes: 30, weeklyHours: { mon: [['17:00', '21:00']], thu: [['17:00', '21:00']] } },
    ],
  });
  const token = (await createPersonalToken(db, clock, { ownerId: owner.id, name: 'bench', scopes: ['availability:read'], test: false, expiresInSeconds: null })).token;
  return { owner, typeIds: settings.appointmentTypes.map((t) => t.id), token };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function benchEngine(label: string, store: Store, ceiling: number) {
  const clock = fixedClock(NOW);
  await migrate(store);
  const rt = await openDeps(loadConfig({ LOG_LEVEL: 'silent' }), { clock, store, limits: new CountingButUnlimitedStore() });
  const { owner, typeIds, token } = await seedOwner(rt.store.db, clock);

  // The cold path: expanding and merging the owner's busy time from the database (once per change).
  const t0 = performance.now();
  const busy = await loadBusyTime(rt.store.db, owner.id, new Date(new Date(NOW).getTime() - DAY), new Date(new Date(NOW).getTime() + 63 * DAY));
  const coldMs = performance.now() - t0;
  console.log(`${label.padEnd(9)} busy time built from the database: ${busy.length} merged intervals in ${coldMs.toFixed(1)} ms`);

  // The pure function: the same rules the route uses (compiled by the service), busy time in memory.
  const compiled = [];
  for (const typeId of typeIds) compiled.push((await rt.availability.rulesFor(owner.id, typeId, clock.now()))!);
  if (label === 'pglite') {
    const times: number[] = [];
    let slots = 0;
    for (let i = 0; i < ITERATIONS * compiled.length * WINDOWS.length + 200; i += 1) {
      const rules = compiled[i % compiled.length]!;
      const [fromDate, toDate] = WINDOWS[i % WINDOWS.length]!;
      const t = performance.now();
      const answer = availabilityForDates(rules, busy, { fromDate, toDate, tz: i % 3 === 0 ? 'America/New_York' : 'Europe/Berlin', now: clock.now().getTime() });
      if (i >= 200) times.push(performance.now() - t); // the first 200 warm the JIT
      slots += answer.slots.length;
    }
    times.sort((a, b) => a - b);
    console.log(
      `engine    availabilityForDates, 14 days, 4 types: p50 ${percentile(times, 0.5).toFixed(3)} ms  p99 ${percentile(times, 0.99).toFixed(3)} ms  (${times.length} calls, ${Math.round(slots / times.length)} slots per answer; target p50 <= 2 ms)`,
    );
    // Free time: the owner's working time as the service compiles it, or none, over 14 and 62 dates.
    const hours = (await rt.availability.workingTimeFor(owner.id, clock.now()))!;
    for (const [what, working, span] of [['14 days, working hours', hours, 14], ['14 days, any hour', null, 14], ['62 days, working hours', hours, 62], ['62 days, any hour', null, 62]] as const) {
      const spent: number[] = [];
      let intervals = 0;
      for (let i = 0; i < ITERATIONS * 4 + 200; i += 1) {
        const fromDate = WINDOWS[i % WINDOWS.length]![0];
        const toDate = new Date(Date.parse(`${fromDate}T00:00:00Z`) + (span - 1) * DAY).toISOString().slice(0, 10);
        const t = performance.now();
        const free = freeTimeForDates(working, busy, { fromDate, toDate, tz: i % 3 === 0 ? 'America/New_York' : 'Europe/Berlin', now: clock.now().getTime(), minMinutes: i % 2 === 0 ? null : 20 });
        if (i >= 200) spent.push(performance.now() - t);
        intervals += free.length;
      }
      spent.sort((a, b) => a - b);
      console.log(
        `engine    freeTimeForDates, ${what.padEnd(22)} p50 ${percentile(spent, 0.5).toFixed(3)} ms  p99 ${percentile(spent, 0.99).toFixed(3)} ms  (${spent.length} calls, ${Math.round(intervals / spent.length)} intervals per answer; target p50 <= 2 ms)`,
      );
    }
  }

  const app = await buildApp(rt);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const paths = typeIds.flatMap((id) => WINDOWS.map(([from, to]) => `/api/v1/availability?appointmentTypeId=${id}&from=${from}&to=${to}&tz=Europe/Berlin`));
  const r = await load(address, { seconds: SECONDS, connections: CONNECTIONS, headers: { authorization: `Bearer ${token}` }, paths });
  console.log(
    `${label.padEnd(9)} GET /availability (4 types × 2 windows) ${String(r.rps).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  ${(r.rps / ceiling).toFixed(2)}× bare Fastify (target >= 1,000 req/s)`,
  );
  const freePaths = WINDOWS.flatMap(([from, to]) => ['true', 'false'].map((hours) => `/api/v1/free-time?from=${from}&to=${to}&tz=Europe/Berlin&workingHours=${hours}`));
  const f = await load(address, { seconds: SECONDS, connections: CONNECTIONS, headers: { authorization: `Bearer ${token}` }, paths: freePaths });
  console.log(
    `${label.padEnd(9)} GET /free-time (2 windows × hours or not) ${String(f.rps).padStart(6)} req/s  p50 ${f.p50} ms  p99 ${f.p99} ms  ${(f.rps / ceiling).toFixed(2)}× bare Fastify (target >= 1,000 req/s)`,
  );
  await app.close();
  await rt.close();
}

const ceiling = await fastifyCeiling(SECONDS, CONNECTIONS);
console.log(`bare Fastify with a response schema: ${ceiling} req/s (${CONNECTIONS} connections, ${SECONDS} s per run)`);
await benchEngine('pglite', await openStore({ databaseUrl: null, dataDir: null }), ceiling);
const pgStore = await postgresStore();
if (pgStore) await benchEngine('postgres', pgStore, ceiling);
else console.log(`postgres  skipped: nothing answered at ${hidePassword(PG_URL)}`);
