import type { AvailabilityDays } from '../../domain/availability.js';
import { formatInstant } from '../../domain/instant.js';
import type { AvailabilityDto } from '../schemas/resources.js';

export function presentAvailability(typeId: string, timezone: string, a: AvailabilityDays): AvailabilityDto {
  return {
    appointmentTypeId: typeId,
    timezone,
    slots: a.slots.map((s) => ({ start: formatInstant(new Date(s.start)), end: formatInstant(new Date(s.end)) })),
    days: a.days.map((d) => ({ date: d.date, hasSlots: d.hasSlots })),
  };
}
