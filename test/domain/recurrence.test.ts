import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  compileSeries,
  expandSeries,
  formatInstantSeconds,
  isOccurrenceId,
  occurrenceStartOf,
  MAX_OCCURRENCES_PER_CALL,
  type Occurrence,
  type OccurrenceOverride,
  type SeriesInput,
} from '../../src/domain/recurrence.js';

// Every expected instant below was worked out from the zone's offsets, noted next to it.
// 2026 calendar anchors: Mar 1 and Mar 29 are Sundays, Oct 1 is a Thursday, Nov 1 a Sunday.

const SERIES_ID = '5f0c2a9e-3b7d-4c1a-9e8f-0123456789ab';
const OTHER_ID = '11111111-2222-4333-8444-555555555555';

const d = (iso: string): Date => new Date(iso);

function timed(start: string, end: string, timezone: string, rrule: string, exdates: string[] = []): SeriesInput {
  return { id: SERIES_ID, start: d(start), end: d(end), allDay: false, startDate: null, endDate: null, timezone, rrule, exdates };
}

function allDay(startDate: string, endDate: string, start: string, end: string, timezone: string, rrule: string, exdates: string[] = []): SeriesInput {
  return { id: SERIES_ID, start: d(start), end: d(end), allDay: true, startDate, endDate, timezone, rrule, exdates };
}

function win(from: string, to: string): { from: Date; to: Date } {
  return { from: d(from), to: d(to) };
}

function starts(occurrences: Occurrence[]): string[] {
  return occurrences.map((o) => o.start.toISOString());
}

function override(originalStart: string, fields: Partial<OccurrenceOverride> = {}): OccurrenceOverride {
  return { originalStart, start: null, end: null, cancelled: false, deleted: false, ...fields };
}

describe('expandSeries keeps the local time of day across DST changes', () => {
  // Monday and Wednesday 09:00-10:00 in Berlin, first on Monday 2026-03-23 (CET, +01:00).
  const berlin = timed('2026-03-23T08:00:00Z', '2026-03-23T09:00:00Z', 'Europe/Berlin', 'FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20261231T235959Z');

  it('moves a Berlin 09:00 meeting from 08:00Z to 07:00Z when summer time starts on 2026-03-29', () => {
    const got = expandSeries(berlin, [], win('2026-03-20T00:00:00Z', '2026-04-02T00:00:00Z'));
    // Mar 23 and 25 are CET (+1) -> 08:00Z; Mar 30 and Apr 1 are CEST (+2) -> 07:00Z.
    assert.deepEqual(starts(got), [
      '2026-03-23T08:00:00.000Z',
      '2026-03-25T08:00:00.000Z',
      '2026-03-30T07:00:00.000Z',
      '2026-04-01T07:00:00.000Z',
    ]);
    for (const o of got) assert.equal(o.end.getTime() - o.start.getTime(), 3_600_000);
  });

  it('moves it back to 08:00Z when summer time ends on 2026-10-25', () => {
    const got = expandSeries(berlin, [], win('2026-10-19T00:00:00Z', '2026-10-29T00:00:00Z'));
    // Oct 19 and 21 are CEST (+2) -> 07:00Z; Oct 26 and 28 are CET (+1) -> 08:00Z.
    assert.deepEqual(starts(got), [
      '2026-10-19T07:00:00.000Z',
      '2026-10-21T07:00:00.000Z',
      '2026-10-26T08:00:00.000Z',
      '2026-10-28T08:00:00.000Z',
    ]);
  });

  it('stops at UNTIL', () => {
    // Dec 2026: Mondays 21 and 28, Wednesdays 23 and 30 (CET -> 08:00Z); nothing after Dec 31.
    const got = expandSeries(berlin, [], win('2026-12-20T00:00:00Z', '2027-01-20T00:00:00Z'));
    assert.deepEqual(starts(got), [
      '2026-12-21T08:00:00.000Z',
      '2026-12-23T08:00:00.000Z',
      '2026-12-28T08:00:00.000Z',
      '2026-12-30T08:00:00.000Z',
    ]);
  });

  it('follows New York 09:00 from 14:00Z (EST) to 13:00Z (EDT) after 2026-03-08 and back after 2026-11-01', () => {
    const ny = timed('2026-03-02T14:00:00Z', '2026-03-02T14:30:00Z', 'America/New_York', 'FREQ=WEEKLY');
    assert.deepEqual(starts(expandSeries(ny, [], win('2026-03-01T00:00:00Z', '2026-03-17T00:00:00Z'))), [
      '2026-03-02T14:00:00.000Z', // EST, -05:00
      '2026-03-09T13:00:00.000Z', // EDT, -04:00
      '2026-03-16T13:00:00.000Z',
    ]);
    assert.deepEqual(starts(expandSeries(ny, [], win('2026-10-25T00:00:00Z', '2026-11-10T00:00:00Z'))), [
      '2026-10-26T13:00:00.000Z', // EDT
      '2026-11-02T14:00:00.000Z', // EST again
      '2026-11-09T14:00:00.000Z',
    ]);
  });

  it('moves a time that does not exist on the spring-forward day forward by the gap', () => {
    // Sundays 02:30 in New York. On 2026-03-08 clocks jump 02:00 -> 03:00, so 02:30 is read with the
    // offset before the gap (-05:00): 07:30Z, which is 03:30 EDT.
    const ny = timed('2026-03-01T07:30:00Z', '2026-03-01T08:00:00Z', 'America/New_York', 'FREQ=WEEKLY');
    const got = expandSeries(ny, [], win('2026-02-28T00:00:00Z', '2026-03-16T00:00:00Z'));
    assert.deepEqual(starts(got), [
      '2026-03-01T07:30:00.000Z', // 02:30 EST
      '2026-03-08T07:30:00.000Z', // 03:30 EDT
      '2026-03-15T06:30:00.000Z', // 02:30 EDT
    ]);
    assert.equal(got[1]!.id, `${SERIES_ID}@2026-03-08T07:30:00Z`);
    assert.equal(got[1]!.end.toISOString(), '2026-03-08T08:00:00.000Z');
  });

  it('takes the first of two repeated local times on the fall-back day', () => {
    // Sundays 01:30 in New York; on 2026-11-01 01:00-02:00 happens twice, EDT first.
    const ny = timed('2026-10-25T05:30:00Z', '2026-10-25T06:00:00Z', 'America/New_York', 'FREQ=WEEKLY');
    assert.deepEqual(starts(expandSeries(ny, [], win('2026-10-24T00:00:00Z', '2026-11-09T00:00:00Z'))), [
      '2026-10-25T05:30:00.000Z', // EDT
      '2026-11-01T05:30:00.000Z', // first 01:30, EDT
      '2026-11-08T06:30:00.000Z', // EST
    ]);
  });

  it('keeps a first occurrence that starts in the second of two repeated hours where it is', () => {
    // 01:30 EST on 2026-11-01 (06:30Z) is the second 01:30 of that night; the next week is 01:30 EST too.
    const ny = timed('2026-11-01T06:30:00Z', '2026-11-01T07:00:00Z', 'America/New_York', 'FREQ=WEEKLY');
    assert.deepEqual(starts(expandSeries(ny, [], win('2026-10-31T00:00:00Z', '2026-11-09T00:00:00Z'))), [
      '2026-11-01T06:30:00.000Z',
      '2026-11-08T06:30:00.000Z',
    ]);
  });

  it('follows the 30-minute shifts of Lord Howe Island on 2026-04-05 and 2026-10-04', () => {
    // Thursdays 10:00. Summer +11:00 until Apr 5, standard +10:30 until Oct 4, then +11:00 again.
    const lh = timed('2026-04-01T23:00:00Z', '2026-04-02T00:00:00Z', 'Australia/Lord_Howe', 'FREQ=WEEKLY');
    assert.deepEqual(starts(expandSeries(lh, [], win('2026-04-01T00:00:00Z', '2026-04-10T00:00:00Z'))), [
      '2026-04-01T23:00:00.000Z', // Thu Apr 2 10:00 +11:00
      '2026-04-08T23:30:00.000Z', // Thu Apr 9 10:00 +10:30
    ]);
    assert.deepEqual(starts(expandSeries(lh, [], win('2026-09-30T00:00:00Z', '2026-10-09T00:00:00Z'))), [
      '2026-09-30T23:30:00.000Z', // Thu Oct 1 10:00 +10:30
      '2026-10-07T23:00:00.000Z', // Thu Oct 8 10:00 +11:00
    ]);
  });

  it('moves a Lord Howe time inside the 30-minute gap forward by 30 minutes', () => {
    // Sundays 02:15. On Oct 4 clocks go 02:00 -> 02:30; 02:15 read at +10:30 is 15:45Z, i.e. 02:45 +11:00.
    const lh = timed('2026-09-26T15:45:00Z', '2026-09-26T16:45:00Z', 'Australia/Lord_Howe', 'FREQ=WEEKLY');
    assert.deepEqual(starts(expandSeries(lh, [], win('2026-09-26T00:00:00Z', '2026-10-11T00:00:00Z'))), [
      '2026-09-26T15:45:00.000Z', // Sun Sep 27 02:15 +10:30
      '2026-10-03T15:45:00.000Z', // Sun Oct 4 02:15 -> 02:45 +11:00
      '2026-10-10T15:15:00.000Z', // Sun Oct 11 02:15 +11:00
    ]);
  });

  it('keeps the same UTC time all year in Asia/Kolkata, which has no DST', () => {
    // Mondays 09:00 at +05:30 -> 03:30Z, in March and in November alike.
    const kol = timed('2026-03-23T03:30:00Z', '2026-03-23T04:30:00Z', 'Asia/Kolkata', 'FREQ=WEEKLY');
    assert.deepEqual(starts(expandSeries(kol, [], win('2026-03-22T00:00:00Z', '2026-04-07T00:00:00Z'))), [
      '2026-03-23T03:30:00.000Z',
      '2026-03-30T03:30:00.000Z',
      '2026-04-06T03:30:00.000Z',
    ]);
    assert.deepEqual(starts(expandSeries(kol, [], win('2026-10-24T00:00:00Z', '2026-11-04T00:00:00Z'))), [
      '2026-10-26T03:30:00.000Z',
      '2026-11-02T03:30:00.000Z',
    ]);
  });

  it('follows the +13:45 / +12:45 offsets of Pacific/Chatham', () => {
    // Wednesdays 09:00. Summer +13:45 until Apr 5, standard +12:45 from then until Sep 27.
    const ch = timed('2026-03-31T19:15:00Z', '2026-03-31T20:15:00Z', 'Pacific/Chatham', 'FREQ=WEEKLY');
    assert.deepEqual(starts(expandSeries(ch, [], win('2026-03-30T00:00:00Z', '2026-04-09T00:00:00Z'))), [
      '2026-03-31T19:15:00.000Z', // Wed Apr 1 09:00 +13:45
      '2026-04-07T20:15:00.000Z', // Wed Apr 8 09:00 +12:45
    ]);
    assert.deepEqual(starts(expandSeries(ch, [], win('2026-09-21T00:00:00Z', '2026-10-01T00:00:00Z'))), [
      '2026-09-22T20:15:00.000Z', // Wed Sep 23 09:00 +12:45
      '2026-09-29T19:15:00.000Z', // Wed Sep 30 09:00 +13:45
    ]);
  });

  it('counts HOURLY intervals in elapsed time across a DST change', () => {
    // Every 2 hours from 00:00 CET on 2026-03-29 (23:00Z the day before); the clock skips 02:00-03:00.
    const hourly = timed('2026-03-28T23:00:00Z', '2026-03-28T23:30:00Z', 'Europe/Berlin', 'FREQ=HOURLY;INTERVAL=2');
    assert.deepEqual(starts(expandSeries(hourly, [], win('2026-03-28T23:00:00Z', '2026-03-29T04:00:00Z'))), [
      '2026-03-28T23:00:00.000Z', // 00:00 CET
      '2026-03-29T01:00:00.000Z', // 03:00 CEST
      '2026-03-29T03:00:00.000Z', // 05:00 CEST
    ]);
  });
});

describe('expandSeries follows the rule parts', () => {
  it('ends a daily series after COUNT occurrences, counting the ones on either side of a DST change', () => {
    // Daily 09:00 Berlin from Fri 2026-03-27: 08:00Z twice (CET), then 07:00Z (CEST); five in all.
    const daily = timed('2026-03-27T08:00:00Z', '2026-03-27T08:45:00Z', 'Europe/Berlin', 'FREQ=DAILY;COUNT=5');
    assert.deepEqual(starts(expandSeries(daily, [], win('2026-03-20T00:00:00Z', '2026-04-10T00:00:00Z'))), [
      '2026-03-27T08:00:00.000Z',
      '2026-03-28T08:00:00.000Z',
      '2026-03-29T07:00:00.000Z',
      '2026-03-30T07:00:00.000Z',
      '2026-03-31T07:00:00.000Z',
    ]);
  });

  it('does not replace an EXDATE with an extra occurrence at the end of a COUNT series', () => {
    const daily = timed('2026-03-27T08:00:00Z', '2026-03-27T08:45:00Z', 'Europe/Berlin', 'FREQ=DAILY;COUNT=5', ['2026-03-29T07:00:00Z']);
    assert.deepEqual(starts(expandSeries(daily, [], win('2026-03-20T00:00:00Z', '2026-04-10T00:00:00Z'))), [
      '2026-03-27T08:00:00.000Z',
      '2026-03-28T08:00:00.000Z',
      '2026-03-30T07:00:00.000Z',
      '2026-03-31T07:00:00.000Z',
    ]);
  });

  it('skips months without a 31st for BYMONTHDAY=31', () => {
    // 12:00 Berlin on the 31st: Jan 31 CET -> 11:00Z, Mar 31 and May 31 CEST -> 10:00Z; Feb and Apr have none.
    const monthly = timed('2026-01-31T11:00:00Z', '2026-01-31T12:00:00Z', 'Europe/Berlin', 'FREQ=MONTHLY;BYMONTHDAY=31');
    assert.deepEqual(starts(expandSeries(monthly, [], win('2026-01-30T00:00:00Z', '2026-03-30T00:00:00Z'))), ['2026-01-31T11:00:00.000Z']);
    assert.deepEqual(starts(expandSeries(monthly, [], win('2026-02-01T00:00:00Z', '2026-04-03T00:00:00Z'))), ['2026-03-31T10:00:00.000Z']);
    assert.deepEqual(starts(expandSeries(monthly, [], win('2026-04-01T00:00:00Z', '2026-06-01T00:00:00Z'))), ['2026-05-31T10:00:00.000Z']);
  });

  it('includes an occurrence that starts exactly at UNTIL and nothing after it', () => {
    const series = (until: string) => timed('2026-03-01T09:00:00Z', '2026-03-01T10:00:00Z', 'UTC', `FREQ=DAILY;UNTIL=${until}`);
    const w = win('2026-02-28T00:00:00Z', '2026-03-10T00:00:00Z');
    assert.deepEqual(starts(expandSeries(series('20260305T090000Z'), [], w)), [
      '2026-03-01T09:00:00.000Z', '2026-03-02T09:00:00.000Z', '2026-03-03T09:00:00.000Z',
      '2026-03-04T09:00:00.000Z', '2026-03-05T09:00:00.000Z',
    ]);
    assert.equal(expandSeries(series('20260305T085959Z'), [], w).length, 4);
  });

  it('always has the series start as its first occurrence, even when it does not match BYDAY', () => {
    // Tuesday 2026-03-24 09:00 UTC, then Mondays: Mar 30, Apr 6.
    const series = timed('2026-03-24T09:00:00Z', '2026-03-24T10:00:00Z', 'UTC', 'FREQ=WEEKLY;BYDAY=MO;COUNT=3');
    assert.deepEqual(starts(expandSeries(series, [], win('2026-03-20T00:00:00Z', '2026-04-20T00:00:00Z'))), [
      '2026-03-24T09:00:00.000Z',
      '2026-03-30T09:00:00.000Z',
      '2026-04-06T09:00:00.000Z',
    ]);
  });

  it('finds the occurrences of a long COUNT series queried near its end', () => {
    // 20,000 days from 2000-01-01 run into 2054; the library's default guard of 10,000 periods would throw.
    const series = timed('2000-01-01T09:00:00Z', '2000-01-01T10:00:00Z', 'UTC', 'FREQ=DAILY;COUNT=20000');
    assert.deepEqual(starts(expandSeries(series, [], win('2040-03-01T00:00:00Z', '2040-03-04T00:00:00Z'))), [
      '2040-03-01T09:00:00.000Z',
      '2040-03-02T09:00:00.000Z',
      '2040-03-03T09:00:00.000Z',
    ]);
  });

  it('accepts the RRULE: prefix and rejects rules it cannot read', () => {
    const ok = timed('2026-03-01T09:00:00Z', '2026-03-01T10:00:00Z', 'UTC', 'RRULE:FREQ=DAILY;COUNT=2');
    assert.equal(expandSeries(ok, [], win('2026-03-01T00:00:00Z', '2026-03-05T00:00:00Z')).length, 2);
    const w = win('2026-03-01T00:00:00Z', '2026-03-05T00:00:00Z');
    assert.throws(() => expandSeries({ ...ok, rrule: 'COUNT=2' }, [], w), RangeError);
    assert.throws(() => expandSeries({ ...ok, rrule: 'FREQ=DAILY;UNTIL=2026-03-05' }, [], w), RangeError);
    assert.throws(() => expandSeries({ ...ok, rrule: 'FREQ=DAILY;COUNT=0' }, [], w), RangeError);
  });
});

describe('expandSeries applies exceptions and overrides', () => {
  // Mondays 09:00-10:00 Berlin from 2026-03-23: Mar 23 08:00Z, then 07:00Z from Mar 30 on.
  const weekly = timed('2026-03-23T08:00:00Z', '2026-03-23T09:00:00Z', 'Europe/Berlin', 'FREQ=WEEKLY');

  it('leaves out an EXDATE', () => {
    const series = { ...weekly, exdates: ['2026-03-30T07:00:00Z'] };
    assert.deepEqual(starts(expandSeries(series, [], win('2026-03-20T00:00:00Z', '2026-04-10T00:00:00Z'))), [
      '2026-03-23T08:00:00.000Z',
      '2026-04-06T07:00:00.000Z',
    ]);
  });

  it('places a moved occurrence at its new time under its original id', () => {
    const moved = override('2026-04-06T07:00:00Z', { start: d('2026-04-14T12:00:00Z'), end: d('2026-04-14T13:30:00Z') });
    const got = expandSeries(weekly, [moved], win('2026-04-13T00:00:00Z', '2026-04-20T00:00:00Z'));
    assert.deepEqual(got.map((o) => [o.id, o.start.toISOString(), o.end.toISOString()]), [
      [`${SERIES_ID}@2026-04-13T07:00:00Z`, '2026-04-13T07:00:00.000Z', '2026-04-13T08:00:00.000Z'],
      [`${SERIES_ID}@2026-04-06T07:00:00Z`, '2026-04-14T12:00:00.000Z', '2026-04-14T13:30:00.000Z'],
    ]);
    assert.equal(got[1]!.originalStart, '2026-04-06T07:00:00Z');
    assert.equal(got[1]!.override, moved);
    assert.equal(got[0]!.override, null);
  });

  it('drops an occurrence moved out of the window', () => {
    const moved = override('2026-04-06T07:00:00Z', { start: d('2026-04-14T12:00:00Z'), end: d('2026-04-14T13:30:00Z') });
    assert.deepEqual(expandSeries(weekly, [moved], win('2026-04-06T00:00:00Z', '2026-04-13T00:00:00Z')), []);
  });

  it('finds an occurrence moved into the window from months away', () => {
    // The first occurrence (March) moved to Wednesday 2026-05-20.
    const moved = override('2026-03-23T08:00:00Z', { start: d('2026-05-20T10:00:00Z'), end: d('2026-05-20T11:00:00Z') });
    const got = expandSeries(weekly, [moved], win('2026-05-18T00:00:00Z', '2026-05-25T00:00:00Z'));
    assert.deepEqual(got.map((o) => o.id), [`${SERIES_ID}@2026-05-18T07:00:00Z`, `${SERIES_ID}@2026-03-23T08:00:00Z`]);
    assert.equal(got[1]!.start.toISOString(), '2026-05-20T10:00:00.000Z');
  });

  it('keeps the series length when only the start moves', () => {
    const moved = override('2026-03-30T07:00:00Z', { start: d('2026-03-31T15:00:00Z') });
    const got = expandSeries(weekly, [moved], win('2026-03-31T00:00:00Z', '2026-04-01T00:00:00Z'));
    assert.equal(got.length, 1);
    assert.equal(got[0]!.end.toISOString(), '2026-03-31T16:00:00.000Z');
  });

  it('returns a cancelled occurrence with its override', () => {
    const cancelled = override('2026-03-30T07:00:00Z', { cancelled: true });
    const got = expandSeries(weekly, [cancelled], win('2026-03-29T00:00:00Z', '2026-04-01T00:00:00Z'));
    assert.equal(got.length, 1);
    assert.equal(got[0]!.id, `${SERIES_ID}@2026-03-30T07:00:00Z`);
    assert.equal(got[0]!.start.toISOString(), '2026-03-30T07:00:00.000Z');
    assert.equal(got[0]!.override, cancelled);
    assert.equal(got[0]!.override?.cancelled, true);
  });

  it('does not return a deleted occurrence, moved or not', () => {
    const w = win('2026-03-29T00:00:00Z', '2026-04-01T00:00:00Z');
    assert.deepEqual(expandSeries(weekly, [override('2026-03-30T07:00:00Z', { deleted: true })], w), []);
    const movedAndDeleted = override('2026-04-06T07:00:00Z', { start: d('2026-03-31T10:00:00Z'), end: d('2026-03-31T11:00:00Z'), deleted: true });
    assert.deepEqual(starts(expandSeries(weekly, [movedAndDeleted], w)), ['2026-03-30T07:00:00.000Z']);
  });

  it('ignores overrides that name no occurrence of the rule', () => {
    const w = win('2026-03-29T00:00:00Z', '2026-04-01T00:00:00Z');
    const overrides = [
      // a Tuesday, not a Monday
      override('2026-03-31T07:00:00Z', { start: d('2026-03-31T09:00:00Z'), end: d('2026-03-31T10:00:00Z') }),
      // a Monday but the winter UTC time after summer time began
      override('2026-03-30T08:00:00Z', { cancelled: true }),
      // before the series began
      override('2026-03-16T08:00:00Z', { start: d('2026-03-30T12:00:00Z'), end: d('2026-03-30T13:00:00Z') }),
    ];
    const got = expandSeries(weekly, overrides, w);
    assert.deepEqual(got.map((o) => [o.start.toISOString(), o.override]), [['2026-03-30T07:00:00.000Z', null]]);
  });

  it('matches EXDATEs and overrides written with a zero fraction of a second', () => {
    const series = { ...weekly, exdates: ['2026-03-30T07:00:00.000Z'] };
    const cancelled = override('2026-04-06T07:00:00.000Z', { cancelled: true });
    const got = expandSeries(series, [cancelled], win('2026-03-29T00:00:00Z', '2026-04-08T00:00:00Z'));
    assert.deepEqual(got.map((o) => [o.id, o.override]), [[`${SERIES_ID}@2026-04-06T07:00:00Z`, cancelled]]);
  });

  it('does not bring back an EXDATE through an override', () => {
    const series = { ...weekly, exdates: ['2026-03-30T07:00:00Z'] };
    const moved = override('2026-03-30T07:00:00Z', { start: d('2026-03-31T09:00:00Z'), end: d('2026-03-31T10:00:00Z') });
    assert.deepEqual(expandSeries(series, [moved], win('2026-03-29T00:00:00Z', '2026-04-01T00:00:00Z')), []);
  });

  it('sorts by start, then by id', () => {
    // Apr 6 moved onto Apr 13's slot: same start, ids differ only by original start.
    const moved = override('2026-04-06T07:00:00Z', { start: d('2026-04-13T07:00:00Z'), end: d('2026-04-13T08:00:00Z') });
    const got = expandSeries(weekly, [moved], win('2026-04-13T00:00:00Z', '2026-04-14T00:00:00Z'));
    assert.deepEqual(got.map((o) => o.originalStart), ['2026-04-06T07:00:00Z', '2026-04-13T07:00:00Z']);
  });
});

describe('expandSeries for all-day series', () => {
  // Sundays in Berlin, one day long, from 2026-03-22. Local midnight is 23:00Z the day before in
  // winter (CET) and 22:00Z in summer (CEST).
  const sundays = allDay('2026-03-22', '2026-03-23', '2026-03-21T23:00:00Z', '2026-03-22T23:00:00Z', 'Europe/Berlin', 'FREQ=WEEKLY');

  it('starts and ends each occurrence at local midnight, making the spring-forward day 23 hours long', () => {
    const got = expandSeries(sundays, [], win('2026-03-20T00:00:00Z', '2026-04-10T00:00:00Z'));
    assert.deepEqual(got.map((o) => [o.startDate, o.endDate, o.start.toISOString(), o.end.toISOString()]), [
      ['2026-03-22', '2026-03-23', '2026-03-21T23:00:00.000Z', '2026-03-22T23:00:00.000Z'],
      ['2026-03-29', '2026-03-30', '2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z'],
      ['2026-04-05', '2026-04-06', '2026-04-04T22:00:00.000Z', '2026-04-05T22:00:00.000Z'],
    ]);
    assert.equal(got[1]!.end.getTime() - got[1]!.start.getTime(), 23 * 3_600_000);
    assert.equal(got[1]!.id, `${SERIES_ID}@2026-03-28T23:00:00Z`);
  });

  it('makes the fall-back day 25 hours long', () => {
    const got = expandSeries(sundays, [], win('2026-10-24T00:00:00Z', '2026-10-26T00:00:00Z'));
    assert.deepEqual(got.map((o) => [o.startDate, o.start.toISOString(), o.end.toISOString()]), [
      ['2026-10-25', '2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z'],
    ]);
  });

  it('keeps the length in days for multi-day events', () => {
    // Saturday + Sunday every week from 2026-03-28; the second day of the first one is the short day.
    const weekend = allDay('2026-03-28', '2026-03-30', '2026-03-27T23:00:00Z', '2026-03-29T22:00:00Z', 'Europe/Berlin', 'FREQ=WEEKLY;COUNT=2');
    const got = expandSeries(weekend, [], win('2026-03-01T00:00:00Z', '2026-04-30T00:00:00Z'));
    assert.deepEqual(got.map((o) => [o.startDate, o.endDate, o.start.toISOString(), o.end.toISOString()]), [
      ['2026-03-28', '2026-03-30', '2026-03-27T23:00:00.000Z', '2026-03-29T22:00:00.000Z'],
      ['2026-04-04', '2026-04-06', '2026-04-03T22:00:00.000Z', '2026-04-05T22:00:00.000Z'],
    ]);
  });

  it('matches EXDATEs on the local-midnight instant and honours a date UNTIL', () => {
    const series = { ...sundays, rrule: 'FREQ=WEEKLY;UNTIL=20260412', exdates: ['2026-04-04T22:00:00Z'] };
    const got = expandSeries(series, [], win('2026-03-20T00:00:00Z', '2026-05-01T00:00:00Z'));
    assert.deepEqual(got.map((o) => o.startDate), ['2026-03-22', '2026-03-29', '2026-04-12']);
  });

  it('includes the day that overlaps the start of the window and excludes the one that merely touches it', () => {
    // Sunday Mar 29 runs 2026-03-28T23:00Z to 2026-03-29T22:00Z.
    assert.deepEqual(expandSeries(sundays, [], win('2026-03-29T21:59:59Z', '2026-03-30T00:00:00Z')).map((o) => o.startDate), ['2026-03-29']);
    assert.deepEqual(expandSeries(sundays, [], win('2026-03-29T22:00:00Z', '2026-04-04T22:00:00Z')), []);
  });

  it('places a moved all-day occurrence on its new dates', () => {
    const moved = override('2026-03-28T23:00:00Z', { start: d('2026-03-30T22:00:00Z'), end: d('2026-03-31T22:00:00Z') });
    const got = expandSeries(sundays, [moved], win('2026-03-30T00:00:00Z', '2026-04-01T00:00:00Z'));
    assert.deepEqual(got.map((o) => [o.id, o.startDate, o.endDate]), [[`${SERIES_ID}@2026-03-28T23:00:00Z`, '2026-03-31', '2026-04-01']]);
  });

  it('rejects a sub-daily frequency', () => {
    assert.throws(() => expandSeries({ ...sundays, rrule: 'FREQ=HOURLY' }, [], win('2026-03-20T00:00:00Z', '2026-04-10T00:00:00Z')), RangeError);
  });
});

describe('expandSeries window edges', () => {
  // Monday 2026-03-30 09:00-10:00 Berlin (CEST) = 07:00Z-08:00Z.
  const weekly = timed('2026-03-23T08:00:00Z', '2026-03-23T09:00:00Z', 'Europe/Berlin', 'FREQ=WEEKLY');

  it('excludes an occurrence that ends exactly where the window starts', () => {
    assert.deepEqual(expandSeries(weekly, [], win('2026-03-30T08:00:00Z', '2026-04-05T00:00:00Z')), []);
  });

  it('excludes an occurrence that starts exactly where the window ends', () => {
    assert.deepEqual(expandSeries(weekly, [], win('2026-03-29T00:00:00Z', '2026-03-30T07:00:00Z')), []);
  });

  it('includes an occurrence that overlaps either edge by a millisecond', () => {
    assert.equal(expandSeries(weekly, [], win('2026-03-30T07:59:59.999Z', '2026-04-05T00:00:00Z')).length, 1);
    assert.equal(expandSeries(weekly, [], win('2026-03-29T00:00:00Z', '2026-03-30T07:00:00.001Z')).length, 1);
  });

  it('includes a zero-length occurrence at the window start but not at the window end', () => {
    const instantly = timed('2026-03-23T08:00:00Z', '2026-03-23T08:00:00Z', 'Europe/Berlin', 'FREQ=WEEKLY');
    assert.equal(expandSeries(instantly, [], win('2026-03-30T07:00:00Z', '2026-03-31T00:00:00Z')).length, 1);
    assert.deepEqual(expandSeries(instantly, [], win('2026-03-29T00:00:00Z', '2026-03-30T07:00:00Z')), []);
  });

  it('returns nothing for an empty window', () => {
    assert.deepEqual(expandSeries(weekly, [], win('2026-03-30T00:00:00Z', '2026-03-30T00:00:00Z')), []);
  });

  it('returns an occurrence that started long before the window and is still running', () => {
    // A 3-day block every 4 weeks from 2026-03-02 (Monday) 00:00 UTC.
    const block = timed('2026-03-02T00:00:00Z', '2026-03-05T00:00:00Z', 'UTC', 'FREQ=WEEKLY;INTERVAL=4');
    assert.deepEqual(starts(expandSeries(block, [], win('2026-03-31T12:00:00Z', '2026-04-01T00:00:00Z'))), ['2026-03-30T00:00:00.000Z']);
  });
});

describe('occurrence ids', () => {
  it('are the series id, @, and the original start to whole seconds', () => {
    // A start with a fraction of a second keeps it in start, but not in the id.
    const series = timed('2026-03-02T09:00:00.250Z', '2026-03-02T10:00:00.250Z', 'UTC', 'FREQ=DAILY;COUNT=2');
    const got = expandSeries(series, [], win('2026-03-03T00:00:00Z', '2026-03-04T00:00:00Z'));
    assert.equal(got.length, 1);
    assert.equal(got[0]!.id, `${SERIES_ID}@2026-03-03T09:00:00Z`);
    assert.equal(got[0]!.originalStart, '2026-03-03T09:00:00Z');
    assert.equal(got[0]!.start.toISOString(), '2026-03-03T09:00:00.250Z');
    assert.equal(got[0]!.startDate, null);
    assert.equal(got[0]!.endDate, null);
    assert.ok(isOccurrenceId(got[0]!.id));
  });

  it('formatInstantSeconds drops the fraction', () => {
    assert.equal(formatInstantSeconds(d('2026-03-03T09:00:00.999Z')), '2026-03-03T09:00:00Z');
    assert.equal(formatInstantSeconds(d('2026-12-31T23:59:59Z')), '2026-12-31T23:59:59Z');
  });

  it('isOccurrenceId accepts only a lowercase uuid, @ and a whole-second UTC instant', () => {
    assert.equal(isOccurrenceId(`${SERIES_ID}@2026-03-03T09:00:00Z`), true);
    assert.equal(isOccurrenceId(SERIES_ID), false);
    assert.equal(isOccurrenceId(`${SERIES_ID.toUpperCase()}@2026-03-03T09:00:00Z`), false);
    assert.equal(isOccurrenceId(`${SERIES_ID}@2026-03-03T09:00:00.000Z`), false);
    assert.equal(isOccurrenceId(`${SERIES_ID}@2026-03-03T09:00:00+00:00`), false);
    assert.equal(isOccurrenceId(`${SERIES_ID}@2026-03-03`), false);
    assert.equal(isOccurrenceId(`${SERIES_ID}@2026-03-03T09:00:00Z `), false);
    assert.equal(isOccurrenceId(`x${SERIES_ID}@2026-03-03T09:00:00Z`), false);
  });

  it('occurrenceStartOf returns the original start for an id of the series', () => {
    assert.equal(occurrenceStartOf(SERIES_ID, `${SERIES_ID}@2026-03-03T09:00:00Z`), '2026-03-03T09:00:00Z');
  });

  it('occurrenceStartOf rejects ids of other series, malformed ids and impossible instants', () => {
    assert.equal(occurrenceStartOf(SERIES_ID, `${OTHER_ID}@2026-03-03T09:00:00Z`), null);
    assert.equal(occurrenceStartOf(SERIES_ID, SERIES_ID), null);
    assert.equal(occurrenceStartOf(SERIES_ID, `${SERIES_ID}@`), null);
    assert.equal(occurrenceStartOf(SERIES_ID, `${SERIES_ID}@2026-03-03T09:00:00.5Z`), null);
    assert.equal(occurrenceStartOf(SERIES_ID, `${SERIES_ID}@2026-03-03T09:00:00Z@2026-03-03T09:00:00Z`), null);
    assert.equal(occurrenceStartOf(SERIES_ID, `${SERIES_ID.toUpperCase()}@2026-03-03T09:00:00Z`), null);
    assert.equal(occurrenceStartOf(SERIES_ID, `${SERIES_ID}@2026-02-30T09:00:00Z`), null);
    assert.equal(occurrenceStartOf(SERIES_ID, `${SERIES_ID}@2026-03-03T24:00:00Z`), null);
    assert.equal(occurrenceStartOf(SERIES_ID, `${SERIES_ID}@2026-03-03T09:60:00Z`), null);
  });
});

describe('expandSeries output cap', () => {
  it(`returns at most ${MAX_OCCURRENCES_PER_CALL} occurrences, the earliest ones`, () => {
    // Every minute, zero length, over a 61-day window: 87,840 would match.
    const minutely = timed('2026-03-01T00:00:00Z', '2026-03-01T00:00:00Z', 'UTC', 'FREQ=MINUTELY');
    const got = expandSeries(minutely, [], win('2026-03-01T00:00:00Z', '2026-05-01T00:00:00Z'));
    assert.equal(got.length, MAX_OCCURRENCES_PER_CALL);
    assert.equal(got[0]!.start.toISOString(), '2026-03-01T00:00:00.000Z');
    // 4,999 minutes after the window start is 83h19m later: 2026-03-04T11:19Z.
    assert.equal(got.at(-1)!.start.toISOString(), '2026-03-04T11:19:00.000Z');
  });

  it('keeps a late occurrence moved to the front when the cap applies', () => {
    const minutely = timed('2026-03-01T00:00:00Z', '2026-03-01T00:00:00Z', 'UTC', 'FREQ=MINUTELY');
    const moved = override('2026-03-10T00:00:00Z', { start: d('2026-03-01T00:00:30Z'), end: d('2026-03-01T00:00:30Z') });
    const got = expandSeries(minutely, [moved], win('2026-03-01T00:00:00Z', '2026-05-01T00:00:00Z'));
    assert.equal(got.length, MAX_OCCURRENCES_PER_CALL);
    assert.equal(got[1]!.id, `${SERIES_ID}@2026-03-10T00:00:00Z`);
    // One slot went to the moved occurrence, so the last unmoved one is a minute earlier.
    assert.equal(got.at(-1)!.start.toISOString(), '2026-03-04T11:18:00.000Z');
  });

  it('caps a SECONDLY rule too', () => {
    const secondly = timed('2026-01-01T00:00:00Z', '2026-01-01T00:00:01Z', 'Europe/Berlin', 'FREQ=SECONDLY');
    const got = expandSeries(secondly, [], win('2026-03-01T00:00:00Z', '2026-05-01T00:00:00Z'));
    assert.equal(got.length, MAX_OCCURRENCES_PER_CALL);
    // Each lasts one second, so the first is the one starting at the window start.
    assert.equal(got[0]!.start.toISOString(), '2026-03-01T00:00:00.000Z');
    assert.equal(got.at(-1)!.start.toISOString(), '2026-03-01T01:23:19.000Z');
  });
});

describe('expandSeries reads every RFC 5545 rule part', () => {
  // Expected values worked out by hand (and the RFC's own examples where it has them).

  it('BYSETPOS picks positions within each period: the last weekday of the month', () => {
    // Berlin 09:00; Jan 30 and Feb 27 are CET (08:00Z), Mar 31, Apr 30 and May 29 CEST (07:00Z).
    const series = timed('2026-01-30T08:00:00Z', '2026-01-30T09:00:00Z', 'Europe/Berlin', 'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1');
    assert.deepEqual(starts(expandSeries(series, [], win('2026-01-01T00:00:00Z', '2026-06-01T00:00:00Z'))), [
      '2026-01-30T08:00:00.000Z', '2026-02-27T08:00:00.000Z', '2026-03-31T07:00:00.000Z', '2026-04-30T07:00:00.000Z', '2026-05-29T07:00:00.000Z',
    ]);
  });

  it('BYWEEKNO counts ISO weeks, whose week 1 can start in December and week 53 end in January', () => {
    // Week 1 of 2025 starts Monday 2024-12-30, of 2026 on 2025-12-29, of 2027 on 2027-01-04.
    const monday = timed('2024-01-01T09:00:00Z', '2024-01-01T10:00:00Z', 'UTC', 'FREQ=YEARLY;BYWEEKNO=1;BYDAY=MO');
    assert.deepEqual(starts(expandSeries(monday, [], win('2024-01-01T00:00:00Z', '2028-01-01T00:00:00Z'))), [
      '2024-01-01T09:00:00.000Z', '2024-12-30T09:00:00.000Z', '2025-12-29T09:00:00.000Z', '2027-01-04T09:00:00.000Z',
    ]);
    // The Sunday of each year's last week: 2026 has 53 weeks, the last ending Sunday 2027-01-03.
    const sunday = timed('2024-01-01T09:00:00Z', '2024-01-01T10:00:00Z', 'UTC', 'FREQ=YEARLY;BYWEEKNO=-1;BYDAY=SU');
    assert.deepEqual(starts(expandSeries(sunday, [], win('2024-01-01T00:00:00Z', '2028-01-01T00:00:00Z'))), [
      '2024-01-01T09:00:00.000Z', '2024-12-29T09:00:00.000Z', '2025-12-28T09:00:00.000Z', '2027-01-03T09:00:00.000Z',
    ]);
  });

  it('negative BYMONTHDAY counts from the end of each month, skipping months too short', () => {
    // -1 is the last day; -31 exists only in 31-day months (as the 1st).
    const last = timed('2026-01-31T11:00:00Z', '2026-01-31T12:00:00Z', 'Europe/Berlin', 'FREQ=MONTHLY;BYMONTHDAY=-1');
    assert.deepEqual(starts(expandSeries(last, [], win('2026-01-01T00:00:00Z', '2026-06-01T00:00:00Z'))), [
      '2026-01-31T11:00:00.000Z', '2026-02-28T11:00:00.000Z', '2026-03-31T10:00:00.000Z', '2026-04-30T10:00:00.000Z', '2026-05-31T10:00:00.000Z',
    ]);
    const series = timed('2026-01-01T11:00:00Z', '2026-01-01T12:00:00Z', 'UTC', 'FREQ=MONTHLY;BYMONTHDAY=-2,-31');
    assert.deepEqual(starts(expandSeries(series, [], win('2026-01-01T00:00:00Z', '2026-06-01T00:00:00Z'))), [
      '2026-01-01T11:00:00.000Z', '2026-01-30T11:00:00.000Z', '2026-02-27T11:00:00.000Z', '2026-03-01T11:00:00.000Z',
      '2026-03-30T11:00:00.000Z', '2026-04-29T11:00:00.000Z', '2026-05-01T11:00:00.000Z', '2026-05-30T11:00:00.000Z',
    ]);
  });

  it('BYYEARDAY counts from either end of the year: day 60 is Mar 1, or Feb 29 in a leap year', () => {
    const series = timed('2026-01-01T12:00:00Z', '2026-01-01T13:00:00Z', 'UTC', 'FREQ=YEARLY;BYYEARDAY=60,-1');
    assert.deepEqual(starts(expandSeries(series, [], win('2026-01-01T00:00:00Z', '2029-01-01T00:00:00Z'))), [
      '2026-01-01T12:00:00.000Z', '2026-03-01T12:00:00.000Z', '2026-12-31T12:00:00.000Z', '2027-03-01T12:00:00.000Z',
      '2027-12-31T12:00:00.000Z', '2028-02-29T12:00:00.000Z', '2028-12-31T12:00:00.000Z',
    ]);
  });

  it('an nth BYDAY with BYMONTH counts within that month; BYMONTHDAY and BYDAY together intersect', () => {
    // The second Sunday of May, 09:00 Berlin (CEST).
    const mothersDay = timed('2026-05-10T07:00:00Z', '2026-05-10T08:00:00Z', 'Europe/Berlin', 'FREQ=YEARLY;BYMONTH=5;BYDAY=2SU');
    assert.deepEqual(starts(expandSeries(mothersDay, [], win('2026-01-01T00:00:00Z', '2029-01-01T00:00:00Z'))), [
      '2026-05-10T07:00:00.000Z', '2027-05-09T07:00:00.000Z', '2028-05-14T07:00:00.000Z',
    ]);
    // RFC 5545's US election day: the Tuesday after the first Monday of November, every 4 years.
    const election = timed('1996-11-05T14:00:00Z', '1996-11-05T15:00:00Z', 'America/New_York', 'FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8');
    assert.deepEqual(starts(expandSeries(election, [], win('1996-01-01T00:00:00Z', '2009-01-01T00:00:00Z'))), [
      '1996-11-05T14:00:00.000Z', '2000-11-07T14:00:00.000Z', '2004-11-02T14:00:00.000Z', '2008-11-04T14:00:00.000Z',
    ]);
  });

  it('WKST decides which days share a week for INTERVAL (the RFC 5545 example)', () => {
    const w = win('1997-08-01T00:00:00Z', '1997-10-01T00:00:00Z');
    const monday = timed('1997-08-05T09:00:00Z', '1997-08-05T10:00:00Z', 'UTC', 'FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO');
    assert.deepEqual(starts(expandSeries(monday, [], w)), ['1997-08-05T09:00:00.000Z', '1997-08-10T09:00:00.000Z', '1997-08-19T09:00:00.000Z', '1997-08-24T09:00:00.000Z']);
    const sunday = { ...monday, rrule: 'FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU' };
    assert.deepEqual(starts(expandSeries(sunday, [], w)), ['1997-08-05T09:00:00.000Z', '1997-08-17T09:00:00.000Z', '1997-08-19T09:00:00.000Z', '1997-08-31T09:00:00.000Z']);
  });

  it('gives one occurrence for two times of day that the spring-forward gap puts on the same instant', () => {
    // 01:30, 02:30 and 03:30 New York on 2026-03-08: 02:30 moves to 03:30 EDT, which is 03:30 itself.
    const series = timed('2026-03-07T06:30:00Z', '2026-03-07T06:45:00Z', 'America/New_York', 'FREQ=DAILY;BYHOUR=1,2,3;BYMINUTE=30');
    assert.deepEqual(starts(expandSeries(series, [], win('2026-03-08T00:00:00Z', '2026-03-09T00:00:00Z'))), ['2026-03-08T06:30:00.000Z', '2026-03-08T07:30:00.000Z']);
  });

  it('expands BYMINUTE within each elapsed hour of an HOURLY rule, leaving out wall times that do not exist', () => {
    // Lord Howe, 2026-10-04: 02:00 +10:30 (15:30Z) becomes 02:30 +11:00, so there is no 02:00.
    const series = timed('2026-10-03T13:30:00Z', '2026-10-03T13:30:00Z', 'Australia/Lord_Howe', 'FREQ=HOURLY;BYMINUTE=0,30');
    assert.deepEqual(starts(expandSeries(series, [], win('2026-10-03T14:00:00Z', '2026-10-03T17:00:00Z'))), [
      '2026-10-03T14:00:00.000Z', // 00:30 +10:30
      '2026-10-03T14:30:00.000Z', // 01:00
      '2026-10-03T15:00:00.000Z', // 01:30
      '2026-10-03T15:30:00.000Z', // 02:30 +11:00
      '2026-10-03T16:00:00.000Z', // 03:00
      '2026-10-03T16:30:00.000Z', // 03:30
    ]);
  });

  it('refuses the rules rrule-temporal refused, with a RangeError', () => {
    const ok = timed('2026-03-01T09:00:00Z', '2026-03-01T10:00:00Z', 'UTC', 'FREQ=DAILY');
    const w = win('2026-03-01T00:00:00Z', '2026-03-05T00:00:00Z');
    for (const rrule of [
      'FREQ=FORTNIGHTLY', 'FREQ=DAILY;INTERVAL=0', 'FREQ=DAILY;INTERVAL=-2', 'FREQ=WEEKLY;BYDAY=XX', 'FREQ=MONTHLY;BYDAY=0MO',
      'FREQ=MONTHLY;BYDAY=MO;BYSETPOS=0', 'FREQ=WEEKLY;WKST=XX', 'FREQ=DAILY;SKIP=OMIT', 'FREQ=DAILY;INTERVAL=x', 'FREQ=DAILY;UNTIL=20260230',
    ]) {
      assert.throws(() => expandSeries({ ...ok, rrule }, [], w), RangeError, rrule);
    }
    // Other calendars (RFC 7529) are not read; the Gregorian one is the RFC 5545 calendar.
    assert.throws(() => expandSeries({ ...ok, rrule: 'RSCALE=HEBREW;FREQ=YEARLY' }, [], w), RangeError);
    assert.equal(expandSeries({ ...ok, rrule: 'RSCALE=GREGORIAN;FREQ=DAILY;COUNT=2' }, [], w).length, 2);
    // Parts out of range are dropped, as before: BYMONTH=13 leaves the rule unrestricted.
    assert.equal(expandSeries({ ...ok, rrule: 'FREQ=DAILY;BYMONTH=13;BYHOUR=24' }, [], w).length, 4);
  });
});

describe('expandSeries limit option and compiled series', () => {
  const minutely = timed('2026-03-01T00:00:00Z', '2026-03-01T00:00:00Z', 'UTC', 'FREQ=MINUTELY');
  const w = win('2026-03-01T00:00:00Z', '2026-05-01T00:00:00Z');

  it('returns up to `limit` occurrences, the earliest, instead of MAX_OCCURRENCES_PER_CALL', () => {
    // 61 days of minutes: 87,840.
    assert.equal(expandSeries(minutely, [], w, { limit: 100_000 }).length, 87_840);
    assert.deepEqual(starts(expandSeries(minutely, [], w, { limit: 3 })), ['2026-03-01T00:00:00.000Z', '2026-03-01T00:01:00.000Z', '2026-03-01T00:02:00.000Z']);
    assert.equal(expandSeries(minutely, [], w, {}).length, MAX_OCCURRENCES_PER_CALL);
    assert.deepEqual(expandSeries(minutely, [], w, { limit: 0 }), []);
    assert.throws(() => expandSeries(minutely, [], w, { limit: -1 }), RangeError);
  });

  it('keeps a moved occurrence among the earliest when the limit applies', () => {
    const moved = override('2026-03-10T00:00:00Z', { start: d('2026-03-01T00:00:30Z'), end: d('2026-03-01T00:00:30Z') });
    const got = expandSeries(minutely, [moved], w, { limit: 3 });
    assert.deepEqual(got.map((o) => o.originalStart), ['2026-03-01T00:00:00Z', '2026-03-10T00:00:00Z', '2026-03-01T00:01:00Z']);
  });

  it('a compiled series expands as expandSeries does, window after window', () => {
    const berlin = timed('2026-03-23T08:00:00Z', '2026-03-23T09:00:00Z', 'Europe/Berlin', 'FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20261231T235959Z', ['2026-03-25T08:00:00Z']);
    const compiled = compileSeries(berlin);
    for (const [from, to] of [['2026-03-20T00:00:00Z', '2026-04-02T00:00:00Z'], ['2026-10-19T00:00:00Z', '2026-10-29T00:00:00Z'], ['2026-12-20T00:00:00Z', '2027-01-20T00:00:00Z']] as const) {
      assert.deepEqual(compiled.expand([], win(from, to)), expandSeries(berlin, [], win(from, to)));
    }
    assert.equal(compiled.expand([], win('2026-03-20T00:00:00Z', '2026-04-02T00:00:00Z')).length, 3);
  });
});
