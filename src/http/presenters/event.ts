import type { EventView } from '../../domain/calendar-view.js';
import { formatInstant } from '../../domain/instant.js';
import type { CalendarEventDto } from '../schemas/resources.js';

/** `calendar` is the slug of one of the owner's calendars (docs/spec-decisions.md §6). */
export function presentEvent(view: EventView): CalendarEventDto {
  return {
    id: view.id,
    title: view.title,
    start: formatInstant(view.start),
    end: formatInstant(view.end),
    allDay: view.allDay,
    startDate: view.allDay ? view.startDate : null,
    endDate: view.allDay ? view.endDate : null,
    timezone: view.timezone,
    showAs: view.showAs,
    status: view.status,
    calendar: view.calendar,
    location: view.location,
    url: view.url,
    isAppointment: view.isAppointment,
    requestId: view.requestId,
    occurrenceOf: view.occurrenceOf,
    updatedAt: formatInstant(view.updatedAt),
  };
}
