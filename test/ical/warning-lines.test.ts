import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { icalBusyRead } from '../../src/ical/busy.js';
import { readForImport } from '../../src/ical/import-read.js';
import { parseICalendar } from '../../src/ical/parse.js';

// docs/calendar-import.md, "The report": every warning starts with the line it is about, in line
// order; the zone warnings (an unknown X-WR-TIMEZONE, a custom VTIMEZONE matched or not, a TZID no
// zone has) too, each at the line that caused it.

/** Outlook's "Customized Time Zone": Central European rules under a TZID that names no zone. */
const CUSTOMIZED = [
  'BEGIN:VTIMEZONE', 'TZID:Customized Time Zone',
  'BEGIN:STANDARD', 'DTSTART:16011028T030000', 'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10', 'TZOFFSETFROM:+0200', 'TZOFFSETTO:+0100', 'END:STANDARD',
  'BEGIN:DAYLIGHT', 'DTSTART:16010325T020000', 'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3', 'TZOFFSETFROM:+0100', 'TZOFFSETTO:+0200', 'END:DAYLIGHT',
  'END:VTIMEZONE',
];
/** A definition no IANA zone has: +01:23 all year. */
const MADE_UP = ['BEGIN:VTIMEZONE', 'TZID:Made Up Time', 'BEGIN:STANDARD', 'DTSTART:19700101T000000', 'TZOFFSETFROM:+0123', 'TZOFFSETTO:+0123', 'END:STANDARD', 'END:VTIMEZONE'];

const LINES = [
  'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//warning lines//EN', 'X-WR-TIMEZONE:Mars/Olympus_Mons',
  ...CUSTOMIZED,
  ...MADE_UP,
  // An instance before its series (Google writes them anywhere): its RECURRENCE-ID is the first use of the Lotus zone.
  'BEGIN:VEVENT', 'UID:lotus@warn.test', 'RECURRENCE-ID;TZID=Lotus Somewhere:20260330T090000', 'DTSTART;TZID=Lotus Somewhere:20260330T100000', 'DTEND;TZID=Lotus Somewhere:20260330T103000', 'END:VEVENT',
  'BEGIN:VEVENT', 'UID:made-up@warn.test', 'X-APPLE-RADIUS=70.5', 'DTSTART;TZID=Made Up Time:20260302T090000', 'RRULE:FREQ=WEEKLY;BYDAI=MO;COUNT=2', 'END:VEVENT',
  'BEGIN:VEVENT', 'UID:lotus@warn.test', 'DTSTART;TZID=Lotus Somewhere:20260323T090000', 'DTEND;TZID=Lotus Somewhere:20260323T093000', 'RRULE:FREQ=WEEKLY;COUNT=3', 'END:VEVENT',
  // 10:00 CEST on the day Berlin's summer time starts, its UNTIL a week before.
  'BEGIN:VEVENT', 'UID:jour-fixe@warn.test', 'DTSTART;TZID=Customized Time Zone:20260329T100000', 'DTEND;TZID=Customized Time Zone:20260329T110000', 'RRULE:FREQ=WEEKLY;UNTIL=20260322T000000Z', 'END:VEVENT',
  'BEGIN:VTODO', 'UID:todo@warn.test', 'SUMMARY:Call back', 'END:VTODO',
  'END:VCALENDAR',
];
const TEXT = `${LINES.join('\r\n')}\r\n`;
const at = (line: string, from = 0) => LINES.indexOf(line, from) + 1;

const EXPECTED = [
  'line 4: X-WR-TIMEZONE "Mars/Olympus_Mons" is not a time zone we know; Australia/Sydney is used',
  'line 5: TZID "Customized Time Zone" is not a zone name; its VTIMEZONE has the offsets of Europe/Berlin in 2026-2027, which is used',
  `line ${at('TZID:Made Up Time') - 1}: TZID "Made Up Time" is not a zone name, and its VTIMEZONE has the offsets of no IANA zone in 2026-2027; its times are read in Australia/Sydney`,
  `line ${at('RECURRENCE-ID;TZID=Lotus Somewhere:20260330T090000')}: TZID "Lotus Somewhere" is not a time zone we know; its times are read in Australia/Sydney`,
  `line ${at('X-APPLE-RADIUS=70.5')}: "X-APPLE-RADIUS=70.5" skipped: it has no colon between name and value`,
  `line ${at('RRULE:FREQ=WEEKLY;BYDAI=MO;COUNT=2')}: RRULE part BYDAI=MO ignored: RFC 5545 rules have no such part`,
  `line ${at('RRULE:FREQ=WEEKLY;UNTIL=20260322T000000Z')}: UID jour-fixe@warn.test: RRULE UNTIL=20260322T000000Z is before DTSTART 2026-03-29T10:00:00 (Europe/Berlin); only the first occurrence is kept`,
  `line ${at('BEGIN:VTODO')}: 1 VTODO component(s) not imported: only VEVENTs are`,
];

describe('the warnings of a file mixing zone, line, rule and component warnings', () => {
  it('are the exact list, each at the line that caused it, in line order', () => {
    assert.deepEqual(parseICalendar(TEXT, { defaultTimezone: 'Australia/Sydney' }).warnings, EXPECTED);
  });

  it('are the same for a calendar import and for a feed', () => {
    const window = { from: new Date('2025-12-01T00:00:00Z'), to: new Date('2027-12-01T00:00:00Z') };
    assert.deepEqual(readForImport(TEXT, { defaultTimezone: 'Australia/Sydney', window }).warnings, EXPECTED);
    assert.deepEqual(icalBusyRead(TEXT, window, { defaultTimezone: 'Australia/Sydney' }).warnings, EXPECTED);
  });

  it('name the first line a TZID no zone has is used on, and warn once for it', () => {
    const text = TEXT.replace('DTSTART;TZID=Made Up Time:20260302T090000', 'DTSTART;TZID=Lotus Somewhere:20260302T090000');
    const lotus = parseICalendar(text, { defaultTimezone: 'Australia/Sydney' }).warnings.filter((w) => w.includes('"Lotus Somewhere"'));
    assert.deepEqual(lotus, [`line ${at('RECURRENCE-ID;TZID=Lotus Somewhere:20260330T090000')}: TZID "Lotus Somewhere" is not a time zone we know; its times are read in Australia/Sydney`]);
  });
});
