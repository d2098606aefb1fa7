import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expandSeries } from '../../src/domain/recurrence.js';
import { ICalendarError, parseICalendar, type ImportedEvent, type ParsedCalendar } from '../../src/ical/parse.js';

const iso = (d: Date) => d.toISOString().replace('.000Z', 'Z');

/** A calendar of the VEVENTs given as their lines, CRLF-ended as exporters write. */
function calendar(events: string[][], header: string[] = []): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//tolerant//EN', ...header];
  for (const e of events) lines.push('BEGIN:VEVENT', ...e, 'END:VEVENT');
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}

function byUid(cal: ParsedCalendar, uid: string): ImportedEvent {
  const e = cal.events.find((x) => x.uid === uid);
  assert.ok(e, `event ${uid} in [${cal.events.map((x) => x.uid).join(', ')}]; warnings:\n${cal.warnings.join('\n')}`);
  return e;
}

function warned(cal: ParsedCalendar, ...parts: (string | RegExp)[]): void {
  assert.ok(
    cal.warnings.some((w) => parts.every((p) => (typeof p === 'string' ? w.includes(p) : p.test(w)))),
    `a warning with ${parts.join(' and ')} in:\n${cal.warnings.join('\n')}`,
  );
}

/** Original starts of a series' occurrences in the window (cancelled ones marked). */
function starts(e: ImportedEvent, from: string, to: string): string[] {
  const overrides = e.overrides.map((o) => ({ originalStart: o.originalStart, start: o.start, end: o.end, cancelled: o.cancelled, deleted: false }));
  return expandSeries({ id: 's', ...e, rrule: e.rrule!, exdates: e.exdates }, overrides, { from: new Date(from), to: new Date(to) })
    .map((o) => `${iso(o.start)}${o.override?.cancelled ? ' cancelled' : ''}`);
}

const planning = (uid = 'planning@test') => [`UID:${uid}`, 'SUMMARY:Planning', 'DTSTART;TZID=Europe/Berlin:20260302T093000', 'DTEND;TZID=Europe/Berlin:20260302T101500'];
const lunch = ['UID:lunch@test', 'SUMMARY:Lunch', 'DTSTART:20260305T120000Z', 'DTEND:20260305T130000Z'];

describe('reading iCalendar: one bad part costs that part only', () => {
  it('skips a line without a colon (an Apple X-APPLE-RADIUS line broken off its property), naming its line, and keeps the event', () => {
    const cal = parseICalendar(calendar([[...planning(), 'X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-ADDRESS=Hauptstr. 1:geo:52.5,13.4', 'X-APPLE-RADIUS=49.91;X-TITLE=Office', 'LOCATION:Office'], lunch]));
    assert.equal(byUid(cal, 'planning@test').location, 'Office');
    byUid(cal, 'lunch@test');
    warned(cal, /^line 10: "X-APPLE-RADIUS=49\.91;X-TITLE=Office" skipped: it has no colon between name and value$/);
    assert.equal(cal.skipped, 0);
  });

  it('reads a parameter value with spaces left unquoted (ORGANIZER;CN=Sixt SE), and drops only a parameter without "="', () => {
    const cal = parseICalendar(calendar([[...planning(), 'ORGANIZER;CN=Sixt SE:mailto:rental@sixt.example', 'ATTENDEE;CN=Müller, Hans;ROLE:mailto:hans@example.com']]));
    assert.equal(byUid(cal, 'planning@test').title, 'Planning');
    warned(cal, 'line 10: ATTENDEE parameter ROLE dropped');
    assert.equal(cal.warnings.length, 1, cal.warnings.join('\n'));
  });

  it('reads a Windows TZID with spaces, unquoted as Outlook writes it, across the New York DST change', () => {
    const cal = parseICalendar(calendar([['UID:call@test', 'SUMMARY:Call', 'DTSTART;TZID=Eastern Standard Time:20260306T090000', 'DTEND;TZID=Eastern Standard Time:20260306T093000', 'RRULE:FREQ=WEEKLY;COUNT=2']]));
    const call = byUid(cal, 'call@test');
    assert.equal(call.timezone, 'America/New_York');
    assert.deepEqual(starts(call, '2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z'), ['2026-03-06T14:00:00Z', '2026-03-13T13:00:00Z']);
  });

  it('skips a stray VERSION line after END:VCALENDAR (once "Cannot read properties of undefined") and keeps every event', () => {
    const cal = parseICalendar(`${calendar([planning(), lunch])}VERSION:2.0\r\n`);
    assert.deepEqual(cal.events.map((e) => e.uid), ['planning@test', 'lunch@test']);
    warned(cal, /^line 17: VERSION skipped: it is outside any calendar$/);
  });

  it('ends a VEVENT left open where the next begins, and skips an END nothing opened', () => {
    const text = calendar([planning(), lunch]).replace('DTEND;TZID=Europe/Berlin:20260302T101500\r\nEND:VEVENT', 'DTEND;TZID=Europe/Berlin:20260302T101500').replace('END:VCALENDAR', 'END:VEVENT\r\nEND:VCALENDAR');
    const cal = parseICalendar(text);
    assert.deepEqual(cal.events.map((e) => e.uid), ['planning@test', 'lunch@test']);
    warned(cal, /^line 4: BEGIN:VEVENT has no END:VEVENT; it is ended where the next BEGIN:VEVENT begins \(line 9\)$/);
    warned(cal, /^line 15: END:VEVENT skipped: no BEGIN:VEVENT is open$/);
  });

  it('reads a file cut short (no END:VEVENT, no END:VCALENDAR), keeping what is there, and one without BEGIN:VCALENDAR', () => {
    const cut = calendar([planning(), lunch]).split('\r\n').slice(0, -3).join('\r\n');
    const cal = parseICalendar(cut);
    assert.deepEqual(cal.events.map((e) => e.uid), ['planning@test', 'lunch@test']);
    warned(cal, 'line 1: BEGIN:VCALENDAR has no END:VCALENDAR', 'cut short');
    const headless = parseICalendar(calendar([planning(), lunch]).replace('BEGIN:VCALENDAR\r\n', ''));
    assert.deepEqual(headless.events.map((e) => e.uid), ['planning@test', 'lunch@test']);
    warned(headless, /^line 1: the text has no BEGIN:VCALENDAR before BEGIN:VEVENT \(line 3\); it is read as a calendar$/);
  });

  it('reads the calendar\'s own lines (X-WR-TIMEZONE) when its BEGIN:VCALENDAR line is missing', () => {
    const text = calendar([['UID:floating@test', 'DTSTART:20261101T090000']], ['X-WR-TIMEZONE:America/New_York']).replace('BEGIN:VCALENDAR\r\n', '');
    const e = byUid(parseICalendar(text), 'floating@test');
    assert.deepEqual([e.timezone, iso(e.start)], ['America/New_York', '2026-11-01T14:00:00Z']);
  });

  it('reads a VEVENT after END:VCALENDAR as part of that calendar, in its X-WR-TIMEZONE', () => {
    const text = calendar([planning()], ['X-WR-TIMEZONE:America/New_York']).replace('END:VCALENDAR', 'END:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:late@test\r\nDTSTART:20260308T090000\r\nEND:VEVENT');
    const late = byUid(parseICalendar(text), 'late@test');
    // 09:00 New York on the day clocks go forward: EDT, UTC-4.
    assert.deepEqual([late.timezone, iso(late.start)], ['America/New_York', '2026-03-08T13:00:00Z']);
  });

  it('skips an event whose DTSTART cannot be read (month 13), with why and its line, and keeps the rest of the file', () => {
    const cal = parseICalendar(calendar([['UID:bad@test', 'DTSTART:20261301T100000Z'], lunch]));
    assert.deepEqual(cal.events.map((e) => e.uid), ['lunch@test']);
    assert.equal(cal.skipped, 1);
    warned(cal, /^line 6: DTSTART dropped: "20261301T100000Z" is not a date of the calendar$/);
    warned(cal, /^line 4: UID bad@test skipped: no DTSTART$/);
  });

  it('refuses only text holding no calendar, saying what it is in words', () => {
    for (const [text, why] of [
      ['', /it is empty/],
      ['<!doctype html><html><body>Sign in</body></html>', /web page/],
      ['{"events": []}', /JSON/],
      ['hello world', /no BEGIN:VCALENDAR and no BEGIN:VEVENT/],
    ] as const) {
      assert.throws(() => parseICalendar(text), (e: unknown) => e instanceof ICalendarError && /^not an iCalendar file: /.test(e.message) && why.test(e.message));
    }
    assert.deepEqual(parseICalendar('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n'), { events: [], skipped: 0, warnings: [] });
  });
});

describe('reading iCalendar: liberal the way the big calendars are', () => {
  it('reads date-only DTSTART and DTEND without VALUE=DATE as dates, as holiday feeds write them', () => {
    const cal = parseICalendar(calendar([['UID:holiday@test', 'SUMMARY:New Year', 'DTSTART:20270101', 'DTEND:20270102']], ['X-WR-TIMEZONE:Europe/Berlin']));
    const e = byUid(cal, 'holiday@test');
    assert.deepEqual([e.allDay, e.startDate, e.endDate, iso(e.start)], [true, '2027-01-01', '2027-01-02', '2026-12-31T23:00:00Z']);
    assert.deepEqual(cal.warnings, []);
  });

  it('reads a date-only RECURRENCE-ID and EXDATE of an all-day series without VALUE=DATE, keeping the series', () => {
    const cal = parseICalendar(calendar([
      ['UID:gym@test', 'SUMMARY:Gym', 'DTSTART;VALUE=DATE:20200907', 'RRULE:FREQ=WEEKLY;COUNT=4', 'EXDATE:20200921'],
      ['UID:gym@test', 'RECURRENCE-ID:20200914', 'SUMMARY:Gym (moved)', 'DTSTART;VALUE=DATE:20200915'],
    ], ['X-WR-TIMEZONE:America/Los_Angeles']));
    const gym = byUid(cal, 'gym@test');
    assert.deepEqual(gym.exdates, ['2020-09-21T07:00:00Z']);
    assert.deepEqual(gym.overrides.map((o) => [o.originalStart, iso(o.start), o.title]), [['2020-09-14T07:00:00Z', '2020-09-15T07:00:00Z', 'Gym (moved)']]);
    assert.deepEqual(starts(gym, '2020-09-01T00:00:00Z', '2020-10-15T00:00:00Z'), ['2020-09-07T07:00:00Z', '2020-09-15T07:00:00Z', '2020-09-28T07:00:00Z']);
    assert.deepEqual(cal.warnings, []);
  });

  it('ignores unknown or misspelt RRULE parts with a warning, and reads spaces inside list values', () => {
    const cal = parseICalendar(calendar([['UID:class@test', 'DTSTART;TZID=Europe/Berlin:20260303T180000', 'DTEND;TZID=Europe/Berlin:20260303T190000', 'RRULE:FREQ=WEEKLY;BYDAY= TU, TH;BYDAI=FR;COUNT=4;X-NAME=1', 'EXDATE;TZID=Europe/Berlin:20260305T180000, 20260310T180000']]));
    const c = byUid(cal, 'class@test');
    assert.equal(c.rrule, 'FREQ=WEEKLY;COUNT=4;BYDAY=TU,TH');
    assert.deepEqual(starts(c, '2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z'), ['2026-03-03T17:00:00Z', '2026-03-12T17:00:00Z']);
    warned(cal, /^line 8: RRULE part BYDAI=FR ignored: RFC 5545 rules have no such part$/);
    warned(cal, 'RRULE part X-NAME=1 ignored');
  });

  it('reads a DTEND of another value type than DTSTART by its date', () => {
    const cal = parseICalendar(calendar([
      ['UID:a@test', 'DTSTART;VALUE=DATE:20260329', 'DTEND:20260331T000000'],
      ['UID:b@test', 'DTSTART;TZID=Europe/Berlin:20260328T220000', 'DTEND;VALUE=DATE:20260329'],
    ]));
    const a = byUid(cal, 'a@test');
    assert.deepEqual([a.allDay, a.startDate, a.endDate], [true, '2026-03-29', '2026-03-31']);
    const b = byUid(cal, 'b@test');
    // Ends at midnight Berlin, the night before clocks go forward (CET, UTC+1).
    assert.deepEqual([b.allDay, iso(b.start), iso(b.end)], [false, '2026-03-28T21:00:00Z', '2026-03-28T23:00:00Z']);
  });

  it('reads a DTEND before DTSTART as no DTEND: a timed event lasts no time, an all-day one its day', () => {
    const cal = parseICalendar(calendar([
      ['UID:timed@test', 'DTSTART:20260701T100000Z', 'DTEND:20260701T090000Z'],
      ['UID:day@test', 'DTSTART;VALUE=DATE:20260701', 'DTEND;VALUE=DATE:20260630'],
    ]));
    const timed = byUid(cal, 'timed@test');
    assert.deepEqual([iso(timed.start), iso(timed.end)], ['2026-07-01T10:00:00Z', '2026-07-01T10:00:00Z']);
    assert.deepEqual([byUid(cal, 'day@test').startDate, byUid(cal, 'day@test').endDate], ['2026-07-01', '2026-07-02']);
    warned(cal, /^line 4: UID timed@test: ends before it starts/);
  });

  it('imports one of duplicate UIDs without RECURRENCE-ID: the highest SEQUENCE, then the last', () => {
    const cal = parseICalendar(calendar([
      ['UID:dup@test', 'SEQUENCE:2', 'SUMMARY:Second', 'DTSTART:20260701T100000Z'],
      ['UID:dup@test', 'SEQUENCE:1', 'SUMMARY:First', 'DTSTART:20260701T100000Z'],
      ['UID:dup@test', 'SEQUENCE:2', 'SUMMARY:Second, again', 'DTSTART:20260701T110000Z'],
    ]));
    assert.deepEqual(cal.events.map((e) => [e.uid, e.title, iso(e.start)]), [['dup@test', 'Second, again', '2026-07-01T11:00:00Z']]);
    warned(cal, /^line 4: UID dup@test appears 3 times without RECURRENCE-ID \(lines 4, 10, 16\); the one of line 16 with the highest SEQUENCE, then the last, is imported$/);
  });

  it('reads EXDATE;VALUE=DATE of a timed series as the occurrence of that date at the series\' local time', () => {
    const cal = parseICalendar(calendar([['UID:standup@test', 'DTSTART;TZID=America/New_York:20261030T090000', 'DTEND;TZID=America/New_York:20261030T091500', 'RRULE:FREQ=DAILY;COUNT=4', 'EXDATE;VALUE=DATE:20261101']]));
    // 1 November 2026 is the day New York goes back to EST: the excluded 09:00 is 14:00Z.
    const s = byUid(cal, 'standup@test');
    assert.deepEqual(s.exdates, ['2026-11-01T14:00:00Z']);
    assert.deepEqual(starts(s, '2026-10-29T00:00:00Z', '2026-11-05T00:00:00Z'), ['2026-10-30T13:00:00Z', '2026-10-31T13:00:00Z', '2026-11-02T14:00:00Z']);
  });

  it('drops an RRULE with an out-of-range value (BYMONTH=13) with a warning: the event stays, a single one', () => {
    const cal = parseICalendar(calendar([['UID:y@test', 'DTSTART:20260701T100000Z', 'RRULE:FREQ=YEARLY;BYMONTH=13'], lunch]));
    assert.equal(byUid(cal, 'y@test').rrule, null);
    byUid(cal, 'lunch@test');
    warned(cal, /^line 7: RRULE dropped: BYMONTH=13 is out of range \(1 to 12\)$/);
  });

  it('drops a DURATION of a billion weeks with a warning: the event keeps its start and lasts no time', () => {
    const cal = parseICalendar(calendar([['UID:long@test', 'DTSTART:20260701T100000Z', 'DURATION:P1000000000W'], lunch]));
    const long = byUid(cal, 'long@test');
    assert.equal(long.end.getTime(), long.start.getTime());
    warned(cal, /^line 7: DURATION dropped: "P1000000000W" is longer than 100 years$/);
    assert.equal(cal.skipped, 0);
  });

  it('reads COUNT when a rule has both COUNT and UNTIL, with a warning', () => {
    const cal = parseICalendar(calendar([['UID:both@test', 'DTSTART:20260701T100000Z', 'RRULE:FREQ=DAILY;UNTIL=20260710T100000Z;COUNT=2']]));
    assert.equal(byUid(cal, 'both@test').rrule, 'FREQ=DAILY;COUNT=2');
    warned(cal, 'RRULE part UNTIL ignored: the rule has COUNT too');
  });
});
