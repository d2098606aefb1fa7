import type { Clock } from '../domain/clock.js';
import { initialHorizon } from '../domain/calendar-horizon.js';
import { newId } from '../domain/ids.js';
import { recordEvents, type NewWebhookEvent } from '../store/repos/outbox.js';
import { ICalendarError } from '../ical/errors.js';
import type { ImportEvent } from '../ical/import-read.js';
import type { IcalWorkers } from '../ical/workers.js';
import type { Db } from '../store/db.js';
import { calendarsOf, writeEvents, type EventChange, type NewEventRow, type NewOverrideRow } from '../store/repos/event-changes.js';
import { eventTimeColumns, importedEventsOf, type EventTimeColumns } from '../store/repos/events.js';
import { findOwner } from '../store/repos/owners.js';
import { ServiceError } from '../domain/service-error.js';

/**
 * `calendar import`: the events of an iCalendar file into one of the owner's calendars, in one
 * transaction. Events are matched on their UID within that calendar (events.ical_uid), so importing
 * the same file again changes nothing and importing a newer export updates what changed. Events of
 * the calendar that the file does not mention are left alone: an import adds and updates, it never
 * deletes.
 */
export interface ImportSummary {
  /** Events (single or series) added to the calendar. */
  created: number;
  /** Events already imported that the file changed. */
  updated: number;
  /** Events already imported that the file leaves as they are. */
  unchanged: number;
  /** Events already imported that the file now marks cancelled (STATUS:CANCELLED). */
  cancelled: number;
  /** Events of the file not imported: unreadable ones (see warnings), and cancelled ones never imported before. */
  skipped: number;
  warnings: string[];
}

/** What an imported event sets on its row; compared with the stored row to tell unchanged from updated. */
interface EventFields extends EventTimeColumns {
  title: string;
  show_as: 'busy' | 'free';
  status: 'confirmed' | 'cancelled';
  location: string | null;
  url: string | null;
  notes: string | null;
  rrule: string | null;
  exdates: string[];
  rdates: string[];
  series_until: Date | null;
}

/** An override row's content; null fields inherit from the series (as calendar-view reads them). */
interface OverrideFields {
  original_start: string;
  start_at: Date | null;
  end_at: Date | null;
  title: string | null;
  location: string | null;
  show_as: 'busy' | 'free' | null;
  cancelled: boolean;
  all_day: boolean | null;
  start_date: string | null;
  end_date: string | null;
  this_and_future: boolean;
}

/** Overrides as stored: times, title, location and showAs only where they differ; no-op instances dropped. */
function overrideFields(e: ImportEvent): OverrideFields[] {
  const out: OverrideFields[] = [];
  for (const o of e.overrides) {
    const row: OverrideFields = {
      original_start: o.originalStart,
      start_at: o.moved ? o.start : null,
      end_at: o.moved ? o.end : null,
      title: o.title === e.title ? null : o.title,
      location: o.location === e.location ? null : o.location,
      show_as: o.showAs === e.showAs ? null : o.showAs,
      cancelled: o.cancelled,
      all_day: o.allDay,
      start_date: o.startDate,
      end_date: o.endDate,
      this_and_future: o.thisAndFuture,
    };
    if (o.moved || row.title !== null || row.location !== null || row.show_as !== null || row.cancelled || row.all_day !== null || row.this_and_future) out.push(row);
  }
  return out;
}

function eventFields(e: ImportEvent, overrides: OverrideFields[]): EventFields {
  let until = e.seriesUntil;
  // A moved occurrence can end after the rule's last one.
  for (const o of overrides) if (until !== null && o.end_at !== null && !o.cancelled && o.end_at > until) until = o.end_at;
  return {
    title: e.title, ...eventTimeColumns(e), show_as: e.showAs, status: e.cancelled ? 'cancelled' : 'confirmed', location: e.location, url: e.url,
    notes: e.description, rrule: e.rrule, exdates: e.exdates, rdates: e.rdates, series_until: until,
  };
}

const ms = (d: Date | null) => (d === null ? null : d.getTime());

function sameEvent(a: EventFields, b: EventFields): boolean {
  return a.title === b.title && ms(a.start_at) === ms(b.start_at) && ms(a.end_at) === ms(b.end_at) && a.all_day === b.all_day
    && a.start_date === b.start_date && a.end_date === b.end_date && a.timezone === b.timezone && a.show_as === b.show_as
    && a.status === b.status && a.location === b.location && a.url === b.url && a.notes === b.notes && a.rrule === b.rrule
    && a.exdates.join(',') === b.exdates.join(',') && a.rdates.join(',') === b.rdates.join(',') && ms(a.series_until) === ms(b.series_until);
}

function sameOverride(a: OverrideFields, b: OverrideFields): boolean {
  return ms(a.start_at) === ms(b.start_at) && ms(a.end_at) === ms(b.end_at) && a.title === b.title && a.location === b.location
    && a.show_as === b.show_as && a.cancelled === b.cancelled && a.all_day === b.all_day && a.start_date === b.start_date
    && a.end_date === b.end_date && a.this_and_future === b.this_and_future;
}

async function calendarOf(db: Db, ownerId: string, slug: string): Promise<string> {
  const calendars = await calendarsOf(db, ownerId);
  const found = calendars.find((c) => c.slug === slug);
  if (!found) {
    const names = calendars.map((c) => c.slug).join(', ') || 'none';
    throw new ServiceError('not_found', `no calendar "${slug}" of this owner (its calendars: ${names})`);
  }
  return found.id;
}

export interface ImportDeps {
  db: Db;
  clock: Clock;
  /** Where the file is read: worker threads, off the request path. */
  ical: Pick<IcalWorkers, 'forImport'>;
}

/**
 * Throws ServiceError `invalid` when the text is not iCalendar or is over a limit of ICAL_LIMITS
 * (ical/limits.ts), naming it; nothing is imported then.
 */
export async function importICalendar(deps: ImportDeps, input: { ownerId: string; calendarSlug: string; text: string }): Promise<ImportSummary> {
  const { db, clock } = deps;
  const owner = await findOwner(db, input.ownerId);
  if (!owner) throw new ServiceError('not_found', 'no such owner');
  const calendarId = await calendarOf(db, input.ownerId, input.calendarSlug);

  let parsed;
  try {
    // Floating times and all-day dates of a file without X-WR-TIMEZONE are the owner's; occurrences
    // are counted over the rows the import writes: the materialised horizon of an owner made now.
    const horizon = initialHorizon(clock.now());
    parsed = await deps.ical.forImport(input.text, { defaultTimezone: owner.timezone, window: { from: horizon.from, to: horizon.until } });
  } catch (e) {
    if (e instanceof ICalendarError) throw new ServiceError('invalid', e.message);
    throw e;
  }
  const seen = new Set<string>();
  const wanted = parsed.events.flatMap((e) => {
    // parseICalendar gives one event per UID; an instance imported on its own ('<UID>@<start>') could still collide.
    if (seen.has(e.uid)) {
      parsed.warnings.push(`UID ${e.uid} appears twice; the second is skipped`);
      parsed.skipped += 1;
      return [];
    }
    seen.add(e.uid);
    const overrides = e.rrule === null ? [] : overrideFields(e);
    return [{ uid: e.uid, fields: eventFields(e, overrides), overrides }];
  });

  const summary: ImportSummary = { created: 0, updated: 0, unchanged: 0, cancelled: 0, skipped: parsed.skipped, warnings: parsed.warnings };
  const now = clock.now();

  await db.transaction().execute(async (trx) => {
    // Only this calendar's imported events, of this owner, are ever read or written.
    const { events: stored, overrides: storedOverrides } = await importedEventsOf(trx, input.ownerId, calendarId);
    const byUid = new Map(stored.map((r) => [r.ical_uid!, r]));
    const overridesOf = new Map<string, typeof storedOverrides>();
    for (const o of storedOverrides) overridesOf.set(o.event_id, [...(overridesOf.get(o.event_id) ?? []), o]);

    const newEvents: NewEventRow[] = [];
    const newOverrides: NewOverrideRow[] = [];
    // Every change made here is an owner-side change: it records its webhook event (event.updated also for a cancellation).
    const changes: EventChange[] = [];
    for (const w of wanted) {
      const row = byUid.get(w.uid);
      if (!row) {
        // Nothing to cancel: a cancelled event the calendar never had is not added.
        if (w.fields.status === 'cancelled') {
          summary.skipped += 1;
          continue;
        }
        const id = newId();
        newEvents.push({ id, owner_id: input.ownerId, calendar_id: calendarId, ical_uid: w.uid, ...w.fields, created_at: now, updated_at: now, deleted_at: null });
        for (const o of w.overrides) newOverrides.push({ event_id: id, owner_id: input.ownerId, ...o, updated_at: now, deleted_at: null });
        summary.created += 1;
        continue;
      }

      const before = new Map((overridesOf.get(row.id) ?? []).map((o) => [o.original_start, o]));
      const changedOverrides = w.overrides.filter((o) => {
        const old = before.get(o.original_start);
        return !old || old.deleted_at !== null || !sameOverride(old, o);
      });
      const goneOverrides = [...before.keys()].filter((k) => !w.overrides.some((o) => o.original_start === k));
      if (row.deleted_at === null && sameEvent(row, w.fields) && changedOverrides.length === 0 && goneOverrides.length === 0) {
        summary.unchanged += 1;
        continue;
      }
      changes.push({
        id: row.id,
        // Any change moves the series' updated_at, so every occurrence shows as changed to updatedSince readers.
        set: { ...w.fields, updated_at: now, deleted_at: null },
        // The file no longer changes these occurrences: they follow the rule again.
        dropOverrides: goneOverrides,
        putOverrides: changedOverrides.map(({ original_start, ...o }) => ({ originalStart: original_start, values: { ...o, updated_at: now, deleted_at: null } })),
      });
      if (w.fields.status === 'cancelled' && row.status !== 'cancelled') summary.cancelled += 1;
      else summary.updated += 1;
    }
    await writeEvents(trx, input.ownerId, { change: changes, insert: newEvents, insertOverrides: newOverrides });
    const event = (type: 'event.created' | 'event.updated', id: string): NewWebhookEvent => ({ ownerId: input.ownerId, type, data: { object: 'event', id }, test: false, occurredAt: now });
    await recordEvents(trx, [...newEvents.map((e) => event('event.created', e.id)), ...changes.map((c) => event('event.updated', c.id))]);
  });
  return summary;
}
