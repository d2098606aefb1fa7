import { Temporal } from 'temporal-polyfill';
import { isValidDate } from '../../domain/instant.js';
import { REPEATS, type EventDetails, type EventTimes, type EventUpdate, type Repeat } from '../../services/calendar-events.js';
import { fieldAttrs, html, type Markup } from '../html.js';
import { zoneOptions } from '../zone-options.js';
import { field, type ConsoleContext } from './console.js';
import { csrfField } from './layout.js';

/**
 * The event form of the Calendar section (new event, and editing an event, a series or one
 * occurrence), and how its fields become service input. Dates and times are entered in the event's
 * zone; an all-day event's end date is its last day (the service stores the day after, RFC 5545).
 */
export type FormValues = Record<string, string>;

const REPEAT_LABEL: Record<Repeat | 'unchanged', string> = {
  none: 'Does not repeat', daily: 'Every day', weekly: 'Every week', monthly: 'Every month', yearly: 'Every year', unchanged: 'Keep its own rule',
};
/** Fields one occurrence cannot have on its own: they belong to the whole series. */
const SERIES_ONLY = ['calendar', 'timezone', 'all_day', 'url', 'notes', 'repeat', 'until'] as const;

export const FORM_FIELDS = ['title', 'calendar', 'all_day', 'start_date', 'start_time', 'end_date', 'end_time', 'timezone', 'show_as', 'location', 'url', 'notes', 'repeat', 'until', 'scope'] as const;

export function postedValues(ctx: ConsoleContext): FormValues {
  return Object.fromEntries(FORM_FIELDS.map((f) => [f, field(ctx.form, f)]));
}

const local = (d: Date, zone: string) => Temporal.Instant.fromEpochMilliseconds(d.getTime()).toZonedDateTimeISO(zone).toPlainDateTime();
const hhmm = (t: Temporal.PlainDateTime) => t.toPlainTime().toString({ smallestUnit: 'minute' });

/** The form's values for an event as it is shown (an occurrence with its own changes). */
export function valuesOf(d: EventDetails): FormValues {
  const { view, row } = d;
  const zone = row.timezone;
  const times = view.allDay && view.startDate && view.endDate
    ? { start_date: view.startDate, end_date: Temporal.PlainDate.from(view.endDate).subtract({ days: 1 }).toString(), start_time: '', end_time: '' }
    : { start_date: local(view.start, zone).toPlainDate().toString(), start_time: hhmm(local(view.start, zone)), end_date: local(view.end, zone).toPlainDate().toString(), end_time: hhmm(local(view.end, zone)) };
  return {
    title: view.title, calendar: row.calendar_slug, all_day: view.allDay ? '1' : '', ...times, timezone: zone, show_as: view.showAs,
    location: view.location ?? '', url: row.url ?? '', notes: row.notes ?? '', repeat: d.repeat === 'custom' ? 'unchanged' : d.repeat,
    until: d.until ?? '', scope: d.occurrence ? 'occurrence' : 'series',
  };
}

const time = (t: string | undefined) => (/^\d{2}:\d{2}(:\d{2})?$/.test(t ?? '') ? t!.slice(0, 5) : (t ?? ''));

/** The times of the posted form: an all-day end date is its last day, so the service gets the day after. */
export function timesOf(v: FormValues): EventTimes {
  const endDate = v.end_date || v.start_date || '';
  if (v.all_day) {
    const after = isValidDate(endDate) ? Temporal.PlainDate.from(endDate).add({ days: 1 }).toString() : endDate;
    return { allDay: true, startDate: v.start_date ?? '', endDate: after };
  }
  return { allDay: false, start: `${v.start_date}T${time(v.start_time)}`, end: `${endDate}T${time(v.end_time)}` };
}

export function inputOf(v: FormValues): EventUpdate {
  const repeat = (REPEATS as readonly string[]).includes(v.repeat ?? '') || v.repeat === 'unchanged' ? (v.repeat as Repeat | 'unchanged') : 'none';
  return {
    title: v.title ?? '', calendar: v.calendar ?? '', timezone: v.timezone || null, times: timesOf(v), showAs: v.show_as === 'free' ? 'free' : 'busy',
    location: v.location || null, url: v.url || null, notes: v.notes || null, repeat, until: repeat === 'none' ? null : v.until || null,
  };
}

/** Series-only fields changed in a form that asks to change one occurrence: their labels. */
export function seriesOnlyChanges(posted: FormValues, current: FormValues): string[] {
  const labels: Record<(typeof SERIES_ONLY)[number], string> = { calendar: 'calendar', timezone: 'time zone', all_day: 'all day', url: 'web address', notes: 'notes', repeat: 'repeat', until: 'repeat until' };
  return SERIES_ONLY.filter((f) => (posted[f] ?? '').trim() !== (current[f] ?? '').trim()).map((f) => labels[f]);
}

export interface FormOptions {
  action: string;
  values: FormValues;
  calendars: { slug: string; name: string }[];
  /** The event's id, for an edit. */
  id?: string;
  /** One occurrence of a series: offer "this occurrence" or "the whole series". */
  occurrence?: boolean;
  /** The series has a rule the choices cannot express: offer to keep it. */
  customRule?: string | null;
  submit: string;
  /** The field the last error was about (service field names). */
  errorField?: string | null;
}

function invalidOn(o: FormOptions, ...names: string[]): Markup | string {
  return o.errorField && names.includes(o.errorField) ? fieldAttrs({ invalid: true }) : '';
}

export function eventForm(ctx: ConsoleContext, o: FormOptions): Markup {
  const v = o.values;
  const repeats: (Repeat | 'unchanged')[] = o.customRule ? ['unchanged', ...REPEATS] : [...REPEATS];
  const selected = (a: string, b: string) => (a === b ? html` selected` : '');
  const scope = o.occurrence
    ? html`<fieldset><legend>Change</legend>
<label><input type="radio" name="scope" value="occurrence"${v.scope !== 'series' ? html` checked` : ''}> This occurrence only</label><br>
<label><input type="radio" name="scope" value="series"${v.scope === 'series' ? html` checked` : ''}> The whole series</label>
<p class="muted">One occurrence can have its own title, times, location and busy/free. A change to the whole series made here moves every occurrence as you moved this one.</p></fieldset>`
    : '';
  return html`<form method="post" action="${o.action}" class="card event-form">${csrfField(ctx.csrf)}${o.id ? html`<input type="hidden" name="id" value="${o.id}">` : ''}
${scope}
<p><label for="title">Title</label><br><input id="title" name="title" required maxlength="500" size="40" value="${v.title ?? ''}"${invalidOn(o, 'title')}></p>
<div class="row"><p><label for="start_date">Starts</label><br><input id="start_date" name="start_date" type="date" required value="${v.start_date ?? ''}"${invalidOn(o, 'start')}>
<label for="start_time" class="sr">Start time</label><input id="start_time" name="start_time" type="time" value="${v.start_time ?? ''}"${invalidOn(o, 'start')}></p>
<p><label for="end_date">Ends</label><br><input id="end_date" name="end_date" type="date" value="${v.end_date ?? ''}"${invalidOn(o, 'end')}>
<label for="end_time" class="sr">End time</label><input id="end_time" name="end_time" type="time" value="${v.end_time ?? ''}"${invalidOn(o, 'end')}></p>
<p><label><input type="checkbox" name="all_day" value="1"${v.all_day ? html` checked` : ''}> All day</label><br><span class="muted">Times are left out; it runs through the end date.</span></p></div>
<div class="row"><p><label for="timezone">Time zone</label><br><select id="timezone" name="timezone"${invalidOn(o, 'timezone')}>${zoneOptions(v.timezone || ctx.owner.timezone)}</select></p>
<p><label for="calendar">Calendar</label><br><select id="calendar" name="calendar"${invalidOn(o, 'calendar')}>${o.calendars.map((c) => html`<option value="${c.slug}"${selected(c.slug, v.calendar ?? '')}>${c.name}</option>`)}</select></p>
<p><label for="show_as">Show as</label><br><select id="show_as" name="show_as"><option value="busy"${selected('busy', v.show_as || 'busy')}>Busy</option><option value="free"${selected('free', v.show_as ?? '')}>Free</option></select></p></div>
<div class="row"><p><label for="repeat">Repeat</label><br><select id="repeat" name="repeat">${repeats.map((r) => html`<option value="${r}"${selected(r, v.repeat || 'none')}>${REPEAT_LABEL[r]}</option>`)}</select>${o.customRule ? html`<br><span class="muted">Its rule: <code>${o.customRule}</code></span>` : ''}</p>
<p><label for="until">Repeat until (optional)</label><br><input id="until" name="until" type="date" value="${v.until ?? ''}"${invalidOn(o, 'until')}></p></div>
<p><label for="location">Location</label><br><input id="location" name="location" maxlength="500" size="40" value="${v.location ?? ''}"${invalidOn(o, 'location')}></p>
<p><label for="url">Web address</label><br><input id="url" name="url" type="url" maxlength="2048" size="40" placeholder="https://" value="${v.url ?? ''}"${invalidOn(o, 'url')}></p>
<p><label for="notes">Notes</label><br><textarea id="notes" name="notes" rows="4" cols="50" maxlength="5000"${invalidOn(o, 'notes')}>
${v.notes ?? ''}</textarea></p>
<p><button type="submit">${o.submit}</button></p></form>`;
}
