import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  availabilityForDates,
  freeSlots,
  isSlotOffered,
  startOfDate,
  windowEnd,
  workingRanges,
  type SlotRules,
  type TimeRange,
  type WeeklyHours,
} from '../../src/domain/availability.js';
import { localDateTime } from '../helpers/availability-oracle.js';

// Every instant below is written with its UTC offset, taken from the time zone database by hand,
// so the expectations do not depend on any date library (least of all the engine's).
const at = (iso: string): number => {
  const ms = Date.parse(iso);
  assert.ok(!Number.isNaN(ms), `bad test instant ${iso}`);
  return ms;
};
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const utc = (ms: number) => new Date(ms).toISOString();
const starts = (slots: readonly TimeRange[]) => slots.map((s) => utc(s.start));
const expected = (isos: readonly string[]) => isos.map((iso) => utc(at(iso)));

type Interval = readonly [string, string];
const noHours: WeeklyHours = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
const everyDay = (...intervals: Interval[]): WeeklyHours => ({
  mon: intervals, tue: intervals, wed: intervals, thu: intervals, fri: intervals, sat: intervals, sun: intervals,
});

/** Defaults that get out of the way: no notice, a year of window, no buffers, 30-minute slots. */
function rules(over: Partial<SlotRules>): SlotRules {
  return {
    timezone: 'UTC',
    weeklyHours: noHours,
    blockedDates: new Set(),
    minimumNoticeMinutes: 0,
    bookingWindowDays: 365,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    slotStepMinutes: 30,
    durationMinutes: 30,
    ...over,
  };
}
// A `now` well before every range asked about, so notice and window never interfere by accident.
const NOW_2026 = at('2026-01-01T00:00:00Z');

/** Slot starts and their durations, checked together so a wrong end cannot hide. */
function assertSlots(slots: readonly TimeRange[], durationMinutes: number, isos: readonly string[]) {
  assert.deepEqual(starts(slots), expected(isos));
  for (const s of slots) assert.equal(s.end - s.start, durationMinutes * MINUTE, `slot at ${utc(s.start)} has the wrong length`);
}

describe('working hours across daylight-saving changes', () => {
  // [zone, [date, offset] for the day before, the day of and the day after a change]
  const cases: [string, string, [string, string][]][] = [
    ['Europe/Berlin', 'spring forward', [['2026-03-28', '+01:00'], ['2026-03-29', '+02:00'], ['2026-03-30', '+02:00']]],
    ['Europe/Berlin', 'fall back', [['2026-10-24', '+02:00'], ['2026-10-25', '+01:00'], ['2026-10-26', '+01:00']]],
    ['America/New_York', 'spring forward', [['2026-03-07', '-05:00'], ['2026-03-08', '-04:00'], ['2026-03-09', '-04:00']]],
    ['America/New_York', 'fall back', [['2026-10-31', '-04:00'], ['2026-11-01', '-05:00'], ['2026-11-02', '-05:00']]],
    ['Australia/Lord_Howe', 'half-hour fall back', [['2026-04-04', '+11:00'], ['2026-04-05', '+10:30'], ['2026-04-06', '+10:30']]],
    ['Australia/Lord_Howe', 'half-hour spring forward', [['2026-10-03', '+10:30'], ['2026-10-04', '+11:00'], ['2026-10-05', '+11:00']]],
    ['Pacific/Chatham', 'fall back', [['2026-04-04', '+13:45'], ['2026-04-05', '+12:45'], ['2026-04-06', '+12:45']]],
    ['Pacific/Chatham', 'spring forward', [['2026-09-26', '+12:45'], ['2026-09-27', '+13:45'], ['2026-09-28', '+13:45']]],
    ['Asia/Kolkata', 'no change (European spring)', [['2026-03-28', '+05:30'], ['2026-03-29', '+05:30'], ['2026-03-30', '+05:30']]],
    ['Asia/Kolkata', 'no change (European autumn)', [['2026-10-24', '+05:30'], ['2026-10-25', '+05:30'], ['2026-10-26', '+05:30']]],
  ];
  for (const [zone, change, days] of cases) {
    it(`keep 09:00-17:00 at 09:00-17:00 local time in ${zone} around its ${change}`, () => {
      const slots = freeSlots(rules({ timezone: zone, weeklyHours: everyDay(['09:00', '17:00']), slotStepMinutes: 60, durationMinutes: 60 }), [], {
        from: at(`${days[0]![0]}T00:00:00${days[0]![1]}`),
        to: at(`${days[2]![0]}T23:59:00${days[2]![1]}`),
        now: NOW_2026,
      });
      const want = days.flatMap(([date, offset]) =>
        ['09', '10', '11', '12', '13', '14', '15', '16'].map((h) => `${date}T${h}:00:00${offset}`),
      );
      assertSlots(slots, 60, want);
    });
  }
});

describe('hours that touch a gap or a repeated hour', () => {
  it('offer 02:00-04:00 on the Berlin spring-forward date only from 03:00, the hour that exists', () => {
    const r = rules({ timezone: 'Europe/Berlin', weeklyHours: { ...noHours, sun: [['02:00', '04:00']] } });
    const slots = freeSlots(r, [], { from: at('2026-03-28T00:00:00Z'), to: at('2026-03-30T00:00:00Z'), now: NOW_2026 });
    assertSlots(slots, 30, ['2026-03-29T03:00:00+02:00', '2026-03-29T03:30:00+02:00']);
  });

  it('move a start inside the gap forward by the length of the gap (02:30 becomes 03:30)', () => {
    const r = rules({ timezone: 'Europe/Berlin', weeklyHours: { ...noHours, sun: [['02:30', '05:00']] } });
    const slots = freeSlots(r, [], { from: at('2026-03-28T00:00:00Z'), to: at('2026-03-30T00:00:00Z'), now: NOW_2026 });
    assertSlots(slots, 30, ['2026-03-29T03:30:00+02:00', '2026-03-29T04:00:00+02:00', '2026-03-29T04:30:00+02:00']);
  });

  it('move an interval lying wholly inside the gap forward by the gap, keeping its length', () => {
    // 02:15 and 02:45 do not exist; both move forward one hour, so [03:15, 03:45) remains.
    const r = rules({ timezone: 'Europe/Berlin', weeklyHours: { ...noHours, sun: [['02:15', '02:45']] } });
    const slots = freeSlots(r, [], { from: at('2026-03-28T00:00:00Z'), to: at('2026-03-30T00:00:00Z'), now: NOW_2026 });
    assertSlots(slots, 30, ['2026-03-29T03:15:00+02:00']);
  });

  it('list each slot once, in order, when the gap moves one interval into the next', () => {
    // In wall time 02:30-02:45 comes before 03:00-04:00; moved forward by the gap it is
    // 03:30-03:45, inside the second interval, whose own grid already holds 03:30.
    const r = rules({ timezone: 'Europe/Berlin', weeklyHours: { ...noHours, sun: [['02:30', '02:45'], ['03:00', '04:00']] }, slotStepMinutes: 15, durationMinutes: 15 });
    const slots = freeSlots(r, [], { from: at('2026-03-28T00:00:00Z'), to: at('2026-03-30T00:00:00Z'), now: NOW_2026 });
    assertSlots(slots, 15, ['2026-03-29T03:00:00+02:00', '2026-03-29T03:15:00+02:00', '2026-03-29T03:30:00+02:00', '2026-03-29T03:45:00+02:00']);
  });

  it('count hours that span the New York gap in elapsed time (01:00-03:30 is 90 minutes)', () => {
    const r = rules({ timezone: 'America/New_York', weeklyHours: { ...noHours, sun: [['01:00', '03:30']] } });
    const slots = freeSlots(r, [], { from: at('2026-03-07T00:00:00Z'), to: at('2026-03-09T00:00:00Z'), now: NOW_2026 });
    assertSlots(slots, 30, ['2026-03-08T01:00:00-05:00', '2026-03-08T01:30:00-05:00', '2026-03-08T03:00:00-04:00']);
  });

  it('skip the 30-minute Lord Howe gap: 02:00-03:00 on 2026-10-04 leaves one half hour from 02:30', () => {
    const r = rules({ timezone: 'Australia/Lord_Howe', weeklyHours: { ...noHours, sun: [['02:00', '03:00']] } });
    const slots = freeSlots(r, [], { from: at('2026-10-03T00:00:00Z'), to: at('2026-10-05T00:00:00Z'), now: NOW_2026 });
    assertSlots(slots, 30, ['2026-10-04T02:30:00+11:00']);
  });

  it('include the repeated Lord Howe half hour: 01:00-03:00 on 2026-04-05 is 150 minutes', () => {
    const r = rules({ timezone: 'Australia/Lord_Howe', weeklyHours: { ...noHours, sun: [['01:00', '03:00']] } });
    const slots = freeSlots(r, [], { from: at('2026-04-04T00:00:00Z'), to: at('2026-04-06T00:00:00Z'), now: NOW_2026 });
    assertSlots(slots, 30, [
      '2026-04-05T01:00:00+11:00', '2026-04-05T01:30:00+11:00',
      '2026-04-05T01:30:00+10:30', '2026-04-05T02:00:00+10:30', '2026-04-05T02:30:00+10:30',
    ]);
  });

  it('skip the Chatham gap: 02:00-05:00 on 2026-09-27 is two hours of slots', () => {
    const r = rules({ timezone: 'Pacific/Chatham', weeklyHours: { ...noHours, sun: [['02:00', '05:00']] }, slotStepMinutes: 60, durationMinutes: 60 });
    const slots = freeSlots(r, [], { from: at('2026-09-26T00:00:00Z'), to: at('2026-09-28T00:00:00Z'), now: NOW_2026 });
    assertSlots(slots, 60, ['2026-09-27T02:00:00+12:45', '2026-09-27T04:00:00+13:45']);
  });

  it('start an interval at a repeated time at the earlier of its two instants', () => {
    // 02:00 happens twice on 2026-10-25 in Berlin; 03:00 once. The earlier 02:00 makes two hours.
    const r = rules({ timezone: 'Europe/Berlin', weeklyHours: { ...noHours, sun: [['02:00', '03:00']] }, slotStepMinutes: 60, durationMinutes: 60 });
    const slots = freeSlots(r, [], { from: at('2026-10-24T00:00:00Z'), to: at('2026-10-26T00:00:00Z'), now: NOW_2026 });
    assertSlots(slots, 60, ['2026-10-25T02:00:00+02:00', '2026-10-25T02:00:00+01:00']);
  });

  it('give a fall-back day worked 00:00-24:00 twenty-five hours of slots', () => {
    const r = rules({ timezone: 'Europe/Berlin', weeklyHours: { ...noHours, sun: [['00:00', '24:00']] }, slotStepMinutes: 60, durationMinutes: 60 });
    const slots = freeSlots(r, [], { from: at('2026-10-20T00:00:00Z'), to: at('2026-10-30T00:00:00Z'), now: NOW_2026 });
    assert.equal(slots.length, 25);
    assert.equal(utc(slots[0]!.start), utc(at('2026-10-25T00:00:00+02:00')));
    assert.equal(utc(slots[24]!.end), utc(at('2026-10-26T00:00:00+01:00')));
  });

  it('give a spring-forward day worked 00:00-24:00 twenty-three hours of slots', () => {
    const r = rules({ timezone: 'Europe/Berlin', weeklyHours: { ...noHours, sun: [['00:00', '24:00']] }, slotStepMinutes: 60, durationMinutes: 60 });
    const slots = freeSlots(r, [], { from: at('2026-03-25T00:00:00Z'), to: at('2026-04-02T00:00:00Z'), now: NOW_2026 });
    assert.equal(slots.length, 23);
    assert.equal(utc(slots[0]!.start), utc(at('2026-03-29T00:00:00+01:00')));
    assert.equal(utc(slots[22]!.end), utc(at('2026-03-30T00:00:00+02:00')));
  });

  it('end a Saturday worked to 24:00 at the Santiago Sunday that begins at 01:00', () => {
    // In Santiago 2026-09-06 00:00 does not exist (clocks go from 24:00 to 01:00), so '24:00' on
    // Saturday and '00:00' on Sunday are the same instant and the two intervals join.
    const r = rules({
      timezone: 'America/Santiago',
      weeklyHours: { ...noHours, sat: [['22:00', '24:00']], sun: [['00:00', '02:00']] },
      slotStepMinutes: 60,
      durationMinutes: 60,
    });
    const slots = freeSlots(r, [], { from: at('2026-09-05T00:00:00Z'), to: at('2026-09-07T00:00:00Z'), now: NOW_2026 });
    assertSlots(slots, 60, ['2026-09-05T22:00:00-04:00', '2026-09-05T23:00:00-04:00', '2026-09-06T01:00:00-03:00']);
  });
});

describe('hours ending at midnight and ranges crossing it', () => {
  it('offer a last slot ending exactly at 24:00', () => {
    const r = rules({ timezone: 'Europe/Berlin', weeklyHours: { ...noHours, mon: [['20:00', '24:00']] }, slotStepMinutes: 60, durationMinutes: 60 });
    const slots = freeSlots(r, [], { from: at('2026-06-01T00:00:00Z'), to: at('2026-06-03T00:00:00Z'), now: NOW_2026 });
    assertSlots(slots, 60, ['2026-06-01T20:00:00+02:00', '2026-06-01T21:00:00+02:00', '2026-06-01T22:00:00+02:00', '2026-06-01T23:00:00+02:00']);
  });

  const lateSunday = { ...noHours, sun: [['22:00', '24:00']] as Interval[] };
  const crossing = { ...lateSunday, mon: [['00:00', '02:00']] as Interval[] };
  const sundayNight = { from: at('2026-06-07T00:00:00Z'), to: at('2026-06-09T00:00:00Z'), now: NOW_2026 };

  it('join Sunday 22:00-24:00 and Monday 00:00-02:00 so a 60-minute slot can start at 23:30', () => {
    const slots = freeSlots(rules({ timezone: 'Europe/Berlin', weeklyHours: crossing, durationMinutes: 60 }), [], sundayNight);
    assertSlots(slots, 60, [
      '2026-06-07T22:00:00+02:00', '2026-06-07T22:30:00+02:00', '2026-06-07T23:00:00+02:00', '2026-06-07T23:30:00+02:00',
      '2026-06-08T00:00:00+02:00', '2026-06-08T00:30:00+02:00', '2026-06-08T01:00:00+02:00',
    ]);
  });

  it('offer no slot past 24:00 when the next date has no hours', () => {
    const slots = freeSlots(rules({ timezone: 'Europe/Berlin', weeklyHours: lateSunday, durationMinutes: 60 }), [], sundayNight);
    assertSlots(slots, 60, ['2026-06-07T22:00:00+02:00', '2026-06-07T22:30:00+02:00', '2026-06-07T23:00:00+02:00']);
  });

  it('stop a range at midnight when the next date is blocked', () => {
    const r = rules({ timezone: 'Europe/Berlin', weeklyHours: crossing, blockedDates: new Set(['2026-06-08']), durationMinutes: 60 });
    assertSlots(freeSlots(r, [], sundayNight), 60, ['2026-06-07T22:00:00+02:00', '2026-06-07T22:30:00+02:00', '2026-06-07T23:00:00+02:00']);
  });

  it('return merged ranges from workingRanges, joined across midnight', () => {
    const r = rules({ timezone: 'Europe/Berlin', weeklyHours: crossing });
    assert.deepEqual(workingRanges(r, at('2026-06-07T12:00:00Z'), at('2026-06-08T12:00:00Z')), [
      { start: at('2026-06-07T22:00:00+02:00'), end: at('2026-06-08T02:00:00+02:00') },
    ]);
  });
});

describe('blocked dates', () => {
  it('remove every slot of a blocked date read in the owner zone and keep its neighbours', () => {
    const r = rules({
      timezone: 'Asia/Kolkata',
      weeklyHours: everyDay(['09:00', '17:00']),
      blockedDates: new Set(['2026-06-03']),
      slotStepMinutes: 60,
      durationMinutes: 60,
    });
    const slots = freeSlots(r, [], { from: at('2026-06-02T00:00:00+05:30'), to: at('2026-06-05T00:00:00+05:30'), now: NOW_2026 });
    const dates = new Set(slots.map((s) => localDateTime('Asia/Kolkata', s.start).slice(0, 10)));
    assert.deepEqual([...dates], ['2026-06-02', '2026-06-04']);
    assert.equal(slots.length, 16);
  });
});

describe('a date with hours of its own', () => {
  it('replaces its weekday\'s hours in the owner zone on a DST day, and leaves the other dates alone', () => {
    // Sunday 2026-03-29: Berlin springs forward at 02:00 (+01:00 → +02:00). Weekdays 09:00–17:00;
    // that Sunday opens 01:00–04:00 only (02:00–03:00 does not exist), the Monday 10:00–11:00 only.
    const r = rules({
      timezone: 'Europe/Berlin',
      weeklyHours: { ...noHours, mon: [['09:00', '17:00']], sat: [['09:00', '10:00']] },
      dateHours: new Map([['2026-03-29', [['01:00', '04:00']]], ['2026-03-30', [['10:00', '11:00']]]]),
      slotStepMinutes: 60,
      durationMinutes: 60,
    });
    const slots = freeSlots(r, [], { from: at('2026-03-28T00:00:00+01:00'), to: at('2026-03-31T00:00:00+02:00'), now: NOW_2026 });
    // 01:00 +01:00 and, an elapsed hour later, 03:00 +02:00 (02:00 is skipped by the clock change).
    assertSlots(slots, 60, ['2026-03-28T09:00:00+01:00', '2026-03-29T01:00:00+01:00', '2026-03-29T03:00:00+02:00', '2026-03-30T10:00:00+02:00']);
  });

  it('closes its date with no intervals, read in the owner zone, not UTC', () => {
    const r = rules({ timezone: 'Pacific/Auckland', weeklyHours: everyDay(['09:00', '12:00']), dateHours: new Map([['2026-07-01', []]]), slotStepMinutes: 60, durationMinutes: 60 });
    const slots = freeSlots(r, [], { from: at('2026-06-30T00:00:00+12:00'), to: at('2026-07-03T00:00:00+12:00'), now: NOW_2026 });
    assert.deepEqual([...new Set(slots.map((s) => localDateTime('Pacific/Auckland', s.start).slice(0, 10)))], ['2026-06-30', '2026-07-02']);
  });
});

describe('minimum notice', () => {
  const r = rules({ timezone: 'Europe/Berlin', weeklyHours: everyDay(['09:00', '17:00']), minimumNoticeMinutes: 120 });
  const day = { from: at('2026-06-02T00:00:00+02:00'), to: at('2026-06-03T00:00:00+02:00') };

  it('offers a slot starting exactly at now + notice', () => {
    const slots = freeSlots(r, [], { ...day, now: at('2026-06-02T08:00:00+02:00') });
    assert.equal(utc(slots[0]!.start), utc(at('2026-06-02T10:00:00+02:00')));
  });

  it('refuses a slot starting one minute before now + notice', () => {
    const slots = freeSlots(r, [], { ...day, now: at('2026-06-02T08:01:00+02:00') });
    assert.equal(utc(slots[0]!.start), utc(at('2026-06-02T10:30:00+02:00')));
  });

  it('does not move the step grid to now + notice', () => {
    const slots = freeSlots(r, [], { ...day, now: at('2026-06-02T07:50:00+02:00') });
    assert.equal(utc(slots[0]!.start), utc(at('2026-06-02T10:00:00+02:00')));
  });
});

describe('booking window', () => {
  it('offers the last slot of the last local date of the window and nothing on the next date', () => {
    const r = rules({ timezone: 'Europe/Berlin', weeklyHours: everyDay(['09:00', '17:00']), bookingWindowDays: 2, slotStepMinutes: 60, durationMinutes: 60 });
    const now = at('2026-06-01T10:00:00+02:00');
    const slots = freeSlots(r, [], { from: now, to: at('2026-06-06T00:00:00Z'), now });
    assert.equal(utc(slots[slots.length - 1]!.start), utc(at('2026-06-03T16:00:00+02:00')));
    assert.equal(utc(windowEnd(r, now)), utc(at('2026-06-04T00:00:00+02:00')));
  });

  it('counts the window from the owner date at now, not the UTC date', () => {
    // 20:00 UTC on 06-01 is already 01:30 on 06-02 in Kolkata, so a zero-day window means 06-02.
    const r = rules({ timezone: 'Asia/Kolkata', weeklyHours: everyDay(['09:00', '17:00']), bookingWindowDays: 0, slotStepMinutes: 60, durationMinutes: 60 });
    const now = at('2026-06-01T20:00:00Z');
    const slots = freeSlots(r, [], { from: now, to: at('2026-06-05T00:00:00Z'), now });
    assertSlots(slots, 60, ['09', '10', '11', '12', '13', '14', '15', '16'].map((h) => `2026-06-02T${h}:00:00+05:30`));
  });

  it('ends the window at the owner midnight after a 23-hour spring-forward date', () => {
    const r = rules({ timezone: 'Europe/Berlin', weeklyHours: everyDay(['20:00', '24:00']), bookingWindowDays: 2, slotStepMinutes: 60, durationMinutes: 60 });
    const now = at('2026-03-27T12:00:00+01:00');
    const slots = freeSlots(r, [], { from: at('2026-03-29T00:00:00Z'), to: at('2026-04-01T00:00:00Z'), now });
    assertSlots(slots, 60, ['2026-03-29T20:00:00+02:00', '2026-03-29T21:00:00+02:00', '2026-03-29T22:00:00+02:00', '2026-03-29T23:00:00+02:00']);
  });
});

describe('busy time and buffers', () => {
  const base = { timezone: 'Europe/Berlin', weeklyHours: everyDay(['09:00', '17:00']) };
  const busyNoon = [{ start: at('2026-06-02T12:00:00+02:00'), end: at('2026-06-02T13:00:00+02:00') }];

  it('keep a buffer after a slot before busy time and a buffer before a slot after it, touching allowed', () => {
    const r = rules({ ...base, slotStepMinutes: 5, bufferBeforeMinutes: 15, bufferAfterMinutes: 10 });
    const slots = freeSlots(r, busyNoon, { from: at('2026-06-02T11:00:00+02:00'), to: at('2026-06-02T13:35:00+02:00'), now: NOW_2026 });
    // Slots end by 11:50 (10 minutes before 12:00) and start from 13:15 (15 minutes after 13:00).
    assertSlots(slots, 30, [
      '2026-06-02T11:00:00+02:00', '2026-06-02T11:05:00+02:00', '2026-06-02T11:10:00+02:00', '2026-06-02T11:15:00+02:00',
      '2026-06-02T11:20:00+02:00', '2026-06-02T13:15:00+02:00', '2026-06-02T13:20:00+02:00', '2026-06-02T13:25:00+02:00',
      '2026-06-02T13:30:00+02:00',
    ]);
  });

  it('allow slots that touch busy time when there are no buffers', () => {
    const slots = freeSlots(rules(base), busyNoon, { from: at('2026-06-02T11:00:00+02:00'), to: at('2026-06-02T14:00:00+02:00'), now: NOW_2026 });
    assertSlots(slots, 30, ['2026-06-02T11:00:00+02:00', '2026-06-02T11:30:00+02:00', '2026-06-02T13:00:00+02:00', '2026-06-02T13:30:00+02:00']);
  });

  it('ignore zero-length and reversed busy intervals, even with buffers', () => {
    const r = rules({ ...base, bufferBeforeMinutes: 60, bufferAfterMinutes: 60 });
    const q = { from: at('2026-06-02T09:00:00+02:00'), to: at('2026-06-02T17:00:00+02:00'), now: NOW_2026 };
    const odd = [
      { start: at('2026-06-02T10:00:00+02:00'), end: at('2026-06-02T10:00:00+02:00') },
      { start: at('2026-06-02T13:00:00+02:00'), end: at('2026-06-02T12:00:00+02:00') },
    ];
    const slots = freeSlots(r, odd, q);
    assert.equal(slots.length, 16);
    assert.deepEqual(slots, freeSlots(r, [], q));
  });

  it('let busy time outside working hours reach into them through a buffer', () => {
    const r = rules({ ...base, bufferBeforeMinutes: 15 });
    const early = [{ start: at('2026-06-02T08:00:00+02:00'), end: at('2026-06-02T08:50:00+02:00') }];
    const slots = freeSlots(r, early, { from: at('2026-06-02T00:00:00+02:00'), to: at('2026-06-02T10:00:00+02:00'), now: NOW_2026 });
    assertSlots(slots, 30, ['2026-06-02T09:30:00+02:00']);
    // Also when the busy time ends before the asked range begins.
    const later = freeSlots(r, early, { from: at('2026-06-02T09:00:00+02:00'), to: at('2026-06-02T10:00:00+02:00'), now: NOW_2026 });
    assertSlots(later, 30, ['2026-06-02T09:30:00+02:00']);
  });

  it('give the same answer for busy time sorted and disjoint as for the same time unsorted and overlapping', () => {
    const r = rules({ ...base, bufferBeforeMinutes: 10, bufferAfterMinutes: 5 });
    const q = { from: at('2026-06-02T09:00:00+02:00'), to: at('2026-06-02T17:00:00+02:00'), now: NOW_2026 };
    const tidy = [
      { start: at('2026-06-02T10:00:00+02:00'), end: at('2026-06-02T11:00:00+02:00') },
      { start: at('2026-06-02T14:00:00+02:00'), end: at('2026-06-02T14:20:00+02:00') },
    ];
    const messy = [
      { start: at('2026-06-02T14:10:00+02:00'), end: at('2026-06-02T14:20:00+02:00') },
      { start: at('2026-06-02T10:30:00+02:00'), end: at('2026-06-02T11:00:00+02:00') },
      { start: at('2026-06-02T14:00:00+02:00'), end: at('2026-06-02T14:15:00+02:00') },
      { start: at('2026-06-02T10:00:00+02:00'), end: at('2026-06-02T10:30:00+02:00') },
    ];
    const slots = freeSlots(r, tidy, q);
    assert.deepEqual(starts(freeSlots(r, messy, q)), starts(slots));
    assertSlots(slots.filter((s) => s.start < at('2026-06-02T12:00:00+02:00')), 30, [
      '2026-06-02T09:00:00+02:00', '2026-06-02T11:30:00+02:00',
    ]);
  });

  it('keep slots after busy time on the step grid rather than right after the busy end', () => {
    const busy = [{ start: at('2026-06-02T09:00:00+02:00'), end: at('2026-06-02T09:20:00+02:00') }];
    const slots = freeSlots(rules(base), busy, { from: at('2026-06-02T09:00:00+02:00'), to: at('2026-06-02T10:30:00+02:00'), now: NOW_2026 });
    assertSlots(slots, 30, ['2026-06-02T09:30:00+02:00', '2026-06-02T10:00:00+02:00']);
  });
});

describe('slot step alignment', () => {
  const r = rules({ timezone: 'Europe/Berlin', weeklyHours: everyDay(['09:10', '12:00']) });

  it('counts steps from the start of the working range (09:10, 09:40, ...)', () => {
    const slots = freeSlots(r, [], { from: at('2026-06-02T00:00:00+02:00'), to: at('2026-06-03T00:00:00+02:00'), now: NOW_2026 });
    assertSlots(slots, 30, [
      '2026-06-02T09:10:00+02:00', '2026-06-02T09:40:00+02:00', '2026-06-02T10:10:00+02:00', '2026-06-02T10:40:00+02:00',
      '2026-06-02T11:10:00+02:00',
    ]);
  });

  it('keeps the grid when the query starts in the middle of a range', () => {
    const slots = freeSlots(r, [], { from: at('2026-06-02T10:00:00+02:00'), to: at('2026-06-02T11:00:00+02:00'), now: NOW_2026 });
    assertSlots(slots, 30, ['2026-06-02T10:10:00+02:00', '2026-06-02T10:40:00+02:00']);
  });

  it('offers overlapping slots when the duration is longer than the step', () => {
    const long = rules({ timezone: 'Europe/Berlin', weeklyHours: everyDay(['09:00', '10:00']), slotStepMinutes: 15, durationMinutes: 45 });
    const slots = freeSlots(long, [], { from: at('2026-06-02T00:00:00+02:00'), to: at('2026-06-03T00:00:00+02:00'), now: NOW_2026 });
    assertSlots(slots, 45, ['2026-06-02T09:00:00+02:00', '2026-06-02T09:15:00+02:00']);
  });

  it('starts a grid at each interval of a date, so a slot may run on into a touching interval', () => {
    // 09:45 is on the first interval's grid and runs into the second; 10:45 would overrun 11:00.
    const touching = rules({ timezone: 'Europe/Berlin', weeklyHours: { ...noHours, mon: [['09:00', '10:00'], ['10:00', '11:00']] }, slotStepMinutes: 45 });
    const slots = freeSlots(touching, [], { from: at('2026-06-01T00:00:00+02:00'), to: at('2026-06-02T00:00:00+02:00'), now: NOW_2026 });
    assertSlots(slots, 30, ['2026-06-01T09:00:00+02:00', '2026-06-01T09:45:00+02:00', '2026-06-01T10:00:00+02:00']);
  });

  it('keeps the slots of every interval when a weekday lists its intervals out of order', () => {
    const unsorted = rules({ timezone: 'Europe/Berlin', weeklyHours: { ...noHours, mon: [['13:00', '14:00'], ['09:00', '10:00']] } });
    const slots = freeSlots(unsorted, [], { from: at('2026-06-01T00:00:00+02:00'), to: at('2026-06-02T00:00:00+02:00'), now: NOW_2026 });
    assertSlots(slots, 30, ['2026-06-01T09:00:00+02:00', '2026-06-01T09:30:00+02:00', '2026-06-01T13:00:00+02:00', '2026-06-01T13:30:00+02:00']);
  });

  it('lists each slot once and in start order when intervals of a weekday overlap', () => {
    const q = { from: at('2026-06-01T00:00:00+02:00'), to: at('2026-06-02T00:00:00+02:00'), now: NOW_2026 };
    const same = rules({ timezone: 'Europe/Berlin', weeklyHours: { ...noHours, mon: [['09:00', '11:00'], ['10:00', '11:00']] } });
    assertSlots(freeSlots(same, [], q), 30, ['2026-06-01T09:00:00+02:00', '2026-06-01T09:30:00+02:00', '2026-06-01T10:00:00+02:00', '2026-06-01T10:30:00+02:00']);
    const offGrid = rules({ timezone: 'Europe/Berlin', weeklyHours: { ...noHours, mon: [['09:00', '12:00'], ['10:15', '11:00']] } });
    assertSlots(freeSlots(offGrid, [], q), 30, [
      '2026-06-01T09:00:00+02:00', '2026-06-01T09:30:00+02:00', '2026-06-01T10:00:00+02:00', '2026-06-01T10:15:00+02:00',
      '2026-06-01T10:30:00+02:00', '2026-06-01T10:45:00+02:00', '2026-06-01T11:00:00+02:00', '2026-06-01T11:30:00+02:00',
    ]);
  });

  // Monday to Friday round the clock, plus Sunday from 22:10: one range from Sunday 22:10 to
  // Saturday 00:00. Each date keeps its own grid (Sunday :10/:40, the others :00/:30).
  const longRange = rules({
    timezone: 'Europe/Berlin',
    weeklyHours: {
      ...noHours,
      sun: [['22:10', '24:00']],
      mon: [['00:00', '24:00']], tue: [['00:00', '24:00']], wed: [['00:00', '24:00']], thu: [['00:00', '24:00']], fri: [['00:00', '24:00']],
    },
  });

  it('lets a slot on Sunday evening\'s grid run on past midnight into Monday', () => {
    const slots = freeSlots(longRange, [], { from: at('2026-06-07T23:00:00+02:00'), to: at('2026-06-08T01:00:00+02:00'), now: NOW_2026 });
    assertSlots(slots, 30, ['2026-06-07T23:10:00+02:00', '2026-06-07T23:40:00+02:00', '2026-06-08T00:00:00+02:00', '2026-06-08T00:30:00+02:00']);
  });

  it('steps a date inside a days-long range from that date\'s own interval start, not the range start', () => {
    const slots = freeSlots(longRange, [], { from: at('2026-06-04T12:00:00+02:00'), to: at('2026-06-04T13:00:00+02:00'), now: NOW_2026 });
    assertSlots(slots, 30, ['2026-06-04T12:00:00+02:00', '2026-06-04T12:30:00+02:00']);
  });

  it('gives the same slots for a day whether the day or its whole week is asked for', () => {
    const week = freeSlots(longRange, [], { from: at('2026-06-07T00:00:00+02:00'), to: at('2026-06-14T00:00:00+02:00'), now: NOW_2026 });
    const thursday = { from: at('2026-06-11T00:00:00+02:00'), to: at('2026-06-12T00:00:00+02:00') };
    const alone = freeSlots(longRange, [], { ...thursday, now: NOW_2026 });
    assert.equal(alone.length, 48);
    assert.deepEqual(starts(alone), starts(week.filter((s) => s.start >= thursday.from && s.start < thursday.to)));
  });

  it('accepts in isSlotOffered every slot it listed for the week', () => {
    const week = freeSlots(longRange, [], { from: at('2026-06-07T00:00:00+02:00'), to: at('2026-06-14T00:00:00+02:00'), now: NOW_2026 });
    const refused = week.filter((s) => !isSlotOffered(longRange, [], s, NOW_2026)).map((s) => localDateTime('Europe/Berlin', s.start));
    assert.ok(week.length > 200);
    assert.deepEqual(refused.slice(0, 5), [], `${refused.length} of ${week.length} listed slots refused`);
  });
});

describe('isSlotOffered', () => {
  const r = rules({ timezone: 'Europe/Berlin', weeklyHours: everyDay(['09:00', '17:00']), minimumNoticeMinutes: 60, bookingWindowDays: 10 });
  const now = at('2026-06-02T08:00:00+02:00');
  const slot = (iso: string, minutes = 30) => ({ start: at(iso), end: at(iso) + minutes * MINUTE });

  it('is true for a slot freeSlots offers', () => {
    assert.equal(isSlotOffered(r, [], slot('2026-06-02T11:30:00+02:00'), now), true);
  });

  it('is false for a start off the step grid', () => {
    assert.equal(isSlotOffered(r, [], slot('2026-06-02T11:15:00+02:00'), now), false);
  });

  it('is false for the wrong duration, longer or shorter', () => {
    assert.equal(isSlotOffered(r, [], slot('2026-06-02T11:30:00+02:00', 60), now), false);
    assert.equal(isSlotOffered(r, [], { start: at('2026-06-02T11:30:00+02:00'), end: at('2026-06-02T12:00:00+02:00') - 1 }, now), false);
  });

  it('is false when busy time overlaps the slot', () => {
    const busy = [{ start: at('2026-06-02T11:45:00+02:00'), end: at('2026-06-02T11:50:00+02:00') }];
    assert.equal(isSlotOffered(r, busy, slot('2026-06-02T11:30:00+02:00'), now), false);
  });

  it('is false inside the notice and beyond the window, and true at their edges', () => {
    assert.equal(isSlotOffered(r, [], slot('2026-06-02T09:00:00+02:00'), now), true);
    assert.equal(isSlotOffered(r, [], slot('2026-06-02T09:00:00+02:00'), now + 1), false);
    assert.equal(isSlotOffered(r, [], slot('2026-06-12T16:30:00+02:00'), now), true);
    assert.equal(isSlotOffered(r, [], slot('2026-06-13T09:00:00+02:00'), now), false);
  });

  it('is false outside working hours', () => {
    assert.equal(isSlotOffered(r, [], slot('2026-06-02T17:00:00+02:00'), now), false);
    assert.equal(isSlotOffered(r, [], slot('2026-06-02T16:45:00+02:00'), now), false);
  });

  it('is true for a slot that crosses midnight in a range begun the previous date', () => {
    const night = rules({ timezone: 'Europe/Berlin', weeklyHours: { ...noHours, sun: [['22:00', '24:00']], mon: [['00:00', '02:00']] }, durationMinutes: 60 });
    assert.equal(isSlotOffered(night, [], slot('2026-06-07T23:30:00+02:00', 60), NOW_2026), true);
    assert.equal(isSlotOffered(night, [], slot('2026-06-08T00:15:00+02:00', 60), NOW_2026), false);
  });
});

describe('availabilityForDates', () => {
  it('has one day per date of the asked zone, inclusive, with hasSlots by start date', () => {
    const r = rules({ timezone: 'Europe/Berlin', weeklyHours: { ...noHours, mon: [['09:00', '10:00']], wed: [['09:00', '10:00']] } });
    const result = availabilityForDates(r, [], { fromDate: '2026-06-01', toDate: '2026-06-03', tz: 'Europe/Berlin', now: NOW_2026 });
    assert.deepEqual(result.days, [
      { date: '2026-06-01', hasSlots: true },
      { date: '2026-06-02', hasSlots: false },
      { date: '2026-06-03', hasSlots: true },
    ]);
    assertSlots(result.slots, 30, ['2026-06-01T09:00:00+02:00', '2026-06-01T09:30:00+02:00', '2026-06-03T09:00:00+02:00', '2026-06-03T09:30:00+02:00']);
  });

  // A Kolkata Tuesday 09:00-17:00 is Monday 20:30 to Tuesday 04:30 in Los Angeles.
  const kolkata = rules({ timezone: 'Asia/Kolkata', weeklyHours: { ...noHours, tue: [['09:00', '17:00']] }, slotStepMinutes: 60, durationMinutes: 60 });
  const tuesday = ['09', '10', '11', '12', '13', '14', '15', '16'].map((h) => `2026-06-02T${h}:00:00+05:30`);

  it('groups slots by the dates of the asked zone, not the owner zone', () => {
    const inLA = availabilityForDates(kolkata, [], { fromDate: '2026-06-01', toDate: '2026-06-03', tz: 'America/Los_Angeles', now: NOW_2026 });
    assert.deepEqual(inLA.days, [
      { date: '2026-06-01', hasSlots: true },
      { date: '2026-06-02', hasSlots: true },
      { date: '2026-06-03', hasSlots: false },
    ]);
    const inKolkata = availabilityForDates(kolkata, [], { fromDate: '2026-06-01', toDate: '2026-06-03', tz: 'Asia/Kolkata', now: NOW_2026 });
    assert.deepEqual(inKolkata.days, [
      { date: '2026-06-01', hasSlots: false },
      { date: '2026-06-02', hasSlots: true },
      { date: '2026-06-03', hasSlots: false },
    ]);
  });

  it('gives the same slot instants whatever zone the dates are asked in', () => {
    const inLA = availabilityForDates(kolkata, [], { fromDate: '2026-06-01', toDate: '2026-06-03', tz: 'America/Los_Angeles', now: NOW_2026 });
    const inKolkata = availabilityForDates(kolkata, [], { fromDate: '2026-06-01', toDate: '2026-06-03', tz: 'Asia/Kolkata', now: NOW_2026 });
    assertSlots(inLA.slots, 60, tuesday);
    assertSlots(inKolkata.slots, 60, tuesday);
  });

  it('keeps only the slots starting on the asked dates of the asked zone', () => {
    const result = availabilityForDates(kolkata, [], { fromDate: '2026-06-02', toDate: '2026-06-02', tz: 'America/Los_Angeles', now: NOW_2026 });
    assertSlots(result.slots, 60, ['2026-06-02T00:30:00-07:00', '2026-06-02T01:30:00-07:00', '2026-06-02T02:30:00-07:00', '2026-06-02T03:30:00-07:00']);
    assert.deepEqual(result.days, [{ date: '2026-06-02', hasSlots: true }]);
  });

  it('ends a 23-hour spring-forward date of the asked zone at its real midnight', () => {
    // 22:30 UTC on 03-28 is 23:30 in Berlin (03-28); 22:00 UTC on 03-29 is already 00:00 on 03-30.
    const owner = rules({ weeklyHours: { ...noHours, sat: [['22:30', '23:30']], sun: [['22:00', '23:00']] }, slotStepMinutes: 60, durationMinutes: 60 });
    const result = availabilityForDates(owner, [], { fromDate: '2026-03-28', toDate: '2026-03-29', tz: 'Europe/Berlin', now: NOW_2026 });
    assert.deepEqual(result.days, [
      { date: '2026-03-28', hasSlots: true },
      { date: '2026-03-29', hasSlots: false },
    ]);
    assertSlots(result.slots, 60, ['2026-03-28T22:30:00Z']);
  });

  it('starts a date whose midnight does not exist at its first instant (Santiago, 01:00)', () => {
    assert.equal(utc(startOfDate('2026-09-06', 'America/Santiago')), utc(at('2026-09-06T01:00:00-03:00')));
    const owner = rules({ weeklyHours: { ...noHours, sun: [['03:00', '05:00']] }, slotStepMinutes: 60, durationMinutes: 60 });
    const result = availabilityForDates(owner, [], { fromDate: '2026-09-05', toDate: '2026-09-06', tz: 'America/Santiago', now: NOW_2026 });
    assert.deepEqual(result.days, [
      { date: '2026-09-05', hasSlots: true },
      { date: '2026-09-06', hasSlots: true },
    ]);
    assertSlots(result.slots, 60, ['2026-09-06T03:00:00Z', '2026-09-06T04:00:00Z']);
  });
});
