import Type from 'typebox';
import { getAllTimezones } from 'countries-and-timezones';
import { DATE_PATTERN, INSTANT_PATTERN } from '../../domain/instant.js';

/**
 * The wire formats a call may carry (spec "Formats", docs/spec-decisions.md §4), each defined once: the validator
 * enforces exactly these schemas and the OpenAPI document prints them, so what the document admits
 * is what the server admits (test/api/openapi-walk.test.ts fuzzes both). A check the handlers make
 * after the schema (a real date, a known zone) has nothing left to refuse.
 */

/**
 * The JSON Schema formats the validator checks (ajv-formats, full mode): `date` is a day that exists
 * (no 2026-02-30, leap years kept), `date-time` the same plus a real time of day. The patterns narrow
 * them to the spec's shape: UTC with `Z`, an optional 1-9 digit fraction, no leap second.
 */
export const CHECKED_FORMATS = ['date', 'date-time'] as const;

export const Instant = Type.String({
  format: 'date-time',
  pattern: INSTANT_PATTERN,
  description: 'RFC 3339 instant in UTC: YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z',
  examples: ['2026-03-29T00:30:00Z'],
});

export const DateString = Type.String({ format: 'date', pattern: DATE_PATTERN, description: 'a calendar date, YYYY-MM-DD', examples: ['2026-03-29'] });

/**
 * Names of the IANA time zone database, zones and their links (`US/Eastern`, `Asia/Calcutta`), as
 * the database spells them. `Factory` is the database's placeholder for "no zone set", not a place.
 */
export const TIME_ZONE_NAMES: readonly string[] = Object.keys(getAllTimezones({ deprecated: true }))
  .filter((name) => name !== 'Factory')
  .sort();

/** The list once, as the document's component `TimeZone`; fields take it by reference. */
export const TimeZoneNames = {
  $id: 'TimeZone',
  type: 'string',
  enum: [...TIME_ZONE_NAMES],
  description: 'an IANA time zone name, spelled as the tz database does',
  examples: ['Europe/Berlin'],
} as const;

export const TimeZone = Type.Unsafe<string>({ $ref: 'TimeZone' });

/** Schemas that fields reference by `$id`: the validator and the document both register them. */
export const SHARED_SCHEMAS: readonly { $id: string }[] = [TimeZoneNames];

/**
 * A BCP 47 language tag naming a language: 2-3 letter language, then optional script (4 letters),
 * region (2 letters or 3 digits) and one variant, in any case (`en`, `en-us`, `zh-Hant-TW`, `es-419`,
 * `ca-ES-valencia`); 21 characters at most, within docs/spec-decisions.md §9's 35. Extensions and private use say
 * nothing about the language of an email; a second variant could repeat the first (`de-1996-1996`,
 * which Intl refuses), and no pattern can refuse that in every case.
 */
export const LOCALE_PATTERN = '^[A-Za-z]{2,3}(-[A-Za-z]{4})?(-([A-Za-z]{2}|[0-9]{3}))?(-([A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3}))?$';

export const Locale = Type.String({ pattern: LOCALE_PATTERN, description: 'a BCP 47 language tag: language[-Script][-REGION][-variant]', examples: ['en-US'] });
