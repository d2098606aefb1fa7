import { MAX_ROWS_PER_SERIES } from '../domain/calendar-rows.js';
import { ICalendarLimitError } from './errors.js';

/**
 * How much of an iCalendar file or feed the service reads: one set for both ways in (`calendar
 * import` and subscribed feeds). A calendar over any of them is refused whole with an
 * ICalendarLimitError naming the limit (a feed shows it as its last error, `calendar import` exits 1
 * with it); none is cut silently. Reading happens in a worker thread (./workers.ts), so even a
 * calendar just under every limit never holds up the requests being served.
 */
export const ICAL_LIMITS = {
  /** Text of one file or feed answer. Big shared calendars run to a few MiB. */
  maxBytes: 10 * 1024 * 1024,
  /** VEVENT components (a series' moved instances included): ten years of a busy calendar. */
  maxEvents: 20_000,
  /**
   * Occurrences of one series inside the window read (a feed's 401 days, an import's horizon of three
   * years): as many as the materialised calendar keeps of a series (MAX_ROWS_PER_SERIES), so an
   * imported series never shortens the owner's horizon. An hourly series fits a feed's window.
   */
  maxOccurrencesPerSeries: MAX_ROWS_PER_SERIES,
  /** Occurrences and single events of the whole calendar inside that window: 90 a day over three years. */
  maxOccurrences: 100_000,
  /** Time one reading may take in its worker thread before the thread is stopped (a 10 MiB file takes ~3 s). */
  maxReadMs: 60_000,
  /**
   * Heap of a worker thread (a 10 MiB file of 20,000 events is read in 128 MB). A backstop behind the
   * limits above, which bound memory: Node stops a thread at it, but best effort only (one array
   * grown past it can still abort the process, nodejs/node#47224).
   */
  maxHeapMb: 512,
};

export type IcalLimits = typeof ICAL_LIMITS;

const number = (n: number) => n.toLocaleString('en-US');

/** '10 MiB' for a whole number of MiB, else the bytes. */
export function formatBytes(n: number): string {
  const mib = n / (1024 * 1024);
  return Number.isInteger(mib) && mib > 0 ? `${mib} MiB` : `${number(n)} bytes`;
}

/** The text's size in UTF-8 (or a file's size), checked before anything reads it. */
export function checkSize(bytes: number, limits: Pick<IcalLimits, 'maxBytes'> = ICAL_LIMITS): void {
  if (bytes > limits.maxBytes) {
    throw new ICalendarLimitError('maxBytes', `the calendar has ${number(bytes)} bytes, more than the ${formatBytes(limits.maxBytes)} one calendar may have`);
  }
}

export function checkEventCount(count: number, limits: Pick<IcalLimits, 'maxEvents'> = ICAL_LIMITS): void {
  if (count > limits.maxEvents) {
    throw new ICalendarLimitError('maxEvents', `the calendar has ${number(count)} events, more than the ${number(limits.maxEvents)} one calendar may have`);
  }
}

const day = (d: Date) => d.toISOString().slice(0, 10);
/** A value of the file, as named in a message (an owner's last error): at most 100 characters. */
const quoted = (v: string) => (v.length > 100 ? `${v.slice(0, 99)}…` : v);

/**
 * Counts the occurrences read from one calendar over one window: each series against
 * maxOccurrencesPerSeries, everything together against maxOccurrences.
 */
export class OccurrenceBudget {
  private used = 0;

  constructor(
    private readonly window: { from: Date; to: Date },
    private readonly limits: Pick<IcalLimits, 'maxOccurrencesPerSeries' | 'maxOccurrences'> = ICAL_LIMITS,
  ) {}

  /** How many occurrences to ask an expansion of one series for: one more than allowed shows it is over. */
  get seriesProbe(): number {
    return this.limits.maxOccurrencesPerSeries + 1;
  }

  /** Counts a series' occurrences in the window (as expanded with `limit: seriesProbe`). */
  series(uid: string, rrule: string, count: number): void {
    if (count > this.limits.maxOccurrencesPerSeries) {
      throw new ICalendarLimitError(
        'maxOccurrencesPerSeries',
        `the series UID ${quoted(uid)} (RRULE ${quoted(rrule)}) has more than ${number(this.limits.maxOccurrencesPerSeries)} occurrences ` +
          `between ${day(this.window.from)} and ${day(this.window.to)}, the most one series may have`,
      );
    }
    this.add(count);
  }

  /** Counts single events (or occurrences already checked). */
  add(count: number): void {
    this.used += count;
    if (this.used > this.limits.maxOccurrences) {
      throw new ICalendarLimitError(
        'maxOccurrences',
        `the calendar has more than ${number(this.limits.maxOccurrences)} events and occurrences ` +
          `between ${day(this.window.from)} and ${day(this.window.to)}, the most one calendar may have`,
      );
    }
  }
}
