import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { StoredEvent, StoredOverride } from '../../src/domain/calendar-view.js';
import { seriesFacts } from '../../src/domain/series.js';

// 2026: Berlin leaves +02:00 for +01:00 at 03:00 local on 25 October (02:00-03:00 happens twice);
// New York is on -04:00 from 8 March.
const ID = '5f0c2a9e-3b7d-4c1a-9e8f-0123456789ab';

function series(rrule: string, start: string, end: string, rest: Partial<StoredEvent> = {}): StoredEvent {
  return {
    id: ID, calendar: 'work', title: 'Series', showAs: 'busy', status: 'confirmed', location: null, url: null, exdates: [], rdates: [],
    isAppointment: false, requestId: null, updatedAt: new Date('2026-03-01T00:00:00Z'), deletedAt: null, allDay: false, startDate: null,
    endDate: null, start: new Date(start), end: new Date(end), timezone: 'Europe/Berlin', rrule, ...rest,
  };
}

function deleted(originalStart: string): StoredOverride {
  return {
    eventId: ID, originalStart, start: null, end: null, title: null, location: null, showAs: null, cancelled: false,
    updatedAt: new Date('2026-03-12T00:00:00Z'), deletedAt: new Date('2026-03-12T00:00:00Z'),
  };
}

const startOf = (v: { start: Date } | null) => v?.start.toISOString() ?? null;

describe('the facts of a series', () => {
  it('finds the last occurrence of a SECONDLY rule a year long near its UNTIL', () => {
    const f = seriesFacts(series('FREQ=SECONDLY;INTERVAL=10;BYHOUR=9,10;UNTIL=20270401T000000Z', '2026-03-02T08:00:00Z', '2026-03-02T08:00:10Z'), []);
    // 31 March 2027, 10:59:50 in Berlin (+02:00 since 28 March).
    assert.equal(startOf(f.last), '2027-03-31T08:59:50.000Z');
    assert.equal(startOf(f.first), '2026-03-02T08:00:00.000Z');
  });

  it('reads as endless a rule with nothing in the 200 years before its UNTIL, and a COUNT reaching past 200 years', () => {
    const stopped = seriesFacts(series('FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=30;UNTIL=99991231T000000Z', '2026-03-17T09:00:00Z', '2026-03-17T09:30:00Z'), []);
    assert.equal(startOf(stopped.first), '2026-03-17T09:00:00.000Z', 'DTSTART is always the first');
    assert.equal(stopped.last, null);
    assert.equal(seriesFacts(series('FREQ=YEARLY;COUNT=3000', '2026-03-17T09:00:00Z', '2026-03-17T09:30:00Z'), []).last, null);
    // An UNTIL bounds it however far a COUNT would go.
    assert.equal(startOf(seriesFacts(series('FREQ=YEARLY;COUNT=3000;UNTIL=20300101T000000Z', '2026-03-17T09:00:00Z', '2026-03-17T09:30:00Z'), []).last), '2029-03-17T09:00:00.000Z');
  });

  it('takes the latest of several RRULE lines and the RDATEs, and leaves an endless line endless', () => {
    const f = seriesFacts(series('FREQ=WEEKLY;COUNT=3\nFREQ=MONTHLY;UNTIL=20260601T000000Z', '2026-03-17T09:00:00Z', '2026-03-17T09:30:00Z', { rdates: ['2026-07-01T10:00:00Z'] }), []);
    assert.equal(startOf(f.last), '2026-07-01T10:00:00.000Z');
    assert.equal(seriesFacts(series('FREQ=WEEKLY;COUNT=3\nFREQ=MONTHLY', '2026-03-17T09:00:00Z', '2026-03-17T09:30:00Z'), []).last, null);
  });

  it('writes an EXDATE in the second 02:30 of the October night in UTC, the first in the series\' zone', () => {
    // Hourly from 00:30 local: 02:30 is 00:30Z (+02:00), then 01:30Z (+01:00).
    const f = seriesFacts(series('FREQ=HOURLY;COUNT=6', '2026-10-24T22:30:00Z', '2026-10-24T23:00:00Z'), [deleted('2026-10-25T00:30:00Z'), deleted('2026-10-25T01:30:00Z')]);
    assert.deepEqual(f.recurrence.split('\n'), [
      'DTSTART;TZID=Europe/Berlin:20261025T003000',
      'RRULE:FREQ=HOURLY;COUNT=6',
      'EXDATE;TZID=Europe/Berlin:20261025T023000',
      'EXDATE:20261025T013000Z',
    ]);
    assert.equal(f.exceptionsCount, 2);
  });

  it('writes an all-day series\' dates as VALUE=DATE and leaves out the BYHOUR the expansion ignores', () => {
    const f = seriesFacts(
      series('FREQ=WEEKLY;BYHOUR=9', '2026-03-17T04:00:00Z', '2026-03-18T04:00:00Z', {
        allDay: true, startDate: '2026-03-17', endDate: '2026-03-18', timezone: 'America/New_York', exdates: ['2026-03-24T04:00:00Z'], rdates: ['2026-03-19T04:00:00Z'],
      }),
      [],
    );
    assert.deepEqual(f.recurrence.split('\n'), ['DTSTART;VALUE=DATE:20260317', 'RRULE:FREQ=WEEKLY', 'RDATE;VALUE=DATE:20260319', 'EXDATE;VALUE=DATE:20260324']);
  });
});
