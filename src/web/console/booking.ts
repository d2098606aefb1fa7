import { WEEKDAYS, type WeeklyHours } from '../../domain/availability.js';
import { HOLIDAY_TYPES } from '../../domain/booking-rules.js';
import { holidayData } from '../../domain/holidays.js';
import { getBookingSettings, setBookingSettings } from '../../services/booking.js';
import { ServiceError } from '../../domain/service-error.js';
import { fieldAttrs, html, type Markup } from '../html.js';
import {
  applyAction, DAY_NAMES, explainFault, FormFault, hourInput, MAX_ROWS, stateFromForm, stateFromSettings, toDocument, typeInput,
  type BookingFormState, type NewTypeRow, type TypeRow,
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

const TIME_PATTERN = '([01][0-9]|2[0-3]):[0-5][0-9]|24:00';

function hoursTable(s: BookingFormState, fault: string | null): Markup {
  const timeInput = (name: string, value: string, label: string) =>
    html`<input name="${name}" value="${value}" aria-label="${label}" placeholder="HH:MM" pattern="${TIME_PATTERN}" inputmode="numeric" maxlength="5" class="u-w55"${at(fault, name)}>`;
  return html`<table><thead><tr><th scope="col">Day</th><th scope="col">Hours (from – until)</th></tr></thead><tbody>
${WEEKDAYS.map((day) => {
  const rows = s.hours[day];
  const shown = Math.min(Math.max(3, rows.length + 1), MAX_ROWS);
  return html`<tr><th scope="row">${DAY_NAMES[day]}</th><td><div class="row">${Array.from({ length: shown }, (_, i) => {
    const r = rows[i] ?? { from: '', to: '' };
    return html`<span>${timeInput(hourInput(day, i, 'from'), r.from, `${DAY_NAMES[day]}, row ${i + 1}, from`)} – ${timeInput(hourInput(day, i, 'to'), r.to, `${DAY_NAMES[day]}, row ${i + 1}, until`)}</span>`;
  })}</div></td></tr>`;
})}</tbody></table>`;
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
<form method="post" action="/app/booking" class="u-block">${csrfField(ctx.csrf)}
<section class="card" aria-labelledby="b-on"><h2 id="b-on">Booking</h2>
<p><label><input type="checkbox" name="enabled" value="on" id="enabled"${s.enabled ? html` checked` : ''}${at(f, 'enabled')}> Take booking requests</label><br><span class="muted">When off, your booking page and the API's availability answer “not found”.</span></p></section>
<section class="card" aria-labelledby="b-hours"><h2 id="b-hours">Weekly hours</h2>
<p class="muted">In your time zone, ${o.timezone}. Times as HH:MM; 24:00 may end a day. Blank rows are ignored; a day without rows is closed.</p>
${hoursTable(s, f)}</section>
<section class="card" aria-labelledby="b-rules"><h2 id="b-rules">Rules</h2>
${numberInput('notice', 'Minimum notice (minutes)', s.notice, 0, 525_600, 'How soon a slot may start. Blank: 0.', f)}
${numberInput('window', 'Booking window (days)', s.window, 1, 730, 'How many dates ahead can be booked. Blank: 60.', f)}
${numberInput('step', 'Slot step (minutes)', s.step, 5, 1440, 'Distance between slot starts. Blank: 30.', f)}
${numberInput('before', 'Buffer before (minutes)', s.before, 0, 1440, 'Free time kept before busy time. Blank: 0.', f)}
${numberInput('after', 'Buffer after (minutes)', s.after, 0, 1440, 'Free time kept after busy time. Blank: 0.', f)}</section>
<section class="card" aria-labelledby="b-days"><h2 id="b-days">Holidays and blocked dates</h2>
${holidayFields(s, f)}
<p><label for="blocked">Blocked dates</label><br><textarea id="blocked" name="blocked" rows="4" cols="14" placeholder="2026-12-24"${at(f, 'blocked')}>${s.blocked}</textarea><br><span class="muted">One date YYYY-MM-DD a line: no bookings on these dates.</span></p></section>
<p><button type="submit" name="action" value="save">Save settings</button></p>
<section class="card" aria-labelledby="b-types"><h2 id="b-types">Appointment types</h2>
${typesTable(s, f)}</section>
<p><button type="submit" name="action" value="save">Save settings</button></p>
</form>`,
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
