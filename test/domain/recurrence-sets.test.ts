import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { occurrenceViews, type StoredEvent, type StoredOverride } from '../../src/domain/calendar-view.js';
import { expandSeries, type Occurrence, type OccurrenceOverride, type SeriesInput } from '../../src/domain/recurrence.js';

// Recurrence sets in the expander (RFC 5545 3.8.5): several RRULEs, RDATEs, EXDATEs over both, and
// overrides that shift a range (THISANDFUTURE) or switch an occurrence between timed and all-day.
// Berlin changes to +02:00 on 2026-03-29.

const ID = '0b7c6d5e-4f3a-4b2c-9d1e-0f1a2b3c4d5e';
const d = (s: string) => new Date(s);
const win = (from: string, to: string) => ({ from: d(from), to: d(to) });

function series(fields: Partial<SeriesInput>): SeriesInput {
  return {
    id: ID, start: d('2026-03-23T08:00:00Z'), end: d('2026-03-23T09:00:00Z'), allDay: false, startDate: null, endDate: null,
    timezone: 'Europe/Berlin', rrule: 'FREQ=DAILY;COUNT=3', exdates: [], ...fields,
  };
}

function override(originalStart: string, fields: Partial<OccurrenceOverride> = {}): OccurrenceOverride {
  return { originalStart, start: null, end: null, cancelled: false, deleted: false, ...fields };
}

const times = (list: Occurrence[]) => list.map((o) => `${o.originalStart} ${o.start.toISOString().slice(0, 16)} ${o.end.toISOString().slice(11, 16)}`);

describe('expandSeries over recurrence sets', () => {
  it('merges two RRULEs, counting a start both give once', () => {
    const s = series({ rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=3\nFREQ=DAILY;INTERVAL=7;COUNT=2\nFREQ=WEEKLY;BYDAY=WE;COUNT=2', start: d('2026-03-23T08:00:00Z'), end: d('2026-03-23T09:00:00Z') });
    assert.deepEqual(times(expandSeries(s, [], win('2026-03-20T00:00:00Z', '2026-04-15T00:00:00Z'))), [
      '2026-03-23T08:00:00Z 2026-03-23T08:00 09:00',
      '2026-03-25T08:00:00Z 2026-03-25T08:00 09:00',
      '2026-03-30T07:00:00Z 2026-03-30T07:00 08:00',
      '2026-04-06T07:00:00Z 2026-04-06T07:00 08:00',
    ]);
  });

  it('adds RDATEs with the series length, a PERIOD with its own, and takes EXDATEs out of both; one before DTSTART is left out', () => {
    const s = series({
      rrule: 'FREQ=DAILY;COUNT=2',
      rdates: ['2026-03-20T10:00:00Z', '2026-03-27T15:00:00Z', '2026-03-24T08:00:00Z/2026-03-24T08:20:00Z', '2026-03-28T12:00:00Z'],
      exdates: ['2026-03-28T12:00:00Z'],
    });
    assert.deepEqual(times(expandSeries(s, [], win('2026-03-01T00:00:00Z', '2026-04-15T00:00:00Z'))), [
      '2026-03-23T08:00:00Z 2026-03-23T08:00 09:00',
      '2026-03-24T08:00:00Z 2026-03-24T08:00 08:20',
      '2026-03-27T15:00:00Z 2026-03-27T15:00 16:00',
    ]);
  });

  it('a series of DTSTART and RDATEs only (rule text empty) lists DTSTART and each RDATE', () => {
    const s = series({ rrule: '', rdates: ['2026-04-02T08:00:00Z'] });
    assert.deepEqual(times(expandSeries(s, [], win('2026-03-01T00:00:00Z', '2026-04-15T00:00:00Z'))), [
      '2026-03-23T08:00:00Z 2026-03-23T08:00 09:00',
      '2026-04-02T08:00:00Z 2026-04-02T08:00 09:00',
    ]);
  });

  it('shifts THISANDFUTURE in local time across the DST change, takes its length, and starts over at a later one', () => {
    const s = series({ rrule: 'FREQ=DAILY;COUNT=10', start: d('2026-03-26T08:00:00Z'), end: d('2026-03-26T09:00:00Z') });
    const overrides = [
      // 28 March 09:00 → 10:00 CET, 30 minutes: one hour later in local time from then on.
      override('2026-03-28T08:00:00Z', { start: d('2026-03-28T09:00:00Z'), end: d('2026-03-28T09:30:00Z'), thisAndFuture: true }),
      // Its own override wins over the range.
      override('2026-03-30T07:00:00Z', { start: d('2026-03-30T12:00:00Z'), end: d('2026-03-30T12:10:00Z') }),
      // From 1 April on: back at 09:00, 15 minutes (shifts do not add up).
      override('2026-04-01T07:00:00Z', { start: d('2026-04-01T07:00:00Z'), end: d('2026-04-01T07:15:00Z'), thisAndFuture: true }),
    ];
    assert.deepEqual(times(expandSeries(s, overrides, win('2026-03-27T00:00:00Z', '2026-04-03T00:00:00Z'))), [
      '2026-03-27T08:00:00Z 2026-03-27T08:00 09:00',
      '2026-03-28T08:00:00Z 2026-03-28T09:00 09:30',
      '2026-03-29T07:00:00Z 2026-03-29T08:00 08:30',
      '2026-03-31T07:00:00Z 2026-03-31T08:00 08:30',
      '2026-04-01T07:00:00Z 2026-04-01T07:00 07:15',
      '2026-03-30T07:00:00Z 2026-03-30T12:00 12:10',
      '2026-04-02T07:00:00Z 2026-04-02T07:00 07:15',
    ].sort((a, b) => (a.slice(21) < b.slice(21) ? -1 : 1)));
    const later = expandSeries(s, overrides, win('2026-03-29T00:00:00Z', '2026-03-30T00:00:00Z'));
    assert.equal(later[0]!.rangeFrom, '2026-03-28T08:00:00Z');
  });

  it('a cancelled THISANDFUTURE instance cancels the later occurrences, which take its title too', () => {
    const event: StoredEvent = {
      id: ID, calendar: 'personal', title: 'Sync', start: d('2026-03-26T08:00:00Z'), end: d('2026-03-26T09:00:00Z'), allDay: false,
      startDate: null, endDate: null, timezone: 'Europe/Berlin', showAs: 'busy', status: 'confirmed', location: null, url: null,
      rrule: 'FREQ=DAILY;COUNT=4', exdates: [], isAppointment: false, requestId: null, updatedAt: d('2026-03-01T00:00:00Z'), deletedAt: null,
    };
    const o: StoredOverride = {
      eventId: ID, originalStart: '2026-03-27T08:00:00Z', start: null, end: null, title: 'Sync (ended)', location: null, showAs: 'free',
      cancelled: true, thisAndFuture: true, updatedAt: d('2026-03-10T00:00:00Z'), deletedAt: null,
    };
    const views = occurrenceViews(event, [o], d('2026-03-26T00:00:00Z'), d('2026-04-01T00:00:00Z'));
    assert.deepEqual(views.map((v) => [v.id.slice(37), v.title, v.status, v.showAs, v.updatedAt.toISOString().slice(0, 10)]), [
      ['2026-03-26T08:00:00Z', 'Sync', 'confirmed', 'busy', '2026-03-01'],
      ['2026-03-27T08:00:00Z', 'Sync (ended)', 'cancelled', 'free', '2026-03-10'],
      ['2026-03-28T08:00:00Z', 'Sync (ended)', 'cancelled', 'free', '2026-03-10'],
      ['2026-03-29T07:00:00Z', 'Sync (ended)', 'cancelled', 'free', '2026-03-10'],
    ]);
  });

  it('lists an occurrence turned all-day with its dates, and one turned timed without, under their original ids', () => {
    const timed = series({ rrule: 'FREQ=DAILY;COUNT=3' });
    const toAllDay = override('2026-03-24T08:00:00Z', {
      start: d('2026-03-24T23:00:00Z'), end: d('2026-03-25T23:00:00Z'), allDay: true, startDate: '2026-03-25', endDate: '2026-03-26',
    });
    const got = expandSeries(timed, [toAllDay], win('2026-03-24T00:00:00Z', '2026-03-26T00:00:00Z'));
    assert.deepEqual(got.map((o) => [o.id.slice(37), o.allDay, o.startDate, o.endDate, o.start.toISOString()]), [
      ['2026-03-24T08:00:00Z', true, '2026-03-25', '2026-03-26', '2026-03-24T23:00:00.000Z'],
      ['2026-03-25T08:00:00Z', false, null, null, '2026-03-25T08:00:00.000Z'],
    ]);
    const allDay = series({
      rrule: 'FREQ=DAILY;COUNT=2', allDay: true, start: d('2026-03-22T23:00:00Z'), end: d('2026-03-23T23:00:00Z'), startDate: '2026-03-23', endDate: '2026-03-24',
    });
    const toTimed = override('2026-03-23T23:00:00Z', { start: d('2026-03-24T14:00:00Z'), end: d('2026-03-24T15:00:00Z'), allDay: false });
    assert.deepEqual(expandSeries(allDay, [toTimed], win('2026-03-23T00:00:00Z', '2026-03-26T00:00:00Z')).map((o) => [o.id.slice(37), o.allDay, o.startDate, o.end.toISOString()]), [
      ['2026-03-22T23:00:00Z', true, '2026-03-23', '2026-03-23T23:00:00.000Z'],
      ['2026-03-23T23:00:00Z', false, null, '2026-03-24T15:00:00.000Z'],
    ]);
  });

  it('keeps to the limit, the earliest first, over a recurrence set', () => {
    const s = series({ rrule: 'FREQ=DAILY\nFREQ=HOURLY;INTERVAL=5', rdates: ['2026-03-23T08:30:00Z'] });
    const got = expandSeries(s, [], win('2026-03-23T00:00:00Z', '2026-04-23T00:00:00Z'), { limit: 3 });
    assert.deepEqual(got.map((o) => o.originalStart), ['2026-03-23T08:00:00Z', '2026-03-23T08:30:00Z', '2026-03-23T13:00:00Z']);
  });
});
