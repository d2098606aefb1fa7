import { isoDate, localDay } from '../../domain/availability.js';
import { formatInstant } from '../../domain/instant.js';
import type { AppointmentTypeRow, OwnerRow } from '../../store/schema.js';
import { html, raw, script, type Markup } from '../html.js';
import type { VisitorLanguage } from '../language.js';
import { languageSwitcher } from '../language-switcher.js';
import { addMonths, lastDate, monthWeeks, weekdayNames, weekStart } from './month.js';
import { dateFormat } from './formats.js';
import { bookingPhrases } from './phrases.js';

/**
 * The booking page's HTML, pure (data in, markup out): the appointment types, the zone control with
 * the current time there, a month table of days (days with free time are links, the others marked
 * disabled), the chosen day's times in a column, and the request form. Every link and GET form
 * carries type, tz, month, day and lang in the query, so it all works without JavaScript;
 * booking.js only adds the browser's zone and a ticking clock.
 */
export interface Slot {
  start: number;
  end: number;
}

export interface MonthView {
  owner: OwnerRow;
  types: AppointmentTypeRow[];
  type: AppointmentTypeRow;
  tz: string;
  lang: VisitorLanguage;
  base: string;
  month: string;
  /** The months the visitor may move to (the booking window), null at an end. */
  previous: string | null;
  next: string | null;
  /** Dates of the month with at least one free slot (in `tz`). */
  freeDates: Set<string>;
  day: string | null;
  /** The chosen day's slots. */
  times: Slot[];
  now: Date;
  zones: readonly string[];
  /**
   * When no zone was chosen (the page is in the owner's): the slots of the month and two dates on
   * each side, which booking.js regroups by the dates of the browser's zone; null otherwise.
   */
  regroup: Slot[] | null;
}

const zoneLabel = (z: string) => z.replace(/_/g, ' ');

/** A query string of the page's state; `undefined` values are left out. */
export function query(values: Record<string, string | null | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v) q.set(k, v);
  return `?${q}`;
}

/** The zones' datalist is the same on every page: rendered once per list (418 options, ~20 KB). */
const zoneLists = new WeakMap<readonly string[], Markup>();
function zoneList(zones: readonly string[]): Markup {
  let list = zoneLists.get(zones);
  if (!list) zoneLists.set(zones, (list = html`<datalist id="zones">${zones.map((z) => html`<option value="${z}">${zoneLabel(z)}</option>`)}</datalist>`));
  return list;
}

function zoneControl(v: MonthView): Markup {
  const t = bookingPhrases(v.lang.lang);
  const clock = dateFormat(v.lang.locale, { timeZone: v.tz, timeStyle: 'short' }).format(v.now);
  return html`<form method="get" action="${v.base}" class="zone-form">
<input type="hidden" name="type" value="${v.type.id}"><input type="hidden" name="month" value="${v.month}"><input type="hidden" name="lang" value="${v.lang.lang}">
<label for="tz">${t.zone}</label>
<span class="zone-row"><input id="tz" name="tz" list="zones" value="${v.tz}" autocomplete="off" spellcheck="false" aria-describedby="tz-hint tz-now" class="zone-input"> <button type="submit" class="secondary">${t.showTimes}</button></span>
${zoneList(v.zones)}
<span id="tz-hint" class="muted hint">${t.zoneHint}</span>
<span id="tz-now" class="hint">${t.localTime('')}<time id="tz-clock" data-tz="${v.tz}" data-locale="${v.lang.locale}">${clock}</time></span>
</form>`;
}

function monthTable(v: MonthView): Markup {
  const t = bookingPhrases(v.lang.lang);
  const start = weekStart(v.lang.locale);
  const names = weekdayNames(v.lang.locale, start);
  // A title starts with a capital in every language here, and only its first word does: "Diciembre
  // de 2026", not CSS capitalize's "Diciembre De 2026".
  const monthWords = dateFormat(v.lang.locale, { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(new Date(`${v.month}-15T12:00:00Z`));
  const monthName = monthWords.charAt(0).toLocaleUpperCase(v.lang.locale) + monthWords.slice(1);
  const dayName = dateFormat(v.lang.locale, { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' });
  const at = (date: string) => new Date(`${date}T12:00:00Z`);
  const here = (extra: Record<string, string | null>) => `${v.base}${query({ type: v.type.id, tz: v.tz, lang: v.lang.lang, ...extra })}`;
  const step = (month: string | null, label: string, arrow: string, rel: string) =>
    month
      ? html`<a class="month-step" href="${here({ month })}" rel="${rel}" aria-label="${label}">${arrow}</a>`
      : html`<span class="month-step" aria-hidden="true">${arrow}</span>`;
  // The slots as minutes since 1970 in base 36, and what booking.js needs to draw days and times.
  const data = v.regroup
    ? html` data-slots="${v.regroup.map((s) => Math.round(s.start / 60_000).toString(36)).join(',')}" data-tz="${v.tz}" data-locale="${v.lang.locale}" data-month="${v.month}" data-free="${t.freeDay('{d}')}" data-busy="${t.noFreeDay('{d}')}" data-times-on="${t.timesOn('{d}')}" data-href="${here({ month: v.month, day: '{day}' })}#times" data-book="${v.base}/book${query({ type: v.type.id, tz: v.tz, start: '{start}', lang: v.lang.lang })}"`
    : '';
  return html`<section class="month" aria-labelledby="month-name"${data}>
<div class="month-head">${step(v.previous, t.previousMonth, '‹', 'prev')}<h2 id="month-name" aria-live="polite">${monthName}</h2>${step(v.next, t.nextMonth, '›', 'next')}</div>
<table class="month-grid"><caption class="visually-hidden">${t.calendar}: ${monthName}</caption>
<thead><tr>${names.map((n) => html`<th scope="col"><abbr title="${n.long}">${n.short}</abbr></th>`)}</tr></thead>
<tbody>${monthWeeks(v.month, start).map((week) => html`<tr>${week.map((date) => {
    if (!date) return html`<td></td>`;
    const n = Number(date.slice(8));
    const label = dayName.format(at(date));
    const on = v.regroup ? raw(` data-date="${date}"`) : '';
    if (!v.freeDates.has(date)) return html`<td><span class="day" aria-disabled="true" aria-label="${t.noFreeDay(label)}"${on}>${n}</span></td>`;
    const chosen = date === v.day;
    return html`<td><a class="day free${chosen ? ' chosen' : ''}" href="${here({ month: v.month, day: date })}#times" aria-label="${t.freeDay(label)}"${on}${chosen ? raw(' aria-current="date"') : ''}>${n}</a></td>`;
  })}</tr>`)}</tbody></table>
${v.freeDates.size === 0 ? html`<p class="muted">${t.noTimesMonth}</p>` : ''}
</section>`;
}

function timesColumn(v: MonthView): Markup {
  const t = bookingPhrases(v.lang.lang);
  if (!v.day) return html`<section id="times" class="times" aria-label="${t.chooseDay}"><p class="muted">${v.freeDates.size ? t.chooseDay : ''}</p></section>`;
  const dayName = dateFormat(v.lang.locale, { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(`${v.day}T12:00:00Z`));
  const time = dateFormat(v.lang.locale, { timeZone: v.tz, timeStyle: 'short' });
  return html`<section id="times" class="times" aria-labelledby="times-head">
<h2 id="times-head" class="u-day">${t.timesOn(dayName)}</h2>
${v.times.length === 0
    ? html`<p class="muted">${t.noTimesDay}</p>`
    : html`<ul class="time-list">${v.times.map((s) => html`<li><a class="button secondary time" href="${v.base}/book${query({ type: v.type.id, tz: v.tz, start: formatInstant(new Date(s.start)), lang: v.lang.lang })}"><time datetime="${formatInstant(new Date(s.start))}">${time.format(new Date(s.start))}</time></a></li>`)}</ul>`}
</section>`;
}

export function monthPage(v: MonthView): Markup {
  const t = bookingPhrases(v.lang.lang);
  const here = (extra: Record<string, string | null>) => `${v.base}${query({ type: v.type.id, tz: v.tz, month: v.month, day: v.day, lang: v.lang.lang, ...extra })}`;
  return html`
${languageSwitcher(v.lang, t.language, (lang) => here({ lang }))}
<h1>${t.title(v.owner.display_name)}</h1>
<nav aria-label="${t.types}" class="types"><ul>${v.types.map((ty) =>
    ty.id === v.type.id
      ? html`<li><a class="type chosen" href="${here({})}" aria-current="page">${ty.name} · ${t.minutes(ty.duration_minutes)}</a></li>`
      : html`<li><a class="type" href="${v.base}${query({ type: ty.id, tz: v.tz, month: v.month, lang: v.lang.lang })}">${ty.name} · ${t.minutes(ty.duration_minutes)}</a></li>`,
  )}</ul></nav>
${zoneControl(v)}
<div class="booking">${monthTable(v)}${timesColumn(v)}</div>
${script('booking.js')}`;
}

export interface FormView {
  owner: OwnerRow;
  type: AppointmentTypeRow;
  tz: string;
  lang: VisitorLanguage;
  base: string;
  start: Date;
  error: { message: string; field: 'name' | 'email' | null } | null;
  values: { name?: string; email?: string; message?: string };
}

export function formPage(v: FormView): Markup {
  const t = bookingPhrases(v.lang.lang);
  const end = new Date(v.start.getTime() + v.type.duration_minutes * 60_000);
  const when = dateFormat(v.lang.locale, { timeZone: v.tz, dateStyle: 'full', timeStyle: 'short' }).formatRange(v.start, end);
  const startText = formatInstant(v.start);
  const described = (field: 'name' | 'email') => (v.error?.field === field ? raw(' aria-describedby="form-error" aria-invalid="true"') : '');
  const day = isoDate(localDay(v.start.getTime(), v.tz));
  const back = `${v.base}${query({ type: v.type.id, tz: v.tz, month: day.slice(0, 7), day, lang: v.lang.lang })}`;
  return html`
<h1>${t.formTitle(v.type.name, v.owner.display_name)}</h1>
<p class="card">${when} (${zoneLabel(v.tz)})</p>
${v.error ? html`<p id="form-error" class="notice bad" role="alert">${v.error.message}</p>` : ''}
<form method="post" action="${v.base}/book" class="booking-form">
  <input type="hidden" name="type" value="${v.type.id}"><input type="hidden" name="start" value="${startText}"><input type="hidden" name="tz" value="${v.tz}"><input type="hidden" name="lang" value="${v.lang.lang}">
  <p><label for="name">${t.yourName}</label><br><input id="name" name="name" required maxlength="200" autocomplete="name" value="${v.values.name ?? ''}" class="u-field"${described('name')}></p>
  <p><label for="email">${t.yourEmail}</label><br><input id="email" name="email" type="email" required maxlength="254" autocomplete="email" value="${v.values.email ?? ''}" class="u-field"${described('email')}></p>
  <p><label for="message">${t.message}</label><br><textarea id="message" name="message" maxlength="5000" rows="4" class="u-field">${v.values.message ?? ''}</textarea></p>
  <p><button type="submit">${t.send}</button> <a href="${back}">${t.back}</a></p>
  <p class="muted">${t.nothingBooked(v.owner.display_name)}</p>
</form>`;
}

/** The month shown: `wanted` when it is within [first, last], else the nearest end. */
export function clampMonth(wanted: string, first: string, last: string): string {
  if (wanted < first) return first;
  if (wanted > last) return last;
  return wanted;
}

export { addMonths, lastDate };
