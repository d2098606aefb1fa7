import { parseUntil, type UntilLimit } from './recurrence.js';
import { civilFromDays, DAY_MS, readRuleParts, type ByDay, type RuleParts } from './rrule-core.js';
import { zoneOffsets, type ZoneOffsets } from './zone-offsets.js';

/**
 * A series' recurrence in English words, in the series' zone: "Every Tuesday at 10:00",
 * "Every 2 weeks on Monday and Wednesday at 09:30, until 31 March 2027", "Monthly on the last
 * Friday", "Every day, 10 times". Pure.
 *
 * Every part the expansion reads (rrule-core.ts readRuleParts, recurrence.ts parseRule) is said,
 * read the same way: the defaults a rule takes from DTSTART (WEEKLY its weekday, MONTHLY its day of
 * the month, YEARLY its date, DAILY and coarser its time of day), an ordinal BYDAY counted in the
 * month or the year where the expansion counts it there (and said as the plain weekday where it
 * stands for it), BYSETPOS as the positions kept in each period, WKST where it changes the result.
 * Several RRULE lines are joined by "; ", RDATEs are "and 3 more dates". An all-day series has no
 * time. Why not rrule.js's or rrule-temporal's toText: docs/series.md.
 */

export interface RuleWordsInput {
  /** RRULE values, '\n' between lines ('' or null: DTSTART and the RDATEs alone). */
  rrule: string | null;
  allDay: boolean;
  start: Date;
  /** All-day: the first local date. */
  startDate: string | null;
  timezone: string;
  /** RDATEs as events.rdates holds them; each one at or after DTSTART, other than DTSTART, is one "more date". */
  rdates?: readonly string[];
}

/** rrule-core.ts's Freq values (a const enum there, not imported across files). */
const Freq = { YEARLY: 0, MONTHLY: 1, WEEKLY: 2, DAILY: 3, HOURLY: 4, MINUTELY: 5, SECONDLY: 6 } as const;
type Freq = RuleParts['freq'];

const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const ORDINAL_WORDS = ['', 'first', 'second', 'third', 'fourth', 'fifth'];

/** DTSTART's local fields, read in the series' zone. */
interface Local {
  year: number;
  month: number;
  day: number;
  /** 0 = Monday. */
  weekday: number;
  hour: number;
  minute: number;
  second: number;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st ... */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

/** "a, b and c". */
export function list(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** first ... fifth, 6th ...; with `fromEnd`: last, second-to-last, ..., 6th-to-last. */
function nth(n: number): string {
  if (n > 0) return ORDINAL_WORDS[n] ?? ordinal(n);
  if (n === -1) return 'last';
  return `${ORDINAL_WORDS[-n] ?? ordinal(-n)}-to-last`;
}

function localOf(wallMs: number): Local {
  const dayNo = Math.floor(wallMs / DAY_MS);
  const ymd = [0, 0, 0];
  civilFromDays(dayNo, ymd);
  const tod = wallMs - dayNo * DAY_MS;
  return {
    year: ymd[0]!, month: ymd[1]!, day: ymd[2]!, weekday: (((dayNo + 3) % 7) + 7) % 7,
    hour: Math.floor(tod / 3_600_000), minute: Math.floor((tod % 3_600_000) / 60_000), second: Math.floor((tod % 60_000) / 1000),
  };
}

function dateWords(l: Local): string {
  return `${l.day} ${MONTH_NAMES[l.month - 1]} ${l.year}`;
}

function clock(h: number, m: number, s: number): string {
  return `${pad2(h)}:${pad2(m)}${s === 0 ? '' : `:${pad2(s)}`}`;
}

function weekdays(days: readonly number[]): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  if (sorted.join() === '0,1,2,3,4') return 'weekdays';
  return list(sorted.map((d) => WEEKDAY_NAMES[d]!));
}

/** Items counted from the start (positive) or from the end (negative), as "week 20", "the last week". */
function counted(values: readonly number[], noun: string): string {
  return list(values.map((v) => (v > 0 ? `${noun} ${v}` : `the ${nth(v)} ${noun}`)));
}

function monthDays(values: readonly number[]): string {
  return list(values.map((v) => (v > 0 ? `the ${ordinal(v)}` : `the ${nth(v)} day`)));
}

/** Contiguous runs of hours as "between 09:00 and 12:00". */
function hourRuns(hours: readonly number[]): string {
  const sorted = [...hours].sort((a, b) => a - b);
  const runs: [number, number][] = [];
  for (const h of sorted) {
    const last = runs.at(-1);
    if (last && last[1] === h - 1) last[1] = h;
    else runs.push([h, h]);
  }
  return list(runs.map(([a, b]) => `between ${pad2(a)}:00 and ${pad2((b + 1) % 24)}:00`));
}

const sixties = (values: readonly number[]) => list(values.map(pad2));
/** "minute 05", "minutes 00 and 30". */
const unitList = (unit: string, values: readonly number[]) => `${unit}${values.length === 1 ? '' : 's'} ${sixties(values)}`;

interface Line {
  parts: RuleParts;
  until: UntilLimit | null;
}

function readLine(line: string, zone: ZoneOffsets, allDay: boolean): Line {
  const kept: [string, string][] = [];
  let until: UntilLimit | null = null;
  for (const part of line.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const key = part.slice(0, eq).toUpperCase();
    const value = part.slice(eq + 1);
    if (key === 'UNTIL') until = parseUntil(value, zone);
    else if (!(allDay && (key === 'BYHOUR' || key === 'BYMINUTE' || key === 'BYSECOND'))) kept.push([key, value]);
  }
  return { parts: readRuleParts(kept), until };
}

const UNITS: Record<number, [string, string]> = {
  [Freq.YEARLY]: ['year', 'years'],
  [Freq.MONTHLY]: ['month', 'months'],
  [Freq.WEEKLY]: ['week', 'weeks'],
  [Freq.DAILY]: ['day', 'days'],
  [Freq.HOURLY]: ['hour', 'hours'],
  [Freq.MINUTELY]: ['minute', 'minutes'],
  [Freq.SECONDLY]: ['second', 'seconds'],
};

function every(freq: Freq, interval: number): string {
  const [one, many] = UNITS[freq]!;
  if (interval === 1) return freq === Freq.MONTHLY ? 'Monthly' : `Every ${one}`;
  return `Every ${interval} ${many}`;
}

/** The times of day a DAILY or coarser rule gives (sorted), as [h, m, s]. */
function timesOfDay(p: RuleParts, l: Local): [number, number, number][] {
  const out: [number, number, number][] = [];
  for (const h of p.byHour ?? [l.hour]) for (const m of p.byMinute ?? [l.minute]) for (const s of p.bySecond ?? [l.second]) out.push([h, m, s]);
  return out.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
}

function timesWords(times: readonly [number, number, number][], p: RuleParts): string {
  if (times.length <= 8) return `at ${list(times.map(([h, m, s]) => clock(h, m, s)))}`;
  const minutes = [...new Set(times.map((t) => t[1]))];
  const seconds = [...new Set(times.map((t) => t[2]))];
  const hours = [...new Set(times.map((t) => t[0]))];
  const sec = seconds.length === 1 && seconds[0] === 0 ? '' : `, ${unitList('second', seconds)}`;
  return `at ${unitList('minute', minutes)}${sec} past the hour, ${p.byHour ? hourRuns(hours) : 'every hour'}`;
}

/**
 * The parts a rule takes from DTSTART where it names none (rrule-core.ts RuleExpansion): YEARLY its
 * date (its month unless BYMONTH), MONTHLY its day of the month, WEEKLY its weekday, and with
 * BYWEEKNO alone its weekday within the week.
 */
function withDefaults(p: RuleParts, l: Local): { parts: RuleParts; yearlyDate: boolean } {
  const dateParts = p.byWeekNo !== null || p.byYearDay !== null || p.byMonthDay !== null || p.byDay !== null;
  if (!dateParts) {
    if (p.freq === Freq.YEARLY) return { parts: { ...p, byMonthDay: [l.day] }, yearlyDate: p.byMonth === null };
    if (p.freq === Freq.MONTHLY) return { parts: { ...p, byMonthDay: [l.day] }, yearlyDate: false };
    if (p.freq === Freq.WEEKLY) return { parts: { ...p, byDay: [{ ord: 0, wd: l.weekday }] }, yearlyDate: false };
  } else if (p.byWeekNo !== null && p.byDay === null && p.byMonthDay === null && p.byYearDay === null && p.freq <= Freq.WEEKLY) {
    return { parts: { ...p, byDay: [{ ord: 0, wd: l.weekday }] }, yearlyDate: false };
  }
  return { parts: p, yearlyDate: false };
}

/** "every Monday and Friday" for a head: all seven days are "every day", Monday to Friday "every weekday". */
function everyWeekday(days: readonly number[]): string {
  const set = new Set(days);
  if (set.size === 7) return 'Every day';
  return `Every ${weekdays([...set]).replace(/^weekdays$/, 'weekday')}`;
}

/**
 * The day-level filters: months, weeks, days of the year and month, weekdays (with ordinals where
 * the expansion counts them). `daysInHead`: the weekdays are said by the head already.
 */
function dayClauses(p: RuleParts, daysInHead: boolean): string[] {
  const out: string[] = [];
  const { freq } = p;
  if (p.byMonth !== null) out.push(`in ${list(p.byMonth.map((m) => MONTH_NAMES[m - 1]!))}`);
  if (p.byWeekNo !== null) out.push(`in ${counted(p.byWeekNo, 'week')}`);
  if (p.byYearDay !== null) out.push(`on ${counted(p.byYearDay, 'day')} of the year`);
  const days = p.byDay;
  // Where an ordinal BYDAY is counted (rrule-core.ts): in the month for MONTHLY, YEARLY with BYMONTH
  // and sub-daily rules, in the year for YEARLY; WEEKLY, DAILY and BYWEEKNO read it as the weekday.
  const ordinalsCount = p.byWeekNo === null && (freq === Freq.MONTHLY || freq === Freq.YEARLY || freq >= Freq.HOURLY);
  const scope = freq === Freq.YEARLY && p.byMonth === null ? ' of the year' : '';
  const plainOf = (ds: readonly ByDay[]) => ds.filter((d) => !ordinalsCount || d.ord === 0).map((d) => d.wd);
  const nthOf = (ds: readonly ByDay[]) => ds.filter((d) => ordinalsCount && d.ord !== 0).map((d) => `the ${nth(d.ord)} ${WEEKDAY_NAMES[d.wd]}${scope}`);
  if (p.byMonthDay !== null) {
    const md = monthDays(p.byMonthDay);
    if (days === null) out.push(`on ${md}`);
    else {
      // Both filter: Friday the 13th is "the 13th when that is a Friday".
      const plain = [...new Set(plainOf(days))].sort((a, b) => a - b);
      const either = [...(plain.join() === '0,1,2,3,4' ? ['a weekday'] : plain.map((d) => `a ${WEEKDAY_NAMES[d]}`)), ...nthOf(days)];
      out.push(`on ${md} when that is ${either.length <= 1 ? either[0] : `${either.slice(0, -1).join(', ')} or ${either.at(-1)}`}`);
    }
  } else if (days !== null && !daysInHead) {
    const plain = plainOf(days);
    out.push(`on ${list([...(plain.length > 0 ? [weekdays(plain)] : []), ...nthOf(days)])}`);
  }
  return out;
}

function lineWords(line: Line, l: Local, zone: ZoneOffsets, allDay: boolean): string {
  const { parts: p, yearlyDate } = withDefaults(line.parts, l);
  const { freq, interval } = p;
  const clauses: string[] = [];
  let head: string;
  if (yearlyDate) {
    head = `${every(freq, interval)} on ${l.day} ${MONTH_NAMES[l.month - 1]}`;
  } else if (freq === Freq.WEEKLY && p.byDay !== null) {
    // WEEKLY on chosen weekdays reads best as "Every Monday and Friday" (an ordinal stands for its weekday).
    const wds = p.byDay.map((d) => d.wd);
    head = interval === 1 ? everyWeekday(wds) : `Every ${interval} weeks on ${weekdays(wds)}`;
    clauses.push(...dayClauses(p, true));
  } else if (freq === Freq.DAILY && interval === 1 && p.byDay !== null && p.byMonthDay === null) {
    head = everyWeekday(p.byDay.map((d) => d.wd));
    clauses.push(...dayClauses(p, true));
  } else {
    head = every(freq, interval);
    clauses.push(...dayClauses(p, false));
  }

  // Times of day.
  if (!allDay) {
    if (freq <= Freq.DAILY) {
      clauses.push(timesWords(timesOfDay(p, l), p));
    } else {
      if (freq === Freq.HOURLY) {
        const minutes = p.byMinute ?? [l.minute];
        const seconds = p.bySecond ?? [l.second];
        if (p.byHour !== null && p.byHour.length * minutes.length * seconds.length <= 8) {
          clauses.push(timesWords(timesOfDay(p, l), p));
        } else {
          if (p.byMinute !== null || p.bySecond !== null) {
            const sec = seconds.length === 1 && seconds[0] === 0 ? '' : `, ${unitList('second', seconds)}`;
            clauses.push(`at ${unitList('minute', minutes)}${sec} past the hour`);
          }
          if (p.byHour !== null) clauses.push(hourRuns(p.byHour));
        }
      } else {
        if (p.byHour !== null) clauses.push(hourRuns(p.byHour));
        if (p.byMinute !== null) clauses.push(`in ${unitList('minute', p.byMinute)} of the hour`);
        if (freq === Freq.SECONDLY && p.bySecond !== null) clauses.push(`in ${unitList('second', p.bySecond)} of the minute`);
        else if (freq === Freq.MINUTELY && (p.bySecond ?? [l.second]).join() !== '0') clauses.push(`at ${unitList('second', p.bySecond ?? [l.second])}`);
      }
    }
  }

  let text = [head, ...clauses].join(' ');
  if (p.bySetPos !== null) {
    const [one] = UNITS[freq]!;
    text += `, only the ${list(p.bySetPos.map((n) => nth(n)))} of each ${one}`;
  }
  if (p.wkst !== 0 && ((freq === Freq.WEEKLY && interval > 1 && (p.byDay?.length ?? 0) > 1) || p.byWeekNo !== null)) {
    text += `, weeks starting on ${WEEKDAY_NAMES[p.wkst]}`;
  }
  if (p.count !== null) text += p.count === 1 ? ', once' : `, ${p.count} times`;
  if (line.until !== null) text += `, until ${untilWords(line.until, p, l, zone, allDay)}`;
  return text;
}

/** The last date (and the time, when it cuts that day short) of an UNTIL, in the series' zone. */
function untilWords(until: UntilLimit, p: RuleParts, l: Local, zone: ZoneOffsets, allDay: boolean): string {
  if (until.kind === 'date') return dateWords(localOf(until.day * DAY_MS));
  const local = localOf(zone.wallOf(until.ms));
  if (allDay) return dateWords(local);
  const at = local.hour * 3600 + local.minute * 60 + local.second;
  // The whole day counts when the rule has no time that day later than UNTIL's.
  const latest = p.freq <= Freq.DAILY ? Math.max(...timesOfDay(p, l).map(([h, m, s]) => h * 3600 + m * 60 + s)) : 86_399;
  if (at >= latest || at >= 86_340) return dateWords(local);
  return `${dateWords(local)} at ${clock(local.hour, local.minute, local.second)}`;
}

export function ruleWords(s: RuleWordsInput): string {
  const zone = zoneOffsets(s.timezone);
  const wall = s.allDay && s.startDate !== null ? Date.parse(`${s.startDate}T00:00:00Z`) : zone.wallOf(s.start.getTime());
  const l = localOf(wall);
  const lines = (s.rrule ?? '').split('\n').map((x) => x.trim().replace(/^RRULE:/i, '')).filter((x) => x !== '');
  const startMs = s.start.getTime();
  const more = new Set<number>();
  for (const r of s.rdates ?? []) {
    const ms = Date.parse(r.split('/')[0]!);
    if (Number.isNaN(ms) || ms < startMs) continue;
    const key = s.allDay ? Math.floor(zone.wallOf(ms) / DAY_MS) : Math.floor(ms / 1000);
    const startKey = s.allDay ? Math.floor(wall / DAY_MS) : Math.floor(startMs / 1000);
    if (key !== startKey) more.add(key);
  }
  let text: string;
  if (lines.length === 0) {
    text = `On ${dateWords(l)}${s.allDay ? '' : ` at ${clock(l.hour, l.minute, l.second)}`}`;
  } else {
    text = lines.map((line, i) => {
      const words = lineWords(readLine(line, zone, s.allDay), l, zone, s.allDay);
      return i === 0 ? words : words[0]!.toLowerCase() + words.slice(1);
    }).join('; ');
  }
  if (more.size > 0) text += `, and ${more.size} more ${more.size === 1 ? 'date' : 'dates'}`;
  return text;
}
