import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { icalBusyIntervals } from '../../src/ical/busy.js';
import { ICalendarError } from '../../src/ical/parse.js';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/ical/${name}`, import.meta.url), 'utf8');
const iso = (d: Date) => d.toISOString().replace('.000Z', 'Z');
const window = (from: string, to: string) => ({ from: new Date(from), to: new Date(to) });
const pairs = (list: { start: Date; end: Date }[]) => list.map((i) => [iso(i.start), iso(i.end)]);

function calendar(events: string[][]): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...events.flatMap((e) => ['BEGIN:VEVENT', ...e, 'END:VEVENT']), 'END:VCALENDAR'].join('\r\n');
}

describe('icalBusyIntervals', () => {
  it('gives the busy time of a Google export: series expanded, moved instance at its new time, cancelled and free left out', () => {
    const busy = icalBusyIntervals(fixture('google-work.ics'), window('2026-03-01T00:00:00Z', '2026-04-14T00:00:00Z'));
    assert.deepEqual(pairs(busy), [
      ['2026-03-02T08:30:00Z', '2026-03-02T09:15:00Z'],
      ['2026-03-09T08:30:00Z', '2026-03-09T09:15:00Z'],
      // 03-16 is an EXDATE; 03-23 moved to Tuesday 10:00
      ['2026-03-24T09:00:00Z', '2026-03-24T09:45:00Z'],
      ['2026-03-25T13:00:00Z', '2026-03-25T14:00:00Z'],
      // the cancelled vendor demo (03-26) and the free Easter trip are not busy
      ['2026-03-29T22:00:00Z', '2026-03-30T22:00:00Z'], // all-day "Office day", busy by default
      ['2026-03-30T07:30:00Z', '2026-03-30T08:15:00Z'],
      ['2026-04-05T22:00:00Z', '2026-04-06T22:00:00Z'],
      // 04-06 planning is cancelled
      ['2026-04-12T22:00:00Z', '2026-04-13T22:00:00Z'],
      ['2026-04-13T07:30:00Z', '2026-04-13T08:15:00Z'],
    ]);
  });

  it('keeps intervals overlapping the window, unclipped, including a moved one whose original start is outside', () => {
    const busy = icalBusyIntervals(fixture('google-work.ics'), window('2026-03-24T09:30:00Z', '2026-03-25T13:30:00Z'));
    assert.deepEqual(pairs(busy), [
      ['2026-03-24T09:00:00Z', '2026-03-24T09:45:00Z'],
      ['2026-03-25T13:00:00Z', '2026-03-25T14:00:00Z'],
    ]);
  });

  it('lets an instance decide for itself: a transparent instance of a busy series is free, an opaque one of a free series busy', () => {
    const text = calendar([
      ['UID:busy-series', 'DTSTART;TZID=Europe/Berlin:20260601T100000', 'DTEND;TZID=Europe/Berlin:20260601T110000', 'RRULE:FREQ=DAILY;COUNT=3'],
      ['UID:busy-series', 'RECURRENCE-ID;TZID=Europe/Berlin:20260602T100000', 'DTSTART;TZID=Europe/Berlin:20260602T100000', 'DTEND;TZID=Europe/Berlin:20260602T110000', 'TRANSP:TRANSPARENT'],
      ['UID:free-series', 'DTSTART;TZID=Europe/Berlin:20260601T150000', 'DTEND;TZID=Europe/Berlin:20260601T160000', 'RRULE:FREQ=DAILY;COUNT=3', 'TRANSP:TRANSPARENT'],
      ['UID:free-series', 'RECURRENCE-ID;TZID=Europe/Berlin:20260603T150000', 'DTSTART;TZID=Europe/Berlin:20260603T170000', 'DTEND;TZID=Europe/Berlin:20260603T180000', 'TRANSP:OPAQUE'],
    ]);
    assert.deepEqual(pairs(icalBusyIntervals(text, window('2026-06-01T00:00:00Z', '2026-06-05T00:00:00Z'))), [
      ['2026-06-01T08:00:00Z', '2026-06-01T09:00:00Z'],
      ['2026-06-03T08:00:00Z', '2026-06-03T09:00:00Z'],
      ['2026-06-03T15:00:00Z', '2026-06-03T16:00:00Z'],
    ]);
  });

  it('leaves out a cancelled series and zero-length events', () => {
    const text = calendar([
      ['UID:gone', 'DTSTART:20260601T100000Z', 'DTEND:20260601T110000Z', 'RRULE:FREQ=DAILY;COUNT=3', 'STATUS:CANCELLED'],
      ['UID:reminder', 'DTSTART:20260601T120000Z'],
    ]);
    assert.deepEqual(icalBusyIntervals(text, window('2026-06-01T00:00:00Z', '2026-06-05T00:00:00Z')), []);
  });

  it('keeps local time across DST in an Apple export and sorts by start', () => {
    const busy = icalBusyIntervals(fixture('apple-home.ics'), window('2026-10-29T00:00:00Z', '2026-11-10T00:00:00Z'));
    assert.deepEqual(pairs(busy), [
      ['2026-10-29T04:00:00Z', '2026-10-30T04:00:00Z'],
      ['2026-10-29T22:00:00Z', '2026-10-29T23:00:00Z'],
      ['2026-11-05T05:00:00Z', '2026-11-06T05:00:00Z'],
      ['2026-11-05T23:00:00Z', '2026-11-06T00:00:00Z'],
    ]);
  });

  it('answers an empty or reversed window with nothing, and refuses text that is not iCalendar', () => {
    assert.deepEqual(icalBusyIntervals(fixture('google-work.ics'), window('2026-03-10T00:00:00Z', '2026-03-10T00:00:00Z')), []);
    assert.throws(() => icalBusyIntervals('<html>', window('2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z')), ICalendarError);
  });
});
