import { WEEKDAYS, type WeeklyHours } from '../../domain/availability.js';
import { HOLIDAY_TYPES } from '../../domain/booking-rules.js';
import { holidayData } from '../../domain/holidays.js';
import { getBookingSettings, setBookingSettings } from '../../services/booking.js';
import { ServiceError } from '../../domain/service-error.js';
import { fieldAttrs, html, script, type Markup } from '../html.js';
import {
  applyAction, dateInput, DAY_NAMES, DEFAULT_INTERVAL, explainFault, FormFault, hourInput, MAX_ROWS, stateFromForm, stateFromSettings, toDocument, typeInput,
  type BookingFormState, type IntervalRow, type NewTypeRow, type TypeRow,
} from './booking-form.js';
import { field, type ConsoleContext, type ConsoleSection } from './console.js';
import { bookingNav, feedRoutes } from './feeds.js';
import { csrfField } from './layout.js';
import { link } from '../links.js';

/** Booking: on/off, weekly hours, rules, holidays, blocked dates and the appointment types, in one form. */

let countries: [string, string][] | null = null;
/** Countries of the holiday data, by name (read once). */
function holidayCountries(): [string, string][] {
  countries ??= Object.entries(new (holidayData())().getCountries('en')).sort((a, b) => a[1].localeCompare(b[1]));
  return countries;
}

function regionsOf(country: string): [string, string][] {
  if (!/^[A-Z]{2}$/.test(country)) return [];
  return Object.entries(new (holidayData())().getStates(country, 'en') ?? {});
}

/** Marks the input the error is about (and focuses it when the page loads). */
const at = (fault: string | null, name: string): Markup => (fault === name ? html`${fieldAttrs({ invalid: true })} autofocus` : html``);

function numberInput(name: string, label: string, value: string, min: number, max: number, hint: string, fault: string | null): Markup {
  return html`<p><label for="${name}">${label}</label><br><input id="${name}" name="${name}" type="number" min="${min}" max="${max}" step="1" inputmode="numeric" value="${value}" class="u-w8"${at(fault, name)}> <span class="muted">${hint}</span></p>`;
}

/** A time picker: the browser shows it in the owner's clock (12 or 24 h by their locale) and posts HH:MM. */
function timeInput(name: string, value: string, label: string, fault: string | null, end = false): Markup {
  // 24:00 ends a day; a picker says it as 00:00 (read back as 24:00 when it ends a row).
  const shown = end && value === '24:00' ? '00:00' : value;
  return html`<input type="time" name="${name}" value="${shown}" aria-label="${label}" step="300" class="u-time"${at(fault, name)}>`;
}

/**
 * A day's interval rows, then one blank row to add another without JavaScript (hours-editor.js
 * hides the blank ones behind "Add hours" and gives each row a Remove).
 */
function intervalRows(rows: IntervalRow[], label: string, input: (i: number, end: 'from' | 'to') => string, fault: string | null): Markup {
  const shown = Math.min(rows.length + 1, MAX_ROWS);
  return html`<div class="av-intervals" data-max="${MAX_ROWS}" data-label="${label}">${Array.from({ length: shown }, (_, i) => {
    const r = rows[i] ?? { from: '', to: '' };
    return html`<div class="av-interval">${timeInput(input(i, 'from'), r.from, `${label}, hours ${i + 1}, from`, fault)}<span aria-hidden="true">–</span>${timeInput(input(i, 'to'), r.to, `${label}, hours ${i + 1}, until`, fault, true)}</div>`;
  })}</div>`;
}

/** The week: a switch per day, its hours, and "copy to the weekdays". */
function weekEditor(s: BookingFormState, fault: string | null): Markup {
  return html`<div class="av-week">${WEEKDAYS.map((day) => {
    const rows = s.hours[day].length > 0 || s.open[day] ? s.hours[day] : [{ ...DEFAULT_INTERVAL }];
    return html`<div class="av-day">
<label class="av-name"><input type="checkbox" class="av-on" name="d_${day}" value="on" id="d_${day}"${s.open[day] ? html` checked` : ''}${at(fault, `d_${day}`)}> ${DAY_NAMES[day]}</label>
${intervalRows(rows, DAY_NAMES[day], (i, end) => hourInput(day, i, end), fault)}<span class="av-off-note muted">Unavailable</span>
<button type="submit" class="secondary small av-copy" name="action" value="copy:${day}" aria-label="Copy ${DAY_NAMES[day]}’s hours to the other weekdays">Copy to weekdays</button>
</div>`;
  })}</div>`;
}

/** Dates of their own: closed, or open on their own hours; one blank row adds a date; "close from … to …" adds many. */
function datesEditor(s: BookingFormState, fault: string | null): Markup {
  const rows = [...s.dates, { date: '', closed: false, rows: [] }];
  return html`<input type="hidden" name="dates" value="${rows.length}">
<div class="av-dates">${rows.map((d, i) => {
    const label = d.date === '' ? 'New date' : d.date;
    return html`<div class="av-day">
<div class="av-date-head"><input type="date" name="${dateInput(i, 'date')}" value="${d.date}" aria-label="${d.date === '' ? 'New date' : `Date ${i + 1}`}" class="u-date"${at(fault, dateInput(i, 'date'))}>
<label class="u-normal"><input type="checkbox" class="av-off" name="${dateInput(i, 'closed')}" value="on"${d.closed ? html` checked` : ''}> Closed</label></div>
${intervalRows(d.rows, label, (j, end) => dateInput(i, j, end), fault)}<span class="av-closed-note muted">Closed all day</span>
${d.date !== '' ? html`<button type="submit" class="secondary small" name="action" value="undate:${d.date}" aria-label="Remove ${d.date}">Remove</button>` : ''}
</div>`;
  })}</div>
<fieldset class="u-plain u-mt2"><legend>Close several dates (time off)</legend>
<div class="row"><p class="u-my1"><label for="close_from">From</label><br><input type="date" id="close_from" name="close_from" value="${s.closeFrom}" class="u-date"${at(fault, 'close_from')}></p>
<p class="u-my1"><label for="close_to">Until</label><br><input type="date" id="close_to" name="close_to" value="${s.closeTo}" class="u-date"${at(fault, 'close_to')}></p></div></fieldset>`;
}

function holidayFields(s: BookingFormState, fault: string | null): Markup {
  const regions = regionsOf(s.country);
  return html`<p><label for="country">Country</label><br><select id="country" name="country"${at(fault, 'country')}><option value="">No holidays</option>${holidayCountries().map(([code, name]) => html`<option value="${code}"${code === s.country ? html` selected` : ''}>${name} (${code})</option>`)}</select></p>
<p><label for="region">Region (optional)</label><br><input id="region" name="region" value="${s.region}" maxlength="10" list="regions" class="u-w8"${at(fault, 'region')}>
${regions.length ? html`<datalist id="regions">${regions.map(([code, name]) => html`<option value="${code}">${name}</option>`)}</datalist> <span class="muted">Codes of ${s.country}: ${regions.map(([code]) => code).join(', ')}</span>` : html`<span class="muted">A state or region code, e.g. BE for Berlin or CA for California.</span>`}</p>
<fieldset><legend>Holidays that close the day</legend>${HOLIDAY_TYPES.map((kind) => html`<label class="u-normal u-mr4"><input type="checkbox" name="holiday_types" value="${kind}" id="holiday_${kind}"${s.holidayTypes.includes(kind) ? html` checked` : ''}${at(fault, `holiday_${kind}`)}> ${kind}</label>`)}</fieldset>`;
}

function typeCells(row: number, t: NewTypeRow, label: string, fault: string | null): Markup {
  const input = (name: keyof NewTypeRow, what: string, attrs: Markup) =>
    html`<td><input name="${typeInput(row, name)}" value="${t[name]}" aria-label="${label}: ${what}"${attrs}${at(fault, typeInput(row, name))}></td>`;
  const minutes = (min: number) => html` type="number" min="${min}" max="1440" step="1" inputmode="numeric" class="u-w6"`;
  return html`${input('name', 'name', html` maxlength="200"`)}${input('duration', 'duration in minutes', minutes(1))}${input('before', 'buffer before, minutes', minutes(0))}${input('after', 'buffer after, minutes', minutes(0))}${input('step', 'slot step, minutes', minutes(5))}`;
}

function typesTable(s: BookingFormState, fault: string | null): Markup {
  const moveButtons = (t: TypeRow, i: number) => html`${i > 0 ? html`<button type="submit" class="secondary" name="action" value="up:${t.row}" aria-label="Move ${t.name} up">↑</button>` : ''}${i < s.types.length - 1 ? html`<button type="submit" class="secondary" name="action" value="down:${t.row}" aria-label="Move ${t.name} down">↓</button>` : ''}<button type="submit" class="danger" name="action" value="remove:${t.row}" aria-label="Remove ${t.name}">Remove</button>`;
  return html`<input type="hidden" name="types" value="${s.types.length}">
<div class="u-scroll-x"><table><thead><tr><th scope="col">Name</th><th scope="col">Minutes</th><th scope="col">Buffer before</th><th scope="col">Buffer after</th><th scope="col">Step</th><th scope="col">Order</th></tr></thead><tbody>
${s.types.map((t, i) => html`<tr>${typeCells(t.row, t, `Type ${i + 1}`, fault)}<td><input type="hidden" name="t${t.row}_id" value="${t.id}">${t.ownHours ? html`<input type="hidden" name="t${t.row}_own" value="1">` : ''}${moveButtons(t, i)}${t.ownHours ? html`<br><span class="muted">Has hours of its own (kept).</span>` : ''}</td></tr>`)}
${s.types.length === 0 ? html`<tr><td colspan="6" class="muted">No appointment types yet: your booking page needs at least one.</td></tr>` : ''}
<tr>${typeCells(-1, s.newType, 'New type', fault)}<td><button type="submit" name="action" value="add">Add type</button></td></tr>
</tbody></table></div>
<p class="muted">Blank buffers and step use your defaults above. The booking page lists the types in this order.</p>`;
}

function bookingPage(ctx: ConsoleContext, s: BookingFormState, fault: FormFault | null = null) {
  const o = ctx.owner;
  const f = fault?.input ?? null;
  const address = `${ctx.services.config.publicBaseUrl.replace(/\/$/, '')}/${o.username}`;
  return ctx.render(
    'Booking',
    'booking',
    html`${bookingNav('settings')}
<section class="card" aria-label="Your booking page"><p>Your booking page: <a href="${link`/${o.username}`}">${address}</a> ${s.enabled ? html`<span class="status ok">On</span>` : html`<span class="status bad">Off</span>`}</p></section>
<form method="post" action="/app/booking" class="u-block" id="booking-form">${csrfField(ctx.csrf)}
<button type="submit" name="action" value="save" class="sr" tabindex="-1" aria-hidden="true">Save settings</button>
<section class="card" aria-labelledby="b-on"><h2 id="b-on">Booking</h2>
<p><label><input type="checkbox" name="enabled" value="on" id="enabled"${s.enabled ? html` checked` : ''}${at(f, 'enabled')}> Take booking requests</label><br><span class="muted">When off, your booking page and the API's availability answer “not found”.</span></p></section>
<section class="card" aria-labelledby="b-hours"><h2 id="b-hours">Weekly hours</h2>
<p class="muted">In your time zone, ${o.timezone}. A day that is off takes no bookings; an end of 12:00 AM (00:00) is the end of the day.</p>
${s.suggested ? html`<p class="notice" id="suggested">Suggested to start: Monday to Friday, 9 to 5. Nothing is open until you save.</p>` : ''}
${weekEditor(s, f)}</section>
<section class="card" aria-labelledby="b-rules"><h2 id="b-rules">Rules</h2>
${numberInput('notice', 'Minimum notice (minutes)', s.notice, 0, 525_600, 'How soon a slot may start. Blank: 0.', f)}
${numberInput('window', 'Booking window (days)', s.window, 1, 730, 'How many dates ahead can be booked. Blank: 60.', f)}
${numberInput('step', 'Slot step (minutes)', s.step, 5, 1440, 'Distance between slot starts. Blank: 30.', f)}
${numberInput('before', 'Buffer before (minutes)', s.before, 0, 1440, 'Free time kept before busy time. Blank: 0.', f)}
${numberInput('after', 'Buffer after (minutes)', s.after, 0, 1440, 'Free time kept after busy time. Blank: 0.', f)}</section>
<section class="card" aria-labelledby="b-dates"><h2 id="b-dates">Date-specific hours</h2>
<p class="muted">A date here has its own hours instead of its weekday's (even on a holiday), or is closed.</p>
${datesEditor(s, f)}</section>
<section class="card" aria-labelledby="b-days"><h2 id="b-days">Holidays</h2>
${holidayFields(s, f)}</section>
<section class="card" aria-labelledby="b-types"><h2 id="b-types">Appointment types</h2>
${typesTable(s, f)}</section>
<p class="save-bar"><button type="submit" name="action" value="save">Save settings</button></p>
</form>${script('hours-editor.js')}`,
    fault?.message ?? null,
  );
}

/** The hours types have of their own (set with `booking set`): the form keeps them as they are. */
function ownHoursOf(current: Awaited<ReturnType<typeof getBookingSettings>>): Map<string, WeeklyHours> {
  return new Map(current.appointmentTypes.flatMap((t) => (t.weeklyHours ? [[t.id, t.weeklyHours] as const] : [])));
}

export const bookingSection: ConsoleSection = (scope) => {
  scope.get('/booking', async (ctx) => bookingPage(ctx, stateFromSettings(await getBookingSettings(ctx.services.db, ctx.owner.id))));
  scope.post('/booking', async (ctx) => {
    const sent = stateFromForm(ctx.form);
    let next = sent;
    try {
      const applied = applyAction(sent, field(ctx.form, 'action'));
      next = applied.next;
      const current = await getBookingSettings(ctx.services.db, ctx.owner.id);
      await setBookingSettings(ctx.services.db, ctx.services.clock, ctx.owner.id, toDocument(next, ownHoursOf(current)));
      return ctx.redirect('/app/booking', applied.notice);
    } catch (e) {
      if (e instanceof FormFault) return bookingPage(ctx, sent, e);
      if (e instanceof ServiceError) return bookingPage(ctx, sent, explainFault(e.message, next));
      throw e;
    }
  });
  feedRoutes(scope);
};
