import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { list, ordinal, ruleWords, type RuleWordsInput } from '../../src/domain/rule-words.js';

// 2026 anchors: 17 March is a Tuesday (Berlin +01:00 until 29 March, +02:00 after); New York is on
// -04:00 from 8 March to 1 November; Kolkata is +05:30 all year.

/** A timed series starting at `start` in `timezone` with this rule. */
const timed = (rrule: string | null, start = '2026-03-17T09:00:00Z', timezone = 'Europe/Berlin', rest: Partial<RuleWordsInput> = {}) =>
  ruleWords({ rrule, allDay: false, start: new Date(start), startDate: null, timezone, ...rest });

/** An all-day series from `startDate` (local midnight in `timezone`). */
const allDay = (rrule: string, startDate: string, start: string, timezone = 'Europe/Berlin', rest: Partial<RuleWordsInput> = {}) =>
  ruleWords({ rrule, allDay: true, start: new Date(start), startDate, timezone, ...rest });

describe('a series\' rule in words', () => {
  it('says the examples of the issue exactly', () => {
    assert.equal(timed('FREQ=WEEKLY;BYDAY=TU'), 'Every Tuesday at 10:00');
    // UNTIL at the last second of 31 March in Berlin (+02:00): 21:59:59Z.
    assert.equal(timed('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;UNTIL=20270331T215959Z', '2026-03-16T08:30:00Z'), 'Every 2 weeks on Monday and Wednesday at 09:30, until 31 March 2027');
    assert.equal(allDay('FREQ=MONTHLY;BYDAY=-1FR', '2026-03-27', '2026-03-26T23:00:00Z'), 'Monthly on the last Friday');
    assert.equal(timed('FREQ=DAILY;COUNT=10'), 'Every day at 10:00, 10 times');
  });

  it('gives the wall-clock time in the series\' zone, whichever side of a DST change the series starts on', () => {
    // Berlin after 29 March: 10:00 is 08:00Z. New York in November after the change: 09:00 is 14:00Z.
    assert.equal(timed('FREQ=WEEKLY', '2026-03-31T08:00:00Z'), 'Every Tuesday at 10:00');
    assert.equal(timed('FREQ=DAILY', '2026-11-02T14:00:00Z', 'America/New_York'), 'Every day at 09:00');
    assert.equal(timed('FREQ=DAILY', '2026-10-30T13:00:00Z', 'America/New_York'), 'Every day at 09:00');
    // 01:30 on 1 November happens twice in New York: both read 01:30.
    assert.equal(timed('FREQ=DAILY', '2026-11-01T05:30:00Z', 'America/New_York'), 'Every day at 01:30');
    assert.equal(timed('FREQ=DAILY', '2026-11-01T06:30:00Z', 'America/New_York'), 'Every day at 01:30');
    assert.equal(timed('FREQ=WEEKLY;BYDAY=SA', '2026-03-21T04:30:00Z', 'Asia/Kolkata'), 'Every Saturday at 10:00');
  });

  it('takes what a rule leaves out from DTSTART, as the expansion does', () => {
    assert.equal(timed('FREQ=WEEKLY'), 'Every Tuesday at 10:00');
    assert.equal(timed('FREQ=MONTHLY;INTERVAL=3'), 'Every 3 months on the 17th at 10:00');
    assert.equal(timed('FREQ=YEARLY'), 'Every year on 17 March at 10:00');
    assert.equal(timed('FREQ=YEARLY;INTERVAL=4'), 'Every 4 years on 17 March at 10:00');
    assert.equal(timed('FREQ=YEARLY;BYMONTH=3,9'), 'Every year in March and September on the 17th at 10:00');
    // BYWEEKNO alone keeps DTSTART's weekday; a WEEKLY rule with month days has no weekday of its own.
    assert.equal(timed('FREQ=YEARLY;BYWEEKNO=20'), 'Every year in week 20 on Tuesday at 10:00');
    assert.equal(timed('FREQ=WEEKLY;BYMONTHDAY=1,2'), 'Every week on the 1st and the 2nd at 10:00');
  });

  it('says every frequency from SECONDLY to YEARLY with its interval', () => {
    assert.equal(timed('FREQ=SECONDLY'), 'Every second');
    assert.equal(timed('FREQ=SECONDLY;INTERVAL=30'), 'Every 30 seconds');
    assert.equal(timed('FREQ=MINUTELY'), 'Every minute');
    assert.equal(timed('FREQ=MINUTELY;INTERVAL=15'), 'Every 15 minutes');
    assert.equal(timed('FREQ=HOURLY'), 'Every hour');
    assert.equal(timed('FREQ=HOURLY;INTERVAL=2'), 'Every 2 hours');
    assert.equal(timed('FREQ=DAILY;INTERVAL=3'), 'Every 3 days at 10:00');
    assert.equal(timed('FREQ=WEEKLY;INTERVAL=2'), 'Every 2 weeks on Tuesday at 10:00');
    assert.equal(timed('FREQ=MONTHLY'), 'Monthly on the 17th at 10:00');
    assert.equal(timed('FREQ=YEARLY;INTERVAL=2;BYMONTH=6'), 'Every 2 years in June on the 17th at 10:00');
  });

  it('names weekdays, with ordinals counted in the month or the year where the expansion counts them', () => {
    assert.equal(timed('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'), 'Every weekday at 10:00');
    assert.equal(timed('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA,SU'), 'Every day at 10:00');
    assert.equal(timed('FREQ=DAILY;BYDAY=SA,SU'), 'Every Saturday and Sunday at 10:00');
    assert.equal(timed('FREQ=DAILY;INTERVAL=2;BYDAY=MO,FR'), 'Every 2 days on Monday and Friday at 10:00');
    assert.equal(timed('FREQ=MONTHLY;BYDAY=1MO,-2FR'), 'Monthly on the first Monday and the second-to-last Friday at 10:00');
    assert.equal(timed('FREQ=MONTHLY;BYDAY=MO'), 'Monthly on Monday at 10:00');
    assert.equal(timed('FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU'), 'Every year in October on the last Sunday at 10:00');
    assert.equal(timed('FREQ=YEARLY;BYDAY=20MO'), 'Every year on the 20th Monday of the year at 10:00');
    // In a WEEKLY rule an ordinal stands for its weekday.
    assert.equal(timed('FREQ=WEEKLY;BYDAY=2TU'), 'Every Tuesday at 10:00');
  });

  it('names days of the month from the start and from the end, and both filters together', () => {
    assert.equal(timed('FREQ=MONTHLY;BYMONTHDAY=1,15,-1'), 'Monthly on the 1st, the 15th and the last day at 10:00');
    assert.equal(timed('FREQ=MONTHLY;BYMONTHDAY=-2'), 'Monthly on the second-to-last day at 10:00');
    assert.equal(timed('FREQ=MONTHLY;BYMONTHDAY=-10'), 'Monthly on the 10th-to-last day at 10:00');
    assert.equal(timed('FREQ=MONTHLY;BYMONTHDAY=13;BYDAY=FR'), 'Monthly on the 13th when that is a Friday at 10:00');
    assert.equal(timed('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29'), 'Every year in February on the 29th at 10:00');
  });

  it('names days of the year, week numbers, BYSETPOS and a WKST that changes the result', () => {
    assert.equal(timed('FREQ=YEARLY;INTERVAL=4;BYYEARDAY=1,-1'), 'Every 4 years on day 1 and the last day of the year at 10:00');
    assert.equal(timed('FREQ=YEARLY;BYWEEKNO=1,-1;BYDAY=MO'), 'Every year in week 1 and the last week on Monday at 10:00');
    assert.equal(timed('FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1'), 'Monthly on weekdays at 10:00, only the last of each month');
    assert.equal(timed('FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1,-1'), 'Monthly on weekdays at 10:00, only the first and last of each month');
    assert.equal(timed('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SU;WKST=SU'), 'Every 2 weeks on Tuesday and Sunday at 10:00, weeks starting on Sunday');
    assert.equal(timed('FREQ=YEARLY;BYWEEKNO=1;BYDAY=MO;WKST=SU'), 'Every year in week 1 on Monday at 10:00, weeks starting on Sunday');
    // WKST changes nothing in a weekly rule of one day, or every week: not said.
    assert.equal(timed('FREQ=WEEKLY;BYDAY=TU,SU;WKST=SU'), 'Every Tuesday and Sunday at 10:00');
  });

  it('says the times of day of BYHOUR, BYMINUTE and BYSECOND, and sub-daily rules by the hours they run in', () => {
    assert.equal(timed('FREQ=DAILY;BYHOUR=9,17;BYMINUTE=0,30'), 'Every day at 09:00, 09:30, 17:00 and 17:30');
    assert.equal(timed('FREQ=DAILY;BYSECOND=15'), 'Every day at 10:00:15');
    assert.equal(timed('FREQ=DAILY;BYHOUR=0,1,2,3,4,5,6,7,8,9'), 'Every day at minute 00 past the hour, between 00:00 and 10:00');
    assert.equal(timed('FREQ=HOURLY;INTERVAL=3;BYHOUR=9,12,15'), 'Every 3 hours at 09:00, 12:00 and 15:00');
    assert.equal(timed('FREQ=HOURLY;INTERVAL=2;BYMINUTE=0,30'), 'Every 2 hours at minutes 00 and 30 past the hour');
    assert.equal(timed('FREQ=HOURLY;BYHOUR=9,10,11,12,13,14,15,16,17;BYDAY=MO,TU,WE,TH,FR'), 'Every hour on weekdays between 09:00 and 18:00');
    assert.equal(timed('FREQ=MINUTELY;INTERVAL=15;BYHOUR=9,10,11,14'), 'Every 15 minutes between 09:00 and 12:00 and between 14:00 and 15:00');
    assert.equal(timed('FREQ=MINUTELY;INTERVAL=20;BYSECOND=0,30'), 'Every 20 minutes at seconds 00 and 30');
    assert.equal(timed('FREQ=SECONDLY;INTERVAL=30;BYMINUTE=0,1'), 'Every 30 seconds in minutes 00 and 01 of the hour');
    assert.equal(timed('FREQ=SECONDLY;BYHOUR=12;BYSECOND=0,15,30,45'), 'Every second between 12:00 and 13:00 in seconds 00, 15, 30 and 45 of the minute');
  });

  it('ends with COUNT and with UNTIL in the series\' zone, naming the time only when it cuts the last day short', () => {
    assert.equal(timed('FREQ=WEEKLY;COUNT=1'), 'Every Tuesday at 10:00, once');
    assert.equal(timed('FREQ=DAILY;UNTIL=20260401'), 'Every day at 10:00, until 1 April 2026');
    assert.equal(timed('FREQ=DAILY;UNTIL=20260401T120000'), 'Every day at 10:00, until 1 April 2026');
    // 08:00Z on 1 April is 10:00 in Berlin: the 10:00 occurrence that day is the last.
    assert.equal(timed('FREQ=DAILY;UNTIL=20260401T080000Z'), 'Every day at 10:00, until 1 April 2026');
    // 07:00Z on 20 March is 08:00 in Berlin, before that day's 10:00.
    assert.equal(timed('FREQ=DAILY;UNTIL=20260320T070000Z'), 'Every day at 10:00, until 20 March 2026 at 08:00');
    // The same instant is already 21 March in Kolkata (+05:30): the date is the zone's.
    assert.equal(timed('FREQ=DAILY;UNTIL=20260320T200000Z', '2026-03-17T04:30:00Z', 'Asia/Kolkata'), 'Every day at 10:00, until 21 March 2026 at 01:30');
    assert.equal(timed('FREQ=DAILY;COUNT=3;UNTIL=20260320T000000Z'), 'Every day at 10:00, 3 times, until 20 March 2026 at 01:00');
  });

  it('gives an all-day series no time, and ignores the BYHOUR the expansion ignores', () => {
    // 14 March in New York starts at 04:00Z in 2026 (-04:00 from 8 March).
    assert.equal(allDay('FREQ=YEARLY', '2026-03-14', '2026-03-14T04:00:00Z', 'America/New_York'), 'Every year on 14 March');
    assert.equal(allDay('FREQ=WEEKLY;BYHOUR=9', '2026-03-17', '2026-03-16T23:00:00Z'), 'Every Tuesday');
    assert.equal(allDay('FREQ=MONTHLY;UNTIL=20261231', '2026-03-17', '2026-03-16T23:00:00Z'), 'Monthly on the 17th, until 31 December 2026');
    assert.equal(allDay('FREQ=DAILY;COUNT=3', '2026-03-17', '2026-03-16T23:00:00Z'), 'Every day, 3 times');
  });

  it('joins several RRULE lines and counts the RDATEs after DTSTART as more dates', () => {
    assert.equal(
      timed('FREQ=WEEKLY;BYDAY=MO\nFREQ=MONTHLY;BYDAY=1FR;COUNT=3', '2026-03-16T09:00:00Z', 'Europe/Berlin', { rdates: ['2026-05-01T10:00:00Z'] }),
      'Every Monday at 10:00; monthly on the first Friday at 10:00, 3 times, and 1 more date',
    );
    // DTSTART itself and an RDATE before it are no more dates; a PERIOD counts once.
    const rdates = ['2026-03-18T09:00:00Z', '2026-03-17T09:00:00Z', '2026-03-01T09:00:00Z', '2026-04-01T09:00:00Z/2026-04-01T10:00:00Z'];
    assert.equal(timed('', '2026-03-17T09:00:00Z', 'Europe/Berlin', { rdates }), 'On 17 March 2026 at 10:00, and 2 more dates');
    assert.equal(timed('RRULE:FREQ=DAILY;COUNT=2', '2026-03-17T09:00:00Z', 'Europe/Berlin', { rdates: ['2026-03-20T09:00:00Z', '2026-03-21T09:00:00Z', '2026-03-22T09:00:00Z'] }), 'Every day at 10:00, 2 times, and 3 more dates');
  });

  it('writes ordinals and lists in English', () => {
    assert.deepEqual([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31, 101, 111].map(ordinal), ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '31st', '101st', '111th']);
    assert.equal(list(['a']), 'a');
    assert.equal(list(['a', 'b']), 'a and b');
    assert.equal(list(['a', 'b', 'c']), 'a, b and c');
  });
});
