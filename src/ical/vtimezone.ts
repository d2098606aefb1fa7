/**
 * A VTIMEZONE whose TZID is neither an IANA nor a Windows name (Outlook's "Customized Time Zone",
 * Lotus Notes' "Eastern", "(GMT+01.00) Amsterdam/Berlin/..."): the IANA zone whose UTC offsets match
 * the file's own definition at every instant of the years the file's events use (docs/spec-decisions.md
 * is silent; docs/decisions.md, "Recurrence, all of RFC 5545"). Pure.
 *
 * Why a match and not the definition itself: every reader of an event (the expander's cached
 * transitions, Temporal, the console, availability) speaks IANA names, and an event keeps its zone
 * after the import, as the rolling horizon moves past the file's years.
 */
import ICAL from 'ical.js';
import { zoneOffsets } from '../domain/zone-offsets.js';
import { WINDOWS_MAIN_ZONES } from './windows-zones.js';

const HOUR_MS = 3_600_000;
const STEP_MS = 12 * HOUR_MS;
/** At most this many years are compared (the latest ones of the file). */
const MAX_YEARS = 12;

let candidates: string[] | null = null;

/** Every IANA zone, the Windows table's main ones first, then the others in alphabetical order. */
function allZones(): string[] {
  if (candidates === null) {
    const supported = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    const main = WINDOWS_MAIN_ZONES.filter((z) => !z.startsWith('Etc/'));
    candidates = [...new Set([...main, ...supported, 'UTC'])];
  }
  return candidates;
}

interface Change {
  /** The UTC instant of the change (ms). */
  at: number;
  offset: number;
}

/** The definition's changes up to the end of `toYear`, as UTC instants (ical.js expands its RRULEs and RDATEs). */
function changesOf(zone: ICAL.Timezone, toYear: number): { before: number; changes: Change[] } {
  // ical.js's own conversion misreads the hours around a change (it looks a UTC time up as a local
  // one), so the changes are read from its table, which holds them exactly, in UTC.
  const z = zone as unknown as { _ensureCoverage(year: number): void; changes: Array<Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | 'utcOffset' | 'prevUtcOffset', number>> };
  z._ensureCoverage(toYear + 1);
  const changes = z.changes
    .map((c) => ({ at: Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second), offset: c.utcOffset * 1000, prev: c.prevUtcOffset * 1000 }))
    .sort((a, b) => a.at - b.at);
  return { before: changes[0]?.prev ?? 0, changes };
}

function offsetIn(def: { before: number; changes: Change[] }, ms: number): number {
  let offset = def.before;
  for (const c of def.changes) {
    if (c.at > ms) break;
    offset = c.offset;
  }
  return offset;
}

/** Instants to compare at: every 12 hours, and either side of each change of the definition. */
function samples(def: { before: number; changes: Change[] }, fromYear: number, toYear: number): { at: number[]; offset: number[] } {
  const start = Date.UTC(fromYear, 0, 1);
  const end = Date.UTC(toYear + 1, 0, 1);
  const at: number[] = [];
  for (let ms = start; ms < end; ms += STEP_MS) at.push(ms);
  for (const c of def.changes) if (c.at > start && c.at < end) at.push(c.at - 1000, c.at);
  at.sort((a, b) => a - b);
  return { at, offset: at.map((ms) => offsetIn(def, ms)) };
}

const formats = new Map<string, Intl.DateTimeFormat | null>();

/** The zone's offset (ms) at an instant by Intl: a cheap first test, before its transitions are read. */
function intlOffset(zone: string, ms: number): number | null {
  let f = formats.get(zone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    } catch {
      f = null;
    }
    formats.set(zone, f);
  }
  if (f === null) return null;
  const name = f.formatToParts(ms).find((p) => p.type === 'timeZoneName')?.value ?? '';
  const m = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(name);
  if (!m) return null;
  return m[1] === undefined ? 0 : (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 3_600_000 + Number(m[3]) * 60_000);
}

function matches(name: string, s: { at: number[]; offset: number[] }, quick: number[]): boolean {
  for (const i of quick) if (intlOffset(name, s.at[i]!) !== s.offset[i]) return false;
  let zone;
  try {
    zone = zoneOffsets(name);
  } catch {
    return false;
  }
  for (let i = 0; i < s.at.length; i++) if (zone.offsetAt(s.at[i]!) !== s.offset[i]) return false;
  return true;
}

/** Words of the TZID ("(GMT+01.00) Amsterdam/Berlin" → amsterdam, berlin), to prefer a zone it names. */
function namedIn(tzid: string, zone: string): boolean {
  const city = zone.slice(zone.lastIndexOf('/') + 1).replace(/_/g, ' ').toLowerCase();
  return city.length > 2 && tzid.toLowerCase().includes(city);
}

/**
 * The IANA zone that has the VTIMEZONE's offsets at every instant of [fromYear, toYear], or null
 * when none does. Among several, one the TZID names, else the main zone of a Windows name, else the
 * first in alphabetical order.
 */
export function ianaZoneOfDefinition(vtimezone: ICAL.Component, fromYear: number, toYear: number): string | null {
  let zone: ICAL.Timezone;
  try {
    zone = new ICAL.Timezone(vtimezone);
  } catch {
    return null;
  }
  const tzid = String(vtimezone.getFirstPropertyValue('tzid') ?? '');
  const from = Math.max(fromYear, toYear - MAX_YEARS + 1);
  let s;
  try {
    s = samples(changesOf(zone, toYear), from, toYear);
  } catch {
    return null;
  }
  if (s.at.length === 0) return null;
  // A few samples by Intl first (winter and summer), then every one by the zone's transitions.
  const n = s.at.length;
  const quick = [0, Math.floor(n / 4), Math.floor(n / 2), Math.floor((3 * n) / 4), n - 1];
  const fitting = allZones().filter((name) => matches(name, s, quick));
  if (fitting.length === 0) return null;
  return fitting.find((z) => namedIn(tzid, z)) ?? fitting[0]!;
}
