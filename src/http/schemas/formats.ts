import Type, { type TStringOptions } from 'typebox';
import { CURSOR_PATTERN } from '../../domain/cursor.js';
import { UUID_PATTERN } from '../../domain/ids.js';
import { DATE_PATTERN, INSTANT_PATTERN, TIME_OF_DAY_PATTERN } from '../../domain/instant.js';
import { E164_PATTERN, EMAIL_PATTERN } from '../../domain/request-rules.js';
import { TEXT_PATTERN } from '../../domain/text.js';
import { TIME_ZONE_NAMES } from '../../domain/zones.js';
import { anyCasePattern } from './any-case-pattern.js';

/**
 * The wire formats a call may carry (spec "Formats", docs/spec-decisions.md §4), each defined once: the validator
 * enforces exactly these schemas and the OpenAPI document prints them, so what the document admits
 * is what the server admits (test/api/openapi-walk.test.ts fuzzes both). A check the handlers make
 * after the schema (a real date, a known zone) has nothing left to refuse.
 *
 * Each format's `description` is a noun phrase ("an RFC 3339 instant in UTC (...)") and its first
 * `examples` entry a value it admits: the document prints both, and a value refused by the format
 * is answered with both (`formatRefusal`), so the description and the message cannot drift.
 */

/** What a refusal of a value by its format or pattern says: the format's own words and example. */
export function formatRefusal(name: string, refusing: object | undefined): string {
  const schema = refusing as { description?: unknown; examples?: unknown } | undefined;
  const description = typeof schema?.description === 'string' ? schema.description : null;
  // Every format of the API has a description (test/api/format-messages.test.ts walks them).
  if (description === null) return `"${name}" is not in the expected format.`;
  const example = Array.isArray(schema?.examples) && schema.examples.length > 0 ? `, like ${String(schema.examples[0])}` : '';
  return `"${name}" must be ${description}${example}.`;
}

/**
 * The JSON Schema formats the validator checks (ajv-formats, full mode): `date` is a day that exists
 * (no 2026-02-30, leap years kept), `date-time` the same plus a real time of day. The patterns narrow
 * them to the spec's shape: UTC with `Z`, an optional 1-9 digit fraction, no leap second.
 */
export const CHECKED_FORMATS = ['date', 'date-time'] as const;

export const Instant = Type.String({
  format: 'date-time',
  pattern: INSTANT_PATTERN,
  description: 'an RFC 3339 instant in UTC (YYYY-MM-DDThh:mm:ss, an optional fraction of 1 to 9 digits, then Z)',
  examples: ['2026-03-29T09:00:00Z'],
});

export const DateString = Type.String({ format: 'date', pattern: DATE_PATTERN, description: 'a calendar date (YYYY-MM-DD)', examples: ['2026-03-29'] });

export const TimeOfDay = Type.String({ pattern: TIME_OF_DAY_PATTERN, description: 'a time of day (HH:MM, 00:00 to 23:59)', examples: ['09:30'] });
export const Uuid = Type.String({ pattern: UUID_PATTERN, description: 'a UUID', examples: ['3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b'] });
export const Cursor = Type.String({ pattern: CURSOR_PATTERN, maxLength: 512, description: 'the nextCursor of the previous page, as it was answered' });

/**
 * Free text (names, messages, notes, handles): any character but a control character, tab, line feed
 * and carriage return excepted (docs/decisions.md "Hardening"). Every text field of a body is one
 * (test/api/format-messages.test.ts checks the document), so PostgreSQL never meets a NUL.
 */
export const Text = (options: Pick<TStringOptions, 'minLength' | 'maxLength'> = {}) =>
  Type.String({ ...options, pattern: TEXT_PATTERN, description: 'text without control characters (tab, line feed and carriage return are allowed)' });

/** An email address by the rule of a browser's `<input type="email">` (WHATWG HTML), at most 254 characters. */
export const Email = Type.String({
  maxLength: 254,
  pattern: EMAIL_PATTERN,
  description: 'an email address as a browser\'s email field takes it (WHATWG HTML: ASCII, no spaces or quotes, a domain of letters, digits and hyphens)',
  examples: ['ana@example.com'],
});

export const Phone = Type.String({ maxLength: 16, pattern: E164_PATTERN, description: 'a phone number in E.164 form (a plus, then at most 15 digits)', examples: ['+4915112345678'] });

/**
 * A zone a call gives: a name of the tz database (zones and links, domain/zones.ts), in any case, as
 * docs/availability.md has always said (`europe/berlin` is Europe/Berlin). JSON Schema has no
 * case-insensitive enum, so the document's `TimeZone` is a pattern of exactly those names in any
 * case (any-case-pattern.ts): a client validating against the document admits what the server does.
 * The names as spelled, which every answer echoes (ianaZone), are the component `TimeZoneName`, an
 * enum: the list a client shows, and the SDK's type.
 */
export const TimeZoneNames = {
  $id: 'TimeZoneName',
  type: 'string',
  enum: [...TIME_ZONE_NAMES],
  description: 'an IANA time zone name as the tz database spells it (a zone or a link): what an answer gives back',
  examples: ['Europe/Berlin'],
} as const;

export const TimeZoneAnyCase = {
  $id: 'TimeZone',
  type: 'string',
  pattern: anyCasePattern(TIME_ZONE_NAMES),
  description: 'an IANA time zone name in any case (one of TimeZoneName, europe/berlin taken as Europe/Berlin)',
  examples: ['Europe/Berlin'],
} as const;

/** A zone a call gives, in any case; the handler reads it with ianaZone. */
export const TimeZone = Type.Unsafe<string>({ $ref: 'TimeZone' });
/** A zone an answer gives, spelled as the tz database does. */
export const TimeZoneName = Type.Unsafe<string>({ $ref: 'TimeZoneName' });

/** Schemas that fields reference by `$id`: the validator and the document both register them. */
export const SHARED_SCHEMAS: readonly { $id: string }[] = [TimeZoneNames, TimeZoneAnyCase];

/**
 * A BCP 47 language tag naming a language: 2-3 letter language, then optional script (4 letters),
 * region (2 letters or 3 digits) and one variant, in any case (`en`, `en-us`, `zh-Hant-TW`, `es-419`,
 * `ca-ES-valencia`); 21 characters at most, within docs/spec-decisions.md §9's 35. Extensions and private use say
 * nothing about the language of an email; a second variant could repeat the first (`de-1996-1996`,
 * which Intl refuses), and no pattern can refuse that in every case.
 */
export const LOCALE_PATTERN = '^[A-Za-z]{2,3}(-[A-Za-z]{4})?(-([A-Za-z]{2}|[0-9]{3}))?(-([A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3}))?$';

export const Locale = Type.String({ pattern: LOCALE_PATTERN, description: 'a BCP 47 language tag (language[-Script][-REGION][-variant])', examples: ['en-US'] });

/** What a format says of itself: its description and examples, as the document prints them. */
export interface FormatWords {
  description?: string;
  examples?: readonly unknown[];
}

const words = (schema: object): FormatWords => schema as FormatWords;

/** The formats by name, as docs/errors.md lists them (`npm run errors`), with the same words and examples. */
export const WIRE_FORMATS: readonly [string, FormatWords][] = [
  ['Instant', words(Instant)],
  ['Date', words(DateString)],
  ['Time of day', words(TimeOfDay)],
  ['Id', words(Uuid)],
  ['Locale', words(Locale)],
  ['Email', words(Email)],
  ['Phone', words(Phone)],
  ['Text', words(Text())],
  ['Cursor', words(Cursor)],
];
