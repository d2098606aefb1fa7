import type { OwnerRow } from '../../store/schema.js';

/**
 * Dates and times on the console, as its owner reads them: in the owner's locale (the profile's
 * `locale`, a BCP 47 tag) and, unless a page names another, the owner's zone. Every console page
 * formats through here, so no page shows another language's dates (the inbox showed `en-GB`'s
 * whatever the owner's). A tag Intl cannot read falls back to English.
 */
export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat(locale || 'en', options);
  } catch {
    return new Intl.DateTimeFormat('en', options);
  }
}

/** A format in the owner's locale and zone (`zone` for a page that shows another, e.g. UTC for a date without a time). */
export function ownerDateFormat(owner: Pick<OwnerRow, 'locale' | 'timezone'>, options: Intl.DateTimeFormatOptions, zone: string = owner.timezone): Intl.DateTimeFormat {
  return dateFormat(owner.locale, { ...options, timeZone: zone });
}
