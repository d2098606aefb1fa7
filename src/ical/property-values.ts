/**
 * One content line's value checked and put in canonical form before ical.js reads it, for the
 * properties whose values the service reads as more than text: a value that cannot be read drops
 * that property (with why), never its event. Pure.
 */
import type { ContentLine } from './content-lines.js';
import { readDateList, readDateValue, readDuration, readInteger, readRecur, type DateValue, type PeriodValue } from './values.js';

export interface CheckedProperty {
  name: string;
  params: [string, string[]][];
  value: string;
}

export type Checked = { ok: true; properties: CheckedProperty[]; notes: string[] } | { ok: false; why: string };

const SINGLE_DATES = new Set(['DTSTART', 'DTEND', 'RECURRENCE-ID', 'DUE']);
const LISTS = new Set(['EXDATE', 'RDATE']);
const RULES = new Set(['RRULE', 'EXRULE']);
const INTEGERS = new Set(['SEQUENCE', 'PRIORITY']);

const without = (params: [string, string[]][], ...names: string[]) => params.filter(([n]) => !names.includes(n));

/** The params of a date value: VALUE=DATE for a date (its form decides), no TZID on a date or a UTC time. */
function dateParams(params: [string, string[]][], kind: DateValue['kind'] | PeriodValue['kind'], utc: boolean): [string, string[]][] {
  const rest = without(params, 'VALUE');
  if (kind === 'date') return [...without(rest, 'TZID'), ['VALUE', ['DATE']]];
  if (kind === 'period') return [...rest, ['VALUE', ['PERIOD']]];
  return utc ? without(rest, 'TZID') : rest;
}

function single(l: ContentLine): Checked {
  const v = readDateValue(l.value);
  if (typeof v === 'string') return { ok: false, why: v };
  return { ok: true, properties: [{ name: l.name, params: dateParams(l.params, v.kind, v.text.endsWith('Z')), value: v.text }], notes: [] };
}

function list(l: ContentLine): Checked {
  const { values, bad } = readDateList(l.value, { periods: l.name === 'RDATE' });
  if (values.length === 0) return { ok: false, why: bad[0] ?? 'it has no value' };
  // One property per kind of value, in the order they come: ical.js reads one type a property.
  const byKind = new Map<string, string[]>();
  for (const v of values) {
    const key = v.kind === 'date-time' ? (v.text.endsWith('Z') ? 'utc' : 'date-time') : v.kind;
    byKind.set(key, [...(byKind.get(key) ?? []), v.text]);
  }
  const properties = [...byKind].map(([key, texts]): CheckedProperty => ({
    name: l.name,
    params: dateParams(l.params, key === 'utc' ? 'date-time' : (key as DateValue['kind'] | 'period'), key === 'utc'),
    value: texts.join(','),
  }));
  return { ok: true, properties, notes: bad.map((b) => `value dropped: ${b}`) };
}

/** The property as ical.js should read it, or why it cannot be read. */
export function checkProperty(l: ContentLine): Checked {
  if (SINGLE_DATES.has(l.name)) return single(l);
  if (LISTS.has(l.name)) return list(l);
  if (l.name === 'DURATION') {
    const d = readDuration(l.value);
    return typeof d === 'string' ? { ok: false, why: d } : { ok: true, properties: [{ name: l.name, params: without(l.params, 'VALUE'), value: d.text }], notes: [] };
  }
  if (RULES.has(l.name)) {
    const r = readRecur(l.value);
    return typeof r === 'string' ? { ok: false, why: r } : { ok: true, properties: [{ name: l.name, params: without(l.params, 'VALUE'), value: r.text }], notes: r.ignored };
  }
  if (INTEGERS.has(l.name)) {
    const n = readInteger(l.value);
    return typeof n === 'string' ? { ok: false, why: n } : { ok: true, properties: [{ name: l.name, params: without(l.params, 'VALUE'), value: String(n) }], notes: [] };
  }
  return { ok: true, properties: [{ name: l.name, params: l.params, value: l.value }], notes: [] };
}
