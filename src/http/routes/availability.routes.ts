import Type from 'typebox';
import { notFound } from '../errors.js';
import { presentAvailability } from '../presenters/availability.js';
import { datesInZone } from '../query-values.js';
import { defineRoute } from '../route.js';
import { DateString, Uuid } from '../schemas/common.js';
import { TimeZone } from '../schemas/formats.js';
import { Availability } from '../schemas/resources.js';

/** At most 14 dates, `from` and `to` included (spec Limits, docs/spec-decisions.md §7). */
export const MAX_AVAILABILITY_DAYS = 14;

const AvailabilityQuery = Type.Object(
  {
    appointmentTypeId: Uuid,
    from: DateString,
    to: DateString,
    tz: TimeZone,
  },
  { additionalProperties: false },
);

export const getAvailability = defineRoute({
  method: 'GET',
  url: '/availability',
  operationId: 'getAvailability',
  summary:
    "Free slots of one appointment type whose start falls on the dates from..to (inclusive, at most 14) of the time zone tz, under the rules of the owner's booking page.",
  tag: 'Availability',
  scope: 'availability:read',
  rateClass: 'availability',
  querystring: AvailabilityQuery,
  response: Availability,
  errors: ['not_found', 'invalid_input'],
  async handler({ query, principal, services, now }) {
    const { fromDate, toDate, tz } = datesInZone(query, MAX_AVAILABILITY_DAYS);
    const typeId = query.appointmentTypeId.toLowerCase();
    const answer = await services.availability.forDates(principal.ownerId, typeId, { fromDate, toDate, tz }, now);
    if (!answer) throw notFound();
    return presentAvailability(typeId, tz, answer);
  },
});
