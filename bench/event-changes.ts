// The events change feed (docs/sync.md) for a big owner: 10,000 single events and 200 weekly
// series, on PGlite and (when one answers) PostgreSQL, in-process (app.inject, no sockets):
// - a full sync, every page of 100 (ms in all, ms a page);
// - a quiet poll: a round from a token when nothing changed (one page, the same token back);
// - a round after 10 changes;
// - beside it, what "has anything changed?" cost before: GET /events over 62 days with updatedSince.
// Reports p50 of `--iterations` calls (µs) and the ratios.
//   npx tsx bench/event-changes.ts [--iterations 300]
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { fixedClock } from '../src/domain/clock.js';
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/http/app.js';
import { openDeps } from '../src/deps.js';
import { createOwner } from '../src/services/owners.js';
import { createPersonalToken } from '../src/services/tokens.js';
import { migrate, openStore, type Store } from '../src/store/db.js';
import { insertEvents, updateEventRow, type NewEventRow } from '../src/store/repos/event-changes.js';
import { arg, CountingButUnlimitedStore, hidePassword, median, PG_URL, postgresStore } from './support.js';

const ITERATIONS = arg('iterations', 300);
const NOW = '2026-10-19T08:00:00Z';
const SINGLES = 10_000;
const SERIES = 200;

async function benchEngine(label: string, store: Store) {
  await migrate(store);
  const clock = fixedClock(NOW);
  const rt = await openDeps(loadConfig({ LOG_LEVEL: 'silent' }), { store, clock, limits: new CountingButUnlimitedStore() });
  const db = rt.store.db;
  const owner = await createOwner(db, clock, { username: `bench-${randomUUID().slice(0, 8)}`, displayName: 'Bench', timezone: 'Europe/Berlin' });
  const calendar = (await db.selectFrom('calendars').select('id').where('owner_id', '=', owner.id).executeTakeFirstOrThrow()).id;
  const now = clock.now();
  const rows: NewEventRow[] = [];
  const base = Date.parse('2026-01-01T08:00:00Z');
  for (let i = 0; i < SINGLES + SERIES; i++) {
    const start = new Date(base + i * 2 * 3_600_000);
    const end = new Date(start.getTime() + 3_600_000);
    const series = i < SERIES;
    rows.push({
      id: randomUUID(), owner_id: owner.id, calendar_id: calendar, title: series ? `Weekly ${i}` : `Meeting ${i}`, start_at: start, end_at: end,
      start_date: null, end_date: null, timezone: 'Europe/Berlin', location: null, url: null, notes: null, participants: JSON.stringify([]),
      rrule: series ? 'FREQ=WEEKLY' : null, series_until: series ? null : end, request_id: null, created_at: now, updated_at: now, deleted_at: null,
    });
  }
  await db.transaction().execute((trx) => insertEvents(trx, owner.id, rows));
  const { token } = await createPersonalToken(db, clock, { ownerId: owner.id, name: 'bench', scopes: ['events:read'], test: false, expiresInSeconds: null });
  const app = await buildApp(rt);
  const headers = { authorization: `Bearer ${token}` };
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json() as { nextCursor: string | null; nextSyncToken: string | null };
  };
  const timed = async (url: () => string) => {
    const us: number[] = [];
    for (let i = 0; i < ITERATIONS; i++) {
      const t = performance.now();
      await get(url());
      us.push((performance.now() - t) * 1000);
    }
    return median(us);
  };

  // A full sync, page after page.
  let t = performance.now();
  let pages = 0;
  let cursor: string | null = null;
  let syncToken = '';
  do {
    const page = await get(`/api/v1/events/changes?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
    pages += 1;
    cursor = page.nextCursor;
    if (page.nextSyncToken) syncToken = page.nextSyncToken;
  } while (cursor);
  const fullMs = performance.now() - t;

  const quiet = await timed(() => `/api/v1/events/changes?syncToken=${syncToken}`);
  // Ten changes, then the round that brings them (each iteration changes ten rows first, untimed).
  const ids = rows.slice(SERIES, SERIES + 10).map((r) => r.id);
  const changedUs: number[] = [];
  for (let i = 0; i < Math.min(ITERATIONS, 100); i++) {
    await db.transaction().execute(async (trx) => {
      for (const id of ids) await updateEventRow(trx, owner.id, id, { title: `Renamed ${i}`, updated_at: clock.now() });
    });
    t = performance.now();
    const page = await get(`/api/v1/events/changes?syncToken=${syncToken}`);
    changedUs.push((performance.now() - t) * 1000);
    syncToken = page.nextSyncToken!;
  }
  const changed = median(changedUs);
  const window = await timed(() => `/api/v1/events?from=2026-10-19T00:00:00Z&to=2026-12-20T00:00:00Z&updatedSince=${encodeURIComponent(NOW)}&limit=100`);

  console.log(`${label.padEnd(9)} full sync of ${SINGLES + SERIES} rows: ${fullMs.toFixed(0)} ms in ${pages} pages (${(fullMs / pages).toFixed(1)} ms a page of 100)`);
  console.log(`${label.padEnd(9)} quiet poll (nothing changed)      p50 ${quiet.toFixed(0).padStart(5)} µs`);
  console.log(`${label.padEnd(9)} round after 10 changes            p50 ${changed.toFixed(0).padStart(5)} µs`);
  console.log(`${label.padEnd(9)} GET /events 62 days, updatedSince p50 ${window.toFixed(0).padStart(5)} µs  (${(window / quiet).toFixed(1)}× a quiet poll)`);
  await app.close();
  await rt.close();
}

await benchEngine('pglite', await openStore({ databaseUrl: null, dataDir: null }));
const pgStore = await postgresStore();
if (pgStore) await benchEngine('postgres', pgStore);
else console.log(`postgres  skipped: nothing answered at ${hidePassword(PG_URL)}`);
