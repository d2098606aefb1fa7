import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compileSeries, expandSeries, rulesEndingBeforeStart, type Occurrence, type SeriesInput } from '../../src/domain/recurrence.js';

// A series whose UNTIL lies before its DTSTART (RFC 5545 3.3.10 says it should not, exports have it):
// "The DTSTART property value always counts as the first occurrence" (3.8.5.1), so it lists DTSTART.
// Offsets: Berlin +01:00 until 2026-03-29, +02:00 after; New York -05:00 until 2026-03-08, -04:00
// after; Sydney +11:00 until 2026-04-05 03:00 local, +10:00 after.

const SERIES_ID = '5f0c2a9e-3b7d-4c1a-9e8f-0123456789ab';
const d = (iso: string): Date => new Date(iso);
const YEARS = { from: d('2025-01-01T00:00:00Z'), to: d('2028-01-01T00:00:00Z') };

function timed(start: string, end: string, timezone: string, rrule: string, extra: Partial<SeriesInput> = {}): SeriesInput {
  return { id: SERIES_ID, start: d(start), end: d(end), allDay: false, startDate: null, endDate: null, timezone, rrule, exdates: [], ...extra };
}

const spans = (occurrences: Occurrence[]) => occurrences.map((o) => [o.start.toISOString(), o.end.toISOString()]);

describe('a series whose UNTIL lies before its DTSTART', () => {
  it('lists its DTSTART, on the Berlin day of the DST change, and nothing after it', () => {
    // DTSTART Sunday 2026-03-29 10:00 CEST (08:00Z), UNTIL a week earlier.
    const series = timed('2026-03-29T08:00:00Z', '2026-03-29T09:00:00Z', 'Europe/Berlin', 'FREQ=WEEKLY;UNTIL=20260322T090000Z');
    assert.deepEqual(spans(expandSeries(series, [], YEARS)), [['2026-03-29T08:00:00.000Z', '2026-03-29T09:00:00.000Z']]);
    assert.deepEqual(spans(compileSeries(series).expand([], YEARS)), [['2026-03-29T08:00:00.000Z', '2026-03-29T09:00:00.000Z']]);
  });

  it('lists the first day of an all-day New York series whose date UNTIL is the day before', () => {
    const series: SeriesInput = {
      id: SERIES_ID, start: d('2026-03-08T05:00:00Z'), end: d('2026-03-09T04:00:00Z'), allDay: true,
      startDate: '2026-03-08', endDate: '2026-03-09', timezone: 'America/New_York', rrule: 'FREQ=DAILY;UNTIL=20260307', exdates: [],
    };
    const occurrences = expandSeries(series, [], YEARS);
    assert.deepEqual(occurrences.map((o) => [o.startDate, o.endDate, o.start.toISOString()]), [['2026-03-08', '2026-03-09', '2026-03-08T05:00:00.000Z']]);
  });

  it('lists the first hour of a Sydney HOURLY series on the day summer time ends', () => {
    // 2026-04-05 02:00 AEDT is 2026-04-04T15:00Z; UNTIL is an hour earlier.
    const series = timed('2026-04-04T15:00:00Z', '2026-04-04T15:30:00Z', 'Australia/Sydney', 'FREQ=HOURLY;UNTIL=20260404T140000Z');
    assert.deepEqual(spans(expandSeries(series, [], YEARS)), [['2026-04-04T15:00:00.000Z', '2026-04-04T15:30:00.000Z']]);
  });

  it('reads a floating UNTIL in the series zone: 09:00 Berlin before a 09:30 DTSTART is before it', () => {
    const series = timed('2026-03-02T08:30:00Z', '2026-03-02T09:15:00Z', 'Europe/Berlin', 'FREQ=DAILY;UNTIL=20260302T090000');
    assert.deepEqual(spans(expandSeries(series, [], YEARS)), [['2026-03-02T08:30:00.000Z', '2026-03-02T09:15:00.000Z']]);
    assert.deepEqual(rulesEndingBeforeStart(series), ['FREQ=DAILY;UNTIL=20260302T090000']);
  });

  it('moves that one occurrence by its override, and an EXDATE of DTSTART leaves nothing', () => {
    const series = timed('2026-03-29T08:00:00Z', '2026-03-29T09:00:00Z', 'Europe/Berlin', 'FREQ=WEEKLY;UNTIL=20260322T090000Z');
    const moved = { originalStart: '2026-03-29T08:00:00Z', start: d('2026-03-29T12:00:00Z'), end: d('2026-03-29T13:00:00Z'), cancelled: false, deleted: false };
    const [occurrence] = expandSeries(series, [moved], YEARS);
    assert.deepEqual([occurrence!.id, occurrence!.start.toISOString()], [`${SERIES_ID}@2026-03-29T08:00:00Z`, '2026-03-29T12:00:00.000Z']);
    assert.deepEqual(expandSeries({ ...series, exdates: ['2026-03-29T08:00:00Z'] }, [], YEARS), []);
  });

  it('adds DTSTART alone among several rules, and says which rule ends before it', () => {
    const series = timed('2026-03-02T08:30:00Z', '2026-03-02T09:00:00Z', 'Europe/Berlin', 'FREQ=WEEKLY;UNTIL=20260301T000000Z\nFREQ=MONTHLY;COUNT=2');
    assert.deepEqual(expandSeries(series, [], YEARS).map((o) => o.originalStart), ['2026-03-02T08:30:00Z', '2026-04-02T07:30:00Z']);
    assert.deepEqual(rulesEndingBeforeStart(series), ['FREQ=WEEKLY;UNTIL=20260301T000000Z']);
  });

  it('names no rule whose UNTIL is DTSTART itself or later', () => {
    assert.deepEqual(rulesEndingBeforeStart(timed('2026-03-02T08:30:00Z', '2026-03-02T09:00:00Z', 'Europe/Berlin', 'FREQ=DAILY;UNTIL=20260302T083000Z')), []);
    assert.deepEqual(rulesEndingBeforeStart(timed('2026-03-02T08:30:00Z', '2026-03-02T09:00:00Z', 'Europe/Berlin', '')), []);
  });
});
