import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { icalBusyIntervals } from '../../src/ical/busy.js';
import { ICalendarError, ICalendarLimitError } from '../../src/ical/errors.js';
import { readForImport } from '../../src/ical/import-read.js';
import { IcalWorkers } from '../../src/ical/workers.js';
import { calendarText, manyEvents, series } from '../helpers/ical-text.js';

const WINDOW = { from: new Date('2026-03-28T00:30:00Z'), to: new Date('2027-05-03T00:30:00Z') };
const read = { defaultTimezone: 'Europe/Berlin', window: WINDOW };
const SMALL = calendarText([...manyEvents(3), series('weekly@limits.test', '2026-04-06T08:00:00Z', 'FREQ=WEEKLY;COUNT=3')]);
// About 5 MB: a second or more of parsing, in any thread.
const BIG = calendarText(manyEvents(15_000, { descriptionBytes: 200 }));

const turnOfTheLoop = () => new Promise((resolve) => setImmediate(resolve));

describe('reading iCalendar in worker threads', () => {
  const ical = new IcalWorkers();
  after(() => ical.close());

  it('gives what the same reading gives in this thread: merged busy time, events for an import', async () => {
    const busy = await ical.busy(SMALL, read);
    assert.deepEqual(busy, icalBusyIntervals(SMALL, WINDOW, read).map((b) => ({ start: b.start.getTime(), end: b.end.getTime() })));
    assert.equal(busy.length, 6);
    assert.deepEqual(await ical.forImport(SMALL, read), readForImport(SMALL, read));
  });

  it('leaves the event loop free while a big calendar is read', async () => {
    let done = false;
    const reading = ical.busy(BIG, read).then((busy) => {
      done = true;
      return busy;
    });
    await turnOfTheLoop();
    assert.equal(done, false, 'the loop turned while the calendar was being read');
    assert.equal((await reading).length, 9529, "the events inside the window");
  });

  it('hands back a refusal as the same errors, text that is not iCalendar as ICalendarError', async () => {
    const minutely = calendarText([series('minutely@limits.test', '2026-04-01T00:00:00Z', 'FREQ=MINUTELY')]);
    await assert.rejects(ical.busy(minutely, read), (e: unknown) => e instanceof ICalendarLimitError && e.limit === 'maxOccurrencesPerSeries');
    await assert.rejects(ical.forImport('<html>Sign in</html>', read), (e: unknown) => e instanceof ICalendarError && !(e instanceof ICalendarLimitError));
  });

  it('stops a reading that runs past its time', async () => {
    const hurried = new IcalWorkers({ limits: { maxReadMs: 50 } });
    try {
      await assert.rejects(hurried.busy(BIG, read), (e: unknown) => {
        assert.ok(e instanceof ICalendarLimitError);
        assert.equal(e.limit, 'maxReadMs');
        assert.equal(e.message, 'reading the calendar took longer than the 0.05 s one calendar may take');
        return true;
      });
    } finally {
      await hurried.close();
    }
  });

  it('reads a rule that matches nothing for a century in a small heap: a COUNT replay keeps no checkpoint per empty period', async () => {
    // Every second since 1926, only on 31 April: a replay to today skips 36,500 empty days of 86,400 periods each.
    const century = calendarText([series('never@limits.test', '1926-04-30T00:00:00Z', 'FREQ=SECONDLY;BYMONTH=4;BYMONTHDAY=31;COUNT=5')]);
    const small = new IcalWorkers({ limits: { maxHeapMb: 128 } });
    try {
      const { events } = await small.forImport(century, read);
      assert.deepEqual(events.map((e) => [e.uid, e.seriesUntil?.toISOString()]), [['never@limits.test', '1926-04-30T00:01:00.000Z']]);
    } finally {
      await small.close();
    }
  });

  it('stops a reading when its caller does, waiting or running, and reads the next one on a new thread', async () => {
    const one = new IcalWorkers({ threads: 1 });
    try {
      const stop = new AbortController();
      const running = one.busy(BIG, { ...read, signal: stop.signal });
      const waiting = one.busy(SMALL, { ...read, signal: stop.signal });
      stop.abort(new Error('the worker is stopping'));
      await assert.rejects(running, /the worker is stopping/);
      await assert.rejects(waiting, /the worker is stopping/);
      assert.equal((await one.busy(SMALL, read)).length, 6);
    } finally {
      await one.close();
    }
  });
});
