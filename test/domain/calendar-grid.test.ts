import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { assignLanes, layoutGrid, type GridItem } from '../../src/domain/calendar-grid.js';

interface Ev extends GridItem {
  id: string;
}
const at = (iso: string) => new Date(iso);
const timed = (id: string, start: string, end: string): Ev => ({ id, start: at(start), end: at(end), allDay: false });
const allDay = (id: string, startDate: string, endDate: string, zone: string): Ev => ({ id, start: at(`${startDate}T00:00:00Z`), end: at(`${endDate}T00:00:00Z`), allDay: true, startDate, endDate, timezone: zone } as Ev);
const NOON = at('2026-03-25T12:00:00Z');
const hhmm = (wall: number) => `${String(Math.floor(wall / 60)).padStart(2, '0')}:${String(wall % 60).padStart(2, '0')}`;
/** Where each item stands: id, first row's wall time (with a fold mark), rows, lane/lanes. */
function where<T extends Ev>(grid: ReturnType<typeof layoutGrid<T>>, day: number) {
  return grid.days[day]!.placed.map((p) => {
    const row = grid.axis[p.row]!;
    return [p.item.id, `${hhmm(row.wall)}${row.fold ? "'" : ''}`, p.span, `${p.lane}/${p.lanes}`];
  });
}

describe('the time grid of the console calendar', () => {
  it('an ordinary day has 96 rows of 15 minutes; an event stands at its start for its length', () => {
    const g = layoutGrid(['2026-03-25'], 'Europe/Berlin', [timed('a', '2026-03-25T09:00:00Z', '2026-03-25T10:30:00Z'), timed('b', '2026-03-25T15:10:00Z', '2026-03-25T15:20:00Z')], NOON);
    assert.equal(g.axis.length, 96);
    assert.deepEqual(where(g, 0), [['a', '10:00', 6, '0/1'], ['b', '16:00', 2, '0/1']], 'a part of a row takes the whole row');
    assert.equal(g.days[0]!.nowRow, 13 * 4, 'noon UTC is 13:00 in Berlin');
  });

  it('overlapping events stand side by side; a chain of overlaps shares its lanes, a later event has the whole width', () => {
    const day = '2026-06-10';
    const items = [
      timed('long', `${day}T09:00:00Z`, `${day}T12:00:00Z`),
      timed('early', `${day}T09:00:00Z`, `${day}T10:00:00Z`),
      timed('then', `${day}T10:00:00Z`, `${day}T11:00:00Z`),
      timed('mid', `${day}T10:30:00Z`, `${day}T11:30:00Z`),
      timed('alone', `${day}T13:00:00Z`, `${day}T14:00:00Z`),
    ];
    const g = layoutGrid([day], 'UTC', items, NOON);
    assert.deepEqual(where(g, 0), [
      ['long', '09:00', 12, '0/3'], ['early', '09:00', 4, '1/3'], ['then', '10:00', 4, '1/3'], ['mid', '10:30', 4, '2/3'], ['alone', '13:00', 4, '0/1'],
    ]);
    assert.deepEqual(assignLanes([]), []);
  });

  it('all-day events go to the all-day row on each of their days, and so do timed ones covering a whole day', () => {
    const zone = 'America/New_York';
    const dates = ['2026-04-06', '2026-04-07', '2026-04-08'];
    const trip = timed('trip', '2026-04-06T16:00:00Z', '2026-04-08T16:00:00Z');
    const g = layoutGrid(dates, zone, [allDay('conf', '2026-04-06', '2026-04-08', zone), trip], NOON);
    assert.deepEqual(g.days.map((d) => d.allDay.map((e) => e.id)), [['conf'], ['conf', 'trip'], []]);
    assert.deepEqual(where(g, 0), [['trip', '12:00', 48, '0/1']], 'from noon to the end of the day');
    assert.deepEqual(where(g, 2), [['trip', '00:00', 48, '0/1']], 'from midnight to noon');
    assert.equal(g.days[0]!.placed[0]!.untilAfter, true);
    assert.equal(g.days[2]!.placed[0]!.fromBefore, true);
  });

  it('an event crossing midnight stands on both days, cut at midnight', () => {
    const g = layoutGrid(['2026-07-03', '2026-07-04'], 'Asia/Tokyo', [timed('late', '2026-07-03T13:30:00Z', '2026-07-03T16:00:00Z')], NOON);
    assert.deepEqual(where(g, 0), [['late', '22:30', 6, '0/1']]);
    assert.deepEqual(where(g, 1), [['late', '00:00', 4, '0/1']]);
  });

  it('a 23-hour day (clocks forward in Berlin) lacks 02:00–02:59; the week keeps the rows, an event across the gap spans its wall times', () => {
    const dates = ['2026-03-28', '2026-03-29', '2026-03-30'];
    const g = layoutGrid(dates, 'Europe/Berlin', [timed('gap', '2026-03-29T00:30:00Z', '2026-03-29T01:30:00Z')], NOON);
    assert.equal(g.axis.length, 96);
    const sunday = g.days[1]!;
    const missing = g.axis.filter((_, i) => sunday.slots[i] === null).map((r) => hhmm(r.wall));
    assert.deepEqual(missing, ['02:00', '02:15', '02:30', '02:45']);
    assert.equal(g.days[0]!.slots.every((s) => s !== null), true);
    assert.deepEqual(where(g, 1), [['gap', '01:30', 8, '0/1']], '01:30 to 03:30 on the wall, one real hour');
    const day = layoutGrid(['2026-03-29'], 'Europe/Berlin', [], NOON);
    assert.equal(day.axis.length, 92, 'the day view has only its 23 hours');
  });

  it('a 25-hour day (clocks back in New York) has 01:00–01:59 twice; the other days lack the second passing', () => {
    const zone = 'America/New_York';
    const dates = ['2026-10-31', '2026-11-01', '2026-11-02'];
    const first = timed('first', '2026-11-01T05:15:00Z', '2026-11-01T05:45:00Z'); // 01:15 EDT
    const second = timed('second', '2026-11-01T06:15:00Z', '2026-11-01T06:45:00Z'); // 01:15 EST
    const across = timed('across', '2026-11-01T05:30:00Z', '2026-11-01T07:00:00Z'); // 01:30 EDT to 02:00 EST
    const g = layoutGrid(dates, zone, [first, second, across], NOON);
    assert.equal(g.axis.length, 100);
    assert.deepEqual(g.axis.slice(4, 13).map((r) => `${hhmm(r.wall)}${r.fold ? "'" : ''}`), ['01:00', '01:15', '01:30', '01:45', "01:00'", "01:15'", "01:30'", "01:45'", '02:00']);
    assert.ok(g.axis.slice(4, 12).every((r) => r.repeated));
    assert.equal(g.axis[12]!.repeated, false);
    assert.deepEqual(where(g, 1), [['first', '01:15', 2, '0/2'], ['across', '01:30', 6, '1/2'], ['second', "01:15'", 2, '0/2']]);
    assert.deepEqual(g.axis.map((_, i) => i).filter((i) => g.days[0]!.slots[i] === null).length, 4, 'Saturday has no second 01:00');
    const day = layoutGrid(['2026-11-01'], zone, [], at('2026-11-01T06:20:00Z'));
    assert.equal(day.axis.length, 100);
    assert.equal(day.days[0]!.nowRow, 9, 'now, 01:20 EST, is on the second 01:15 row');
  });

  it('a zone that skips midnight starts its day at 01:00 (Santiago, clocks forward)', () => {
    const g = layoutGrid(['2026-09-05', '2026-09-06'], 'America/Santiago', [timed('early', '2026-09-06T04:00:00Z', '2026-09-06T05:00:00Z')], NOON);
    const sunday = g.days[1]!;
    assert.deepEqual(g.axis.filter((_, i) => sunday.slots[i] === null).map((r) => hhmm(r.wall)), ['00:00', '00:15', '00:30', '00:45']);
    assert.deepEqual(where(g, 1), [['early', '01:00', 4, '0/1']]);
  });

  it('half-hour zones and a quarter-hour zone keep 96 rows (Kolkata, Kathmandu)', () => {
    for (const zone of ['Asia/Kolkata', 'Asia/Kathmandu']) {
      const g = layoutGrid(['2026-05-01'], zone, [timed('x', '2026-04-30T18:30:00Z', '2026-04-30T19:00:00Z')], NOON);
      assert.equal(g.axis.length, 96, zone);
      assert.equal(g.days[0]!.placed[0]!.row, zone === 'Asia/Kolkata' ? 0 : 1, zone);
    }
  });
});
