import { Temporal } from 'temporal-polyfill';
import { windowsZoneToIana } from './windows-zones.js';

/**
 * TZID values → IANA zones. Google and Apple write IANA names; Thunderbird prefixes them with a path
 * ("/mozilla.org/20050126_1/Europe/Berlin"); Outlook writes Windows names ("W. Europe Standard Time").
 */

const known = new Map<string, boolean>();

/** True when both Intl and the Temporal polyfill (which expandSeries uses) accept the zone. */
export function isKnownZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  let ok = known.get(zone);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      Temporal.PlainDate.from('2026-01-01').toZonedDateTime({ timeZone: zone });
      ok = true;
    } catch {
      ok = false;
    }
    known.set(zone, ok);
  }
  return ok;
}

/** The zone as Intl spells it when only the letter case differs ('europe/berlin' → 'Europe/Berlin'). */
function spelled(zone: string): string {
  const resolved = new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  return resolved.toLowerCase() === zone.toLowerCase() ? resolved : zone;
}

/** The IANA zone a TZID names, or null when it names none we can recognise. */
export function resolveZone(tzid: string | null | undefined): string | null {
  if (tzid === null || tzid === undefined) return null;
  const text = tzid.trim().replace(/^"(.*)"$/, '$1');
  if (text === '') return null;
  if (/^(UTC|GMT|Z|Etc\/UTC|Etc\/GMT)$/i.test(text)) return 'UTC';
  if (isKnownZone(text)) return spelled(text);
  // A path prefix before an IANA name: try the longest tails first.
  const parts = text.split('/');
  for (let i = 1; i < parts.length - 1; i++) {
    const tail = parts.slice(i).join('/');
    if (isKnownZone(tail)) return spelled(tail);
  }
  return windowsZoneToIana(text, isKnownZone);
}
