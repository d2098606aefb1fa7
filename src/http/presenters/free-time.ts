import type { TimeRange } from '../../domain/ranges.js';
import { formatInstant } from '../../domain/instant.js';
import type { FreeTimeDto } from '../schemas/free-time.js';

/** GET /free-time's answer: what was asked (the zone as the tz database spells it) and the free intervals, nothing else. */
export function presentFreeTime(a: { timezone: string; fromDate: string; toDate: string; workingHours: boolean; free: readonly TimeRange[] }): FreeTimeDto {
  return {
    timezone: a.timezone,
    from: a.fromDate,
    to: a.toDate,
    workingHours: a.workingHours,
    free: a.free.map((r) => ({ start: formatInstant(new Date(r.start)), end: formatInstant(new Date(r.end)) })),
  };
}
