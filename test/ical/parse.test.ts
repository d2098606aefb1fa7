import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { expandSeries } from '../../src/domain/recurrence.js';
import { ICalendarError, parseICalendar, type ImportedEvent, type ParsedCalendar } from '../../src/ical/parse.js';
import { resolveZone } from '../../src/ical/zones.js';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/ical/${name}`, import.meta.url), 'utf8');
const iso = (d: Date) => d.toISOString().replace('.000Z', 'Z');

function byUid(cal: ParsedCalendar, uid: string): ImportedEvent {
  const e = cal.events.find((x) => x.uid === uid);
  assert.ok(e, `event ${uid} in ${cal.events.map((x) => x.uid).join(', ')}`);
  return e;
}

/** The occurrences expandSeries makes of an imported series, as [original start, start, end] (cancelled ones marked). */
function occurrences(e: ImportedEvent, from: string, to: string): string[][] {
  const overrides = e.overrides.map((o) => ({ originalStart: o.originalStart, start: o.start, end: o.end, cancelled: o.cancelled, deleted: false }));
  return expandSeries({ id: 'series', ...e, rrule: e.rrule!, exdates: e.exdates }, overrides, { from: new Date(from), to: new Date(to) })
    .map((o) => [o.originalStart, iso(o.start), iso(o.end), ...(o.override?.cancelled ? ['cancelled'] : [])]);
}

/** A calendar of one VEVENT, for the small cases. */
function one(lines: string[], header: string[] = []): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...header, 'BEGIN:VEVENT', 'UID:one@test', 'SUMMARY:One', ...lines, 'END:VEVENT', 'END:VCALENDAR'].join('\r\n');
}

describe('parseICalendar: a Google Calendar export (Europe/Berlin)', () => {
  const cal = parseICalendar(fixture('google-work.ics'));
  const planning = byUid(cal, '5q1k2v9c8mfe2bq4s7o0k3l3jd@google.com');

  it('reads the weekly series with its zone, rule, EXDATE and unfolded, unescaped text', () => {
    assert.equal(planning.title, 'Weekly planning');
    assert.equal(iso(planning.start), '2026-03-02T08:30:00Z');
    assert.equal(iso(planning.end), '2026-03-02T09:15:00Z');
    assert.equal(planning.timezone, 'Europe/Berlin');
    assert.equal(planning.allDay, false);
    assert.equal(planning.rrule, 'FREQ=WEEKLY;BYDAY=MO');
    assert.deepEqual(planning.exdates, ['2026-03-16T08:30:00Z']);
    assert.equal(planning.location, 'Room 4.12');
    assert.equal(planning.description, 'Review last week, pick three priorities.\nAgenda: https://docs.example.com/planning');
    assert.equal(planning.showAs, 'busy');
    assert.equal(planning.cancelled, false);
  });

  it('turns the RECURRENCE-ID instances into one moved and one cancelled override keyed by original start', () => {
    assert.deepEqual(planning.overrides.map((o) => ({ ...o, start: iso(o.start), end: iso(o.end) })), [
      { originalStart: '2026-03-23T08:30:00Z', start: '2026-03-24T09:00:00Z', end: '2026-03-24T09:45:00Z', title: 'Weekly planning (moved)', location: 'Room 2.03', showAs: 'busy', cancelled: false, allDay: null, startDate: null, endDate: null, thisAndFuture: false },
      { originalStart: '2026-04-06T07:30:00Z', start: '2026-04-06T07:30:00Z', end: '2026-04-06T08:15:00Z', title: 'Weekly planning', location: null, showAs: 'busy', cancelled: true, allDay: null, startDate: null, endDate: null, thisAndFuture: false },
    ]);
  });

  it('gives values expandSeries consumes: 09:30 Berlin kept across the March DST change, EXDATE gone, moved and cancelled placed', () => {
    assert.deepEqual(occurrences(planning, '2026-03-01T00:00:00Z', '2026-04-14T00:00:00Z'), [
      ['2026-03-02T08:30:00Z', '2026-03-02T08:30:00Z', '2026-03-02T09:15:00Z'],
      ['2026-03-09T08:30:00Z', '2026-03-09T08:30:00Z', '2026-03-09T09:15:00Z'],
      ['2026-03-23T08:30:00Z', '2026-03-24T09:00:00Z', '2026-03-24T09:45:00Z'],
      ['2026-03-30T07:30:00Z', '2026-03-30T07:30:00Z', '2026-03-30T08:15:00Z'],
      ['2026-04-06T07:30:00Z', '2026-04-06T07:30:00Z', '2026-04-06T08:15:00Z', 'cancelled'],
      ['2026-04-13T07:30:00Z', '2026-04-13T07:30:00Z', '2026-04-13T08:15:00Z'],
    ]);
  });

  it('reads a UTC single event, shown in the calendar zone', () => {
    const review = byUid(cal, '0a7c3e9d2b4f6h8j1k3m5n7p9q@google.com');
    assert.deepEqual([iso(review.start), iso(review.end), review.timezone, review.rrule, review.description], ['2026-03-25T13:00:00Z', '2026-03-25T14:00:00Z', 'Europe/Berlin', null, null]);
  });

  it('places an all-day event at local midnight with an exclusive end date, free when TRANSPARENT', () => {
    const trip = byUid(cal, '3b5d7f9h1j3l5n7p9r1t3v5x7z@google.com');
    assert.deepEqual(
      [trip.allDay, trip.startDate, trip.endDate, iso(trip.start), iso(trip.end), trip.showAs],
      [true, '2026-04-03', '2026-04-07', '2026-04-02T22:00:00Z', '2026-04-06T22:00:00Z', 'free'],
    );
  });

  it('expands an all-day weekly series with a DATE UNTIL on local dates, busy by default (TRANSP OPAQUE)', () => {
    const office = byUid(cal, '6c8e0g2i4k6m8o0q2s4u6w8y0a@google.com');
    assert.equal(office.showAs, 'busy');
    assert.equal(office.rrule, 'FREQ=WEEKLY;BYDAY=MO;UNTIL=20260420');
    assert.deepEqual(occurrences(office, '2026-03-01T00:00:00Z', '2026-06-01T00:00:00Z').map((o) => o[1]), [
      '2026-03-29T22:00:00Z', '2026-04-05T22:00:00Z', '2026-04-12T22:00:00Z', '2026-04-19T22:00:00Z',
    ]);
  });

  it('flags STATUS:CANCELLED, and reads the file the same with CRLF line ends or a byte-order mark', () => {
    assert.equal(byUid(cal, '9z8y7x6w5v4u3t2s1r0q9p8o7n@google.com').cancelled, true);
    assert.deepEqual(parseICalendar(fixture('google-work.ics').replace(/\r?\n/g, '\r\n')), cal);
    assert.deepEqual(parseICalendar(`\uFEFF${fixture('google-work.ics')}`), cal);
    assert.deepEqual(cal.warnings, []);
    assert.equal(cal.skipped, 0);
  });
});

describe('parseICalendar: an Apple Calendar export (America/New_York)', () => {
  const cal = parseICalendar(fixture('apple-home.ics'));

  it('keeps 18:00 New York across the November change, with its EXDATE, moved instance and UTC UNTIL', () => {
    const running = byUid(cal, '8F3D2A1C-4B6E-4F7A-9C1D-2E3F4A5B6C7D');
    assert.equal(running.rrule, 'FREQ=WEEKLY;BYDAY=TH;UNTIL=20261203T225959Z');
    assert.deepEqual(running.exdates, ['2026-11-12T23:00:00Z']);
    assert.equal(running.overrides[0]!.location, "Central Park, Engineers' Gate");
    assert.deepEqual(occurrences(running, '2026-10-01T00:00:00Z', '2027-01-01T00:00:00Z'), [
      ['2026-10-29T22:00:00Z', '2026-10-29T22:00:00Z', '2026-10-29T23:00:00Z'],
      ['2026-11-05T23:00:00Z', '2026-11-05T23:00:00Z', '2026-11-06T00:00:00Z'],
      ['2026-11-19T23:00:00Z', '2026-11-20T12:30:00Z', '2026-11-20T13:30:00Z'],
      ['2026-11-26T23:00:00Z', '2026-11-26T23:00:00Z', '2026-11-27T00:00:00Z'],
    ]);
  });

  it('keys a DATE EXDATE of an all-day series at local midnight in the event zone', () => {
    const bins = byUid(cal, 'B7C8D9E0-F1A2-4B3C-9D4E-5F6A7B8C9D0E');
    assert.deepEqual(bins.exdates, ['2026-11-12T05:00:00Z']);
    const starts = expandSeries({ id: 'bins', ...bins, rrule: bins.rrule! }, [], { from: new Date('2026-10-01T00:00:00Z'), to: new Date('2027-01-01T00:00:00Z') })
      .map((o) => [o.startDate, iso(o.start), iso(o.end)]);
    assert.deepEqual(starts, [
      ['2026-10-29', '2026-10-29T04:00:00Z', '2026-10-30T04:00:00Z'],
      ['2026-11-05', '2026-11-05T05:00:00Z', '2026-11-06T05:00:00Z'],
      ['2026-11-19', '2026-11-19T05:00:00Z', '2026-11-20T05:00:00Z'],
      ['2026-11-26', '2026-11-26T05:00:00Z', '2026-11-27T05:00:00Z'],
      ['2026-12-03', '2026-12-03T05:00:00Z', '2026-12-04T05:00:00Z'],
    ]);
  });

  it('reads TRANSP:TRANSPARENT as free, and URL', () => {
    const parade = byUid(cal, 'C3D4E5F6-A7B8-4C9D-8E0F-1A2B3C4D5E6F');
    assert.deepEqual([parade.showAs, parade.url, iso(parade.start)], ['free', 'https://tickets.example.com/halloween', '2026-10-31T23:00:00Z']);
    assert.equal(byUid(cal, 'A1B2C3D4-E5F6-4A7B-8C9D-0E1F2A3B4C5D').showAs, 'free');
  });
});

describe('parseICalendar: Outlook and other producers', () => {
  const cal = parseICalendar(fixture('outlook-misc.ics'));

  it('maps the Windows zone "W. Europe Standard Time" to Europe/Berlin and keeps 14:00 local across DST', () => {
    const call = cal.events.find((e) => e.title === 'Supplier call')!;
    assert.equal(call.timezone, 'Europe/Berlin');
    assert.deepEqual(occurrences(call, '2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z').map((o) => o[1]), [
      '2026-03-27T13:00:00Z', '2026-03-28T13:00:00Z', '2026-03-29T12:00:00Z', '2026-03-30T12:00:00Z',
    ]);
  });

  it('reads a Thunderbird TZID path, and a DURATION whose day is nominal across the DST change', () => {
    const hike = byUid(cal, 'mozilla-overnight@example.org');
    assert.deepEqual([hike.timezone, iso(hike.start), iso(hike.end)], ['Europe/Berlin', '2026-03-28T21:00:00Z', '2026-03-29T21:00:00Z']);
  });

  it('keys an EXDATE in the spring-forward gap as expandSeries places that occurrence (02:30 → 03:30)', () => {
    const check = byUid(cal, 'night-check@example.org');
    assert.deepEqual(check.exdates, ['2026-03-29T01:30:00Z']);
    assert.deepEqual(occurrences(check, '2026-03-26T00:00:00Z', '2026-04-01T00:00:00Z').map((o) => o[0]), [
      '2026-03-27T01:30:00Z', '2026-03-28T01:30:00Z', '2026-03-30T00:30:00Z',
    ]);
  });

  it('reads floating times in UTC without X-WR-TIMEZONE or a default zone, with DURATION', () => {
    const dentist = byUid(cal, 'floating-dentist@example.org');
    assert.deepEqual([dentist.timezone, iso(dentist.start), iso(dentist.end)], ['UTC', '2026-04-01T08:00:00Z', '2026-04-01T09:30:00Z']);
  });

  it('reads floating times and all-day dates in the default zone when one is given', () => {
    const berlin = parseICalendar(fixture('outlook-misc.ics'), { defaultTimezone: 'Europe/Berlin' });
    const dentist = byUid(berlin, 'floating-dentist@example.org');
    assert.deepEqual([dentist.timezone, iso(dentist.start)], ['Europe/Berlin', '2026-04-01T06:00:00Z']);
    assert.equal(iso(byUid(berlin, 'easter-sunday@example.org').start), '2026-04-04T22:00:00Z');
  });

  it('reads an unknown TZID in the calendar zone, with a warning', () => {
    const custom = byUid(cal, 'custom-zone@example.org');
    assert.deepEqual([custom.timezone, iso(custom.start)], ['UTC', '2026-04-02T10:00:00Z']);
    assert.ok(cal.warnings.some((w) => w.includes('"Customized Time Zone"')), cal.warnings.join('\n'));
  });

  it('gives an all-day event without DTEND one day', () => {
    const easter = byUid(cal, 'easter-sunday@example.org');
    assert.deepEqual([easter.startDate, easter.endDate, iso(easter.start), iso(easter.end)], ['2026-04-05', '2026-04-06', '2026-04-05T00:00:00Z', '2026-04-06T00:00:00Z']);
  });

  it('skips an event without DTSTART with a warning, and says VTODOs are not imported', () => {
    assert.equal(cal.skipped, 1);
    assert.equal(cal.events.some((e) => e.uid === 'no-start@example.org'), false);
    assert.ok(cal.warnings.some((w) => w.includes('no-start@example.org') && w.includes('no DTSTART')));
    assert.ok(cal.warnings.some((w) => w.includes('VTODO')));
  });

  it('imports an instance whose series is not in the file as a single event of its own', () => {
    const talk = byUid(cal, 'single-instance@example.org@2026-04-08T10:00:00Z');
    assert.deepEqual([talk.rrule, iso(talk.start), talk.timezone], [null, '2026-04-08T10:00:00Z', 'Europe/Berlin']);
  });
});

describe('parseICalendar: small cases', () => {
  it('reads floating times in X-WR-TIMEZONE', () => {
    const [e] = parseICalendar(one(['DTSTART:20260701T090000', 'DTEND:20260701T100000'], ['X-WR-TIMEZONE:America/New_York'])).events;
    assert.deepEqual([e!.timezone, iso(e!.start), iso(e!.end)], ['America/New_York', '2026-07-01T13:00:00Z', '2026-07-01T14:00:00Z']);
  });

  it('repeats a UTC-anchored series in UTC (RFC 5545), not in the calendar zone', () => {
    const [e] = parseICalendar(one(['DTSTART:20260320T090000Z', 'DTEND:20260320T093000Z', 'RRULE:FREQ=WEEKLY;COUNT=2'], ['X-WR-TIMEZONE:Europe/Berlin'])).events;
    assert.equal(e!.timezone, 'UTC');
    assert.deepEqual(occurrences(e!, '2026-03-01T00:00:00Z', '2026-05-01T00:00:00Z').map((o) => o[1]), ['2026-03-20T09:00:00Z', '2026-03-27T09:00:00Z']);
  });

  it('imports a rule expandSeries cannot expand as a single event, with a warning', () => {
    const cal = parseICalendar(one(['DTSTART;VALUE=DATE:20260701', 'RRULE:FREQ=HOURLY']));
    assert.equal(cal.events[0]!.rrule, null);
    assert.ok(cal.warnings[0]!.includes('cannot be expanded'));
  });

  it('treats DTSTART without DTEND or DURATION as lasting no time (a date-time)', () => {
    const [e] = parseICalendar(one(['DTSTART;TZID=Europe/Berlin:20260701T090000'])).events;
    assert.equal(e!.end.getTime(), e!.start.getTime());
  });

  it('drops an instance of an EXDATE start (EXDATE wins), and makes one that fits no occurrence an event of its own', () => {
    const text = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN',
      'BEGIN:VEVENT', 'UID:s@test', 'SUMMARY:Series', 'DTSTART:20260601T100000Z', 'DTEND:20260601T110000Z', 'RRULE:FREQ=DAILY;COUNT=3', 'EXDATE:20260602T100000Z', 'END:VEVENT',
      'BEGIN:VEVENT', 'UID:s@test', 'RECURRENCE-ID:20260602T100000Z', 'DTSTART:20260602T120000Z', 'DTEND:20260602T130000Z', 'END:VEVENT',
      'BEGIN:VEVENT', 'UID:s@test', 'RECURRENCE-ID:20260610T100000Z', 'DTSTART:20260610T120000Z', 'DTEND:20260610T130000Z', 'END:VEVENT',
      'END:VCALENDAR'].join('\r\n');
    const cal = parseICalendar(text);
    assert.deepEqual(cal.events.map((e) => [e.uid, e.overrides.length, iso(e.start)]), [
      ['s@test', 0, '2026-06-01T10:00:00Z'],
      ['s@test@2026-06-10T10:00:00Z', 0, '2026-06-10T12:00:00Z'],
    ]);
  });

  it('refuses text that is not iCalendar', () => {
    assert.throws(() => parseICalendar('hello world'), ICalendarError);
    assert.throws(() => parseICalendar(''), ICalendarError);
  });
});

describe('resolveZone', () => {
  it('reads IANA names, Thunderbird paths and Windows names; null for the rest', () => {
    assert.equal(resolveZone('Europe/Berlin'), 'Europe/Berlin');
    assert.equal(resolveZone('europe/berlin'), 'Europe/Berlin');
    assert.equal(resolveZone('/mozilla.org/20050126_1/America/New_York'), 'America/New_York');
    assert.equal(resolveZone('W. Europe Standard Time'), 'Europe/Berlin');
    assert.equal(resolveZone('Eastern Standard Time'), 'America/New_York');
    assert.equal(resolveZone('GMT'), 'UTC');
    assert.equal(resolveZone('Customized Time Zone'), null);
  });
});
