import { Temporal } from 'temporal-polyfill';
import { isValidDate, parseInstant } from '../domain/instant.js';
import { ianaZone } from '../domain/zones.js';
import { invalidInput } from './errors.js';

/** Schemas check the shape of a value; these check that it names a real instant or date. */
/**
 * Instants a query named lately, by their text: a client paging or polling sends the same `from`
 * and `to` call after call (parsing one is about 1.5 µs; a look-up a tenth of it). At most
 * PARSED_MAX, then forgotten together.
 */
const parsed = new Map<string, number>();
const PARSED_MAX = 4096;

export function instantParam(value: string, field: string): Date {
  const known = parsed.get(value);
  if (known !== undefined) return new Date(known);
  const d = parseInstant(value);
  if (!d) throw invalidInput(field, `"${field}" is not a real instant (YYYY-MM-DDThh:mm:ssZ).`);
  if (parsed.size >= PARSED_MAX) parsed.clear();
  parsed.set(value, d.getTime());
  return d;
}

export function optionalInstantParam(value: string | undefined, field: string): Date | null {
  return value === undefined ? null : instantParam(value, field);
}

export function dateParam(value: string | undefined, field: string): string | null {
  if (value === undefined) return null;
  if (!isValidDate(value)) throw invalidInput(field, `"${field}" is not a real date (YYYY-MM-DD).`);
  return value;
}

/**
 * `from`..`to` (dates, both included) of the zone `tz`, as /availability and /free-time take them:
 * real dates, an IANA zone (as the tz database spells it), `to` not before `from`, at most `maxDays`.
 */
export function datesInZone(query: { from: string; to: string; tz: string }, maxDays: number): { fromDate: string; toDate: string; tz: string } {
  const fromDate = dateParam(query.from, 'from')!;
  const toDate = dateParam(query.to, 'to')!;
  const tz = ianaZone(query.tz);
  if (!tz) throw invalidInput('tz', `"tz" is not an IANA time zone name such as Europe/Berlin.`);
  const days = Temporal.PlainDate.from(fromDate).until(Temporal.PlainDate.from(toDate), { largestUnit: 'days' }).days + 1;
  if (days < 1) throw invalidInput('to', '"to" must not be before "from".');
  if (days > maxDays) throw invalidInput('to', `"from" to "to" covers ${days} days; at most ${maxDays}.`);
  return { fromDate, toDate, tz };
}
