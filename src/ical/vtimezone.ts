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

/** The definition's offset (ms) at an instant. */
function definitionOffset(zone: ICAL.Timezone, ms: number): number {
  const t = ICAL.Time.fromJSDate(new Date(ms), true);
  return t.convertToZone(zone).utcOffset() * 1000;
}

/** Instants to compare at: every 12 hours, and every hour around each change of the definition. */
function samples(zone: ICAL.Timezone, fromYear: number, toYear: number): { at: number[]; offset: number[] } {
  const at: number[] = [];
  const offset: number[] = [];
  const end = Date.UTC(toYear + 1, 0, 1);
  let previous = Number.NaN;
  for (let ms = Date.UTC(fromYear, 0, 1); ms < end; ms += STEP_MS) {
    const off = definitionOffset(zone, ms);
    if (!Number.isNaN(previous) && off !== previous) {
      for (let h = ms - STEP_MS + HOUR_MS; h < ms; h += HOUR_MS) {
        at.push(h);
        offset.push(definitionOffset(zone, h));
      }
    }
    at.push(ms);
    offset.push(off);
    previous = off;
  }
  return { at, offset };
}

function matches(name: string, s: { at: number[]; offset: number[] }, order: number[]): boolean {
  let zone;
  try {
    zone = zoneOffsets(name);
  } catch {
    return false;
  }
  for (const i of order) if (zone.offsetAt(s.at[i]!) !== s.offset[i]) return false;
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
  const s = samples(zone, from, toYear);
  if (s.at.length === 0) return null;
  // Cheap samples first (one in winter, one in summer of each half), then every one.
  const quick = [0, Math.floor(s.at.length / 4), Math.floor(s.at.length / 2), Math.floor((3 * s.at.length) / 4)];
  const all = s.at.map((_, i) => i);
  const fitting = allZones().filter((name) => matches(name, s, quick) && matches(name, s, all));
  if (fitting.length === 0) return null;
  return fitting.find((z) => namedIn(tzid, z)) ?? fitting[0]!;
}
