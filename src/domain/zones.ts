import { getAllTimezones } from 'countries-and-timezones';
import { Temporal } from 'temporal-polyfill';

/**
 * Names of the IANA time zone database, zones and their links (`US/Eastern`, `Asia/Calcutta`), as
 * the database spells them (597 names). `Factory` is the database's placeholder for "no
 * zone set", not a place. Every zone a caller gives (API, console, CLI, booking page) is one of these.
 */
export const TIME_ZONE_NAMES: readonly string[] = Object.keys(getAllTimezones({ deprecated: true }))
  .filter((name) => name !== 'Factory')
  .sort();

// ASCII letters only: `toLowerCase()` would also fold the Kelvin sign into "k" ("Europe/\u212Aiev").
const fold = (text: string) => text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());

const BY_FOLDED = new Map(TIME_ZONE_NAMES.map((name) => [fold(name), name]));

/** Names this runtime's time zone data was seen to know (an older ICU may lack a newer zone). */
const KNOWN = new Set<string>();

/**
 * The tz database's name for the zone `text` names, in any case ("europe/berlin" → "Europe/Berlin"),
 * or null when it names none. A link keeps its own name ("us/eastern" → "US/Eastern", not
 * America/New_York), as Temporal keeps it: the zone a person chose is the one shown back to them.
 * Offsets ("+01:00"), abbreviations ("BST") and names ICU knows beyond the database ("SystemV/PST8",
 * "US/Pacific-New") are not IANA names, which the spec asks for: null.
 */
export function ianaZone(text: string): string | null {
  const name = BY_FOLDED.get(fold(text));
  if (name === undefined) return null;
  if (!KNOWN.has(name)) {
    try {
      Temporal.Now.zonedDateTimeISO(name);
    } catch {
      return null;
    }
    KNOWN.add(name);
  }
  return name;
}
