import { findEventView, type EventView, type StoredOverride } from '../domain/calendar-view.js';
import type { Clock } from '../domain/clock.js';
import { asUuid, newId } from '../domain/ids.js';
import { expandSeries, occurrenceStartOf } from '../domain/recurrence.js';
import type { Db } from '../store/db.js';
import {
  calendarsOf, dropLiveOverrides, insertEvent, liveEvent, overridesOf, putOverride, updateEventRow, type EventRowWithSlug, type OverrideValues,
} from '../store/repos/event-changes.js';
import { eventWithOverrides } from '../store/repos/events.js';
import { calendarViews } from './calendar-window.js';
import { recordEvent } from '../store/repos/outbox.js';
import {
  fields, invalid, readRule, resolveTimes, ruleKey, ruleOf, seriesInput, seriesUntil, shiftedSeries, showAs, text, timeColumns, title, zoneOf,
  type EventInput, type EventTimes, type EventUpdate, type OccurrenceChange, type Repeat,
} from './event-input.js';
import { ServiceError } from '../domain/service-error.js';

export { REPEATS, type EventInput, type EventTimes, type EventUpdate, type OccurrenceChange, type Repeat } from './event-input.js';

/**
 * The owner's own changes to calendar events (console and CLI alike). Each change runs in one
 * transaction with its webhook event: `event.created` / `event.updated` / `event.deleted` with the
 * event's (or the whole series') uuid; a change of one occurrence is an `event.updated` of its series.
 * One occurrence is changed through an override keyed by its original start ('YYYY-MM-DDThh:mm:ssZ',
 * as recurrence.ts formats it), never by editing the series.
 */
export interface CalendarEnv {
  db: Db;
  clock: Clock;
}

export interface OwnerRef {
  id: string;
  /** Default zone of new events. */
  timezone: string;
}

export interface Changed {
  /** The event or series changed. */
  id: string;
  /** False when it already was so: nothing was written and no webhook event recorded. */
  changed: boolean;
}

const missing = (id: string) => new ServiceError('not_found', `No event ${id}.`);

// ---------------------------------------------------------------------------------------------
// Reading the owner's calendar (pages)

/** What overlaps [from, to): events and occurrences, cancelled ones included, in (start, id) order. */
export async function calendarItems(env: CalendarEnv, ownerId: string, from: Date, to: Date): Promise<EventView[]> {
  return calendarViews(env.db, ownerId, from, to);
}

export interface EventDetails {
  view: EventView;
  row: EventRowWithSlug;
  /** The rule as the form offers it; `custom` for a rule it cannot express (kept as is). */
  repeat: Repeat | 'custom';
  until: string | null;
  /** The occurrence as the rule places it, for an occurrence id. */
  occurrence: { originalStart: string; moved: boolean } | null;
}

/** One event, series or occurrence (`<series id>@<original start>`) of the owner, with what the page shows. */
export async function eventDetails(env: CalendarEnv, ownerId: string, id: string): Promise<EventDetails | null> {
  const seriesId = seriesIdOf(id);
  if (!seriesId) return null;
  const [found, row] = await Promise.all([eventWithOverrides(env.db, ownerId, seriesId), liveEvent(env.db, ownerId, seriesId)]);
  const view = found && row ? findEventView(found.event, found.overrides, canonicalId(id, seriesId)) : null;
  if (!view || !row) return null;
  const originalStart = view.occurrenceOf ? occurrenceStartOf(seriesId, view.id) : null;
  const override = originalStart ? found!.overrides.find((o) => o.originalStart === originalStart) : undefined;
  return {
    view,
    row,
    ...readRule(row.rrule, row.timezone),
    occurrence: originalStart ? { originalStart, moved: Boolean(override && (override.start || override.end)) } : null,
  };
}

export async function ownerCalendars(env: CalendarEnv, ownerId: string): Promise<{ slug: string; name: string }[]> {
  return (await calendarsOf(env.db, ownerId)).map((c) => ({ slug: c.slug, name: c.name }));
}

/** The series (or event) uuid of an event or occurrence id; null when it is neither. */
export function seriesIdOf(id: string): string | null {
  const at = id.indexOf('@');
  return asUuid(at === -1 ? id : id.slice(0, at));
}

/** The id with its uuid part in lowercase, as the API writes it ('T' and 'Z' of the instant stay). */
function canonicalId(id: string, seriesId: string): string {
  const at = id.indexOf('@');
  return at === -1 ? seriesId : `${seriesId}${id.slice(at)}`;
}

async function calendarId(db: Db, ownerId: string, slug: string): Promise<string> {
  const found = (await calendarsOf(db, ownerId)).find((c) => c.slug === slug);
  if (!found) throw invalid('calendar', `Calendar: you have no calendar "${slug}".`);
  return found.id;
}

async function changeable(trx: Db, ownerId: string, id: string): Promise<EventRowWithSlug> {
  const row = await liveEvent(trx, ownerId, id, true);
  if (!row) throw missing(id);
  if (row.is_appointment) throw new ServiceError('conflict', 'This is an accepted appointment: change or cancel it from its request in the Inbox.');
  return row;
}

const changeEvent = (ownerId: string, type: 'event.created' | 'event.updated' | 'event.deleted', id: string, now: Date) =>
  ({ ownerId, type, data: { object: 'event' as const, id }, test: false, occurredAt: now });

// ---------------------------------------------------------------------------------------------
// Whole events and series

/** A new event, or a repeating series when `repeat` is not `none` (`event.created`). */
export async function createEvent(env: CalendarEnv, owner: OwnerRef, input: EventInput): Promise<{ id: string; start: Date }> {
  const zone = zoneOf(input.timezone, owner.timezone);
  const f = fields(input, zone);
  const rrule = ruleOf(input.repeat ?? 'none', input.until ?? null, f.times.allDay, zone, f.times.startLocal.toPlainDate());
  const now = env.clock.now();
  const id = newId();
  const columns = timeColumns(f.times);
  await env.db.transaction().execute(async (trx) => {
    const calendar_id = await calendarId(trx, owner.id, input.calendar);
    await insertEvent(trx, {
      id, owner_id: owner.id, calendar_id, title: f.title, ...columns, timezone: zone, show_as: f.show_as, status: 'confirmed',
      location: f.location, url: f.url, notes: f.notes, participants: JSON.stringify([]), rrule, exdates: [],
      series_until: rrule === null ? f.times.end : seriesUntil(seriesInput({ id, ...columns, timezone: zone, exdates: [] }, rrule), []),
      is_appointment: false, request_id: null, created_at: now, updated_at: now, deleted_at: null,
    });
    await recordEvent(trx, changeEvent(owner.id, 'event.created', id, now));
  });
  return { id, start: f.times.start };
}

/**
 * Changes an event, or a whole series (`event.updated` of its uuid). `id` may name one occurrence of
 * the series: the input's times are then that occurrence's new times, applied to every occurrence
 * (see shiftedSeries). When the series' occurrences move (its start, zone, all-day or rule changes),
 * changes made to single occurrences are dropped: they belong to starts the series no longer has.
 */
export async function updateEvent(env: CalendarEnv, owner: OwnerRef, id: string, input: EventUpdate): Promise<{ id: string; start: Date }> {
  const seriesId = seriesIdOf(id);
  if (!seriesId) throw missing(id);
  const now = env.clock.now();
  return env.db.transaction().execute(async (trx) => {
    const row = await changeable(trx, owner.id, seriesId);
    const zone = zoneOf(input.timezone, row.timezone);
    const f = fields(input, zone);
    let times = f.times;
    const occurrenceId = canonicalId(id, seriesId);
    if (occurrenceId !== seriesId) {
      const found = await eventWithOverrides(trx, owner.id, seriesId);
      const view = found && findEventView(found.event, found.overrides, occurrenceId);
      if (!view || view.occurrenceOf === null) throw missing(id);
      times = shiftedSeries(row, view, f.times, zone);
    }
    const repeat = input.repeat ?? 'unchanged';
    const rrule = repeat === 'unchanged' ? row.rrule : ruleOf(repeat, input.until ?? null, times.allDay, zone, times.startLocal.toPlainDate());
    const columns = timeColumns(times);
    const keysMove = row.start_at.getTime() !== times.start.getTime() || row.timezone !== zone || row.all_day !== times.allDay || ruleKey(row.rrule) !== ruleKey(rrule);
    if (row.rrule !== null && keysMove) await dropLiveOverrides(trx, owner.id, seriesId);
    const exdates = keysMove ? [] : row.exdates;
    const kept = rrule === null || keysMove ? [] : await overridesOf(trx, owner.id, seriesId);
    await updateEventRow(trx, owner.id, seriesId, {
      calendar_id: await calendarId(trx, owner.id, input.calendar), title: f.title, ...columns, timezone: zone, show_as: f.show_as,
      location: f.location, url: f.url, notes: f.notes, rrule, exdates,
      series_until: rrule === null ? times.end : seriesUntil(seriesInput({ id: seriesId, ...columns, timezone: zone, exdates }, rrule), kept),
      updated_at: now,
    });
    await recordEvent(trx, changeEvent(owner.id, 'event.updated', seriesId, now));
    return { id: seriesId, start: f.times.start };
  });
}

async function setStatus(env: CalendarEnv, owner: OwnerRef, id: string, status: 'confirmed' | 'cancelled'): Promise<Changed> {
  const now = env.clock.now();
  return env.db.transaction().execute(async (trx) => {
    const row = await changeable(trx, owner.id, id);
    if (row.status === status) return { id: row.id, changed: false };
    await updateEventRow(trx, owner.id, row.id, { status, updated_at: now });
    await recordEvent(trx, changeEvent(owner.id, 'event.updated', row.id, now));
    return { id: row.id, changed: true };
  });
}

/** Cancels an event or a whole series: it stays listed with `status: cancelled` (docs/spec-decisions.md §6). */
export const cancelEvent = (env: CalendarEnv, owner: OwnerRef, id: string) => setStatus(env, owner, id, 'cancelled');
export const restoreEvent = (env: CalendarEnv, owner: OwnerRef, id: string) => setStatus(env, owner, id, 'confirmed');

/** Deletes an event or a whole series (`event.deleted`); readers get a deleted marker for 30 days. */
export async function deleteEvent(env: CalendarEnv, owner: OwnerRef, id: string): Promise<Changed> {
  const now = env.clock.now();
  return env.db.transaction().execute(async (trx) => {
    const row = await changeable(trx, owner.id, id);
    await updateEventRow(trx, owner.id, row.id, { deleted_at: now, updated_at: now });
    await recordEvent(trx, changeEvent(owner.id, 'event.deleted', row.id, now));
    return { id: row.id, changed: true };
  });
}

// ---------------------------------------------------------------------------------------------
// One occurrence of a series

interface OccurrenceState {
  row: EventRowWithSlug;
  originalStart: string;
  /** Times as the rule places the occurrence. */
  unmoved: { start: Date; end: Date };
  override: StoredOverride | undefined;
}

async function occurrenceState(trx: Db, ownerId: string, occurrenceId: string): Promise<OccurrenceState> {
  const seriesId = seriesIdOf(occurrenceId);
  if (!seriesId) throw missing(occurrenceId);
  const row = await changeable(trx, ownerId, seriesId);
  const originalStart = occurrenceStartOf(seriesId, canonicalId(occurrenceId, seriesId));
  const found = await eventWithOverrides(trx, ownerId, seriesId);
  if (row.rrule === null || originalStart === null || !found) throw missing(occurrenceId);
  const override = found.overrides.find((o) => o.originalStart === originalStart);
  if (!findEventView(found.event, found.overrides, `${seriesId}@${originalStart}`)) throw missing(occurrenceId);
  const at = new Date(originalStart);
  const unmoved = expandSeries(seriesInput(row, row.rrule), [], { from: at, to: new Date(at.getTime() + 1000) }).find((o) => o.originalStart === originalStart);
  if (!unmoved) throw missing(occurrenceId);
  return { row, originalStart, unmoved, override };
}

type OverrideState = Required<Pick<OverrideValues, 'start_at' | 'end_at' | 'title' | 'location' | 'show_as' | 'cancelled'>>;

function currentOverride(o: StoredOverride | undefined): OverrideState {
  return { start_at: o?.start ?? null, end_at: o?.end ?? null, title: o?.title ?? null, location: o?.location ?? null, show_as: o?.showAs ?? null, cancelled: o?.cancelled ?? false };
}

const sameOverride = (a: OverrideState, b: OverrideState) =>
  a.start_at?.getTime() === b.start_at?.getTime() && a.end_at?.getTime() === b.end_at?.getTime() && a.title === b.title
  && a.location === b.location && a.show_as === b.show_as && a.cancelled === b.cancelled;

/** Writes one occurrence's override (`event.updated` of the series) unless it stays as it was. */
async function writeOverride(trx: Db, ownerId: string, s: OccurrenceState, next: OverrideState, now: Date): Promise<Changed> {
  if (s.override && sameOverride(currentOverride(s.override), next)) return { id: s.row.id, changed: false };
  await putOverride(trx, ownerId, s.row.id, s.originalStart, { ...next, updated_at: now, deleted_at: null });
  // A move past the series' last end widens it, so window queries still find the series.
  if (s.row.series_until !== null && next.end_at !== null && next.end_at > s.row.series_until) {
    await updateEventRow(trx, ownerId, s.row.id, { series_until: next.end_at });
  }
  await recordEvent(trx, changeEvent(ownerId, 'event.updated', s.row.id, now));
  return { id: s.row.id, changed: true };
}

/**
 * Changes one occurrence of a series: its title, times (in the series' zone; an all-day series takes
 * dates), location or busy/free. A value equal to the series' own (or the rule's times) is stored as
 * "inherit", so later changes of the whole series reach it.
 */
export async function editOccurrence(env: CalendarEnv, owner: OwnerRef, occurrenceId: string, change: OccurrenceChange): Promise<Changed & { start: Date }> {
  const now = env.clock.now();
  return env.db.transaction().execute(async (trx) => {
    const s = await occurrenceState(trx, owner.id, occurrenceId);
    const next = currentOverride(s.override);
    let start = next.start_at ?? s.unmoved.start;
    if (change.title !== undefined) {
      const t = title(change.title);
      next.title = t === s.row.title ? null : t;
    }
    if (change.location !== undefined) {
      const l = text(change.location, 'location', 'Location');
      next.location = l === s.row.location ? null : l;
    }
    if (change.showAs !== undefined) {
      const v = showAs(change.showAs);
      next.show_as = v === s.row.show_as ? null : v;
    }
    if (change.times !== undefined) {
      if (change.times.allDay !== s.row.all_day) {
        throw invalid('allDay', 'All day: one occurrence cannot change between all-day and timed; change the whole series instead.');
      }
      const t = resolveTimes(change.times, s.row.timezone);
      const moved = t.start.getTime() !== s.unmoved.start.getTime() || t.end.getTime() !== s.unmoved.end.getTime();
      next.start_at = moved ? t.start : null;
      next.end_at = moved ? t.end : null;
      start = t.start;
    }
    return { ...(await writeOverride(trx, owner.id, s, next, now)), start };
  });
}

async function setOccurrenceCancelled(env: CalendarEnv, owner: OwnerRef, occurrenceId: string, cancelled: boolean): Promise<Changed> {
  const now = env.clock.now();
  return env.db.transaction().execute(async (trx) => {
    const s = await occurrenceState(trx, owner.id, occurrenceId);
    const current = currentOverride(s.override);
    if (current.cancelled === cancelled) return { id: s.row.id, changed: false };
    return writeOverride(trx, owner.id, s, { ...current, cancelled }, now);
  });
}

/** Cancels one occurrence: it stays listed with `status: cancelled`. */
export const cancelOccurrence = (env: CalendarEnv, owner: OwnerRef, occurrenceId: string) => setOccurrenceCancelled(env, owner, occurrenceId, true);
export const restoreOccurrence = (env: CalendarEnv, owner: OwnerRef, occurrenceId: string) => setOccurrenceCancelled(env, owner, occurrenceId, false);

/** Deletes one occurrence: it disappears and readers get a deleted marker with its occurrence id. */
export async function deleteOccurrence(env: CalendarEnv, owner: OwnerRef, occurrenceId: string): Promise<Changed> {
  const now = env.clock.now();
  return env.db.transaction().execute(async (trx) => {
    const s = await occurrenceState(trx, owner.id, occurrenceId);
    await putOverride(trx, owner.id, s.row.id, s.originalStart, { ...currentOverride(s.override), updated_at: now, deleted_at: now });
    await recordEvent(trx, changeEvent(owner.id, 'event.updated', s.row.id, now));
    return { id: s.row.id, changed: true };
  });
}
