import { isoDate, localDay, startOfDate } from './availability.js';

/**
 * What creating a request checks beyond the shape of its fields (docs/spec-decisions.md §4), and when a request's
 * time comes (docs/spec-decisions.md §3). Pure: the clock is passed in.
 */

export const MAX_PENDING_PER_REQUESTER = 3;
export const MAX_PER_REQUESTER_PER_DAY = 5;
const DAY_MS = 86_400_000;
/** A task request without a suggested date expires this long after it was made. */
export const TASK_DEFAULT_LIFE_DAYS = 30;

/** E.164: a plus, a country code that does not start with 0, at most 15 digits in all. */
export const E164_PATTERN = '^\\+[1-9][0-9]{1,14}$';
/**
 * An email address as a browser's `<input type="email">` takes it: the WHATWG HTML "valid email
 * address" rule, word for word (html.spec.whatwg.org, "Valid e-mail address"). ASCII only: a local
 * part of letters, digits and ``.!#$%&'*+/=?^_`{|}~-``, one @, and a domain of labels of letters,
 * digits and inner hyphens, at most 63 each (a browser sends an international domain as punycode).
 * It admits `? & = % '`: a link built from an address must encode it (web/links.ts).
 */
export const EMAIL_PATTERN = "^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$";

const EMAIL_RE = new RegExp(EMAIL_PATTERN);
const E164_RE = new RegExp(E164_PATTERN);

/** An email address a browser's email field takes (EMAIL_PATTERN), at most 254 characters (docs/spec-decisions.md §9). */
export const isEmailAddress = (s: string): boolean => s.length <= 254 && EMAIL_RE.test(s);
export const isE164 = (s: string): boolean => E164_RE.test(s);

/** The requester as limits count them: lower-cased email, E.164 phone (docs/spec-decisions.md §4). */
export interface RequesterIdentity {
  email: string | null;
  phone: string | null;
}

export function requesterIdentity(r: { email?: string | undefined; phone?: string | undefined }): RequesterIdentity {
  return { email: r.email === undefined ? null : r.email.trim().toLowerCase(), phone: r.phone ?? null };
}

/** The canonical BCP 47 form of `tag` ("en-us" → "en-US"), or null when it is not a well-formed tag. */
export function canonicalLocale(tag: string): string | null {
  if (tag.length === 0 || tag.length > 35) return null;
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    return canonical ?? null;
  } catch {
    return null;
  }
}

/** Text that is empty once blanks are taken away does not count as a name. */
export function hasText(s: string): boolean {
  return s.trim().length > 0;
}

/**
 * A request's time (docs/spec-decisions.md §3): an appointment request's slot start; a task request's suggested
 * due date's end of day in the requester's zone, or 30 days after creation when it has none.
 */
export function requestDeadline(
  r: { kind: 'appointment' | 'task'; slotStart: Date | null; suggestedDueDate: string | null; requesterTimezone: string },
  createdAt: Date,
): Date {
  if (r.kind === 'appointment') return r.slotStart!;
  if (r.suggestedDueDate === null) return new Date(createdAt.getTime() + TASK_DEFAULT_LIFE_DAYS * DAY_MS);
  const next = isoDate(Date.parse(`${r.suggestedDueDate}T00:00:00Z`) / DAY_MS + 1);
  return new Date(startOfDate(next, r.requesterTimezone));
}

/** A suggested due date before the requester's today has already passed. */
export function isPastDate(date: string, zone: string, now: Date): boolean {
  return date < isoDate(localDay(now.getTime(), zone));
}

/**
 * How far ahead a suggested due date may be. A date the wire admits (up to 9999-12-31) would put the
 * request's deadline and its status link's end (30 days later) past the year 9999, which no instant
 * of the wire can name; ten years is more than any to-do asks for.
 */
export const MAX_SUGGESTED_YEARS_AHEAD = 10;

/** A suggested due date more than MAX_SUGGESTED_YEARS_AHEAD years after the requester's today. */
export function isTooFarAhead(date: string, zone: string, now: Date): boolean {
  const today = isoDate(localDay(now.getTime(), zone));
  // Compared as text: the limit need not be a real date (29 February ten years on).
  const limit = `${String(Number(today.slice(0, 4)) + MAX_SUGGESTED_YEARS_AHEAD).padStart(4, '0')}${today.slice(4)}`;
  return date > limit;
}

/**
 * The daily limit counts a rolling 24 hours: given the creation times of the requester's requests in
 * that window, oldest first, how many seconds until one more is allowed (0: allowed now).
 */
export function dailyLimitWait(recent: readonly Date[], now: Date): number {
  if (recent.length < MAX_PER_REQUESTER_PER_DAY) return 0;
  const freesAt = recent[recent.length - MAX_PER_REQUESTER_PER_DAY]!.getTime() + DAY_MS;
  return Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000));
}
