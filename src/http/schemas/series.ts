import Type, { type Static } from 'typebox';
import { Instant, Nullable, StringEnum, Uuid } from './common.js';

/**
 * A repeating event as one record (GET /series/{id}): what the series is, its rule in words and as
 * iCalendar text, where it begins and ends, how many of its occurrences differ from the rule
 * (docs/series.md). The same privacy as a Calendar event: no notes, no participants.
 */
const closed = { additionalProperties: false } as const;

const ID = '3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d';

/** One occurrence named by its id and its times, as GET /series/{id}/occurrences lists it. */
export const SeriesOccurrenceRef = Type.Object(
  {
    id: Type.String({ description: '`<series id>@<original start>`, as GET /events/{id} takes it' }),
    start: Instant,
    end: Instant,
  },
  { ...closed, title: 'SeriesOccurrenceRef', examples: [{ id: `${ID}@2026-03-17T09:00:00Z`, start: '2026-03-17T09:00:00Z', end: '2026-03-17T09:30:00Z' }] },
);

export const Series = Type.Object(
  {
    id: Uuid,
    title: Type.String(),
    timezone: Type.String({ description: 'the zone the rule runs in: its wall-clock times hold across DST changes' }),
    allDay: Type.Boolean(),
    showAs: StringEnum(['busy', 'free'] as const),
    status: StringEnum(['confirmed', 'cancelled'] as const),
    calendar: Type.String(),
    location: Nullable(Type.String()),
    url: Nullable(Type.String()),
    rule: Type.String({ description: 'the recurrence in English words, in the series\' zone ("Every Tuesday at 10:00")' }),
    rrule: Type.String({
      description:
        'the recurrence as iCalendar content lines joined by "\\n": DTSTART, each RRULE, RDATE and EXDATE (deleted occurrences included); '
        + 'changed, moved and cancelled occurrences are not in it: they are the exceptions, listed by GET /series/{id}/occurrences',
    }),
    firstOccurrence: Nullable(SeriesOccurrenceRef),
    lastOccurrence: Nullable(SeriesOccurrenceRef),
    exceptionsCount: Type.Integer({ minimum: 0, description: 'occurrences changed, moved, cancelled or removed' }),
    updatedAt: Instant,
  },
  {
    ...closed,
    title: 'Series',
    examples: [
      {
        id: ID,
        title: 'Stand-up',
        timezone: 'Europe/Berlin',
        allDay: false,
        showAs: 'busy',
        status: 'confirmed',
        calendar: 'work',
        location: null,
        url: null,
        rule: 'Every Tuesday at 10:00, until 31 March 2027',
        rrule: 'DTSTART;TZID=Europe/Berlin:20260317T100000\nRRULE:FREQ=WEEKLY;UNTIL=20270331T215959Z\nEXDATE;TZID=Europe/Berlin:20260407T100000',
        firstOccurrence: { id: `${ID}@2026-03-17T09:00:00Z`, start: '2026-03-17T09:00:00Z', end: '2026-03-17T09:30:00Z' },
        lastOccurrence: { id: `${ID}@2027-03-30T08:00:00Z`, start: '2027-03-30T08:00:00Z', end: '2027-03-30T08:30:00Z' },
        exceptionsCount: 1,
        updatedAt: '2026-03-29T00:30:00Z',
      },
    ],
  },
);

export type SeriesDto = Static<typeof Series>;
export type SeriesOccurrenceRefDto = Static<typeof SeriesOccurrenceRef>;
