/**
 * UTC offsets of one IANA time zone over epoch milliseconds, from a cached list of its transitions.
 * Pure apart from a process-wide cache: no I/O, no clock.
 *
 * The transitions come from temporal-polyfill's own getTimeZoneTransition (itself built on
 * Intl.DateTimeFormat), read once per stretch of years per zone and kept: every offset, wall-time
 * resolution and start of day here is exactly what the polyfill's ZonedDateTime gives, without
 * creating a Temporal object per lookup. Lookups are a binary search with a hint for the last
 * interval hit (expansion walks time forwards, so the hint almost always answers).
 *
 * The years read are kept as separate stretches when they lie far apart (a series from 1950 seen
 * in 2026 reads around 1950 and around 2026, not the years between).
 *
 * Wall times are "floating" milliseconds: the local date and time read as if it were UTC
 * (Date.UTC(year, month - 1, day, hour, minute, second, ms)).
 */
import { Temporal } from 'temporal-polyfill';

const DAY_MS = 86_400_000;
/** How much of the zone's history one scan reads; under the ~3 years the polyfill searches per call. */
const SCAN_MS = 730 * DAY_MS;
/** A stretch grows to reach an instant this close to it; farther ones start a stretch of their own. */
const REACH_MS = 4 * 365 * DAY_MS;
/** Temporal's range of instants: ±10^8 days around the epoch. */
const MAX_INSTANT_MS = 8.64e15;

function polyfillZoned(ms: number, zone: string): Temporal.ZonedDateTime {
  return Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone);
}

/** The offsets of a stretch of time [lo, hi]. */
interface Stretch {
  lo: number;
  hi: number;
  /** Transition instants in (lo, hi], ascending; at each the offset becomes off[i + 1]. */
  at: number[];
  /** off[i] is the offset (ms) before at[i]; off[at.length] the one after the last transition. */
  off: number[];
}

export class ZoneOffsets {
  readonly zone: string;
  /** The offset of a zone the polyfill treats as fixed (UTC, ±hh:mm); null for named zones. */
  private readonly fixed: number | null;
  /** Disjoint stretches read so far, by time, more than REACH_MS apart. */
  private readonly stretches: Stretch[] = [];
  // The stretch the last lookup used (its fields, for speed).
  private at: number[] = [];
  private off: number[] = [];
  private lo = 0;
  private hi = -1;
  /** Index into off of the interval between transitions the last lookup landed in. */
  private hint = 0;

  /** Set by instantOf and startOfDay: whether the wall time fell in a gap (and was moved past it). */
  shifted = false;

  constructor(zone: string) {
    // Throws RangeError for a zone the polyfill does not know, as Temporal would.
    const probe = polyfillZoned(0, zone);
    this.zone = zone;
    this.fixed = isFixedZoneId(probe.timeZoneId) ? probe.offsetNanoseconds / 1e6 : null;
  }

  /** Offset (ms) of the zone at the instant. */
  offsetAt(ms: number): number {
    if (this.fixed !== null) return this.fixed;
    const at = this.at;
    const i = this.hint;
    // Interval i is [at[i - 1], at[i]).
    if ((i === 0 || at[i - 1]! <= ms) && (i === at.length || ms < at[i]!) && ms >= this.lo && ms <= this.hi) return this.off[i]!;
    if (!(ms >= this.lo && ms <= this.hi)) this.cover(ms);
    this.hint = this.indexAfter(ms);
    return this.off[this.hint]!;
  }

  /** The instant's wall time, as floating milliseconds. */
  wallOf(ms: number): number {
    return ms + this.offsetAt(ms);
  }

  /**
   * The instant of a wall time with Temporal's 'compatible' disambiguation: a repeated time takes
   * the earlier offset, a time in a gap moves forward by the gap (and sets `shifted`).
   */
  instantOf(wallMs: number): number {
    this.shifted = false;
    if (this.fixed !== null) return wallMs - this.fixed;
    // Fast path: one offset for a day either side, in the interval the last lookup landed in.
    const i = this.hint;
    const at = this.at;
    if ((i === 0 || at[i - 1]! <= wallMs - DAY_MS) && (i === at.length || wallMs + DAY_MS < at[i]!) && wallMs - DAY_MS >= this.lo && wallMs + DAY_MS <= this.hi) {
      return wallMs - this.off[i]!;
    }
    const o0 = this.offsetAt(wallMs - DAY_MS);
    if (o0 === this.offsetAt(wallMs + DAY_MS)) return wallMs - o0;
    const wallSec = Math.floor(wallMs / 1000);
    const frac = wallMs - wallSec * 1000;
    const out = this.scratch;
    if (this.possible(wallSec, out) > 0) return out[0]! * 1000 + frac;
    const gapSec = (this.offsetAt((wallSec + 86_400) * 1000) - this.offsetAt((wallSec - 86_400) * 1000)) / 1000;
    const m = this.possible(wallSec + gapSec, out);
    if (m === 0) throw new RangeError(`cannot place ${new Date(wallMs).toISOString()} in ${this.zone}`);
    this.shifted = true;
    return out[m - 1]! * 1000 + frac;
  }

  /**
   * The first instant of a local date (given as floating milliseconds of its midnight): midnight,
   * or when midnight falls in a gap, the transition that ends the gap (Temporal's startOfDay).
   * Sets `shifted` when midnight was in a gap.
   */
  startOfDay(midnightWallMs: number): number {
    this.shifted = false;
    if (this.fixed !== null) return midnightWallMs - this.fixed;
    const o0 = this.offsetAt(midnightWallMs - DAY_MS);
    if (o0 === this.offsetAt(midnightWallMs + DAY_MS)) return midnightWallMs - o0;
    const out = this.scratch;
    if (this.possible(midnightWallMs / 1000, out) > 0) return out[0]! * 1000;
    this.shifted = true;
    // The polyfill's next transition after the day before (to the whole second).
    const from = Math.floor((midnightWallMs - DAY_MS) / 1000) * 1000 + 999;
    const t = this.nextChangeAfter(from);
    if (t > this.hi) throw new RangeError(`no transition after ${new Date(from).toISOString()} in ${this.zone}`);
    return t;
  }

  /**
   * The first transition after the instant; when none is known within the years read around it,
   * the end of them (the offset is constant from the instant up to the returned one either way).
   */
  nextChangeAfter(ms: number): number {
    if (this.fixed !== null) return Number.POSITIVE_INFINITY;
    this.offsetAt(ms);
    this.offsetAt(ms + 2 * DAY_MS); // reads on if the stretch ends soon after
    const i = this.indexAfter(ms);
    return i < this.at.length ? this.at[i]! : this.hi + 1;
  }

  /** Largest minus smallest offset over (ms - 2 days, ms + 2 days]: the widest gap or fold near the instant. */
  spreadNear(ms: number): number {
    if (this.fixed !== null) return 0;
    const start = ms - 2 * DAY_MS;
    const end = ms + 2 * DAY_MS;
    this.offsetAt(end);
    let min = this.offsetAt(start);
    let max = min;
    const at = this.at;
    for (let i = this.indexAfter(start), n = 0; n < 32 && i < at.length && at[i]! <= end; i++, n++) {
      const o = this.off[i + 1]!;
      if (o < min) min = o;
      if (o > max) max = o;
    }
    return max - min;
  }

  /**
   * The instants whose wall time is `wallSec` (whole seconds): one, two in a repeated hour (earlier
   * first) or none in a gap. Temporal's getPossibleEpochNanoseconds, as the polyfill computes it.
   */
  private possible(wallSec: number, out: number[]): number {
    const o0 = this.offsetAt((wallSec - 86_400) * 1000) / 1000;
    const o1 = this.offsetAt((wallSec + 86_400) * 1000) / 1000;
    const u0 = wallSec - o0;
    const u1 = wallSec - o1;
    if (o0 === o1) {
      out[0] = u0;
      return 1;
    }
    const n0 = this.offsetAt(u0 * 1000) / 1000;
    if (n0 === this.offsetAt(u1 * 1000) / 1000) {
      out[0] = wallSec - n0;
      return 1;
    }
    if (o0 > o1) {
      out[0] = u0;
      out[1] = u1;
      return 2;
    }
    return 0;
  }

  private readonly scratch: number[] = [0, 0];

  /** Index of the first transition after the instant in the current stretch. */
  private indexAfter(ms: number): number {
    const at = this.at;
    let lo = 0;
    let hi = at.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (at[mid]! <= ms) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Makes the stretch holding the instant current, reading transitions as needed. */
  private cover(ms: number): void {
    if (!(Math.abs(ms) <= MAX_INSTANT_MS)) throw new RangeError(`instant out of range: ${ms}`);
    const list = this.stretches;
    let s = list.find((x) => ms >= x.lo - REACH_MS && ms <= x.hi + REACH_MS);
    if (s === undefined) {
      const lo = Math.max(-MAX_INSTANT_MS, Math.floor(ms / SCAN_MS) * SCAN_MS - SCAN_MS);
      const hi = Math.min(MAX_INSTANT_MS, lo + 3 * SCAN_MS);
      s = { lo, hi, ...this.scan(lo, hi) };
      list.push(s);
      list.sort((a, b) => a.lo - b.lo);
    }
    while (ms > s.hi) this.extendUp(s, Math.min(MAX_INSTANT_MS, s.hi + SCAN_MS));
    while (ms < s.lo) this.extendDown(s, Math.max(-MAX_INSTANT_MS, s.lo - SCAN_MS));
    // Stretches that came within reach of each other become one.
    const k = list.indexOf(s);
    const next = list[k + 1];
    if (next !== undefined && next.lo - s.hi <= REACH_MS) {
      this.extendUp(s, next.lo);
      s.at.push(...next.at);
      s.off.push(...next.off.slice(1));
      s.hi = next.hi;
      list.splice(k + 1, 1);
    }
    const prev = list[k - 1];
    if (prev !== undefined && s.lo - prev.hi <= REACH_MS) {
      this.extendUp(prev, s.lo);
      prev.at.push(...s.at);
      prev.off.push(...s.off.slice(1));
      prev.hi = s.hi;
      list.splice(k, 1);
      s = prev;
    }
    this.at = s.at;
    this.off = s.off;
    this.lo = s.lo;
    this.hi = s.hi;
    this.hint = 0;
  }

  private extendUp(s: Stretch, to: number): void {
    const scan = this.scan(s.hi, to);
    for (let i = 0; i < scan.at.length; i++) {
      s.at.push(scan.at[i]!);
      s.off.push(scan.off[i + 1]!);
    }
    s.hi = to;
  }

  private extendDown(s: Stretch, from: number): void {
    const scan = this.scan(from, s.lo);
    s.at = scan.at.concat(s.at);
    s.off = scan.off.concat(s.off.slice(1));
    s.lo = from;
  }

  /**
   * The offset at `start` and the transitions in (start, end]. getTimeZoneTransition('next') finds
   * any transition within 3 years of where it starts, so the range is read in steps of SCAN_MS.
   */
  private scan(start: number, end: number): { at: number[]; off: number[] } {
    let z = polyfillZoned(start, this.zone);
    const at: number[] = [];
    const off: number[] = [z.offsetNanoseconds / 1e6];
    for (let stepEnd = Math.min(end, start + SCAN_MS); ; stepEnd = Math.min(end, stepEnd + SCAN_MS)) {
      for (;;) {
        const next = z.getTimeZoneTransition('next');
        if (next === null || next.epochMilliseconds > stepEnd) break;
        at.push(next.epochMilliseconds);
        off.push(next.offsetNanoseconds / 1e6);
        z = next;
      }
      if (stepEnd >= end) break;
      if (z.epochMilliseconds < stepEnd) z = polyfillZoned(stepEnd, this.zone);
    }
    return { at, off };
  }
}

function isFixedZoneId(id: string): boolean {
  return id === 'UTC' || /^[+-]\d{2}(:?\d{2}(:?\d{2}(\.\d+)?)?)?$/.test(id);
}

const zones = new Map<string, ZoneOffsets>();

/** The cached offsets of a zone; throws RangeError for a zone Temporal does not know. */
export function zoneOffsets(zone: string): ZoneOffsets {
  let z = zones.get(zone);
  if (z === undefined) {
    z = new ZoneOffsets(zone);
    zones.set(zone, z);
  }
  return z;
}
