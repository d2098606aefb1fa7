/** The text is not iCalendar at all; single unreadable events are skipped with a warning instead. */
export class ICalendarError extends Error {}

/** Which of ICAL_LIMITS (./limits.ts) a calendar broke. */
export type ICalendarLimit = 'maxBytes' | 'maxEvents' | 'maxOccurrencesPerSeries' | 'maxOccurrences' | 'maxReadMs' | 'maxHeapMb';

/**
 * The calendar is iCalendar, but larger than the service reads: the whole file or feed is refused,
 * never read in part. The message names the limit in words an owner can act on.
 */
export class ICalendarLimitError extends ICalendarError {
  constructor(
    readonly limit: ICalendarLimit,
    message: string,
  ) {
    super(message);
  }
}
