import { isValidDate, parseInstant } from '../domain/instant.js';
import { invalidInput } from './errors.js';

/** Schemas check the shape of a value; these check that it names a real instant or date. */
export function instantParam(value: string, field: string): Date {
  const d = parseInstant(value);
  if (!d) throw invalidInput(field, `"${field}" is not a real instant (YYYY-MM-DDThh:mm:ssZ).`);
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
