/** iCalendar texts made for the tests of the limits (ICAL_LIMITS): big, dense or hostile calendars. */

/** A VCALENDAR of the VEVENTs given as their property lines. */
export function calendarText(events: string[][]): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//limits//EN'];
  for (const e of events) lines.push('BEGIN:VEVENT', ...e, 'END:VEVENT');
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}

const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').replace('.000', '');

/**
 * `count` half-hour events, one an hour from `first`, each with a description of `descriptionBytes`
 * (about 130 + descriptionBytes bytes an event).
 */
export function manyEvents(count: number, opts: { first?: string; descriptionBytes?: number } = {}): string[][] {
  const first = Date.parse(opts.first ?? '2026-04-01T00:00:00Z');
  const description = 'x'.repeat(opts.descriptionBytes ?? 0);
  return Array.from({ length: count }, (_, i) => [
    `UID:e${i}@limits.test`,
    'DTSTAMP:20260101T000000Z',
    `DTSTART:${stamp(first + i * 3_600_000)}`,
    `DTEND:${stamp(first + i * 3_600_000 + 1_800_000)}`,
    'SUMMARY:Planning',
    ...(description ? [`DESCRIPTION:${description}`] : []),
  ]);
}

/** A series of one-minute occurrences from `start` (UTC) under `rrule`. */
export function series(uid: string, start: string, rrule: string): string[] {
  const ms = Date.parse(start);
  return [`UID:${uid}`, 'DTSTAMP:20260101T000000Z', `DTSTART:${stamp(ms)}`, `DTEND:${stamp(ms + 60_000)}`, `RRULE:${rrule}`, 'SUMMARY:Series'];
}
