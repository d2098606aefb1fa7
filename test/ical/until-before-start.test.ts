import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expandSeries } from '../../src/domain/recurrence.js';
import { icalBusyRead } from '../../src/ical/busy.js';
import { readForImport } from '../../src/ical/import-read.js';
import { parseICalendar, type ImportedEvent } from '../../src/ical/parse.js';

// A series whose UNTIL lies before its DTSTART keeps its DTSTART ("The DTSTART property value
// always counts as the first occurrence", RFC 5545 3.8.5.1) and is warned about at its RRULE's
// line; so is every series whose rule gives nothing more. An EXDATE of DTSTART may still remove it.
// Offsets: Berlin +01:00 until 2026-03-29 02:00, +02:00 after; New York -05:00 until 2026-03-08,
// -04:00 after; Sydney +11:00 until 2026-04-05 03:00 local, +10:00 after.

const iso = (d: Date) => d.toISOString().replace('.000Z', 'Z');
const WINDOW = { from: new Date('2025-06-01T00:00:00Z'), to: new Date('2028-06-01T00:00:00Z') };

/** A calendar of the VEVENTs given as their lines; line 4 is the first event's BEGIN:VEVENT. */
function calendar(events: string[][]): { text: string; at: (line: string) => number } {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//until//EN'];
  for (const e of events) lines.push('BEGIN:VEVENT', ...e, 'END:VEVENT');
  lines.push('END:VCALENDAR');
  return { text: `${lines.join('\r\n')}\r\n`, at: (line) => lines.indexOf(line) + 1 };
}

function occurrences(e: ImportedEvent): string[] {
  if (e.rrule === null) return [`${iso(e.start)}/${iso(e.end)}`];
  return expandSeries({ id: 's', ...e, rrule: e.rrule }, [], WINDOW).map((o) => `${iso(o.start)}/${iso(o.end)}`);
}

const byUid = <E extends { uid: string }>(events: E[], uid: string): E => events.find((e) => e.uid === uid)!;

const BERLIN = ['UID:berlin@until.test', 'SUMMARY:Jour fixe', 'DTSTART;TZID=Europe/Berlin:20260329T100000', 'DTEND;TZID=Europe/Berlin:20260329T110000', 'RRULE:FREQ=WEEKLY;UNTIL=20260322T090000Z'];
const NEW_YORK = ['UID:new-york@until.test', 'DTSTART;TZID=America/New_York:20260308T090000', 'DTEND;TZID=America/New_York:20260308T093000', 'RRULE:FREQ=DAILY;UNTIL=20260308T085900'];
const SYDNEY = ['UID:sydney@until.test', 'DTSTART;VALUE=DATE:20260405', 'RRULE:FREQ=YEARLY;UNTIL=20250405'];

describe('a series whose UNTIL lies before its DTSTART, imported', () => {
  const { text, at } = calendar([BERLIN, NEW_YORK, SYDNEY]);

  it('lists its DTSTART, in Berlin, New York and Sydney on their DST days, and warns at the RRULE line', () => {
    const cal = parseICalendar(text, { defaultTimezone: 'Australia/Sydney' });
    assert.deepEqual(cal.warnings, [
      `line ${at(BERLIN[4]!)}: UID berlin@until.test: RRULE UNTIL=20260322T090000Z is before DTSTART 2026-03-29T10:00:00 (Europe/Berlin); only the first occurrence is kept`,
      `line ${at(NEW_YORK[3]!)}: UID new-york@until.test: RRULE UNTIL=20260308T085900 is before DTSTART 2026-03-08T09:00:00 (America/New_York); only the first occurrence is kept`,
      `line ${at(SYDNEY[2]!)}: UID sydney@until.test: RRULE UNTIL=20250405 is before DTSTART 2026-04-05; only the first occurrence is kept`,
    ]);
    assert.deepEqual(occurrences(byUid(cal.events, 'berlin@until.test')), ['2026-03-29T08:00:00Z/2026-03-29T09:00:00Z']);
    assert.deepEqual(occurrences(byUid(cal.events, 'new-york@until.test')), ['2026-03-08T13:00:00Z/2026-03-08T13:30:00Z']);
    // Sydney's 2026-04-05 lasts 25 hours: midnight AEDT to midnight AEST.
    assert.deepEqual(occurrences(byUid(cal.events, 'sydney@until.test')), ['2026-04-04T13:00:00Z/2026-04-05T14:00:00Z']);
  });

  it('is written with its DTSTART as its last end, and warned about, by the import', () => {
    const read = readForImport(text, { defaultTimezone: 'Australia/Sydney', window: WINDOW });
    assert.equal(read.warnings.length, 3, read.warnings.join('\n'));
    const berlin = byUid(read.events, 'berlin@until.test');
    assert.deepEqual([berlin.rrule, iso(berlin.seriesUntil!)], ['FREQ=WEEKLY;UNTIL=20260322T090000Z', '2026-03-29T09:00:00Z']);
  });

  it('blocks its DTSTART in a feed\'s busy time', () => {
    const busy = icalBusyRead(text, WINDOW, { defaultTimezone: 'Australia/Sydney' });
    assert.deepEqual(busy.intervals.map((b) => `${iso(b.start)}/${iso(b.end)}`), [
      '2026-03-08T13:00:00Z/2026-03-08T13:30:00Z',
      '2026-03-29T08:00:00Z/2026-03-29T09:00:00Z',
      '2026-04-04T13:00:00Z/2026-04-05T14:00:00Z',
    ]);
    assert.equal(busy.warnings.length, 3, busy.warnings.join('\n'));
  });
});

describe('a series whose rule gives nothing but DTSTART, imported', () => {
  const never = ['UID:never@until.test', 'DTSTART;TZID=Europe/Berlin:20260329T100000', 'DTEND;TZID=Europe/Berlin:20260329T110000', 'RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30'];
  const countZero = ['UID:count-zero@until.test', 'DTSTART;TZID=America/New_York:20260308T090000', 'DTEND;TZID=America/New_York:20260308T093000', 'RRULE:FREQ=DAILY;COUNT=0'];
  const excluded = [...BERLIN.slice(2, 5), 'UID:excluded@until.test', 'EXDATE;TZID=Europe/Berlin:20260329T100000'];
  const { text, at } = calendar([never, countZero, excluded]);

  it('keeps DTSTART for a rule that never matches and for COUNT=0; an EXDATE of DTSTART leaves nothing', () => {
    const cal = parseICalendar(text, { defaultTimezone: 'Europe/Berlin' });
    assert.deepEqual(occurrences(byUid(cal.events, 'never@until.test')), ['2026-03-29T08:00:00Z/2026-03-29T09:00:00Z']);
    assert.deepEqual([byUid(cal.events, 'count-zero@until.test').rrule, ...occurrences(byUid(cal.events, 'count-zero@until.test'))], [null, '2026-03-08T13:00:00Z/2026-03-08T13:30:00Z']);
    assert.deepEqual(occurrences(byUid(cal.events, 'excluded@until.test')), []);
    assert.deepEqual(cal.warnings, [
      `line ${at(countZero[3]!)}: RRULE dropped: COUNT=0 is not a whole number of at least 1`,
      `line ${at(BERLIN[4]!)}: UID excluded@until.test: RRULE UNTIL=20260322T090000Z is before DTSTART 2026-03-29T10:00:00 (Europe/Berlin); only the first occurrence is kept`,
    ]);
  });

  it('says only that rule ends before DTSTART when another rule or RDATE goes on', () => {
    const { text: several, at: line } = calendar([[...BERLIN, 'RRULE:FREQ=MONTHLY;COUNT=2']]);
    const cal = parseICalendar(several);
    assert.deepEqual(cal.warnings, [`line ${line(BERLIN[4]!)}: UID berlin@until.test: RRULE UNTIL=20260322T090000Z is before DTSTART 2026-03-29T10:00:00 (Europe/Berlin); that rule gives only the first occurrence`]);
    assert.deepEqual(occurrences(cal.events[0]!), ['2026-03-29T08:00:00Z/2026-03-29T09:00:00Z', '2026-04-29T08:00:00Z/2026-04-29T09:00:00Z']);
  });
});
