import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { covers } from '../../src/domain/calendar-horizon.js';
import type { WindowItem } from '../../src/domain/calendar-view.js';
import { fixedClock } from '../../src/domain/clock.js';
import { expandSeries } from '../../src/domain/recurrence.js';
import { cancelEvent, cancelOccurrence, deleteEvent, deleteOccurrence, editOccurrence, restoreOccurrence, updateEvent } from '../../src/services/calendar-events.js';
import { expandedPage } from '../../src/services/calendar-window.js';
import { createOwner } from '../../src/services/owners.js';
import { ServiceError } from '../../src/domain/service-error.js';
import type { Store } from '../../src/store/db.js';
import { calendarPageRows, horizonOf, type PageQuery } from '../../src/store/repos/occurrences.js';
import { ENGINES, openTestStore } from '../helpers/engines.js';
import { seedEvent, seedOverride } from '../helpers/seed-events.js';
import { propertyRuns } from '../helpers/property-runs.js';

// The materialised rows must list exactly what expanding the stored events lists (the reference
// path, today's calendarWindow), page by page, for random series, overrides, edits, zones and
// windows. 2026-03-20 is the clock: the horizon runs from 2025-03-19 to 2028-03-20. Windows and
// series start on DST days of both hemispheres (Berlin 03-29 / 10-25, New York 03-08 / 11-01,
// Sydney 04-05 / 10-04, Lord Howe's half hour, São Paulo without DST since 2019).

const NOW = '2026-03-20T10:00:00Z';
const DAY = 86_400_000;
const ZONES = ['Europe/Berlin', 'America/New_York', 'Australia/Sydney', 'Australia/Lord_Howe', 'America/Sao_Paulo', 'Asia/Kolkata', 'UTC', 'Pacific/Chatham'];
const ANCHORS = ['2026-03-29T00:30:00Z', '2026-10-25T00:30:00Z', '2026-03-08T06:30:00Z', '2026-11-01T05:30:00Z', '2026-04-04T15:30:00Z', '2026-10-03T15:30:00Z', '2025-06-01T00:00:00Z', '2027-02-10T12:00:00Z'];
const RULES = [
  'FREQ=DAILY', 'FREQ=DAILY;INTERVAL=3;COUNT=40', 'FREQ=WEEKLY;BYDAY=MO,WE,FR', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SU',
  'FREQ=MONTHLY;BYMONTHDAY=31', 'FREQ=MONTHLY;BYDAY=-1FR', 'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1', 'FREQ=YEARLY',
  'FREQ=WEEKLY;UNTIL=20261231T235959Z', 'FREQ=DAILY;UNTIL=20260415', 'FREQ=HOURLY;INTERVAL=7;COUNT=300',
  // Recurrence sets (migration 0012): two rules, and DTSTART with RDATEs only (each series gets RDATEs).
  'FREQ=WEEKLY;BYDAY=MO;COUNT=30\nFREQ=MONTHLY;BYMONTHDAY=15', '',
];
const LENGTHS = [0, 15, 60, 61, 90, 240, 241, 24 * 60, 26 * 60, 26 * 60 + 1, 36 * 60, 3 * 24 * 60 + 30, 8 * 24 * 60, 8 * 24 * 60 + 1, 20 * 24 * 60];

interface SeriesSpec { zone: number; anchor: number; shiftHours: number; rule: number; length: number; allDay: boolean; single: boolean; deleted: boolean; updatedDay: number; rdays: number[] }
interface OverrideSpec { series: number; pick: number; kind: 'move' | 'cancel' | 'delete' | 'title' | 'range' | 'switch'; hours: number }
interface EditSpec { series: number; pick: number; kind: 'cancelOccurrence' | 'restoreOccurrence' | 'deleteOccurrence' | 'retitleOccurrence' | 'cancelEvent' | 'deleteEvent' | 'retitleEvent' }
interface WindowSpec { anchor: number; shiftDays: number; days: number; limit: number; updatedSince: number | null; includeDeleted: boolean }

const seriesArb: fc.Arbitrary<SeriesSpec> = fc.record({
  zone: fc.nat(ZONES.length - 1), anchor: fc.nat(ANCHORS.length - 1), shiftHours: fc.integer({ min: -400, max: 400 }), rule: fc.nat(RULES.length - 1),
  length: fc.nat(LENGTHS.length - 1), allDay: fc.boolean(), single: fc.boolean(), deleted: fc.nat(9).map((k) => k < 2), updatedDay: fc.nat(20),
  rdays: fc.array(fc.integer({ min: -10, max: 90 }), { maxLength: 3 }),
});
const overrideArb: fc.Arbitrary<OverrideSpec> = fc.record({
  series: fc.nat(20), pick: fc.nat(50), kind: fc.constantFrom('move' as const, 'cancel' as const, 'delete' as const, 'title' as const, 'range' as const, 'switch' as const),
  hours: fc.integer({ min: -72, max: 72 }),
});
const editArb: fc.Arbitrary<EditSpec> = fc.record({
  series: fc.nat(20), pick: fc.nat(50),
  kind: fc.constantFrom('cancelOccurrence' as const, 'restoreOccurrence' as const, 'deleteOccurrence' as const, 'retitleOccurrence' as const, 'cancelEvent' as const, 'deleteEvent' as const, 'retitleEvent' as const),
});
const windowArb: fc.Arbitrary<WindowSpec> = fc.record({
  anchor: fc.nat(ANCHORS.length - 1), shiftDays: fc.integer({ min: -20, max: 20 }), days: fc.integer({ min: 1, max: 62 }), limit: fc.integer({ min: 1, max: 30 }),
  updatedSince: fc.option(fc.nat(25), { nil: null }), includeDeleted: fc.boolean(),
});

const scenarioArb = fc.record({
  series: fc.array(seriesArb, { minLength: 1, maxLength: 8 }),
  overrides: fc.array(overrideArb, { maxLength: 8 }),
  edits: fc.array(editArb, { maxLength: 4 }),
  windows: fc.array(windowArb, { minLength: 1, maxLength: 4 }),
});

const day = (n: number) => new Date(Date.parse('2026-02-25T00:00:00Z') + n * DAY);

/** Local calendar date of an instant in a zone (for all-day events). */
function localDate(ms: number, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(ms));
}

function midnight(date: string, zone: string): number {
  // The first instant whose local date is `date`: search the 48 hours around UTC midnight by the hour, then the minute.
  const base = Date.parse(`${date}T00:00:00Z`);
  let t = base - 26 * 3_600_000;
  while (localDate(t, zone) < date) t += 3_600_000;
  t -= 3_600_000;
  while (localDate(t, zone) < date) t += 60_000;
  return t;
}

async function pagedRows(store: Store, ownerId: string, q: Omit<PageQuery, 'after' | 'limit'>, limit: number): Promise<WindowItem[]> {
  const all: WindowItem[] = [];
  let position: PageQuery['after'] = null;
  for (let guard = 0; guard < 10_000; guard++) {
    const page = await calendarPageRows(store.db, ownerId, { ...q, after: position, limit });
    assert.ok(page, 'the window is inside the horizon');
    all.push(...page);
    if (page.length < limit) return all;
    const last = page[page.length - 1]!;
    position = { at: last.start, id: last.id };
  }
  throw new Error('paging did not end');
}

for (const engine of ENGINES) {
  describe(`materialised occurrences on ${engine}`, () => {
    let store: Store;
    before(async () => { store = await openTestStore(engine); });
    after(async () => { await store.close(); });

    it('list exactly what expanding the events lists, page by page, over random series, overrides, edits, zones and windows', async () => {
      let n = 0;
      await fc.assert(fc.asyncProperty(scenarioArb, async (sc) => {
        const clock = fixedClock(NOW);
        const owner = await createOwner(store.db, clock, { username: `prop-${engine}-${process.pid}-${n++}`, displayName: 'P', timezone: 'Europe/Berlin' });
        const env = { db: store.db, clock };
        const ref = { id: owner.id, timezone: owner.timezone };
        const ids: string[] = [];
        for (const s of sc.series) {
          const zone = ZONES[s.zone]!;
          const startMs = Date.parse(ANCHORS[s.anchor]!) + s.shiftHours * 3_600_000;
          const minutes = LENGTHS[s.length]!;
          const rrule = s.single ? null : RULES[s.rule]!;
          const allDay = s.allDay && (rrule === null || !rrule.includes('HOURLY'));
          const updatedAt = day(s.updatedDay).toISOString();
          // RDATEs: days after (or before) DTSTART at its time; a PERIOD of 45 minutes for a timed one every other time.
          const rdates = rrule === null ? [] : s.rdays.map((d, i) => {
            const at = new Date(startMs + d * DAY + (i % 2) * 3_600_000).toISOString().replace('.000Z', 'Z');
            return !allDay && i % 2 === 1 ? `${at}/${new Date(Date.parse(at) + 45 * 60_000).toISOString().replace('.000Z', 'Z')}` : at;
          });
          if (allDay) {
            const startDate = localDate(startMs, zone);
            const days = Math.max(1, Math.round(minutes / (24 * 60)));
            const endDate = localDate(Date.parse(`${startDate}T12:00:00Z`) + days * DAY, 'UTC');
            ids.push(await seedEvent(store.db, owner.id, {
              start: new Date(midnight(startDate, zone)).toISOString(), end: new Date(midnight(endDate, zone)).toISOString(), allDay: true, startDate, endDate,
              timezone: zone, rrule, rdates, updatedAt, deletedAt: s.deleted ? '2026-03-15T00:00:00Z' : null,
            }));
          } else {
            ids.push(await seedEvent(store.db, owner.id, {
              start: new Date(startMs).toISOString(), end: new Date(startMs + minutes * 60_000).toISOString(), timezone: zone, rrule, rdates, updatedAt,
              deletedAt: s.deleted ? '2026-03-15T00:00:00Z' : null, calendar: s.updatedDay % 2 === 0 ? 'personal' : 'work',
            }));
          }
        }
        // Overrides on real occurrences (their original starts as the rule places them).
        const occurrencesOf = async (id: string) => {
          const row = await store.db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
          if (row.rrule === null) return [];
          return expandSeries({ id, start: row.start_at, end: row.end_at, allDay: row.all_day, startDate: row.start_date, endDate: row.end_date, timezone: row.timezone, rrule: row.rrule, exdates: row.exdates, rdates: row.rdates },
            [], { from: new Date(Date.parse(NOW) - 300 * DAY), to: new Date(Date.parse(NOW) + 400 * DAY) });
        };
        const used = new Set<string>();
        for (const o of sc.overrides) {
          const id = ids[o.series % ids.length]!;
          const occ = await occurrencesOf(id);
          if (occ.length === 0) continue;
          const target = occ[o.pick % occ.length]!;
          if (used.has(`${id}@${target.originalStart}`)) continue;
          used.add(`${id}@${target.originalStart}`);
          const shifted = (d: Date) => new Date(d.getTime() + o.hours * 3_600_000).toISOString();
          await seedOverride(store.db, owner.id, id, {
            originalStart: target.originalStart,
            ...(o.kind === 'move' ? { start: shifted(target.start), end: shifted(target.end) } : {}),
            ...(o.kind === 'cancel' ? { cancelled: true } : {}),
            ...(o.kind === 'delete' ? { deletedAt: '2026-03-12T00:00:00Z' } : {}),
            ...(o.kind === 'title' ? { title: 'Changed' } : {}),
            ...(o.kind === 'range' ? { start: shifted(target.start), end: shifted(new Date(target.start.getTime() + 30 * 60_000)), title: 'From here on', thisAndFuture: true } : {}),
            ...(o.kind === 'switch' ? (target.allDay
              ? { start: shifted(target.start), end: shifted(new Date(target.start.getTime() + 3_600_000)), allDay: false }
              : { start: target.start.toISOString(), end: new Date(target.start.getTime() + DAY).toISOString(), allDay: true, startDate: target.start.toISOString().slice(0, 10), endDate: new Date(target.start.getTime() + DAY).toISOString().slice(0, 10) }) : {}),
          });
        }
        // Edits through the service, as the console makes them.
        for (const e of sc.edits) {
          const id = ids[e.series % ids.length]!;
          const occ = await occurrencesOf(id);
          const occurrenceId = occ.length > 0 ? `${id}@${occ[e.pick % occ.length]!.originalStart}` : id;
          try {
            if (e.kind === 'cancelOccurrence') await cancelOccurrence(env, ref, occurrenceId);
            if (e.kind === 'restoreOccurrence') await restoreOccurrence(env, ref, occurrenceId);
            if (e.kind === 'deleteOccurrence') await deleteOccurrence(env, ref, occurrenceId);
            if (e.kind === 'retitleOccurrence') await editOccurrence(env, ref, occurrenceId, { title: 'Renamed one' });
            if (e.kind === 'cancelEvent') await cancelEvent(env, ref, id);
            if (e.kind === 'deleteEvent') await deleteEvent(env, ref, id);
            if (e.kind === 'retitleEvent') {
              const row = await store.db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
              if (!row.all_day) {
                const local = (d: Date) => new Intl.DateTimeFormat('sv-SE', { timeZone: row.timezone, dateStyle: 'short', timeStyle: 'short' }).format(d).replace(' ', 'T');
                await updateEvent(env, ref, id, { title: 'Renamed all', calendar: 'personal', times: { allDay: false, start: local(row.start_at), end: local(row.end_at) }, repeat: 'unchanged' });
              }
            }
          } catch (err) {
            // Refusals (an occurrence already deleted, a deleted event) are part of the game; faults are not.
            if (!(err instanceof ServiceError)) throw err;
          }
          clock.advance(60_000);
        }
        const horizon = (await horizonOf(store.db, owner.id))!;
        for (const w of sc.windows) {
          const from = new Date(Date.parse(ANCHORS[w.anchor]!) + w.shiftDays * DAY);
          const to = new Date(from.getTime() + w.days * DAY - (w.days === 62 ? 0 : 3_600_000));
          if (!covers(horizon, from, to)) continue;
          const q = {
            from, to,
            updatedSince: w.updatedSince === null ? null : day(w.updatedSince),
            deletedSince: w.includeDeleted ? new Date(Date.parse(NOW) - 30 * DAY) : null,
          };
          const expected = await expandedPage(store.db, owner.id, { ...q, after: null, limit: null });
          const actual = await pagedRows(store, owner.id, q, w.limit);
          assert.deepStrictEqual(actual, expected);
        }
      }), propertyRuns(`occurrences pages: ${engine}`, engine === 'pglite' ? 40 : 60));
    });
  });
}
