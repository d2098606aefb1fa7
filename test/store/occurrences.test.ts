import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fixedClock } from '../../src/domain/clock.js';
import { calendarPage, expandedPage } from '../../src/services/calendar-window.js';
import { createOwner } from '../../src/services/owners.js';
import type { Store } from '../../src/store/db.js';
import { calendarPageRows } from '../../src/store/repos/occurrences.js';
import { ENGINES, openTestStore } from '../helpers/engines.js';
import { seedEvent } from '../helpers/seed-events.js';

// Window from 2026-10-25T00:00Z (Berlin leaves summer time at 01:00Z that morning) for two days.
const NOW = '2026-10-20T12:00:00Z';
const FROM = Date.parse('2026-10-25T00:00:00Z');
const MIN = 60_000;
const HOUR = 60 * MIN;

for (const engine of ENGINES) {
  describe(`the materialised calendar on ${engine}`, () => {
    let store: Store;
    let n = 0;
    before(async () => { store = await openTestStore(engine); });
    after(async () => { await store.close(); });

    const owner = () => createOwner(store.db, fixedClock(NOW), { username: `occ-${engine}-${process.pid}-${n++}`, displayName: 'O', timezone: 'Europe/Berlin' });
    const q = (limit: number | null) => ({ from: new Date(FROM), to: new Date(FROM + 48 * HOUR), updatedSince: null, deletedSince: null, after: null, limit });

    it('lists an event of every length that started just before the window and runs into it, and none that ended at its start', async () => {
      const o = await owner();
      // The longest of each kind of row (1 h, 4 h, 26 h, 8 days) and longer, each ending one minute into the window.
      const lengths = [HOUR, 4 * HOUR, 26 * HOUR, 8 * 24 * HOUR, 8 * 24 * HOUR + MIN, 40 * 24 * HOUR];
      const running = [];
      for (const length of lengths) {
        running.push(await seedEvent(store.db, o.id, { title: `${length / MIN} min`, start: new Date(FROM + MIN - length).toISOString(), end: new Date(FROM + MIN).toISOString() }));
        // The same length ending exactly where the window starts: not in it.
        await seedEvent(store.db, o.id, { title: 'ended', start: new Date(FROM - length).toISOString(), end: new Date(FROM).toISOString() });
      }
      const page = (await calendarPageRows(store.db, o.id, q(null)))!;
      assert.deepEqual(page.map((i) => i.id).sort(), [...running].sort());
      // In (start, id) order: the longest started first.
      assert.deepEqual(page.map((i) => i.id), [...running].reverse());
      assert.deepStrictEqual(page, await expandedPage(store.db, o.id, q(null)));
    });

    it('lists an instant (start = end) at the window start, and not one at its end', async () => {
      const o = await owner();
      const at = await seedEvent(store.db, o.id, { title: 'at start', start: new Date(FROM).toISOString(), end: new Date(FROM).toISOString() });
      await seedEvent(store.db, o.id, { title: 'at end', start: new Date(FROM + 48 * HOUR).toISOString(), end: new Date(FROM + 48 * HOUR).toISOString() });
      assert.deepEqual((await calendarPage(store.db, o.id, q(null))).map((i) => i.id), [at]);
    });

    it('keeps a Berlin all-day series at local midnight across the October change (a 25-hour day) in the rows', async () => {
      const o = await owner();
      const id = await seedEvent(store.db, o.id, {
        start: '2026-10-23T22:00:00Z', end: '2026-10-24T22:00:00Z', allDay: true, startDate: '2026-10-24', endDate: '2026-10-25', rrule: 'FREQ=DAILY', timezone: 'Europe/Berlin',
      });
      const page = await calendarPage(store.db, o.id, q(2));
      assert.deepEqual(page.map((i) => (i.kind === 'event' ? [i.id, i.view.start.toISOString(), i.view.end.toISOString(), i.view.startDate] : null)), [
        // Oct 25 starts at 00:00 CEST (22:00Z the day before) and is 25 hours long, to 00:00 CET on Oct 26 (23:00Z).
        [`${id}@2026-10-24T22:00:00Z`, '2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z', '2026-10-25'],
        [`${id}@2026-10-25T23:00:00Z`, '2026-10-25T23:00:00.000Z', '2026-10-26T23:00:00.000Z', '2026-10-26'],
      ]);
    });
  });
}
