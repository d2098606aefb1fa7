import { WEEKDAYS, type Weekday, type WeeklyHours } from '../../domain/availability.js';
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

export interface BookingFormState {
  enabled: boolean;
  /** The filled rows of each day, in the order entered (blank rows are dropped). */
  hours: Record<Weekday, IntervalRow[]>;
  notice: string;
  window: string;
  step: string;
  before: string;
  after: string;
  country: string;
  region: string;
  holidayTypes: string[];
  blocked: string;
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

export function stateFromSettings(s: BookingSettings): BookingFormState {
  const hours = {} as Record<Weekday, IntervalRow[]>;
  for (const day of WEEKDAYS) hours[day] = (s.weeklyHours[day] ?? []).map(([from, to]) => ({ from, to }));
  return {
    enabled: s.enabled,
    hours,
    notice: text(s.minimumNoticeMinutes),
    window: text(s.bookingWindowDays),
    step: text(s.slotStepMinutes),
    before: text(s.bufferBeforeMinutes),
    after: text(s.bufferAfterMinutes),
    country: s.holidays?.country ?? '',
    region: s.holidays?.region ?? '',
    holidayTypes: s.holidays?.types ?? ['public'],
    blocked: s.blockedDates.join('\n'),
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

export function stateFromForm(form: ConsoleContext['form']): BookingFormState {
  const f = (name: string) => field(form, name).trim();
  const hours = {} as Record<Weekday, IntervalRow[]>;
  for (const day of WEEKDAYS) {
    hours[day] = [];
    for (let i = 0; i < MAX_ROWS; i += 1) {
      const row = { from: f(`h_${day}_${i}_from`), to: f(`h_${day}_${i}_to`) };
      if (row.from !== '' || row.to !== '') hours[day].push(row);
    }
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
    hours,
    notice: f('notice'),
    window: f('window'),
    step: f('step'),
    before: f('before'),
    after: f('after'),
    country: f('country').toUpperCase(),
    region: f('region'),
    holidayTypes: Array.isArray(kinds) ? kinds : kinds ? [kinds] : [],
    blocked: field(form, 'blocked'),
    types,
    newType: { name: f('new_name'), duration: f('new_duration'), before: f('new_before'), after: f('new_after'), step: f('new_step') },
  };
}

/**
 * Applies the button pressed (`add`, `up:<row>`, `down:<row>`, `remove:<row>`, or a plain save) to
 * the types. A filled "new type" row is added by any save; `add` with no name is a fault.
 */
export function applyAction(state: BookingFormState, action: string): { next: BookingFormState; notice: string } {
  const types = [...state.types];
  let notice = 'Booking settings saved.';
  const [verb, arg] = action.split(':');
  const at = types.findIndex((t) => String(t.row) === arg);
  if (verb === 'up' && at > 0) {
    [types[at - 1], types[at]] = [types[at]!, types[at - 1]!];
    notice = `“${types[at - 1]!.name}” moved up.`;
  } else if (verb === 'down' && at >= 0 && at < types.length - 1) {
    [types[at + 1], types[at]] = [types[at]!, types[at + 1]!];
    notice = `“${types[at + 1]!.name}” moved down.`;
  } else if (verb === 'remove' && at >= 0) {
    notice = `“${types[at]!.name}” removed.`;
    types.splice(at, 1);
  }
  const n = state.newType;
  if (n.name !== '') {
    types.push({ row: -1, id: '', ...n, ownHours: false });
    if (verb !== 'up' && verb !== 'down' && verb !== 'remove') notice = `“${n.name}” added.`;
  } else if (verb === 'add') {
    throw new FormFault('New appointment type: give it a name.', 'new_name');
  }
  return { next: { ...state, types }, notice };
}

/** A number as typed: blank leaves it out (its default), digits become a number, anything else goes as is for the service to refuse by name. */
const num = (v: string): number | string | undefined => (v === '' ? undefined : /^\d{1,9}$/.test(v) ? Number(v) : v);

/** The settings document of the form; `ownHours` keeps the hours a type has of its own (set with the CLI). */
export function toDocument(state: BookingFormState, ownHours: ReadonlyMap<string, WeeklyHours>): Record<string, unknown> {
  const weeklyHours: Record<string, [string, string][]> = {};
  for (const day of WEEKDAYS) {
    weeklyHours[day] = state.hours[day].map(({ from, to }, i) => {
      if (from === '' || to === '') {
        throw new FormFault(`${DAY_NAMES[day]} hours, row ${i + 1}: give both a start and an end (weeklyHours.${day}[${i}]).`, hourInput(day, i, from === '' ? 'from' : 'to'));
      }
      return [from, to];
    });
  }
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
    blockedDates: state.blocked.split(/[\s,;]+/).filter((d) => d !== ''),
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
  blockedDates: ['Blocked dates', 'blocked'],
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
