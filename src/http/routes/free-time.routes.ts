import { notFound } from '../errors.js';
import { presentFreeTime } from '../presenters/free-time.js';
import { datesInZone } from '../query-values.js';
import { defineRoute } from '../route.js';
import { FreeTime, FreeTimeQuery, MAX_FREE_TIME_DAYS } from '../schemas/free-time.js';

export const getFreeTime = defineRoute({
  method: 'GET',
  url: '/free-time',
  operationId: 'getFreeTime',
  summary:
    "The owner's free intervals of any length on the dates from..to (inclusive, at most 62) of the time zone tz, within the booking page's working hours " +
    "unless workingHours=false; never before now, never why a time is busy. 404 while the owner's booking is off.",
  tag: 'Availability',
  scope: 'availability:read',
  // The same class as /availability, so the two share its 60 a minute (docs/free-time.md).
  rateClass: 'availability',
  querystring: FreeTimeQuery,
  response: FreeTime,
  errors: ['not_found', 'invalid_input'],
  async handler({ query, principal, services, now }) {
    const { fromDate, toDate, tz } = datesInZone(query, MAX_FREE_TIME_DAYS);
    const workingHours = query.workingHours !== 'false';
    const minMinutes = query.minMinutes ?? null;
    const free = await services.availability.freeTime(principal.ownerId, { fromDate, toDate, tz, workingHours, minMinutes }, now);
    if (!free) throw notFound();
    return presentFreeTime({ timezone: tz, fromDate, toDate, workingHours, free });
  },
});
