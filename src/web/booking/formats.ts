/**
 * Intl.DateTimeFormat objects, kept: making one costs far more than using it (tens of microseconds,
 * and a month page needs six). Keyed by locale and options; at most 500 kept (cleared when full),
 * as visitors bring any locale and zone.
 */
const kept = new Map<string, Intl.DateTimeFormat>();

export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = kept.get(key);
  if (!f) {
    if (kept.size >= 500) kept.clear();
    f = new Intl.DateTimeFormat(locale, options);
    kept.set(key, f);
  }
  return f;
}
