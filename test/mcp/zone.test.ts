import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Temporal } from 'temporal-polyfill';
import { readTime, showInstant, startOfDay, wallParts, zoneName } from '../../packages/mcp/src/zone.js';

/**
 * The MCP tools show and take times in the owner's zone with Intl alone; checked here against
 * Temporal on the days clocks change, in zones that change at 02:00, at midnight, and by half hours.
 */
const at = (iso: string): number => Date.parse(iso);
const temporalStart = (date: string, zone: string): number => Temporal.PlainDate.from(date).toZonedDateTime({ timeZone: zone }).epochMilliseconds;

describe('MCP times in a zone', () => {
  it('shows an instant with the offset in force, either side of Berlin\'s spring forward', () => {
    assert.equal(showInstant(at('2026-03-29T00:30:00Z'), 'Europe/Berlin'), '2026-03-29T01:30:00+01:00');
    assert.equal(showInstant(at('2026-03-29T01:30:00Z'), 'Europe/Berlin'), '2026-03-29T03:30:00+02:00');
    assert.equal(showInstant(at('2026-03-29T01:30:00Z'), 'UTC'), '2026-03-29T01:30:00Z');
    assert.equal(showInstant(at('2026-03-29T01:30:00Z'), 'Asia/Kathmandu'), '2026-03-29T07:15:00+05:45');
    const w = wallParts(at('2026-03-30T06:00:00Z'), 'Europe/Berlin');
    assert.deepEqual([w.date, w.time, w.weekday, w.offset], ['2026-03-30', '08:00:00', 'Monday', '+02:00']);
  });

  it('finds the start of a day where midnight is skipped or repeated, as Temporal does', () => {
    const days: [string, string][] = [
      ['2026-03-29', 'Europe/Berlin'], // 02:00 → 03:00
      ['2026-10-25', 'Europe/Berlin'], // 03:00 → 02:00
      ['2026-09-06', 'America/Santiago'], // 00:00 → 01:00: the day starts at 01:00
      ['2026-04-05', 'America/Santiago'], // 00:00 → 23:00 the day before: midnight comes twice
      ['2026-03-08', 'America/Havana'], // 00:00 → 01:00
      ['2026-11-01', 'America/Havana'], // 01:00 → 00:00
      ['2026-04-05', 'Australia/Lord_Howe'], // 02:00 → 01:30, half an hour
      ['2026-03-30', 'Asia/Kathmandu'],
    ];
    for (const [date, zone] of days) assert.equal(new Date(startOfDay(date, zone)).toISOString(), new Date(temporalStart(date, zone)).toISOString(), `${date} in ${zone}`);
    assert.equal(showInstant(startOfDay('2026-09-06', 'America/Santiago'), 'America/Santiago'), '2026-09-06T01:00:00-03:00');
  });

  it('reads a wall time without an offset as Temporal\'s compatible choice: the earlier of a repeated hour, later across a skipped one', () => {
    const cases: [string, string][] = [
      ['2026-03-29T02:30', 'Europe/Berlin'], // skipped: 03:30 CEST
      ['2026-10-25T02:30', 'Europe/Berlin'], // repeated: the first, CEST
      ['2026-03-30T09:00', 'Europe/Berlin'],
      ['2026-03-08T02:30', 'America/New_York'],
      ['2026-11-01T01:30', 'America/New_York'],
    ];
    for (const [wall, zone] of cases) {
      const read = readTime(wall, zone);
      assert.ok(read.ok);
      assert.equal(read.ms, Temporal.PlainDateTime.from(wall).toZonedDateTime(zone, { disambiguation: 'compatible' }).epochMilliseconds, `${wall} in ${zone}`);
    }
  });

  it('reads instants with Z or an offset whatever the zone, dates as whole days of the zone, and refuses what is not a time', () => {
    assert.deepEqual(readTime('2026-03-30T09:00:00+02:00', 'Asia/Tokyo'), { ok: true, ms: at('2026-03-30T07:00:00Z'), kind: 'instant' });
    assert.deepEqual(readTime('2026-03-30T07:00:00.250Z', 'Asia/Tokyo'), { ok: true, ms: at('2026-03-30T07:00:00.250Z'), kind: 'instant' });
    assert.deepEqual(readTime('2026-03-29', 'Europe/Berlin'), { ok: true, ms: at('2026-03-28T23:00:00Z'), kind: 'date' });
    assert.deepEqual(readTime('2026-03-29', 'Europe/Berlin', { endOfDate: true }), { ok: true, ms: at('2026-03-29T22:00:00Z'), kind: 'date' }, 'a 23-hour day');
    for (const bad of ['tomorrow', '2026-02-30', '2026-03-30T24:00', '2026-03-30T09:00+25:00', '30/03/2026', '']) assert.equal(readTime(bad, 'UTC').ok, false, bad);
  });

  it('takes zone names in any case, as the tz database spells them, and refuses offsets and unknown names', () => {
    assert.equal(zoneName('europe/berlin'), 'Europe/Berlin');
    assert.equal(zoneName('UTC'), 'UTC');
    assert.equal(zoneName('Asia/Kathmandu'), 'Asia/Kathmandu', "as given: not ICU's Asia/Katmandu");
    for (const bad of ['Mars/Base', '+02:00', 'GMT+2 ', '', 'Europe/Berlin; drop']) assert.equal(zoneName(bad), null, bad);
  });
});
