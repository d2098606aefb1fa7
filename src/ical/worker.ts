/**
 * What a worker thread of ./workers.ts runs: one reading of an iCalendar text, start to end. Loaded
 * by the pool's threads only (dist/ical/worker.js, or through bin/tsx-worker.js from src/). An error
 * comes back as data, since an Error crossing threads loses its class.
 */
import { mergeRanges, type TimeRange } from '../domain/ranges.js';
import { icalBusyRead } from './busy.js';
import { ICalendarError, ICalendarLimitError, type ICalendarLimit } from './errors.js';
import { readForImport, type ImportRead } from './import-read.js';
import type { IcalLimits } from './limits.js';

interface Reading {
  text: string;
  /** Occurrences are read (feed) or counted against the limits (import) over this window. */
  window: { from: Date; to: Date };
  defaultTimezone: string;
  limits: IcalLimits;
}

export type IcalTask = (Reading & { kind: 'busy' }) | (Reading & { kind: 'import' });

/** A feed's busy time, merged, with the reading's warnings. */
export interface BusyAnswer {
  busy: TimeRange[];
  warnings: string[];
}

export type IcalAnswer<T> = { ok: true; value: T } | { ok: false; error: 'not_ical' | ICalendarLimit; message: string };

function read(task: IcalTask): BusyAnswer | ImportRead {
  const options = { defaultTimezone: task.defaultTimezone, limits: task.limits };
  if (task.kind === 'import') return readForImport(task.text, { ...options, window: task.window });
  const { intervals, warnings } = icalBusyRead(task.text, task.window, options);
  // Availability needs only the union: overlapping and touching intervals become one.
  return { busy: mergeRanges(intervals.map((b) => ({ start: b.start.getTime(), end: b.end.getTime() }))), warnings };
}

export default function run(task: IcalTask): IcalAnswer<BusyAnswer | ImportRead> {
  try {
    return { ok: true, value: read(task) };
  } catch (e) {
    if (e instanceof ICalendarLimitError) return { ok: false, error: e.limit, message: e.message };
    if (e instanceof ICalendarError) return { ok: false, error: 'not_ical', message: e.message };
    throw e;
  }
}
