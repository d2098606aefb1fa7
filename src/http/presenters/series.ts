import type { EventView, StoredEvent, StoredOverride } from '../../domain/calendar-view.js';
import { formatInstant } from '../../domain/instant.js';
import { ruleWords } from '../../domain/rule-words.js';
import { seriesFacts } from '../../domain/series.js';
import type { SeriesDto, SeriesOccurrenceRefDto } from '../schemas/series.js';

function occurrenceRef(view: EventView | null): SeriesOccurrenceRefDto | null {
  return view === null ? null : { id: view.id, start: formatInstant(view.start), end: formatInstant(view.end) };
}

/**
 * A live series row (rrule not null, as store/repos/events.ts toStoredEvent gives it) with its
 * overrides, as GET /series/{id} shows it: the fields of the event presenter that belong to the
 * whole series (never notes or participants), and the facts of docs/series.md.
 */
export function presentSeries(event: StoredEvent, overrides: StoredOverride[]): SeriesDto {
  const facts = seriesFacts(event, overrides);
  return {
    id: event.id,
    title: event.title,
    timezone: event.timezone,
    allDay: event.allDay,
    showAs: event.showAs,
    status: event.status,
    calendar: event.calendar,
    location: event.location,
    url: event.url,
    rule: ruleWords({ rrule: event.rrule, allDay: event.allDay, start: event.start, startDate: event.startDate, timezone: event.timezone, rdates: event.rdates ?? [] }),
    rrule: facts.recurrence,
    firstOccurrence: occurrenceRef(facts.first),
    lastOccurrence: occurrenceRef(facts.last),
    exceptionsCount: facts.exceptionsCount,
    updatedAt: formatInstant(facts.updatedAt),
  };
}
