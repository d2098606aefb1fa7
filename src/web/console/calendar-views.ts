import { Temporal } from 'temporal-polyfill';
import { layoutGrid, type GridItem, type Placed } from '../../domain/calendar-grid.js';
import { isValidDate } from '../../domain/instant.js';
import { calendarItems, type CalendarEnv } from '../../services/calendar-events.js';
import { readInbox } from '../../services/requests/inbox.js';
import { html, script, type Markup } from '../html.js';
import type { ConsoleContext } from './console.js';
import { dateFormat } from './dates.js';

/**
 * The calendar's views of the owner's time, in the owner's zone: a day and a week as a time grid
 * (domain/calendar-grid.ts places the events; here they become links with the stylesheet's
 * `.r-<row> .s-<rows> .l-<lane>-<lanes>` classes, nothing inline for the CSP), a month, and the
 * 30-day agenda. Pending requests with a time stand in the grid as tentative, linking to the inbox.
 * Every free hour of the grid is a link to the new-event form at that time; the views switch and
 * move by links, and calendar-keys.js adds the keyboard (arrows, `t`, `n`).
 */
export type View = 'day' | 'week' | 'month' | 'agenda';
export const VIEWS: readonly View[] = ['day', 'week', 'month', 'agenda'];
const VIEW_LABEL: Record<View, string> = { day: 'Day', week: 'Week', month: 'Month', agenda: 'Next 30 days' };

/** What a view shows: an event, an occurrence or a pending request. */
interface Shown extends GridItem {
  id: string;
  title: string;
  href: string;
  status: 'confirmed' | 'cancelled' | 'pending';
  repeats: boolean;
  location: string | null;
  /** The owner's calendar holding it ('' for a request). */
  calendar: string;
}

const env = (ctx: ConsoleContext): CalendarEnv => ({ db: ctx.services.db, clock: ctx.services.clock });
export const midnight = (d: Temporal.PlainDate, zone: string) => new Date(d.toZonedDateTime({ timeZone: zone }).epochMilliseconds);
export const dateIn = (d: Date, zone: string) => Temporal.Instant.fromEpochMilliseconds(d.getTime()).toZonedDateTimeISO(zone).toPlainDate();
export const today = (ctx: ConsoleContext) => dateIn(ctx.services.clock.now(), ctx.owner.timezone);
/** A calendar date as a Date at UTC midnight, for Intl with timeZone UTC. */
export const utcDay = (d: Temporal.PlainDate) => new Date(Date.UTC(d.year, d.month - 1, d.day));
export const eventHref = (id: string) => `/app/calendar/event?id=${encodeURIComponent(id)}`;
export const viewHref = (view: View, d: Temporal.PlainDate) => (view === 'week' ? `/app/calendar?date=${d.toString()}` : `/app/calendar?view=${view}&date=${d.toString()}`);
export const weekHref = (d: Temporal.PlainDate) => viewHref('week', d);
const newHref = (d: Temporal.PlainDate, time?: string) => `/app/calendar/new?date=${d.toString()}${time ? `&time=${time}` : ''}`;

/** Whether the item is (partly) on that day of the owner: all-day ones by their dates, others by their instants. */
function onDay(v: GridItem, day: Temporal.PlainDate, zone: string): boolean {
  if (v.allDay && v.startDate && v.endDate) return v.startDate <= day.toString() && day.toString() < v.endDate;
  const from = midnight(day, zone).getTime();
  const to = midnight(day.add({ days: 1 }), zone).getTime();
  const s = v.start.getTime();
  const e = v.end.getTime();
  return s === e ? s >= from && s < to : s < to && e > from;
}

/** When the item is on that day, in the owner's zone: a time range, "from", "until" or "All day". */
function whenText(ctx: ConsoleContext, v: GridItem, day: Temporal.PlainDate): string {
  const zone = ctx.owner.timezone;
  const t = dateFormat(ctx.owner.locale, { timeZone: zone, timeStyle: 'short' });
  const startsToday = dateIn(v.start, zone).equals(day);
  const endsToday = v.end.getTime() <= midnight(day.add({ days: 1 }), zone).getTime();
  if (v.allDay) return 'All day';
  if (startsToday && endsToday) return v.start.getTime() === v.end.getTime() ? t.format(v.start) : t.formatRange(v.start, v.end);
  if (startsToday) return `from ${t.format(v.start)}`;
  if (endsToday) return `until ${t.format(v.end)}`;
  return 'All day';
}

function whenOnDay(ctx: ConsoleContext, v: GridItem, day: Temporal.PlainDate): Markup {
  return html`<time class="when" datetime="${v.allDay ? v.startDate : v.start.toISOString()}">${whenText(ctx, v, day)}</time>`;
}

/** All-day first, then by start. */
const dayOrder = (a: GridItem, b: GridItem) => Number(b.allDay) - Number(a.allDay) || a.start.getTime() - b.start.getTime();

const STATUS_TEXT: Record<Shown['status'], string> = { confirmed: '', cancelled: ' (cancelled)', pending: ' (request, waiting for you)' };

/** The owner's events and pending requests with a time, over [from, to). */
async function shownItems(ctx: ConsoleContext, from: Date, to: Date, withRequests: boolean): Promise<Shown[]> {
  const [views, inbox] = await Promise.all([
    calendarItems(env(ctx), ctx.owner.id, from, to),
    withRequests ? readInbox(ctx.services.db, ctx.owner.id, ctx.services.clock.now()) : null,
  ]);
  const events: Shown[] = views.map((v) => ({
    id: v.id, title: v.title, start: v.start, end: v.end, allDay: v.allDay, startDate: v.startDate, endDate: v.endDate,
    href: eventHref(v.id), status: v.status, repeats: v.occurrenceOf !== null, location: v.location, calendar: v.calendar,
  }));
  const requests: Shown[] = (inbox?.pending ?? []).flatMap(({ request: r, typeName }) =>
    r.slot_start && r.slot_end && r.slot_start < to && r.slot_end > from
      ? [{ id: r.id, title: `${r.requester_name} · ${typeName ?? 'Appointment'}`, start: r.slot_start, end: r.slot_end, allDay: false, href: `/app/inbox#r-${r.id}`, status: 'pending' as const, repeats: false, location: null, calendar: '' }]
      : [],
  );
  return [...events, ...requests];
}

function itemLine(ctx: ConsoleContext, v: Shown, day: Temporal.PlainDate): Markup {
  return html`<li class="${v.status}">${whenOnDay(ctx, v, day)}<a href="${v.href}">${v.title}</a>${v.status !== 'confirmed' ? html` <span class="muted">${STATUS_TEXT[v.status].trim()}</span>` : ''}${v.repeats ? html` <span class="muted" title="Repeats">↻<span class="sr"> repeats</span></span>` : ''}</li>`;
}

/** The navigation: views, previous/today/next, new event, import, go to a date. */
function calendarNav(ctx: ConsoleContext, view: View, date: Temporal.PlainDate, prev: Temporal.PlainDate | null, next: Temporal.PlainDate | null, unit: string): Markup {
  const now = today(ctx);
  const views = VIEWS.map((v) => html`<a href="${v === 'agenda' ? '/app/calendar?view=agenda' : viewHref(v, date)}"${v === view ? html` aria-current="page"` : ''}>${VIEW_LABEL[v]}</a>`);
  const moves = prev && next
    ? html`<span class="calmove"><a href="${viewHref(view, prev)}" rel="prev">← Previous ${unit}</a> <a href="${viewHref(view, now)}">Today</a> <a href="${viewHref(view, next)}" rel="next">Next ${unit} →</a></span>`
    : '';
  // The keys: ←/→ a day, ↑/↓ a week (a month view's rows), t today, n a new event on the chosen day.
  const keys = view === 'agenda' ? '' : script('calendar-keys.js', {
    left: viewHref(view, date.subtract({ days: 1 })), right: viewHref(view, date.add({ days: 1 })),
    up: viewHref(view, date.subtract({ days: 7 })), down: viewHref(view, date.add({ days: 7 })),
    today: viewHref(view, now), new: newHref(date),
  });
  return html`<nav class="calnav" aria-label="Calendar views"><span class="views">${views}</span>${moves}
<a class="button" href="${newHref(date)}" aria-keyshortcuts="n">New event</a> <a href="/app/calendar/import">Import a file</a>
${view === 'agenda' ? '' : html`<form method="get" action="/app/calendar"><input type="hidden" name="view" value="${view}"><label for="goto" class="sr">Go to date</label><input id="goto" name="date" type="date" value="${date.toString()}"> <button type="submit" class="secondary">Go</button></form>`}</nav>
${view === 'agenda' ? '' : html`<p class="muted keys" id="cal-keys" hidden>Keys: ← → a day, ↑ ↓ a week, t today, n new event.</p>`}${keys}`;
}

const chosenDate = (ctx: ConsoleContext) => {
  const asked = ctx.query.date ?? '';
  return isValidDate(asked) ? Temporal.PlainDate.from(asked) : today(ctx);
};

/** How many lanes the stylesheet has classes for; more events at once are listed under the all-day row. */
export const MAX_LANES = 6;

function gridEvent(ctx: ConsoleContext, p: Placed<Shown>, day: Temporal.PlainDate, dayName: string): Markup {
  const v = p.item;
  const cls = `ev r-${p.row + 1} s-${p.span} l-${p.lane}-${Math.min(p.lanes, MAX_LANES)} ${v.status}${p.fromBefore ? ' from-before' : ''}${p.untilAfter ? ' until-after' : ''}`;
  return html`<a class="${cls}" href="${v.href}">${whenOnDay(ctx, v, day)} <span class="ttl">${v.title}</span><span class="sr">, ${dayName}${STATUS_TEXT[v.status]}${v.repeats ? ', repeats' : ''}</span></a>`;
}

/** The time grid of one day or a week. */
function timeGrid(ctx: ConsoleContext, dates: Temporal.PlainDate[], items: Shown[], chosen: Temporal.PlainDate): Markup {
  const zone = ctx.owner.timezone;
  const now = ctx.services.clock.now();
  const nowDate = dateIn(now, zone);
  const grid = layoutGrid(dates.map((d) => d.toString()), zone, items, now);
  const time = dateFormat(ctx.owner.locale, { timeZone: zone, hour: 'numeric', minute: '2-digit' });
  const timeZoned = dateFormat(ctx.owner.locale, { timeZone: zone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
  const head = dateFormat(ctx.owner.locale, { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' });
  const long = dateFormat(ctx.owner.locale, { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' });
  const rows = grid.axis.length;
  const n = `days-${dates.length}`;

  const heads = dates.map((d) => {
    const cls = [d.equals(nowDate) ? 'today' : '', d.equals(chosen) && dates.length > 1 ? 'chosen' : ''].filter(Boolean).join(' ');
    return html`<h3 id="day-${d.toString()}"${cls ? html` class="${cls}"` : ''}><a href="${viewHref('day', d)}">${head.format(utcDay(d))}</a>${d.equals(nowDate) ? html` <span class="muted">(today)</span>` : ''}</h3>`;
  });
  const allDays = grid.days.map((g, i) => {
    const d = dates[i]!;
    const crowded = g.placed.filter((p) => p.lane >= MAX_LANES).map((p) => p.item);
    const list = [...g.allDay, ...crowded];
    return list.length
      ? html`<ul class="allday" id="allday-${d.toString()}" aria-label="All day, ${long.format(utcDay(d))}">${list.map((v) => itemLine(ctx, v, d))}</ul>`
      : html`<span class="allday"></span>`;
  });
  const axis = grid.axis.map((r, i) => (r.wall % 60 === 0 ? html`<span class="r-${i + 1} s-${Math.min(4, rows - i)}">${(r.repeated ? timeZoned : time).format(r.at)}</span>` : ''));
  const columns = grid.days.map((g, i) => {
    const d = dates[i]!;
    const dayName = long.format(utcDay(d));
    const parts: Markup[] = [];
    for (let r = 0; r < rows; ) {
      const at = g.slots[r];
      let end = r + 1;
      if (at === null) {
        while (end < rows && g.slots[end] === null) end += 1;
        parts.push(html`<span class="absent r-${r + 1} s-${end - r}" title="The clocks skip this time"></span>`);
      } else {
        while (end < rows && g.slots[end] !== null && grid.axis[end]!.wall % 60 !== 0) end += 1;
        const busy = g.placed.some((p) => p.row < end && p.row + p.span > r);
        const wall = grid.axis[r]!.wall;
        const hhmm = `${String(Math.floor(wall / 60)).padStart(2, '0')}:${String(wall % 60).padStart(2, '0')}`;
        parts.push(busy
          ? html`<span class="cell r-${r + 1} s-${end - r}"></span>`
          : html`<a class="cell r-${r + 1} s-${end - r}" tabindex="-1" href="${newHref(d, hhmm)}" aria-label="New event, ${dayName}, ${time.format(at)}"></a>`);
      }
      r = end;
    }
    const events = g.placed.filter((p) => p.lane < MAX_LANES).map((p) => gridEvent(ctx, p, d, dayName));
    const nowLine = g.nowRow === null ? '' : html`<span class="now r-${g.nowRow + 1}"><span class="sr">Now, ${time.format(now)}</span></span>`;
    return html`<div class="tcol${d.equals(nowDate) ? ' today' : ''}" role="group" aria-labelledby="day-${d.toString()}">${parts}${events}${nowLine}</div>`;
  });
  return html`<div class="tgrid" role="region" aria-label="${dates.length > 1 ? 'Week' : 'Day'} grid, ${zone}" tabindex="0">
<div class="tband thead ${n}"><span></span>${heads}</div>
<div class="tband talld ${n}"><span class="tlabel">All day</span>${allDays}</div>
<div class="tband tbody ${n}"><div class="taxis" aria-hidden="true">${axis}<span class="r-${rows} s-1"></span></div>${columns}</div></div>`;
}

export async function weekPage(ctx: ConsoleContext) {
  const zone = ctx.owner.timezone;
  const date = chosenDate(ctx);
  const monday = date.subtract({ days: date.dayOfWeek - 1 });
  const days = [0, 1, 2, 3, 4, 5, 6].map((i) => monday.add({ days: i }));
  const items = await shownItems(ctx, midnight(monday, zone), midnight(monday.add({ days: 7 }), zone), true);
  const range = dateFormat(ctx.owner.locale, { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }).formatRange(utcDay(monday), utcDay(days[6]!));
  return ctx.render(
    'Calendar',
    'calendar',
    html`${calendarNav(ctx, 'week', date, date.subtract({ days: 7 }), date.add({ days: 7 }), 'week')}
<h2>Week of ${range} <span class="muted">(${zone})</span></h2>
${timeGrid(ctx, days, items, date)}`,
  );
}

export async function dayPage(ctx: ConsoleContext) {
  const zone = ctx.owner.timezone;
  const date = chosenDate(ctx);
  const items = await shownItems(ctx, midnight(date, zone), midnight(date.add({ days: 1 }), zone), true);
  const title = dateFormat(ctx.owner.locale, { timeZone: 'UTC', dateStyle: 'full' }).format(utcDay(date));
  return ctx.render(
    'Calendar',
    'calendar',
    html`${calendarNav(ctx, 'day', date, date.subtract({ days: 1 }), date.add({ days: 1 }), 'day')}
<h2>${title} <span class="muted">(${zone})</span></h2>
${timeGrid(ctx, [date], items, date)}`,
  );
}

/** The weeks (Monday to Sunday) covering the month of `date`. */
export function monthWeeks(date: Temporal.PlainDate): Temporal.PlainDate[][] {
  const first = date.with({ day: 1 });
  const start = first.subtract({ days: first.dayOfWeek - 1 });
  const last = first.add({ months: 1 }).subtract({ days: 1 });
  const weeks: Temporal.PlainDate[][] = [];
  for (let monday = start; Temporal.PlainDate.compare(monday, last) <= 0; monday = monday.add({ days: 7 })) {
    weeks.push([0, 1, 2, 3, 4, 5, 6].map((i) => monday.add({ days: i })));
  }
  return weeks;
}

/** How many items a month's day lists before "+N more". */
const MONTH_ITEMS = 3;

export async function monthPage(ctx: ConsoleContext) {
  const zone = ctx.owner.timezone;
  const date = chosenDate(ctx);
  const weeks = monthWeeks(date);
  const first = weeks[0]![0]!;
  const after = weeks[weeks.length - 1]![6]!.add({ days: 1 });
  const items = await shownItems(ctx, midnight(first, zone), midnight(after, zone), true);
  const now = today(ctx);
  const long = dateFormat(ctx.owner.locale, { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' });
  const weekday = dateFormat(ctx.owner.locale, { timeZone: 'UTC', weekday: 'short' });
  const weekdayLong = dateFormat(ctx.owner.locale, { timeZone: 'UTC', weekday: 'long' });
  const time = dateFormat(ctx.owner.locale, { timeZone: zone, hour: 'numeric', minute: '2-digit' });
  const title = dateFormat(ctx.owner.locale, { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(utcDay(date));
  const body = weeks.map((week) => html`<tr>${week.map((d) => {
    const mine = items.filter((v) => onDay(v, d, zone)).sort(dayOrder);
    const cls = [d.month !== date.month ? 'other' : '', d.equals(now) ? 'today' : '', d.equals(date) ? 'chosen' : ''].filter(Boolean).join(' ');
    const shown = mine.slice(0, MONTH_ITEMS).map((v) => {
      const at = v.allDay || dateIn(v.start, zone).toString() !== d.toString() ? '' : html`<span class="mt">${time.format(v.start)}</span> `;
      return html`<li class="${v.status}"><a href="${v.href}">${at}${v.title}<span class="sr">, ${long.format(utcDay(d))}${at ? '' : ', all day'}${STATUS_TEXT[v.status]}</span></a></li>`;
    });
    const more = mine.length > MONTH_ITEMS ? html`<a class="more" href="${viewHref('day', d)}">+${mine.length - MONTH_ITEMS} more<span class="sr"> on ${long.format(utcDay(d))}</span></a>` : '';
    return html`<td${cls ? html` class="${cls}"` : ''}><a class="dnum" href="${viewHref('day', d)}" aria-label="${long.format(utcDay(d))}${d.equals(now) ? ' (today)' : ''}${mine.length ? `, ${mine.length} ${mine.length === 1 ? 'item' : 'items'}` : ''}">${d.day}</a>${shown.length ? html`<ul>${shown}</ul>` : ''}${more}</td>`;
  })}</tr>`);
  return ctx.render(
    'Calendar',
    'calendar',
    html`${calendarNav(ctx, 'month', date, date.subtract({ months: 1 }), date.add({ months: 1 }), 'month')}
<h2 id="month-h">${title} <span class="muted">(${zone})</span></h2>
<table class="month" aria-labelledby="month-h"><thead><tr>${weeks[0]!.map((d) => html`<th scope="col"><abbr title="${weekdayLong.format(utcDay(d))}">${weekday.format(utcDay(d))}</abbr></th>`)}</tr></thead>
<tbody>${body}</tbody></table>`,
  );
}

export async function agendaPage(ctx: ConsoleContext) {
  const zone = ctx.owner.timezone;
  const first = today(ctx);
  const days = Array.from({ length: 30 }, (_, i) => first.add({ days: i }));
  const items = await shownItems(ctx, midnight(first, zone), midnight(first.add({ days: 30 }), zone), false);
  const head = dateFormat(ctx.owner.locale, { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' });
  const groups = days.flatMap((d) => {
    const mine = items.filter((v) => onDay(v, d, zone)).sort(dayOrder);
    if (mine.length === 0) return [];
    return [html`<tbody><tr><th colspan="3" scope="colgroup"><a href="${weekHref(d)}">${head.format(utcDay(d))}</a></th></tr>
${mine.map((v) => html`<tr${v.status === 'cancelled' ? html` class="cancelled"` : ''}><td>${whenOnDay(ctx, v, d)}</td><td><a href="${v.href}">${v.title}</a>${v.status === 'cancelled' ? html` <span class="muted">(cancelled)</span>` : ''}${v.location ? html`<br><span class="muted">${v.location}</span>` : ''}</td><td>${v.calendar}</td></tr>`)}</tbody>`];
  });
  return ctx.render(
    'Calendar',
    'calendar',
    html`${calendarNav(ctx, 'agenda', first, null, null, '')}
<h2>The next 30 days <span class="muted">(${zone})</span></h2>
${groups.length ? html`<table class="agenda"><thead><tr><th scope="col">When</th><th scope="col">Event</th><th scope="col">Calendar</th></tr></thead>${groups}</table>` : html`<p class="card">Nothing in the next 30 days. <a href="/app/calendar/new">Add an event</a>.</p>`}`,
  );
}

/** The page of `?view=` (the week when none or another). */
export function viewPage(ctx: ConsoleContext) {
  switch (ctx.query.view) {
    case 'day':
      return dayPage(ctx);
    case 'month':
      return monthPage(ctx);
    case 'agenda':
      return agendaPage(ctx);
    default:
      return weekPage(ctx);
  }
}
