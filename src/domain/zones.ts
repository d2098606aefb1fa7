import { Temporal } from 'temporal-polyfill';

// A zone name starts with a letter: offsets such as "+01:00" are valid in Temporal and Intl but are
// not IANA names, which the spec asks for.
const NAME_RE = /^[A-Za-z][A-Za-z0-9_+\-]*(\/[A-Za-z0-9_+\-]+)*$/;

/**
 * The IANA zone `text` names, with its case normalized ("europe/berlin" → "Europe/Berlin"), or null
 * when it names none. Links (US/Eastern, Asia/Calcutta) are kept as given.
 */
export function ianaZone(text: string): string | null {
  if (text.length === 0 || text.length > 64 || !NAME_RE.test(text)) return null;
  try {
    return Temporal.Now.zonedDateTimeISO(text).timeZoneId;
  } catch {
    return null;
  }
}
