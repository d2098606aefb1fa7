import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { icalBusyIntervals } from '../../src/ical/busy.js';
import { ICalendarLimitError, type ICalendarLimit } from '../../src/ical/errors.js';
import { readForImport } from '../../src/ical/import-read.js';
import { ICAL_LIMITS } from '../../src/ical/limits.js';
import { parseICalendar } from '../../src/ical/parse.js';
import { calendarText, manyEvents, series } from '../helpers/ical-text.js';

// A feed's window (a day back, 400 ahead) and an import's (the horizon of an owner made now).
const FEED = { from: new Date('2026-03-28T00:30:00Z'), to: new Date('2027-05-03T00:30:00Z') };
const HORIZON = { from: new Date('2025-03-28T00:30:00Z'), to: new Date('2028-03-29T00:30:00Z') };

function refusedFor(limit: ICalendarLimit, message: RegExp) {
  return (e: unknown) => {
    assert.ok(e instanceof ICalendarLimitError, String(e));
    assert.equal(e.limit, limit);
    assert.match(e.message, message);
    return true;
  };
}

describe('the limits of one calendar (ICAL_LIMITS), the same for a feed and an import', () => {
  it('refuses a text over 10 MiB before reading it', () => {
    const text = calendarText([['UID:big@limits.test', 'DTSTART:20260401T090000Z', `DESCRIPTION:${'x'.repeat(ICAL_LIMITS.maxBytes)}`]]);
    assert.throws(() => parseICalendar(text), refusedFor('maxBytes', /^the calendar has 10,485,9\d\d bytes, more than the 10 MiB one calendar may have$/));
  });

  it('refuses more than 20,000 events, and reads 20,000', () => {
    const events = manyEvents(ICAL_LIMITS.maxEvents);
    assert.equal(parseICalendar(calendarText(events)).events.length, 20_000);
    const over = calendarText([...events, ...manyEvents(1, { first: '2030-01-01T00:00:00Z' }).map((e) => e.map((l) => l.replace('UID:e0@', 'UID:last@')))]);
    assert.throws(() => parseICalendar(over), refusedFor('maxEvents', /^the calendar has 20,001 events, more than the 20,000 one calendar may have$/));
  });

  it('refuses a series with more than 10,000 occurrences in the window, in a feed and in an import, naming it', () => {
    const text = calendarText([series('minutely@limits.test', '2026-04-01T00:00:00Z', 'FREQ=MINUTELY;COUNT=100000000')]);
    const named = /^the series UID minutely@limits\.test \(RRULE FREQ=MINUTELY;COUNT=100000000\) has more than 10,000 occurrences between 2026-03-28 and 2027-05-03, the most one series may have$/;
    assert.throws(() => icalBusyIntervals(text, FEED), refusedFor('maxOccurrencesPerSeries', named));
    assert.throws(() => readForImport(text, { defaultTimezone: 'UTC', window: HORIZON }), refusedFor('maxOccurrencesPerSeries', /UID minutely@limits\.test .* between 2025-03-28 and 2028-03-29/));
  });

  it('names a series by at most 100 characters of its UID and RRULE', () => {
    const uid = `${'u'.repeat(200)}@limits.test`;
    const text = calendarText([series(uid, '2026-04-01T00:00:00Z', `FREQ=MINUTELY;BYSECOND=${Array.from({ length: 60 }, (_, i) => i).join(',')}`)]);
    assert.throws(() => icalBusyIntervals(text, FEED), (e: unknown) => {
      assert.ok(e instanceof ICalendarLimitError);
      assert.match(e.message, /^the series UID u{99}… \(RRULE FREQ=MINUTELY;BYSECOND=0,1,2,[\d,]+…\) has more than 10,000 occurrences/);
      return true;
    });
  });

  it("keeps a feed's hourly series whole (9,624 occurrences in 401 days) instead of the first 5,000", () => {
    const busy = icalBusyIntervals(calendarText([series('hourly@limits.test', '2026-03-28T00:00:00Z', 'FREQ=HOURLY')]), FEED);
    assert.equal(busy.length, 9624);
    assert.equal(busy.at(-1)!.start.toISOString(), '2027-05-03T00:00:00.000Z');
  });

  it('refuses more than 100,000 occurrences and events together in the window', () => {
    // Eleven hourly series: each within its own limit, 105,864 together.
    const text = calendarText(Array.from({ length: 11 }, (_, i) => series(`s${i}@limits.test`, '2026-03-28T00:00:00Z', 'FREQ=HOURLY')));
    assert.throws(() => icalBusyIntervals(text, FEED), refusedFor('maxOccurrences', /^the calendar has more than 100,000 events and occurrences between 2026-03-28 and 2027-05-03, the most one calendar may have$/));
  });

  it('reads a series far outside the window, of a hundred million occurrences, without walking them', () => {
    const { events } = readForImport(calendarText([series('far@limits.test', '2090-01-01T00:00:00Z', 'FREQ=MINUTELY;COUNT=100000000')]), { defaultTimezone: 'UTC', window: HORIZON });
    assert.equal(events.length, 1);
    assert.equal(events[0]!.seriesUntil, null, 'an end too far to find is read as none');
  });
});
