// The console calendar's time grid alone (src/domain/calendar-grid.ts): the layout of a week and of
// a day, empty and with 60 events (a busy week, overlaps included), in Europe/Berlin on an ordinary
// week and on the week of the October DST change (a 25-hour day), and in America/New_York.
// Prints µs per layout, the best of several rounds (load from other processes disturbs it least).
//   npx tsx bench/calendar-grid.ts [--ms 300] [--rounds 10]
import { performance } from 'node:perf_hooks';
import { layoutGrid, type GridItem } from '../src/domain/calendar-grid.js';
import { arg } from './support.js';

const BUDGET_MS = arg('ms', 300);
const ROUNDS = arg('rounds', 10);
const week = (monday: string) => Array.from({ length: 7 }, (_, i) => new Date(Date.parse(`${monday}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10));
/** 60 events over the week: 8 a day from 08:00 every 75 minutes, 45 to 120 minutes long (overlapping), and 4 all-day. */
function busy(monday: string): GridItem[] {
  const base = Date.parse(`${monday}T07:00:00Z`);
  const timed = Array.from({ length: 56 }, (_, i) => {
    const start = base + Math.floor(i / 8) * 86_400_000 + (i % 8) * 75 * 60_000;
    return { start: new Date(start), end: new Date(start + (45 + (i % 4) * 25) * 60_000), allDay: false };
  });
  const allDay = week(monday).slice(0, 4).map((d, i) => ({ start: new Date(`${d}T00:00:00Z`), end: new Date(`${d}T00:00:00Z`), allDay: true, startDate: d, endDate: week(monday)[i + 1]! }));
  return [...timed, ...allDay];
}

const cases = [
  { name: 'week, Berlin, empty', dates: week('2026-06-08'), zone: 'Europe/Berlin', items: [] as GridItem[] },
  { name: 'week, Berlin, 60 events', dates: week('2026-06-08'), zone: 'Europe/Berlin', items: busy('2026-06-08') },
  { name: 'week, Berlin, 25-hour day, 60 events', dates: week('2026-10-19'), zone: 'Europe/Berlin', items: busy('2026-10-19') },
  { name: 'week, New York, 60 events', dates: week('2026-06-08'), zone: 'America/New_York', items: busy('2026-06-08') },
  { name: 'day, Berlin, 8 events', dates: ['2026-06-08'], zone: 'Europe/Berlin', items: busy('2026-06-08').slice(0, 8) },
];
const now = new Date('2026-06-10T12:00:00Z');
for (const c of cases) {
  let best = Infinity;
  for (let r = 0; r < ROUNDS; r++) {
    let n = 0;
    const t0 = performance.now();
    while (performance.now() - t0 < BUDGET_MS / ROUNDS) {
      layoutGrid(c.dates, c.zone, c.items, now);
      n += 1;
    }
    best = Math.min(best, ((performance.now() - t0) * 1000) / n);
  }
  console.log(`${c.name.padEnd(40)} ${best.toFixed(0).padStart(6)} µs`);
}
