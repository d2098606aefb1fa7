/**
 * iCalendar text → its VCALENDAR components (ical.js Components), recovering at the smallest unit
 * instead of refusing the text (docs/calendar-import.md, "What is tolerated"):
 *
 * - a line that is not a content line, a parameter that cannot be read, a value that cannot be read:
 *   that line, parameter or property is skipped, with a warning naming its line and why;
 * - BEGIN and END that do not pair up: an END nothing opened is skipped; a component left open is
 *   ended where the next one of its kind (or its parent's END) begins; a VEVENT outside any VCALENDAR
 *   is read as part of the calendar before it (or of one of its own); lines outside any component are
 *   skipped. Each with a warning.
 *
 * Text refused whole is text with no calendar at all (no VCALENDAR, no VEVENT): ICalendarError,
 * saying so in words. `lineOf` gives the line a component or property started on, for warnings. Pure.
 */
import ICAL from 'ical.js';
import { clip, splitLine, unfold, writeLine, type ContentLine } from './content-lines.js';
import { ICalendarError } from './errors.js';
import { checkProperty } from './property-values.js';

type JComponent = [string, unknown[], JComponent[]];

interface Open {
  name: string;
  jcal: JComponent;
  line: number;
}

export interface CalendarText {
  calendars: ICAL.Component[];
  /** 'line N: …', in line order. */
  warnings: string[];
}

/** Components that only a VCALENDAR holds. */
const CALENDAR_CHILDREN = new Set(['VEVENT', 'VTODO', 'VJOURNAL', 'VFREEBUSY', 'VTIMEZONE']);
const COMPONENT_NAME = /^[A-Z0-9-]+$/;

const lines = new WeakMap<object, number>();

/** The line a component or property of a calendar read here started on. */
export function lineOf(x: ICAL.Component | ICAL.Property | null | undefined): number | null {
  return x ? (lines.get(x.jCal as object) ?? null) : null;
}

function refusal(text: string): ICalendarError {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start === '') return new ICalendarError('not an iCalendar file: it is empty');
  if (start.startsWith('<')) return new ICalendarError('not an iCalendar file: it is a web page (HTML) or XML, not a calendar');
  if (start.startsWith('{') || start.startsWith('[')) return new ICalendarError('not an iCalendar file: it is JSON, not a calendar');
  return new ICalendarError('not an iCalendar file: it has no BEGIN:VCALENDAR and no BEGIN:VEVENT line');
}

/** The property as ical.js reads it (jCal), or why not. */
function jcalProperty(l: ContentLine): { props: unknown[][]; notes: string[] } | string {
  const checked = checkProperty(l);
  if (!checked.ok) return checked.why;
  const props: unknown[][] = [];
  for (const p of checked.properties) {
    try {
      const jcal = ICAL.parse.property(writeLine(p.name, p.params, p.value)) as unknown[];
      // Reading the value now: a value ical.js cannot decorate would otherwise fail later, for the whole event.
      new ICAL.Property(jcal as never).getValues();
      props.push(jcal);
    } catch {
      return 'its value cannot be read';
    }
  }
  return { props, notes: checked.notes };
}

/** The text's calendars; throws ICalendarError when it holds none. */
export function readCalendarText(text: string): CalendarText {
  const warnings: string[] = [];
  const calendars: JComponent[] = [];
  const stack: Open[] = [];
  const warn = (line: number, message: string) => warnings.push(`line ${line}: ${message}`);
  /** Properties before any BEGIN: a calendar's own when its BEGIN:VCALENDAR line is missing, else skipped. */
  let pending: { line: number; name: string; props: unknown[][] }[] = [];
  const skipPending = () => {
    for (const p of pending) warn(p.line, `${p.name} skipped: it is outside any calendar`);
    pending = [];
  };

  const open = (name: string, line: number): void => {
    const jcal: JComponent = [name.toLowerCase(), [], []];
    lines.set(jcal, line);
    if (stack.length === 0) calendars.push(jcal);
    else stack.at(-1)!.jcal[2].push(jcal);
    stack.push({ name, jcal, line });
  };
  /** Ends the components above `depth`, each left open, with a warning saying where. */
  const closeTo = (depth: number, line: number, why: string): void => {
    while (stack.length > depth) {
      const o = stack.pop()!;
      warn(o.line, `BEGIN:${o.name} has no END:${o.name}; it is ended ${why} (line ${line})`);
    }
  };
  /** A VCALENDAR to put a component in: the last one again, or a new one (a file without BEGIN:VCALENDAR). */
  const calendarFor = (name: string, line: number): void => {
    const last = calendars.at(-1);
    if (last) {
      warn(line, `BEGIN:${name} comes after END:VCALENDAR; it is read as part of the calendar before it`);
      stack.push({ name: 'VCALENDAR', jcal: last, line: lines.get(last) ?? line });
    } else {
      const first = pending[0]?.line ?? line;
      warn(first, `the text has no BEGIN:VCALENDAR before BEGIN:${name} (line ${line}); it is read as a calendar`);
      open('VCALENDAR', first);
      for (const p of pending) stack[0]!.jcal[1].push(...p.props);
      pending = [];
    }
  };

  for (const { line, text: raw } of unfold(text)) {
    const l = splitLine(line, raw);
    if (l.kind === 'defect') {
      warn(line, `"${l.text}" skipped: ${l.why}`);
      continue;
    }
    if (l.name === 'BEGIN' || l.name === 'END') {
      const name = l.value.trim().toUpperCase();
      if (!COMPONENT_NAME.test(name)) {
        warn(line, `${l.name}:${clip(l.value, 30)} skipped: not a component name`);
        continue;
      }
      if (l.name === 'END') {
        const at = stack.map((o) => o.name).lastIndexOf(name);
        if (at === -1) {
          warn(line, `END:${name} skipped: no BEGIN:${name} is open`);
          continue;
        }
        closeTo(at + 1, line, `at END:${name}`);
        stack.pop();
        continue;
      }
      if (name === 'VCALENDAR') {
        closeTo(0, line, 'where the next BEGIN:VCALENDAR begins');
        skipPending();
      }
      else if (CALENDAR_CHILDREN.has(name)) {
        const cal = stack.findIndex((o) => o.name === 'VCALENDAR');
        if (cal === -1) {
          closeTo(0, line, `where BEGIN:${name} begins`);
          calendarFor(name, line);
        } else {
          closeTo(cal + 1, line, `where the next BEGIN:${name} begins`);
        }
      } else if (stack.length === 0) {
        calendarFor(name, line);
      }
      open(name, line);
      continue;
    }
    if (stack.length === 0 && calendars.length > 0) {
      warn(line, `${l.name} skipped: it is outside any calendar`);
      continue;
    }
    for (const d of l.dropped) warn(line, `${l.name} ${d}`);
    const read = jcalProperty(l);
    if (typeof read === 'string') {
      warn(line, `${l.name} dropped: ${read}`);
      continue;
    }
    for (const n of read.notes) warn(line, `${l.name} ${n}`);
    for (const p of read.props) lines.set(p, line);
    if (stack.length === 0) pending.push({ line, name: l.name, props: read.props });
    else stack.at(-1)!.jcal[1].push(...read.props);
  }
  skipPending();
  if (stack.length > 0) closeTo(0, lastLine(text), 'where the text ends: it may have been cut short');
  if (calendars.length === 0) throw refusal(text);
  for (const cal of calendars) cal[2] = cal[2].filter((c) => c[0] !== 'vtimezone' || namedZone(c, warn));
  return { calendars: calendars.map((c) => new ICAL.Component(c as never)), warnings };
}

/** A VTIMEZONE without a TZID names nothing, and ical.js fails on it when it looks a zone up: skipped. */
function namedZone(c: JComponent, warn: (line: number, message: string) => void): boolean {
  const tzid = c[1].find((p) => Array.isArray(p) && p[0] === 'tzid') as unknown[] | undefined;
  if (tzid !== undefined && typeof tzid[3] === 'string' && tzid[3].trim() !== '') return true;
  warn(lines.get(c) ?? 0, 'VTIMEZONE skipped: it has no TZID');
  return false;
}

function lastLine(text: string): number {
  return text.replace(/(\r\n|\n|\r)+$/, '').split(/\r\n|\n|\r/).length;
}
