import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fixedClock } from '../../src/domain/clock.js';
import { createOwner } from '../../src/services/owners.js';
import { calendarPage, expandedPage } from '../../src/services/calendar-window.js';
import type { Store } from '../../src/store/db.js';
import { findJobByKey } from '../../src/store/repos/jobs.js';
import { horizonOf } from '../../src/store/repos/occurrences.js';
import { CALENDAR_HORIZON, calendarHorizonKind, scheduleHorizons } from '../../src/services/calendar-horizon.js';
import type { JobRow } from '../../src/store/schema.js';
import { ENGINES, openTestStore } from '../helpers/engines.js';
import { seedEvent, seedOverride } from '../helpers/seed-events.js';

// The clock starts on 2026-03-20; Berlin moves to summer time on 2026-03-29 and back on 2026-10-25.
const NOW = '2026-03-20T10:00:00Z';
const DAY = 86_400_000;

function runJob(store: Store, ownerId: string, now: Date) {
  const job = { key: ownerId } as JobRow;
  return calendarHorizonKind(store.db).run(job, { now, clock: fixedClock(now), signal: new AbortController().signal });
}

const window = (from: string, days: number) => ({ from: new Date(from), to: new Date(Date.parse(from) + days * DAY), updatedSince: null, deletedSince: null, after: null, limit: null });

for (const engine of ENGINES) {
  describe(`the calendar horizon job on ${engine}`, () => {
    let store: Store;
    let n = 0;
    before(async () => { store = await openTestStore(engine); });
    after(async () => { await store.close(); });

    async function ownerWithWeekly() {
      const clock = fixedClock(NOW);
      const owner = await createOwner(store.db, clock, { username: `hz-${engine}-${process.pid}-${n++}`, displayName: 'H', timezone: 'Europe/Berlin' });
      const series = await seedEvent(store.db, owner.id, { start: '2026-03-16T08:00:00Z', end: '2026-03-16T09:00:00Z', rrule: 'FREQ=WEEKLY;BYDAY=MO,TH', timezone: 'Europe/Berlin' });
      await seedOverride(store.db, owner.id, series, { originalStart: '2026-03-30T07:00:00Z', start: '2026-03-31T15:00:00Z', end: '2026-03-31T16:00:00Z' });
      await seedEvent(store.db, owner.id, { start: '2026-03-25T12:00:00Z', end: '2026-03-25T13:00:00Z' });
      return { owner, series };
    }

    it('builds the rows of an owner who had events before they were materialised, and reads them only once ready', async () => {
      const { owner } = await ownerWithWeekly();
      // As a database migrated from before 0008: events, but no horizon and no rows.
      await store.db.deleteFrom('event_occurrences').where('owner_id', '=', owner.id).execute();
      await store.db.deleteFrom('event_horizons').where('owner_id', '=', owner.id).execute();
      const w = window('2026-03-23T00:00:00Z', 14);
      const expected = await expandedPage(store.db, owner.id, w);
      assert.equal(expected.length, 5); // Mar 23, 25 (single), 26, Mar 30 moved to the 31st, Apr 2
      // Before the build the window is expanded on the fly: same answer.
      assert.deepStrictEqual(await calendarPage(store.db, owner.id, w), expected);

      const now = new Date(NOW);
      assert.ok((await scheduleHorizons(store.db, now)) >= 1);
      assert.ok(await findJobByKey(store.db, CALENDAR_HORIZON, owner.id), 'housekeeping asked for a build');
      await runJob(store, owner.id, now);
      const h = (await horizonOf(store.db, owner.id))!;
      assert.equal(h.readyUntil?.toISOString(), '2028-03-20T10:00:00.000Z');
      assert.equal(h.from.toISOString(), '2025-03-19T10:00:00.000Z');
      const rows = await store.db.selectFrom('event_occurrences').select('id').where('owner_id', '=', owner.id).execute();
      assert.ok(rows.length > 200, `Mondays and Thursdays for two years, got ${rows.length}`);
      assert.deepStrictEqual(await calendarPage(store.db, owner.id, w), expected);
    });

    it('moves the horizon forward a month at a time as the clock passes, keeping local times across DST', async () => {
      const { owner, series } = await ownerWithWeekly();
      const later = new Date(Date.parse(NOW) + 40 * DAY);
      // A window just past the first horizon's end: expanded on the fly until the job has run.
      const beyond = window('2028-03-20T00:00:00Z', 14);
      const expected = await expandedPage(store.db, owner.id, beyond);
      assert.ok(expected.length >= 4);
      assert.equal(expected[0]!.id.startsWith(series), true);
      assert.equal((await scheduleHorizons(store.db, new Date(NOW))) >= 0, true);
      assert.equal(await findJobByKey(store.db, CALENDAR_HORIZON, owner.id), null, 'a fresh horizon needs nothing');

      await scheduleHorizons(store.db, later);
      assert.ok(await findJobByKey(store.db, CALENDAR_HORIZON, owner.id), '40 days later the horizon is due');
      await runJob(store, owner.id, later);
      const h = (await horizonOf(store.db, owner.id))!;
      assert.equal(h.readyUntil?.toISOString(), new Date(later.getTime() + 731 * DAY).toISOString());
      const rows = await store.db.selectFrom('event_occurrences').select(['id', 'start_at']).where('event_id', '=', series)
        .where('start_at', '>=', new Date('2028-03-20T00:00:00Z')).where('start_at', '<', new Date('2028-04-03T00:00:00Z')).orderBy('start_at').execute();
      // Mondays and Thursdays 09:00 Berlin: CET (+1) until 2028-03-26, CEST (+2) after.
      assert.deepEqual(rows.map((r) => r.start_at.toISOString()), [
        '2028-03-20T08:00:00.000Z', '2028-03-23T08:00:00.000Z', '2028-03-27T07:00:00.000Z', '2028-03-30T07:00:00.000Z',
      ]);
      assert.deepStrictEqual(await calendarPage(store.db, owner.id, beyond), expected);
    });

    it('keeps a series too dense for the rows whole up to where it was cut, and expands windows past that', async () => {
      const clock = fixedClock(NOW);
      const owner = await createOwner(store.db, clock, { username: `hz-dense-${engine}-${process.pid}-${n++}`, displayName: 'D', timezone: 'UTC' });
      await seedEvent(store.db, owner.id, { start: '2026-03-01T00:00:00Z', end: '2026-03-01T00:05:00Z', rrule: 'FREQ=MINUTELY;INTERVAL=30', timezone: 'UTC' });
      const h = (await horizonOf(store.db, owner.id))!;
      // The 10,000th half-hour from 2026-03-01 starts 9,999 x 30 min later, on 2026-09-25 at 07:30: rows are complete before it.
      assert.equal(h.readyUntil?.toISOString(), '2026-09-25T07:30:00.000Z');
      const inside = window('2026-06-01T00:00:00Z', 2);
      const outside = window('2026-10-01T00:00:00Z', 2);
      assert.deepStrictEqual(await calendarPage(store.db, owner.id, inside), await expandedPage(store.db, owner.id, inside));
      const past = await calendarPage(store.db, owner.id, outside);
      assert.equal(past.length, 96);
      assert.deepStrictEqual(past, await expandedPage(store.db, owner.id, outside));
    });
  });
}
