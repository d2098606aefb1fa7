import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { splitLine } from '../../src/ical/content-lines.js';
import { readDateList, readDateValue, readDuration, readRecur } from '../../src/ical/values.js';

describe('iCalendar value readers', () => {
  it('reads a date or a date-time by its form, in the basic and the extended ISO 8601 forms', () => {
    assert.deepEqual(readDateValue('20190101'), { kind: 'date', text: '20190101' });
    assert.deepEqual(readDateValue('2019-01-01'), { kind: 'date', text: '20190101' });
    assert.deepEqual(readDateValue('2026-03-29t01:30:00z'), { kind: 'date-time', text: '20260329T013000Z' });
    assert.deepEqual(readDateValue(' 20261101T0130 '), { kind: 'date-time', text: '20261101T013000' });
    assert.equal(readDateValue('20260230'), '"20260230" is not a date of the calendar');
    assert.equal(readDateValue('20260101T250000'), '"20260101T250000" is not a time of day');
    assert.equal(readDateValue('2019-01-01T::'), '"2019-01-01T::" is not a date or a date-time');
  });

  it('reads EXDATE and RDATE lists: spaces ignored, each value by its own form, periods for RDATE, bad values apart', () => {
    assert.deepEqual(readDateList('20261025T090000, 20261101,20261108T090000Z/PT1H, x', { periods: true }), {
      values: [
        { kind: 'date-time', text: '20261025T090000' },
        { kind: 'date', text: '20261101' },
        { kind: 'period', text: '20261108T090000Z/PT1H' },
      ],
      bad: ['"x" is not a date or a date-time'],
    });
    assert.deepEqual(readDateList('20261108T090000Z/20261108T100000Z', { periods: false }).bad, ['"20261108T090000Z/20261108T100000Z" is not a date or a date-time']);
  });

  it('reads durations, weeks mixed with days too, and refuses one longer than 100 years', () => {
    assert.deepEqual(readDuration('pt1h30m'), { text: 'PT1H30M' });
    assert.deepEqual(readDuration('P1W'), { text: 'P1W' });
    assert.deepEqual(readDuration('P1W2DT3H'), { text: 'P9DT3H' });
    assert.deepEqual(readDuration('-P1D'), { text: '-P1D' });
    assert.equal(readDuration('P1000000000W'), '"P1000000000W" is longer than 100 years');
    assert.equal(readDuration('1 hour'), '"1 hour" is not a duration');
  });

  it('reads a rule without spaces and unknown parts, and refuses one with a value out of range', () => {
    assert.deepEqual(readRecur('freq=monthly; BYDAY=1MO, -1FR ;BYSETPOS=1;BYDAI=TU'), {
      text: 'FREQ=MONTHLY;BYDAY=1MO,-1FR;BYSETPOS=1',
      ignored: ['part BYDAI=TU ignored: RFC 5545 rules have no such part'],
    });
    assert.equal(readRecur('BYDAY=MO'), 'the rule has no FREQ');
    assert.equal(readRecur('FREQ=WEEKLY;INTERVAL=0'), 'INTERVAL=0 is not a whole number of at least 1');
    assert.equal(readRecur('FREQ=MONTHLY;BYMONTHDAY=-32'), 'BYMONTHDAY=-32 is out of range (1 to 31, or -31 to -1)');
    assert.equal(readRecur('FREQ=YEARLY;BYMONTH=-1'), 'BYMONTH=-1 is out of range (1 to 12)');
    assert.equal(typeof readRecur('FREQ=YEARLY;RSCALE=CHINESE;BYMONTH=5L'), 'object', 'a leap month of RFC 7529 is the expander\'s to refuse');
  });

  it('splits a content line with quoted, unquoted and comma-separated parameter values', () => {
    assert.deepEqual(splitLine(3, 'ATTENDEE;CN="Müller, Hans";DELEGATED-TO="mailto:a@x","mailto:b@x";CN2=Sixt SE:mailto:h@x'), {
      kind: 'line', line: 3, name: 'ATTENDEE', value: 'mailto:h@x', dropped: [],
      params: [['CN', ['Müller, Hans']], ['DELEGATED-TO', ['mailto:a@x', 'mailto:b@x']], ['CN2', ['Sixt SE']]],
    });
    assert.deepEqual(splitLine(4, 'DTSTART;TZID="unclosed:20260101T000000'), { kind: 'defect', line: 4, text: 'DTSTART;TZID="unclosed:20260101T000000', why: 'its TZID value opens a quote that never closes' });
  });
});
