import { isoDate, WEEKDAYS, type Weekday, type WeeklyHours } from '../../domain/availability.js';
import { isValidDate } from '../../domain/instant.js';
import type { BookingSettings } from '../../services/booking.js';
import { field, type ConsoleContext } from './console.js';

/**
 * The booking settings form as the owner typed it: every value a string, so a refused form is shown
 * again exactly as entered. `toDocument` builds the settings document that setBookingSettings checks;
 * `explainFault` turns the service's message (which names the field, e.g. `weeklyHours.mon[0]`) into
 * one that also names the form's label, and finds the input to mark.
 */

export const DAY_NAMES: Record<Weekday, string> = { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' };
/** Interval rows a day offers at most (the service's limit). */
export const MAX_ROWS = 12;
const MAX_TYPES = 50;
/** Date rows a form may post (the service's limits: 1,000 blocked dates and 1,000 dates with hours). */
const MAX_DATES = 2000;
/** Dates one "close from … to …" may add. */
const MAX_CLOSED_RANGE = 366;
/** The hours a day is given when it is switched on, and the week a new owner is offered: Monday to Friday. */
export const DEFAULT_INTERVAL: IntervalRow = { from: '09:00', to: '17:00' };
const WORKDAYS: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri'];

export interface IntervalRow {
  from: string;
  to: string;
}

export interface TypeRow {
  /** Where the row was in the posted form: its inputs are t<row>_...; -1 for the "new type" row. */
  row: number;
  id: string;
  name: string;
  duration: string;
  before: string;
  after: string;
  step: string;
  ownHours: boolean;
}

export type NewTypeRow = Pick<TypeRow, 'name' | 'duration' | 'before' | 'after' | 'step'>;

/** A date of its own: closed all day, or open on its own hours instead of its weekday's. */
export interface DateRow {
  date: string;
  closed: boolean;
  rows: IntervalRow[];
}

export interface BookingFormState {
  enabled: boolean;
  /** Which weekdays are switched on; an off day keeps its rows on the page but has no hours. */
  open: Record<Weekday, boolean>;
  /** The filled rows of each day, in the order entered (blank rows are dropped). */
  hours: Record<Weekday, IntervalRow[]>;
  /** The owner had no hours yet: the form offers Monday to Friday, 09:00–17:00. */
  suggested: boolean;
  /** Dates with hours of their own and closed dates (the blocked dates), by date. */
  dates: DateRow[];
  /** "Close every date from … to …" (a holiday away), added to the dates as closed ones. */
  closeFrom: string;
  closeTo: string;
  notice: string;
  window: string;
  step: string;
  before: string;
  after: string;
  country: string;
  region: string;
  holidayTypes: string[];
  types: TypeRow[];
  newType: NewTypeRow;
}

/** A fault found in the form (or reported by the service), with the input to mark. */
export class FormFault extends Error {
  constructor(message: string, readonly input: string | null) {
    super(message);
  }
}

const text = (n: number | undefined): string => (n === undefined ? '' : String(n));
export const EMPTY_NEW_TYPE: NewTypeRow = { name: '', duration: '30', before: '', after: '', step: '' };

const rowsOf = (intervals: ReadonlyArray<readonly [string, string]>): IntervalRow[] => intervals.map(([from, to]) => ({ from, to }));

export function stateFromSettings(s: BookingSettings): BookingFormState {
  const hours = {} as Record<Weekday, IntervalRow[]>;
  const open = {} as Record<Weekday, boolean>;
  const suggested = WEEKDAYS.every((day) => (s.weeklyHours[day] ?? []).length === 0);
  for (const day of WEEKDAYS) {
    hours[day] = suggested && WORKDAYS.includes(day) ? [{ ...DEFAULT_INTERVAL }] : rowsOf(s.weeklyHours[day] ?? []);
    open[day] = hours[day].length > 0;
  }
  const dates: DateRow[] = [
    ...s.blockedDates.map((date) => ({ date, closed: true, rows: [] })),
    ...Object.entries(s.dateHours).map(([date, intervals]) => ({ date, closed: intervals.length === 0, rows: rowsOf(intervals) })),
  ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return {
    enabled: s.enabled,
    open,
    hours,
    suggested,
    dates,
    closeFrom: '',
    closeTo: '',
    notice: text(s.minimumNoticeMinutes),
    window: text(s.bookingWindowDays),
    step: text(s.slotStepMinutes),
    before: text(s.bufferBeforeMinutes),
    after: text(s.bufferAfterMinutes),
    country: s.holidays?.country ?? '',
    region: s.holidays?.region ?? '',
    holidayTypes: s.holidays?.types ?? ['public'],
    types: s.appointmentTypes.map((t, row) => ({
      row,
      id: t.id,
      name: t.name,
      duration: text(t.durationMinutes),
      before: text(t.bufferBeforeMinutes),
      after: text(t.bufferAfterMinutes),
      step: text(t.slotStepMinutes),
      ownHours: t.weeklyHours !== undefined,
    })),
    newType: { ...EMPTY_NEW_TYPE },
  };
}

/** A time input's value; an end of 00:00 is the day's end (a time picker cannot say 24:00). */
const endOf = (v: string) => (v === '00:00' ? '24:00' : v);

/** The filled interval rows of inputs `<prefix>_<i>_from` / `_to` (blank rows are dropped). */
function rowsFromForm(f: (name: string) => string, prefix: string): IntervalRow[] {
  const rows: IntervalRow[] = [];
  for (let i = 0; i < MAX_ROWS; i += 1) {
    const row = { from: f(`${prefix}_${i}_from`), to: endOf(f(`${prefix}_${i}_to`)) };
    if (row.from !== '' || row.to !== '') rows.push(row);
  }
  return rows;
}

export function stateFromForm(form: ConsoleContext['form']): BookingFormState {
  const f = (name: string) => field(form, name).trim();
  const hours = {} as Record<Weekday, IntervalRow[]>;
  const open = {} as Record<Weekday, boolean>;
  for (const day of WEEKDAYS) {
    hours[day] = rowsFromForm(f, `h_${day}`);
    open[day] = f(`d_${day}`) === 'on';
  }
  const dates: DateRow[] = [];
  const dateCount = Math.min(Number.parseInt(f('dates'), 10) || 0, MAX_DATES);
  for (let i = 0; i < dateCount; i += 1) {
    const row = { date: f(`o${i}_date`), closed: f(`o${i}_closed`) === 'on', rows: rowsFromForm(f, `o${i}`) };
    if (row.date !== '' || row.rows.length > 0) dates.push(row);
  }
  const kinds = form.holiday_types;
  const count = Math.min(Number.parseInt(f('types'), 10) || 0, MAX_TYPES);
  const types: TypeRow[] = [];
  for (let row = 0; row < count; row += 1) {
    const p = `t${row}_`;
    types.push({ row, id: f(`${p}id`), name: f(`${p}name`), duration: f(`${p}duration`), before: f(`${p}before`), after: f(`${p}after`), step: f(`${p}step`), ownHours: f(`${p}own`) === '1' });
  }
  return {
    enabled: f('enabled') === 'on',
    open,
    hours,
    suggested: false,
    dates,
    closeFrom: f('close_from'),
    closeTo: f('close_to'),
    notice: f('notice'),
    window: f('window'),
    step: f('step'),
    before: f('before'),
    after: f('after'),
    country: f('country').toUpperCase(),
    region: f('region'),
    holidayTypes: Array.isArray(kinds) ? kinds : kinds ? [kinds] : [],
    types,
    newType: { name: f('new_name'), duration: f('new_duration'), before: f('new_before'), after: f('new_after'), step: f('new_step') },
  };
}

/**
 * Applies the button pressed to the form before it is saved: the types' `add`, `up:<row>`,
 * `down:<row>`, `remove:<row>`; `copy:<day>` (that day's hours to every other weekday, switched on);
 * `undate:<date>` (the date row goes); or a plain save. A filled "new type" row is added by any
 * save, as is a filled "close from … to …"; `add` with no name is a fault.
 */
export function applyAction(state: BookingFormState, action: string): { next: BookingFormState; notice: string } {
  const types = [...state.types];
  let notice = 'Booking settings saved.';
  const [verb, arg] = action.split(':');
  const at = types.findIndex((t) => String(t.row) === arg);
  let { open, hours, dates } = state;
  if (verb === 'up' && at > 0) {
    [types[at - 1], types[at]] = [types[at]!, types[at - 1]!];
    notice = `“${types[at - 1]!.name}” moved up.`;
  } else if (verb === 'down' && at >= 0 && at < types.length - 1) {
    [types[at + 1], types[at]] = [types[at]!, types[at + 1]!];
    notice = `“${types[at + 1]!.name}” moved down.`;
  } else if (verb === 'remove' && at >= 0) {
    notice = `“${types[at]!.name}” removed.`;
    types.splice(at, 1);
  } else if (verb === 'copy' && (WEEKDAYS as readonly string[]).includes(arg ?? '')) {
    const from = arg as Weekday;
    if (!state.open[from] || state.hours[from].length === 0) throw new FormFault(`${DAY_NAMES[from]}: switch it on and give it hours before copying them.`, `d_${from}`);
    const targets = WORKDAYS.filter((d) => d !== from);
    open = { ...open };
    hours = { ...hours };
    for (const day of targets) {
      open[day] = true;
      hours[day] = state.hours[from].map((r) => ({ ...r }));
    }
    notice = `${DAY_NAMES[from]}’s hours copied to ${targets.map((d) => DAY_NAMES[d]).join(', ')}.`;
  } else if (verb === 'undate') {
    const date = action.slice('undate:'.length);
    dates = dates.filter((d) => d.date !== date);
    notice = `${date} follows its weekday again.`;
  }
  if (state.closeFrom !== '' || state.closeTo !== '') {
    const added = closedRange(state.closeFrom, state.closeTo);
    const own = new Set(added);
    dates = [...dates.filter((d) => !own.has(d.date)), ...added.map((date) => ({ date, closed: true, rows: [] }))];
    notice = `${added.length === 1 ? added[0] : `${added.length} dates from ${added[0]} to ${added.at(-1)}`} closed.`;
  }
  const n = state.newType;
  if (n.name !== '') {
    types.push({ row: -1, id: '', ...n, ownHours: false });
    if (verb !== 'up' && verb !== 'down' && verb !== 'remove') notice = `“${n.name}” added.`;
  } else if (verb === 'add') {
    throw new FormFault('New appointment type: give it a name.', 'new_name');
  }
  return { next: { ...state, open, hours, dates, types }, notice };
}

/** Every date from `from` to `to`, both included. */
function closedRange(from: string, to: string): string[] {
  const end = to === '' ? from : to;
  if (!isValidDate(from)) throw new FormFault(`Close dates, from: “${from}” is not a date YYYY-MM-DD.`, 'close_from');
  if (!isValidDate(end)) throw new FormFault(`Close dates, until: “${end}” is not a date YYYY-MM-DD.`, 'close_to');
  const first = Date.parse(`${from}T00:00:00Z`) / 86_400_000;
  const last = Date.parse(`${end}T00:00:00Z`) / 86_400_000;
  if (last < first) throw new FormFault(`Close dates: ${end} is before ${from}.`, 'close_to');
  if (last - first >= MAX_CLOSED_RANGE) throw new FormFault(`Close dates: at most ${MAX_CLOSED_RANGE} dates at once.`, 'close_to');
  return Array.from({ length: last - first + 1 }, (_, i) => isoDate(first + i));
}

/** A number as typed: blank leaves it out (its default), digits become a number, anything else goes as is for the service to refuse by name. */
const num = (v: string): number | string | undefined => (v === '' ? undefined : /^\d{1,9}$/.test(v) ? Number(v) : v);

/** The settings document of the form; `ownHours` keeps the hours a type has of its own (set with the CLI). */
export function toDocument(state: BookingFormState, ownHours: ReadonlyMap<string, WeeklyHours>): Record<string, unknown> {
  const intervals = (rows: IntervalRow[], label: string, place: string, input: (i: number, end: 'from' | 'to') => string) =>
    rows.map(({ from, to }, i): [string, string] => {
      if (from === '' || to === '') throw new FormFault(`${label}, row ${i + 1}: give both a start and an end (${place}[${i}]).`, input(i, from === '' ? 'from' : 'to'));
      return [from, to];
    });
  const weeklyHours: Record<string, [string, string][]> = {};
  for (const day of WEEKDAYS) {
    weeklyHours[day] = state.open[day] ? intervals(state.hours[day], `${DAY_NAMES[day]} hours`, `weeklyHours.${day}`, (i, end) => hourInput(day, i, end)) : [];
  }
  const blockedDates: string[] = [];
  const dateHours: Record<string, [string, string][]> = {};
  const seen = new Set<string>();
  state.dates.forEach((d, row) => {
    if (!isValidDate(d.date)) throw new FormFault(`Date-specific hours, row ${row + 1}: ${d.date === '' ? 'give the date' : `“${d.date}” is not a date YYYY-MM-DD`}.`, dateInput(row, 'date'));
    if (seen.has(d.date)) throw new FormFault(`Date-specific hours: ${d.date} is listed twice.`, dateInput(row, 'date'));
    seen.add(d.date);
    if (d.closed) blockedDates.push(d.date);
    else if (d.rows.length === 0) throw new FormFault(`${d.date}: give its hours, or tick Closed.`, dateInput(row, 0, 'from'));
    else dateHours[d.date] = intervals(d.rows, d.date, `dateHours.${d.date}`, (i, end) => dateInput(row, i, end));
  });
  const holidays = state.country === '' ? null : { country: state.country, region: state.region === '' ? null : state.region, types: state.holidayTypes };
  return {
    enabled: state.enabled,
    weeklyHours,
    minimumNoticeMinutes: num(state.notice),
    bookingWindowDays: num(state.window),
    slotStepMinutes: num(state.step),
    bufferBeforeMinutes: num(state.before),
    bufferAfterMinutes: num(state.after),
    holidays,
    blockedDates,
    dateHours,
    appointmentTypes: state.types.map((t) => {
      const own = t.id ? ownHours.get(t.id) : undefined;
      return {
        ...(t.id ? { id: t.id } : {}),
        name: t.name,
        durationMinutes: num(t.duration),
        ...(t.before !== '' ? { bufferBeforeMinutes: num(t.before) } : {}),
        ...(t.after !== '' ? { bufferAfterMinutes: num(t.after) } : {}),
        ...(t.step !== '' ? { slotStepMinutes: num(t.step) } : {}),
        ...(own ? { weeklyHours: own } : {}),
      };
    }),
  };
}

export const hourInput = (day: Weekday, row: number, end: 'from' | 'to') => `h_${day}_${row}_${end}`;
/** The inputs of the `row`th date: `o<row>_date`, `o<row>_closed`, `o<row>_<i>_from` / `_to`. */
export function dateInput(row: number, what: 'date' | 'closed' | number, end?: 'from' | 'to'): string {
  return typeof what === 'number' ? `o${row}_${what}_${end}` : `o${row}_${what}`;
}
export const typeInput = (row: number, name: keyof NewTypeRow) => (row < 0 ? `new_${name}` : `t${row}_${name}`);

const TOP_FIELDS: Record<string, [string, string]> = {
  enabled: ['Take booking requests', 'enabled'],
  minimumNoticeMinutes: ['Minimum notice', 'notice'],
  bookingWindowDays: ['Booking window', 'window'],
  slotStepMinutes: ['Slot step', 'step'],
  bufferBeforeMinutes: ['Buffer before', 'before'],
  bufferAfterMinutes: ['Buffer after', 'after'],
  holidays: ['Holidays', 'country'],
  'holidays.country': ['Holidays, country', 'country'],
  'holidays.region': ['Holidays, region', 'region'],
  'holidays.types': ['Holidays, kinds', 'holiday_public'],
  blockedDates: ['Closed dates', 'close_from'],
  dateHours: ['Date-specific hours', 'close_from'],
  appointmentTypes: ['Appointment types', 'new_name'],
};
const TYPE_FIELDS: Record<string, [string, keyof NewTypeRow]> = {
  id: ['', 'name'],
  name: ['name', 'name'],
  durationMinutes: ['duration', 'duration'],
  bufferBeforeMinutes: ['buffer before', 'before'],
  bufferAfterMinutes: ['buffer after', 'after'],
  slotStepMinutes: ['step', 'step'],
};

/** The service's message (`path: what is wrong`) with the form's label in front, and the input at fault. */
export function explainFault(message: string, sent: BookingFormState): FormFault {
  const path = message.slice(0, Math.max(message.indexOf(': '), 0));
  const hours = /^weeklyHours\.(mon|tue|wed|thu|fri|sat|sun)(?:\[(\d+)\])?/.exec(path);
  if (hours) {
    const day = hours[1] as Weekday;
    const row = hours[2] === undefined ? null : Number(hours[2]);
    const label = row === null ? `${DAY_NAMES[day]} hours` : `${DAY_NAMES[day]} hours, row ${row + 1}`;
    const end = /\bend\b|ends at/.test(message.slice(path.length)) ? 'to' : 'from';
    return new FormFault(`${label} — ${message}`, hourInput(day, row ?? 0, end));
  }
  const date = /^dateHours\.([^[]+)(?:\[(\d+)\])?/.exec(path);
  const dateRow = date ? sent.dates.findIndex((d) => d.date === date[1]) : -1;
  if (date && dateRow >= 0) {
    const row = date[2] === undefined ? null : Number(date[2]);
    const end = /\bend\b|ends at/.test(message.slice(path.length)) ? 'to' : 'from';
    return new FormFault(`${row === null ? date[1] : `${date[1]}, row ${row + 1}`} — ${message}`, dateInput(dateRow, row ?? 0, end));
  }
  const type = /^appointmentTypes\[(\d+)\](?:\.(\w+))?/.exec(path);
  if (type) {
    const t = sent.types[Number(type[1])];
    const [what, input] = TYPE_FIELDS[type[2] ?? 'name'] ?? ['', 'name'];
    const label = `${t && t.row >= 0 ? `Appointment type “${t.name || `row ${t.row + 1}`}”` : 'New appointment type'}${what ? `, ${what}` : ''}`;
    return new FormFault(`${label} — ${message}`, t ? typeInput(t.row, input) : null);
  }
  const top = TOP_FIELDS[path] ?? (path.startsWith('blockedDates[') ? TOP_FIELDS.blockedDates : undefined);
  return top ? new FormFault(`${top[0]} — ${message}`, top[1]) : new FormFault(message, null);
}
