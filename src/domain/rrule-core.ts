/**
 * RFC 5545 RRULE reading and expansion over plain numbers. Pure: no I/O, no clock, no Temporal.
 *
 * Times are "frame" milliseconds. For DAILY and coarser rules the frame is floating wall-clock time
 * (a local date and time written as if it were UTC, Date.UTC(y, m - 1, d, h, mi, s, ms)), so dates
 * come from integer calendar arithmetic and no offset can interfere. HOURLY/MINUTELY/SECONDLY rules
 * may instead run over real instants with a `WallClock` that gives each instant's local wall time:
 * periods then step in elapsed time while the BYxxx parts read the local fields.
 *
 * Expansion follows RFC 5545 3.3.10: each period of FREQ*INTERVAL (a year, month, week, day, hour,
 * minute or second) expands to the dates and times its BYxxx parts select (the table's "expand"
 * parts generate, the "limit" parts filter, and parts that both apply intersect), invalid dates such
 * as Feb 30 are skipped, BYSETPOS picks positions within the period's sorted set. DTSTART is always
 * the first value and counts towards COUNT; values before DTSTART are dropped.
 *
 * What RFC 5545 leaves open is settled as rrule-temporal 2.x (the library this replaced) settles it,
 * where that is consistent:
 * - Defaults from DTSTART: YEARLY without BYWEEKNO/BYYEARDAY/BYMONTHDAY/BYDAY repeats DTSTART's month
 *   (unless BYMONTH) and day of month; MONTHLY its day of month; WEEKLY its weekday; YEARLY, MONTHLY
 *   and WEEKLY with BYWEEKNO but no BYDAY/BYMONTHDAY/BYYEARDAY its weekday within the week; the time
 *   of day its hour, minute and second (for the units coarser than FREQ).
 * - A YEARLY period with BYWEEKNO is the week-numbering year (its weeks may start in December or end
 *   in January); otherwise a calendar year. Week 1 is the first week (from WKST) with 4 days in the year.
 * - A numeric BYDAY counts within the month (MONTHLY, YEARLY with BYMONTH, and sub-daily rules) or
 *   the year (YEARLY); in WEEKLY and DAILY rules, and with BYWEEKNO, it stands for its weekday.
 * - Parts the RFC's table marks N/A for a FREQ (BYYEARDAY in MONTHLY, BYWEEKNO outside YEARLY, ...)
 *   filter the period's days, as python-dateutil does (rrule-temporal is not consistent there).
 * - HOURLY/MINUTELY expansions (BYMINUTE/BYSECOND) move the period's instant by the difference in
 *   minutes and seconds; when an offset change lies in between, the wall time is placed in the zone
 *   instead, and left out if it does not exist.
 * Where rrule-temporal contradicts the RFC (see test/domain/recurrence.property.test.ts, "where the
 * reference is wrong"), the RFC wins.
 */

export const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

export const enum Freq {
  YEARLY = 0,
  MONTHLY = 1,
  WEEKLY = 2,
  DAILY = 3,
  HOURLY = 4,
  MINUTELY = 5,
  SECONDLY = 6,
}

const FREQ_NAMES = ['YEARLY', 'MONTHLY', 'WEEKLY', 'DAILY', 'HOURLY', 'MINUTELY', 'SECONDLY'];
const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

// ---------------------------------------------------------------------------------------------
// Calendar arithmetic on day numbers (days since 1970-01-01; weekday 0 = Monday)

/** Day number of a proleptic Gregorian date (any year). */
export function daysFromCivil(y: number, m: number, d: number): number {
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** Year, month (1-12) and day of a day number, written into `out`. */
export function civilFromDays(z: number, out: number[]): void {
  z += 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  out[0] = yoe + era * 400 + (m <= 2 ? 1 : 0);
  out[1] = m;
  out[2] = d;
}

/** 0 = Monday ... 6 = Sunday. */
export function weekdayOf(day: number): number {
  return (((day + 3) % 7) + 7) % 7;
}

export function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

const MONTH_DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function daysInMonth(y: number, m: number): number {
  return m === 2 && isLeapYear(y) ? 29 : MONTH_DAYS[m]!;
}

/** First day of week 1 of the week-numbering year `y` for weeks starting on `wkst`: the week holding Jan 4. */
function week1Start(y: number, wkst: number): number {
  const jan4 = daysFromCivil(y, 1, 4);
  return jan4 - ((weekdayOf(jan4) - wkst + 7) % 7);
}

// ---------------------------------------------------------------------------------------------
// Reading a rule

export interface ByDay {
  /** 0 for every such weekday of the period, else the nth (negative: from the end). */
  ord: number;
  /** 0 = Monday ... 6 = Sunday. */
  wd: number;
}

/** The rule parts as rrule-temporal reads them (see readRuleParts); null = part absent. */
export interface RuleParts {
  freq: Freq;
  /** NaN when INTERVAL was unreadable: such a rule throws once it is expanded. */
  interval: number;
  count: number | null;
  bySecond: number[] | null;
  byMinute: number[] | null;
  byHour: number[] | null;
  byDay: ByDay[] | null;
  byMonthDay: number[] | null;
  byYearDay: number[] | null;
  byWeekNo: number[] | null;
  byMonth: number[] | null;
  bySetPos: number[] | null;
  wkst: number;
}

const BYDAY_RE = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/;

/** parseInt of a trimmed list item; NaN when unreadable. */
function intOf(text: string): number {
  return Number.parseInt(text.trim(), 10);
}

/** Integers of a comma list within [min, max], 0 only when allowed, first of duplicates kept; null when none. */
function intList(value: string, min: number, max: number, zeroOk: boolean, sorted: boolean): number[] | null {
  const out: number[] = [];
  for (const item of value.split(',')) {
    const n = intOf(item);
    if (!Number.isInteger(n) || n < min || n > max || (!zeroOk && n === 0) || out.includes(n)) continue;
    out.push(n === 0 ? 0 : n); // no -0
  }
  if (out.length === 0) return null;
  return sorted ? out.sort(ascending) : out;
}

/**
 * The parts of a rule text (without UNTIL, which the caller reads), read as rrule-temporal 2.x
 * reads them non-strictly, so that the same texts are accepted and mean the same: keys are
 * case-insensitive and unknown keys ignored; a value ends at a further '='; list items are parseInt
 * of the trimmed item, and items out of range (BYMONTH 13, BYHOUR 24, BYSECOND 60, BYMONTHDAY 0 ...)
 * or unreadable are dropped, a list left empty counting as absent; a later duplicate key wins.
 * Throws RangeError where rrule-temporal throws: an unknown FREQ, INTERVAL below 1, a BYDAY item that
 * is not [+-]n?WEEKDAY (or has n = 0), BYSETPOS with 0, an unknown WKST, SKIP without RSCALE or with
 * an unknown value. RSCALE is accepted only as GREGORIAN with SKIP=OMIT (the RFC 5545 calendar);
 * other calendars and SKIP=BACKWARD/FORWARD are refused.
 */
export function readRuleParts(parts: ReadonlyArray<readonly [string, string]>): RuleParts {
  let freqText: string | undefined;
  let intervalText: string | undefined;
  let countText: string | undefined;
  let rscale: string | undefined;
  let skip: string | undefined;
  const rule: RuleParts = {
    freq: Freq.DAILY, interval: 1, count: null,
    bySecond: null, byMinute: null, byHour: null, byDay: null, byMonthDay: null, byYearDay: null,
    byWeekNo: null, byMonth: null, bySetPos: null, wkst: 0,
  };
  let byDayText: string | undefined;
  let bySetPosText: string | undefined;
  let wkstText: string | undefined;
  for (const [key, raw] of parts) {
    const eq = raw.indexOf('=');
    const value = eq < 0 ? raw : raw.slice(0, eq);
    switch (key) {
      case 'FREQ': freqText = value.toUpperCase(); break;
      case 'INTERVAL': intervalText = value; break;
      case 'COUNT': countText = value; break;
      case 'BYSECOND': rule.bySecond = intList(value, 0, 59, true, true); break;
      case 'BYMINUTE': rule.byMinute = intList(value, 0, 59, true, true); break;
      case 'BYHOUR': rule.byHour = intList(value, 0, 23, true, true); break;
      case 'BYDAY': byDayText = value; break;
      case 'BYMONTH': rule.byMonth = intList(value, 1, 12, false, false); break;
      case 'BYMONTHDAY': rule.byMonthDay = intList(value, -31, 31, false, false); break;
      case 'BYYEARDAY': rule.byYearDay = intList(value, -366, 366, false, false); break;
      case 'BYWEEKNO': rule.byWeekNo = intList(value, -53, 53, false, false); break;
      case 'BYSETPOS': bySetPosText = value; break;
      case 'WKST': wkstText = value; break;
      case 'RSCALE': if (value !== '') rscale = value.toUpperCase(); break;
      case 'SKIP': {
        const s = value.toUpperCase();
        if (s !== 'OMIT' && s !== 'BACKWARD' && s !== 'FORWARD') throw new RangeError(`invalid SKIP in RRULE: ${value}`);
        skip = s;
        break;
      }
      default: break;
    }
  }
  if (skip !== undefined && rscale === undefined) throw new RangeError('SKIP without RSCALE in RRULE');
  if (rscale !== undefined && (rscale !== 'GREGORIAN' || (skip ?? 'OMIT') !== 'OMIT')) {
    throw new RangeError(`unsupported RSCALE/SKIP in RRULE: ${rscale}${skip === undefined ? '' : `;SKIP=${skip}`}`);
  }
  const freq = FREQ_NAMES.indexOf(freqText ?? '');
  if (freq < 0) throw new RangeError(`invalid FREQ in RRULE: ${freqText ?? ''}`);
  rule.freq = freq as Freq;
  if (intervalText !== undefined) {
    const n = intOf(intervalText);
    if (n <= 0) throw new RangeError(`invalid INTERVAL in RRULE: ${intervalText}`);
    rule.interval = n; // NaN stays: rrule-temporal accepts it and fails when expanding
  }
  if (countText !== undefined) rule.count = intOf(countText);
  if (byDayText !== undefined) {
    const days: ByDay[] = [];
    const seen = new Set<string>();
    for (const item of byDayText.split(',')) {
      if (item === '') continue;
      const upper = item.toUpperCase();
      const m = BYDAY_RE.exec(upper);
      const ord = m?.[1] === undefined ? 0 : Number.parseInt(m[1], 10);
      if (!m || (ord === 0 && m[1] !== undefined)) throw new RangeError(`invalid BYDAY in RRULE: ${item}`);
      if (seen.has(upper)) continue;
      seen.add(upper);
      days.push({ ord, wd: WEEKDAYS.indexOf(m[2]!) });
    }
    rule.byDay = days.length > 0 ? days : null;
  }
  if (bySetPosText !== undefined) {
    const items = bySetPosText.split(',').map(intOf);
    if (items.some((n) => n === 0)) throw new RangeError('BYSETPOS may not contain 0');
    rule.bySetPos = intList(bySetPosText, -Infinity, Infinity, false, false);
  }
  if (wkstText !== undefined && wkstText !== '') {
    const wd = WEEKDAYS.indexOf(wkstText.toUpperCase());
    if (wd < 0) throw new RangeError(`invalid WKST in RRULE: ${wkstText}`);
    rule.wkst = wd;
  }
  return rule;
}

// ---------------------------------------------------------------------------------------------
// Expansion

/** Local wall time (floating ms) of an instant, for sub-daily rules run over real instants. */
export interface WallClock {
  wallOf(ms: number): number;
  /** The instant of a wall time ('compatible': a repeated time takes the earlier offset, a gap time moves past the gap). */
  instantOf(wallMs: number): number;
  /** The first instant after `ms` at which the offset changes, or any later instant up to which it does not. */
  nextChangeAfter(ms: number): number;
}

const UNIT_MS = [0, 0, 0, DAY_MS, HOUR_MS, MINUTE_MS, 1000];
const YMD: number[] = [0, 0, 0];
const BUF: number[] = [];
const DAY_BUF: number[] = [];
const CHECKPOINT_PERIODS = 64;

/**
 * One rule anchored at a DTSTART: generates its values in frame order. Construction precomputes the
 * per-period plans; `forEach` walks the values in a frame range. Reusable across calls; remembers
 * how many values COUNT has used up at checkpoints so that later queries need not replay from DTSTART.
 */
export class RuleExpansion {
  private readonly freq: Freq;
  private readonly interval: number;
  private readonly count: number;
  private readonly dt: number;
  private readonly clock: WallClock | null;
  // DTSTART fields (local wall)
  private readonly dtDay: number;
  private readonly y0: number;
  private readonly m0: number;
  private readonly wd0: number;
  private readonly dtTod: number;
  private readonly dtSec: number;
  private readonly dtMin: number;
  private readonly dtHour: number;
  private readonly dtFrac: number;
  // Effective parts
  private readonly monthMask: number; // bit m set (1..12); 0 = any month
  private readonly monthDays: number[] | null;
  private readonly yearDays: number[] | null;
  private readonly weekNos: number[] | null;
  private readonly plainDays: number; // bit wd set
  /** nth weekdays, relative to the month or year (MONTHLY, YEARLY); empty otherwise. */
  private readonly nthDays: ByDay[];
  private readonly anyByDay: boolean;
  /** For month lengths 28-31: the days BYMONTHDAY selects (bit d - 1); null without BYMONTHDAY. */
  private readonly mdMasks: number[] | null;
  /** byDayMask's cache, by month length and weekday of the 1st. */
  private readonly byDayMasks: (number | undefined)[] = [];
  private readonly setPos: number[] | null;
  private readonly wkst: number;
  private readonly yearByWeek: boolean;
  private readonly nthInYear: boolean;
  /** Time-of-day values (ms, with DTSTART's fraction) for DAILY and coarser; sorted. */
  private readonly times: number[];
  /** For sub-daily: limits on the period's own unit and above. */
  private readonly hourMask: number[] | null; // 24 flags
  private readonly minuteMask: number[] | null; // 60 flags
  private readonly secondMask: number[] | null;
  /** HOURLY: the minutes (BYMINUTE) and seconds (BYSECOND) each hour expands to; MINUTELY: the seconds. null = the period's own. */
  private readonly subMinutes: number[] | null;
  private readonly subSeconds: number[] | null;
  private readonly step: number;
  /** Per-period count for rules whose every period after the first yields the same number of values; else -1. */
  private readonly uniform: number;
  private readonly invalid: string | null;
  /**
   * Where a COUNT replay may resume: period indices (ascending, at least CHECKPOINT_PERIODS apart) and
   * the values before each. Kept sparse, so a skip over many empty periods (a SECONDLY rule's days
   * that fail BYMONTHDAY) costs one entry, not one per CHECKPOINT_PERIODS periods skipped.
   */
  private readonly checkpointPeriods: number[] = [0];
  private readonly checkpointValues: number[] = [1];
  // Scratch arrays, shared by every rule (expansion never nests, and JavaScript runs one at a time).
  private readonly ymd = YMD;
  private readonly buf = BUF;
  private readonly dayBuf = DAY_BUF;

  constructor(rule: RuleParts, dtstartFrame: number, clock: WallClock | null = null) {
    this.freq = rule.freq;
    this.interval = rule.interval;
    this.count = rule.count ?? Number.POSITIVE_INFINITY;
    this.dt = dtstartFrame;
    this.clock = this.freq >= Freq.HOURLY ? clock : null;
    this.invalid = Number.isNaN(rule.interval) ? 'invalid INTERVAL in RRULE' : null;
    const wall = this.clock === null ? dtstartFrame : this.clock.wallOf(dtstartFrame);
    this.dtDay = Math.floor(wall / DAY_MS);
    this.dtTod = wall - this.dtDay * DAY_MS;
    civilFromDays(this.dtDay, this.ymd);
    this.y0 = this.ymd[0]!;
    this.m0 = this.ymd[1]!;
    const d0 = this.ymd[2]!;
    this.wd0 = weekdayOf(this.dtDay);
    this.dtHour = Math.floor(this.dtTod / HOUR_MS);
    this.dtMin = Math.floor((this.dtTod % HOUR_MS) / MINUTE_MS);
    this.dtSec = Math.floor((this.dtTod % MINUTE_MS) / 1000);
    this.dtFrac = this.dtTod % 1000;
    this.wkst = rule.wkst;

    const freq = this.freq;
    let byMonth = rule.byMonth;
    let byMonthDay = rule.byMonthDay;
    let byDay = rule.byDay;
    const dateParts = rule.byWeekNo !== null || rule.byYearDay !== null || byMonthDay !== null || byDay !== null;
    if (!dateParts) {
      if (freq === Freq.YEARLY) {
        byMonth ??= [this.m0];
        byMonthDay = [d0];
      } else if (freq === Freq.MONTHLY) {
        byMonthDay = [d0];
      } else if (freq === Freq.WEEKLY) {
        byDay = [{ ord: 0, wd: this.wd0 }];
      }
    } else if (rule.byWeekNo !== null && byDay === null && byMonthDay === null && rule.byYearDay === null
      && (freq === Freq.YEARLY || freq === Freq.MONTHLY || freq === Freq.WEEKLY)) {
      byDay = [{ ord: 0, wd: this.wd0 }];
    }
    let monthMask = 0;
    for (const m of byMonth ?? []) monthMask |= 1 << m;
    this.monthMask = monthMask;
    this.monthDays = byMonthDay;
    this.mdMasks = null;
    if (byMonthDay !== null) {
      const masks: number[] = [];
      for (let dim = 28; dim <= 31; dim++) {
        let mask = 0;
        for (let d = 1; d <= dim; d++) if (matchesSigned(byMonthDay, d, dim)) mask |= 1 << (d - 1);
        masks.push(mask);
      }
      this.mdMasks = masks;
    }
    this.yearDays = rule.byYearDay;
    this.weekNos = rule.byWeekNo;
    this.yearByWeek = freq === Freq.YEARLY && rule.byWeekNo !== null;
    // Numeric BYDAY counts within the month or year for MONTHLY/YEARLY (RFC 5545), within the month
    // for sub-daily rules (as rrule-temporal; the RFC does not allow it there); elsewhere, and with
    // BYWEEKNO, it stands for its weekday.
    const nthAllowed = (freq === Freq.MONTHLY || freq === Freq.YEARLY || freq >= Freq.HOURLY) && rule.byWeekNo === null;
    let plain = 0;
    const nth: ByDay[] = [];
    for (const b of byDay ?? []) {
      if (b.ord === 0 || !nthAllowed) plain |= 1 << b.wd;
      else nth.push(b);
    }
    this.plainDays = plain;
    this.nthDays = nth;
    this.anyByDay = byDay !== null;
    this.nthInYear = freq === Freq.YEARLY && byMonth === null;
    this.setPos = rule.bySetPos;

    // Time of day
    const times: number[] = [];
    for (const h of rule.byHour ?? [this.dtHour]) {
      for (const mi of rule.byMinute ?? [this.dtMin]) {
        for (const sec of rule.bySecond ?? [this.dtSec]) times.push(h * HOUR_MS + mi * MINUTE_MS + sec * 1000 + this.dtFrac);
      }
    }
    this.times = times;
    this.hourMask = freq >= Freq.HOURLY ? flags(rule.byHour, 24) : null;
    this.minuteMask = freq >= Freq.MINUTELY ? flags(rule.byMinute, 60) : null;
    this.secondMask = freq >= Freq.SECONDLY ? flags(rule.bySecond, 60) : null;
    this.subMinutes = freq === Freq.HOURLY ? rule.byMinute : null;
    this.subSeconds = freq === Freq.HOURLY || freq === Freq.MINUTELY ? rule.bySecond : null;
    this.step = freq >= Freq.DAILY ? UNIT_MS[freq]! * this.interval : 0;

    // Uniform rules: every period yields the same values relative to its start.
    let uniform = -1;
    const noDayFilter = this.monthMask === 0 && this.monthDays === null && this.yearDays === null && this.weekNos === null;
    if (this.setPos === null && noDayFilter) {
      if (freq === Freq.DAILY && !this.anyByDay) uniform = times.length;
      else if (freq === Freq.WEEKLY && nth.length === 0) uniform = popcount(plain) * times.length;
      else if (freq >= Freq.HOURLY && !this.anyByDay && this.hourMask === null && this.minuteMask === null && this.secondMask === null
        && this.subMinutes === null && this.subSeconds === null) {
        uniform = 1; // (expanded periods lose the values that fall in a gap)
      }
    }
    this.uniform = uniform;
  }

  /**
   * Calls visit(value) for each value in [lo, hi] in frame order (DTSTART first), honouring COUNT;
   * stops when visit returns false.
   */
  forEach(lo: number, hi: number, visit: (value: number) => boolean): void {
    if (this.invalid !== null) throw new RangeError(this.invalid);
    if (lo > hi) return;
    let k = this.firstPeriodFor(lo);
    let emitted: number;
    if (k === 0) {
      emitted = 1;
      if (this.dt > hi) return;
      if (this.dt >= lo && !visit(this.dt)) return;
    } else {
      emitted = this.countBefore(k, hi);
      if (emitted < 0) return; // COUNT used up, or the values run past hi, before period k
    }
    if (emitted >= this.count) return;
    const dt = this.dt;
    const count = this.count;
    const buf = this.buf;
    while (this.periodStart(k) <= hi) {
      const n = this.period(k, buf);
      if (n < 0) {
        k = -n - 1; // the periods before it fail a filter
        continue;
      }
      for (let i = 0; i < n; i++) {
        const v = buf[i]!;
        if (v <= dt) continue;
        if (v > hi) return;
        emitted++;
        if (v >= lo && !visit(v)) return;
        if (emitted >= count) return;
      }
      k++;
    }
  }

  /** A period index no later than the first whose values can reach `lo`. */
  private firstPeriodFor(lo: number): number {
    if (lo <= this.dt) return 0;
    const interval = this.interval;
    let k: number;
    switch (this.freq) {
      case Freq.YEARLY: {
        civilFromDays(Math.floor(lo / DAY_MS), this.ymd);
        // A week-numbering year can start in the previous December.
        const y = this.ymd[0]! - (this.yearByWeek ? 1 : 0);
        k = Math.ceil((y - this.y0) / interval);
        break;
      }
      case Freq.MONTHLY: {
        civilFromDays(Math.floor(lo / DAY_MS), this.ymd);
        k = Math.ceil((this.ymd[0]! * 12 + this.ymd[1]! - (this.y0 * 12 + this.m0)) / interval);
        break;
      }
      case Freq.WEEKLY: {
        const loDay = Math.floor(lo / DAY_MS);
        const w0 = this.dtDay - ((this.wd0 - this.wkst + 7) % 7);
        const wLo = loDay - ((weekdayOf(loDay) - this.wkst + 7) % 7);
        k = Math.ceil((wLo - w0) / 7 / interval);
        break;
      }
      case Freq.DAILY:
        k = Math.ceil((Math.floor(lo / DAY_MS) - this.dtDay) / interval);
        break;
      default:
        // A period's values lie within an hour (HOURLY), a minute (MINUTELY) of its start.
        k = Math.floor((lo - this.dt - UNIT_MS[this.freq]!) / this.step);
        break;
    }
    return Math.max(0, k);
  }

  /** A frame value no later than any value of period k. */
  private periodStart(k: number): number {
    const interval = this.interval;
    switch (this.freq) {
      case Freq.YEARLY: {
        const y = this.y0 + k * interval;
        return (daysFromCivil(y, 1, 1) - (this.yearByWeek ? 7 : 0)) * DAY_MS;
      }
      case Freq.MONTHLY: {
        const mi = this.m0 - 1 + k * interval;
        return daysFromCivil(this.y0 + Math.floor(mi / 12), (mi % 12) + 1, 1) * DAY_MS;
      }
      case Freq.WEEKLY:
        return (this.dtDay - ((this.wd0 - this.wkst + 7) % 7) + 7 * k * interval) * DAY_MS;
      case Freq.DAILY:
        return (this.dtDay + k * interval) * DAY_MS;
      default:
        return this.dt + k * this.step - UNIT_MS[this.freq]!;
    }
  }

  /**
   * How many values (DTSTART included) come before period k, or -1 when COUNT runs out or the values
   * pass `hi` before it. Without COUNT the number does not matter (returns 1).
   */
  private countBefore(k: number, hi: number): number {
    if (this.count === Number.POSITIVE_INFINITY) return 1;
    const buf = this.buf;
    if (this.uniform >= 0) {
      const n = this.period(0, buf);
      let first = 1;
      for (let i = 0; i < n; i++) if (buf[i]! > this.dt) first++;
      const c = first + (k - 1) * this.uniform;
      return c >= this.count ? -1 : c;
    }
    // Replay from the last checkpoint at or before k.
    const periods = this.checkpointPeriods;
    const values = this.checkpointValues;
    let a = 0;
    let b = periods.length - 1;
    while (a < b) {
      const mid = (a + b + 1) >> 1;
      if (periods[mid]! <= k) a = mid;
      else b = mid - 1;
    }
    let p = periods[a]!;
    let emitted = values[a]!;
    const dt = this.dt;
    while (p < k) {
      if (emitted >= this.count || this.periodStart(p) > hi) return -1;
      const n = this.period(p, buf);
      let next: number;
      if (n < 0) {
        next = -n - 1;
      } else {
        for (let j = 0; j < n; j++) if (buf[j]! > dt) emitted++;
        next = p + 1;
      }
      // The periods skipped to `next` hold no values: `emitted` is the count before it.
      if (next >= periods[periods.length - 1]! + CHECKPOINT_PERIODS) {
        periods.push(next);
        values.push(emitted);
      }
      p = next;
    }
    return emitted >= this.count ? -1 : emitted;
  }

  /**
   * Writes period k's values (sorted, after BYSETPOS) into out and returns how many; or, for a
   * sub-daily period that fails a filter, -(k' + 1) where k' is the next period that may pass.
   */
  private period(k: number, out: number[]): number {
    if (this.freq >= Freq.HOURLY) return this.subDailyPeriod(k, out);
    const days = this.dayBuf;
    const nd = this.periodDays(k, days);
    const times = this.times;
    const nt = times.length;
    if (this.setPos !== null) {
      // Pick the positions of the day x time set without writing it out.
      const pos = this.setPos;
      const total = nd * nt;
      let n = 0;
      for (let i = 0; i < pos.length; i++) {
        const idx = pos[i]! > 0 ? pos[i]! - 1 : total + pos[i]!;
        if (idx >= 0 && idx < total) out[n++] = days[Math.floor(idx / nt)]! * DAY_MS + times[idx % nt]!;
      }
      return pos.length > 1 ? sortUnique(out, n) : n;
    }
    let n = 0;
    for (let i = 0; i < nd; i++) {
      const base = days[i]! * DAY_MS;
      for (let j = 0; j < nt; j++) out[n++] = base + times[j]!;
    }
    return n;
  }

  /** The days (sorted) of period k that pass the date parts. */
  private periodDays(k: number, out: number[]): number {
    switch (this.freq) {
      case Freq.YEARLY:
        return this.yearByWeek ? this.weekYearDays(this.y0 + k * this.interval, out) : this.yearDays_(this.y0 + k * this.interval, out);
      case Freq.MONTHLY: {
        const mi = this.m0 - 1 + k * this.interval;
        return this.monthDaysOf(this.y0 + Math.floor(mi / 12), (mi % 12) + 1, false, out, 0);
      }
      case Freq.WEEKLY: {
        const start = this.dtDay - ((this.wd0 - this.wkst + 7) % 7) + 7 * k * this.interval;
        let n = 0;
        for (let d = start; d < start + 7; d++) if (this.dayPasses(d)) out[n++] = d;
        return n;
      }
      default: {
        const d = this.dtDay + k * this.interval;
        if (!this.dayPasses(d)) return 0;
        out[0] = d;
        return 1;
      }
    }
  }

  /** Days of calendar year y that pass (YEARLY without BYWEEKNO). */
  private yearDays_(y: number, out: number[]): number {
    let n = 0;
    for (let m = 1; m <= 12; m++) {
      if (this.monthMask !== 0 && (this.monthMask & (1 << m)) === 0) continue;
      n = this.monthDaysOf(y, m, true, out, n);
    }
    return n;
  }

  /**
   * Appends the days of month (y, m) that pass, from index n; returns the new length. `inYear`:
   * the month is part of a YEARLY period (nth weekdays then count within the year unless BYMONTH).
   * Works on bit sets of the month's days (bit d - 1 for day d), from masks made once per rule.
   */
  private monthDaysOf(y: number, m: number, inYear: boolean, out: number[], n: number): number {
    if (this.monthMask !== 0 && (this.monthMask & (1 << m)) === 0) return n;
    const first = daysFromCivil(y, m, 1);
    const dim = daysInMonth(y, m);
    let bits = dim === 31 ? -1 >>> 1 : (1 << dim) - 1;
    if (this.mdMasks !== null) bits &= this.mdMasks[dim - 28]!;
    if (bits !== 0 && this.anyByDay) {
      const wdFirst = weekdayOf(first);
      if (inYear && this.nthInYear && this.nthDays.length > 0) bits &= this.plainMask(dim, wdFirst) | this.yearNthBits(y, first, dim);
      else bits &= this.byDayMask(dim, wdFirst);
    }
    if (bits !== 0 && this.yearDays !== null) bits &= this.yearDayBits(y, first, dim);
    while (bits !== 0) {
      const low = bits & -bits;
      const day = first + 31 - Math.clz32(low);
      bits ^= low;
      if (this.weekNos !== null && !this.weekNoPasses(day)) continue;
      out[n++] = day;
    }
    return n;
  }

  /** Days of a month (dim days, the 1st on weekday wdFirst) that BYDAY selects, nth counted in the month. */
  private byDayMask(dim: number, wdFirst: number): number {
    const i = (dim - 28) * 7 + wdFirst;
    let mask = this.byDayMasks[i];
    if (mask === undefined) {
      mask = this.plainMask(dim, wdFirst);
      for (const b of this.nthDays) {
        const firstOf = ((b.wd - wdFirst + 7) % 7) + 1; // first such weekday of the month
        const d = b.ord > 0 ? firstOf + (b.ord - 1) * 7 : firstOf + (Math.floor((dim - firstOf) / 7) + b.ord + 1) * 7;
        if (d >= 1 && d <= dim) mask |= 1 << (d - 1);
      }
      this.byDayMasks[i] = mask;
    }
    return mask;
  }

  /** Days of a month whose weekday is a plain BYDAY one. */
  private plainMask(dim: number, wdFirst: number): number {
    let mask = 0;
    const plain = this.plainDays;
    if (plain === 0) return 0;
    for (let d = 1; d <= dim; d++) if ((plain & (1 << ((wdFirst + d - 1) % 7))) !== 0) mask |= 1 << (d - 1);
    return mask;
  }

  /** Days of the month (first = its 1st, dim days) that an nth weekday of year y falls on. */
  private yearNthBits(y: number, first: number, dim: number): number {
    const jan1 = daysFromCivil(y, 1, 1);
    const ylen = isLeapYear(y) ? 366 : 365;
    const wdJan1 = weekdayOf(jan1);
    let mask = 0;
    for (const b of this.nthDays) {
      const firstOf = jan1 + ((b.wd - wdJan1 + 7) % 7);
      const day = b.ord > 0 ? firstOf + (b.ord - 1) * 7 : firstOf + (Math.floor((jan1 + ylen - 1 - firstOf) / 7) + b.ord + 1) * 7;
      if (day >= jan1 && day < jan1 + ylen && day >= first && day < first + dim) mask |= 1 << (day - first);
    }
    return mask;
  }

  /** Days of the month that BYYEARDAY selects. */
  private yearDayBits(y: number, first: number, dim: number): number {
    const jan1 = daysFromCivil(y, 1, 1);
    const ylen = isLeapYear(y) ? 366 : 365;
    let mask = 0;
    for (const v of this.yearDays!) {
      const yday = v > 0 ? v : ylen + v + 1;
      if (yday < 1 || yday > ylen) continue;
      const d = jan1 + yday - 1 - first;
      if (d >= 0 && d < dim) mask |= 1 << d;
    }
    return mask;
  }

  /** Days of the selected weeks of week-numbering year y that pass (YEARLY with BYWEEKNO). */
  private weekYearDays(y: number, out: number[]): number {
    const start = week1Start(y, this.wkst);
    const weeks = (week1Start(y + 1, this.wkst) - start) / 7;
    const wanted: number[] = [];
    for (const w of this.weekNos!) {
      const n = w > 0 ? w : weeks + w + 1;
      if (n >= 1 && n <= weeks && !wanted.includes(n)) wanted.push(n);
    }
    wanted.sort(ascending);
    let n = 0;
    for (const w of wanted) {
      const ws = start + (w - 1) * 7;
      for (let d = ws; d < ws + 7; d++) if (this.dayPasses(d, true)) out[n++] = d;
    }
    return n;
  }

  private weekNoPasses(day: number): boolean {
    civilFromDays(day, this.ymd);
    let y = this.ymd[0]!;
    let start = week1Start(y, this.wkst);
    if (day < start) start = week1Start(--y, this.wkst);
    else {
      const next = week1Start(y + 1, this.wkst);
      if (day >= next) {
        start = next;
        y++;
      }
    }
    const weeks = (week1Start(y + 1, this.wkst) - start) / 7;
    const w = Math.floor((day - start) / 7) + 1;
    for (const n of this.weekNos!) if (n === w || weeks + n + 1 === w) return true;
    return false;
  }

  /** Day-level filters for one day (WEEKLY, DAILY, sub-daily and week-year periods): nth BYDAY counts as its weekday. */
  private dayPasses(day: number, skipWeekNo = false): boolean {
    const monthMask = this.monthMask;
    const md = this.monthDays;
    const yd = this.yearDays;
    if (monthMask !== 0 || md !== null || yd !== null) {
      civilFromDays(day, this.ymd);
      const y = this.ymd[0]!;
      const m = this.ymd[1]!;
      if (monthMask !== 0 && (monthMask & (1 << m)) === 0) return false;
      if (md !== null && !matchesSigned(md, this.ymd[2]!, daysInMonth(y, m))) return false;
      if (yd !== null && !matchesSigned(yd, day - daysFromCivil(y, 1, 1) + 1, isLeapYear(y) ? 366 : 365)) return false;
    }
    if (!skipWeekNo && this.weekNos !== null && !this.weekNoPasses(day)) return false;
    if (this.anyByDay) {
      const wd = weekdayOf(day);
      if ((this.plainDays & (1 << wd)) === 0) {
        // nth weekdays here only for sub-daily rules: within the month
        const nth = this.nthDays;
        if (nth.length === 0) return false;
        civilFromDays(day, this.ymd);
        const d = this.ymd[2]!;
        const pos = Math.floor((d - 1) / 7) + 1;
        const neg = -Math.floor((daysInMonth(this.ymd[0]!, this.ymd[1]!) - d) / 7) - 1;
        let ok = false;
        for (const b of nth) if (b.wd === wd && (b.ord === pos || b.ord === neg)) { ok = true; break; }
        if (!ok) return false;
      }
    }
    return true;
  }

  /** Sub-daily period k: its values, or -(next period that can pass + 1) when it fails a filter. */
  private subDailyPeriod(k: number, out: number[]): number {
    const p = this.dt + k * this.step;
    const clock = this.clock;
    const wall = clock === null ? p : clock.wallOf(p);
    const day = Math.floor(wall / DAY_MS);
    const tod = wall - day * DAY_MS;
    // Filters, coarsest first; on failure skip to the period reaching the next wall boundary.
    let boundary = 0;
    if (!this.dayPasses(day)) boundary = (day + 1) * DAY_MS;
    else if (this.hourMask !== null && this.hourMask[Math.floor(tod / HOUR_MS)] !== 1) boundary = day * DAY_MS + (Math.floor(tod / HOUR_MS) + 1) * HOUR_MS;
    else if (this.minuteMask !== null && this.minuteMask[Math.floor((tod % HOUR_MS) / MINUTE_MS)] !== 1) boundary = wall - (tod % MINUTE_MS) + MINUTE_MS;
    else if (this.secondMask !== null && this.secondMask[Math.floor((tod % MINUTE_MS) / 1000)] !== 1) boundary = wall - (tod % 1000) + 1000;
    if (boundary !== 0) {
      // Wall time runs with the instant until the offset next changes.
      let target = p + (boundary - wall);
      if (clock !== null) target = Math.min(target, clock.nextChangeAfter(p));
      const next = Math.max(k + 1, Math.ceil((target - this.dt) / this.step));
      return -(next + 1);
    }
    const mins = this.subMinutes;
    const secs = this.subSeconds;
    if (mins === null && secs === null) {
      out[0] = p;
      return this.setPos === null ? 1 : applySetPos(this.setPos, out, 1);
    }
    // Expand within the period's wall hour (HOURLY) or minute (MINUTELY); a part not given keeps
    // the period's own minute or second. A value is the period's instant moved by the difference,
    // unless an offset change lies between them: then it is the wall time placed in the zone, left
    // out when that wall time does not exist (as rrule-temporal does).
    const wallMin = Math.floor((tod % HOUR_MS) / MINUTE_MS);
    const wallSec = Math.floor((tod % MINUTE_MS) / 1000);
    let n = 0;
    let moved = false;
    const nm = mins === null ? 1 : mins.length;
    const ns = secs === null ? 1 : secs.length;
    for (let i = 0; i < nm; i++) {
      const m = mins === null ? wallMin : mins[i]!;
      for (let j = 0; j < ns; j++) {
        const delta = (m - wallMin) * MINUTE_MS + ((secs === null ? wallSec : secs[j]!) - wallSec) * 1000;
        const v = p + delta;
        if (delta === 0 || clock === null || clock.nextChangeAfter(Math.min(v, p)) > Math.max(v, p)) {
          out[n++] = v;
          continue;
        }
        const at = clock.instantOf(wall + delta);
        if (clock.wallOf(at) !== wall + delta) continue; // in a gap
        out[n++] = at;
        moved = true;
      }
    }
    if (moved) n = sortUnique(out, n);
    return this.setPos === null ? n : applySetPos(this.setPos, out, n);
  }
}

/** Sorts out[0..n) and drops repeats; returns the new length. */
function sortUnique(out: number[], n: number): number {
  const sorted = out.slice(0, n).sort(ascending);
  let k = 0;
  for (let i = 0; i < n; i++) if (k === 0 || sorted[i] !== out[k - 1]) out[k++] = sorted[i]!;
  return k;
}

function ascending(a: number, b: number): number {
  return a - b;
}

function flags(list: number[] | null, n: number): number[] | null {
  if (list === null) return null;
  const f = new Array<number>(n).fill(0);
  for (const v of list) f[v] = 1;
  return f;
}

function popcount(x: number): number {
  let n = 0;
  for (; x !== 0; x &= x - 1) n++;
  return n;
}

/** Whether v (1-based) is listed, directly or counted from the end (-1 = len). */
function matchesSigned(list: number[], v: number, len: number): boolean {
  const neg = v - len - 1;
  for (let i = 0; i < list.length; i++) {
    const x = list[i]!;
    if (x === v || x === neg) return true;
  }
  return false;
}

/** Keeps the listed positions (1-based, negative from the end) of out[0..n), in order; returns the new length. */
function applySetPos(pos: number[], out: number[], n: number): number {
  if (pos.length === 1) {
    const i = pos[0]! > 0 ? pos[0]! - 1 : n + pos[0]!;
    if (i < 0 || i >= n) return 0;
    out[0] = out[i]!;
    return 1;
  }
  const keep = SETPOS_KEEP;
  let k = 0;
  for (const p of pos) {
    const i = p > 0 ? p - 1 : n + p;
    if (i >= 0 && i < n && !keep.slice(0, k).includes(i)) keep[k++] = i;
  }
  const sorted = keep.slice(0, k).sort(ascending);
  for (let j = 0; j < k; j++) out[j] = out[sorted[j]!]!;
  return k;
}

const SETPOS_KEEP: number[] = [];
