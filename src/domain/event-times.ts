/**
 * When an event is: the block every event, occurrence, imported event and series input carries.
 * A timed event has its instants and null dates; an all-day event has local dates too, with an
 * exclusive end (RFC 5545), and its instants at local midnight in `timezone`.
 */
export interface EventTimes {
  start: Date;
  end: Date;
  allDay: boolean;
  /** All-day only: the first local date, 'YYYY-MM-DD'. */
  startDate: string | null;
  /** All-day only: the local date after the last one (exclusive). */
  endDate: string | null;
  /** IANA zone the event's wall times and dates are in. */
  timezone: string;
}
