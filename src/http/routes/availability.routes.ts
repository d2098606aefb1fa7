import Type from 'typebox';
import { Temporal } from 'temporal-polyfill';
import { ianaZone } from '../../domain/zones.js';
import { invalidInput, notFound } from '../errors.js';
import { presentAvailability } from '../presenters/availability.js';
import { dateParam } from '../query-values.js';
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
    const fromDate = dateParam(query.from, 'from')!;
    const toDate = dateParam(query.to, 'to')!;
    const tz = ianaZone(query.tz);
    if (!tz) throw invalidInput('tz', `"tz" is not an IANA time zone name such as Europe/Berlin.`);
    const days = Temporal.PlainDate.from(fromDate).until(Temporal.PlainDate.from(toDate), { largestUnit: 'days' }).days + 1;
    if (days < 1) throw invalidInput('to', '"to" must not be before "from".');
    if (days > MAX_AVAILABILITY_DAYS) throw invalidInput('to', `"from" to "to" covers ${days} days; at most ${MAX_AVAILABILITY_DAYS}.`);
    const typeId = query.appointmentTypeId.toLowerCase();
    const answer = await services.availability.forDates(principal.ownerId, typeId, { fromDate, toDate, tz }, now);
    if (!answer) throw notFound();
    return presentAvailability(typeId, tz, answer);
  },
});
