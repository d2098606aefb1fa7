import { sql, type Insertable, type RawBuilder, type Selectable } from 'kysely';
import { eventRows, type CalendarRow } from '../../domain/calendar-rows.js';
import type { EventView, StoredOverride, WindowItem } from '../../domain/calendar-view.js';
import { initialHorizon } from '../../domain/calendar-horizon.js';
import type { Db } from '../db.js';
import type { Database, EventOccurrencesTable } from '../schema.js';
import { EVENT_COLUMNS, toStoredEvent, toStoredOverride, withSlug } from './events.js';

/**
 * The materialised calendar (migration 0008): one row per single event and per occurrence of a
 * series over the owner's horizon, rewritten in the transaction of every change of an event or its
 * overrides (syncOccurrences), read a page at a time in (start, id) order with one statement.
 */

const DAY_MS = 86_400_000;
/**
 * Longest row of each span (0-3); span 4 is longer. Rows of a span are sought from `from` less its
 * length on: meetings (most rows) from an hour before the window, all-day events from 26 hours.
 */
const SPAN_MS = [3_600_000, 4 * 3_600_000, 26 * 3_600_000, 8 * DAY_MS];

function spanOf(lengthMs: number): number {
  const span = SPAN_MS.findIndex((max) => lengthMs <= max);
  return span === -1 ? SPAN_MS.length : span;
}
const INSERT_BATCH = 500;

export interface HorizonRow {
  from: Date;
  until: Date;
  readyUntil: Date | null;
}

export async function horizonOf(db: Db, ownerId: string, lock: 'share' | 'update' | null = null): Promise<HorizonRow | null> {
  let q = db.selectFrom('event_horizons').select(['from_at', 'until_at', 'ready_until']).where('owner_id', '=', ownerId);
  if (lock === 'share') q = q.forShare();
  if (lock === 'update') q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row ? { from: row.from_at, until: row.until_at, readyUntil: row.ready_until } : null;
}

/** The horizon of an owner who has no events yet: complete from the start. */
export async function createHorizon(trx: Db, ownerId: string, now: Date): Promise<void> {
  const h = initialHorizon(now);
  await trx.insertInto('event_horizons')
    .values({ owner_id: ownerId, from_at: h.from, until_at: h.until, ready_until: h.until, updated_at: now })
    .onConflict((oc) => oc.column('owner_id').doNothing())
    .execute();
}

/** Starts a build or an extension: writers materialise up to `until` from now on; readers keep `ready_until`. */
export async function beginHorizon(trx: Db, ownerId: string, h: { from: Date; until: Date }, now: Date): Promise<void> {
  await trx.insertInto('event_horizons')
    .values({ owner_id: ownerId, from_at: h.from, until_at: h.until, ready_until: null, updated_at: now })
    .onConflict((oc) => oc.column('owner_id').doUpdateSet({ until_at: h.until, updated_at: now }))
    .execute();
}

/** Ends a build or extension: every series now covers until_at (or less, where a dense one capped it). */
export async function finishHorizon(trx: Db, ownerId: string, now: Date): Promise<void> {
  await trx.updateTable('event_horizons').set({ ready_until: sql`until_at`, updated_at: now }).where('owner_id', '=', ownerId).execute();
}

/** Ids of the owner's events after `afterId` in id order (a build or extension walks them in batches). */
export async function eventIdsAfter(db: Db, ownerId: string, afterId: string | null, onlySeries: boolean, limit: number): Promise<string[]> {
  let q = db.selectFrom('events').select('id').where('owner_id', '=', ownerId).orderBy('id').limit(limit);
  if (afterId !== null) q = q.where('id', '>', afterId);
  if (onlySeries) q = q.where('rrule', 'is not', null);
  return (await q.execute()).map((r) => r.id);
}

function toInsert(ownerId: string, r: CalendarRow): Insertable<Database['event_occurrences']> {
  const v = r.view;
  return {
    event_id: r.eventId, id: r.id, owner_id: ownerId, start_at: r.start, end_at: r.end,
    span: spanOf(r.end.getTime() - r.start.getTime()), all_day: v.allDay, start_date: v.startDate, end_date: v.endDate,
    timezone: v.timezone, title: v.title, show_as: v.showAs, status: v.status, calendar: v.calendar, location: v.location,
    url: v.url, is_appointment: v.isAppointment, request_id: v.requestId, occurrence_of: v.occurrenceOf, updated_at: v.updatedAt,
    deleted_at: r.deletedAt, series_deleted_at: r.seriesDeletedAt,
  };
}

/**
 * Rewrites the rows of these events of the owner from what is stored now (call it in the change's
 * transaction, after the change). Nothing is written while the owner has no horizon yet: the build
 * job reads every event when it runs. Event rows are locked (share) so a build or extension running
 * alongside cannot write rows of an older state.
 */
export async function syncOccurrences(trx: Db, ownerId: string, eventIds: readonly string[]): Promise<void> {
  if (eventIds.length === 0) return;
  const horizon = await horizonOf(trx, ownerId, 'share');
  if (!horizon) return;
  const ids = [...new Set(eventIds)];
  for (let i = 0; i < ids.length; i += INSERT_BATCH) await syncBatch(trx, ownerId, ids.slice(i, i + INSERT_BATCH), horizon);
}

async function syncBatch(trx: Db, ownerId: string, ids: string[], horizon: HorizonRow): Promise<void> {
  const events = await withSlug(trx).select(EVENT_COLUMNS)
    .where('events.owner_id', '=', ownerId).where('events.id', 'in', ids).forShare('events').execute();
  const seriesIds = events.filter((e) => e.rrule !== null).map((e) => e.id);
  const overrides = seriesIds.length === 0 ? [] : await trx.selectFrom('event_overrides').selectAll()
    .where('owner_id', '=', ownerId).where('event_id', 'in', seriesIds).execute();
  const overridesOf = new Map<string, StoredOverride[]>();
  for (const o of overrides) {
    const list = overridesOf.get(o.event_id) ?? [];
    list.push(toStoredOverride(o));
    overridesOf.set(o.event_id, list);
  }
  await trx.deleteFrom('event_occurrences').where('owner_id', '=', ownerId).where('event_id', 'in', ids).execute();
  const range = { from: horizon.from, to: horizon.until };
  let coveredUntil = horizon.until;
  let batch: Insertable<Database['event_occurrences']>[] = [];
  for (const e of events) {
    const made = eventRows(toStoredEvent(e), overridesOf.get(e.id) ?? [], range);
    if (made.coveredUntil < coveredUntil) coveredUntil = made.coveredUntil;
    for (const r of made.rows) {
      batch.push(toInsert(ownerId, r));
      if (batch.length >= INSERT_BATCH) {
        await trx.insertInto('event_occurrences').values(batch).execute();
        batch = [];
      }
    }
  }
  if (batch.length > 0) await trx.insertInto('event_occurrences').values(batch).execute();
  if (coveredUntil < horizon.until) {
    // A series too dense to keep whole: the rows are complete only up to where it was cut.
    await trx.updateTable('event_horizons')
      .set({ until_at: sql`least(until_at, ${coveredUntil})`, ready_until: sql`least(ready_until, ${coveredUntil})` })
      .where('owner_id', '=', ownerId).execute();
  }
}

// ---------------------------------------------------------------------------------------------
// Reading

export interface PageQuery {
  from: Date;
  to: Date;
  updatedSince: Date | null;
  /** Deleted markers for deletions at or after this instant; null: none. */
  deletedSince: Date | null;
  /** Keyset: only items after this (start, id). */
  after: { at: Date; id: string } | null;
  /** Most items returned; null: all. */
  limit: number | null;
}

/** A row as json_agg writes it: instants as text with an offset (dates stay 'YYYY-MM-DD'). */
type JsonRow = Omit<Selectable<EventOccurrencesTable>, 'event_id' | 'owner_id' | 'span' | 'series_deleted_at' | 'start_at' | 'end_at' | 'updated_at' | 'deleted_at'>
  & { start_at: string; end_at: string; updated_at: string; deleted_at: string | null };

const ROW_COLUMNS = sql.raw(
  'id, start_at, end_at, all_day, start_date, end_date, timezone, title, show_as, status, calendar, location, url, is_appointment, request_id, occurrence_of, updated_at, deleted_at',
);

function toItem(r: JsonRow): WindowItem {
  const start = new Date(r.start_at);
  if (r.deleted_at !== null) return { kind: 'deleted', id: r.id, start, deletedAt: new Date(r.deleted_at) };
  const view: EventView = {
    id: r.id, title: r.title, start, end: new Date(r.end_at), allDay: r.all_day, startDate: r.start_date, endDate: r.end_date,
    timezone: r.timezone, showAs: r.show_as, status: r.status, calendar: r.calendar, location: r.location, url: r.url,
    isAppointment: r.is_appointment, requestId: r.request_id, occurrenceOf: r.occurrence_of, updatedAt: new Date(r.updated_at),
  };
  return { kind: 'event', id: r.id, start, view };
}

/**
 * One page of the window in (start, id) order: live events and occurrences, and with deletedSince
 * the deleted markers, exactly as calendarWindow would list them. One statement: per span, the rows
 * by the (owner, span, start, id) index from the span's length before the window; the longest by
 * their end; the markers of deleted series from the events table; each limited, merged and limited
 * again. The page comes back as one JSON text: PGlite converts a value at a time, and 18 columns
 * of 50 rows cost three times what one text does. Null when the window is not inside the owner's
 * ready horizon (the caller expands it instead).
 */
export async function calendarPageRows(db: Db, ownerId: string, q: PageQuery): Promise<WindowItem[] | null> {
  const limit = q.limit === null ? sql`ALL` : sql`${q.limit}`;
  const after = (start: RawBuilder<unknown>, id: RawBuilder<unknown>) =>
    q.after ? sql`AND ${start} >= ${q.after.at} AND (${start} > ${q.after.at} OR ${id} > ${q.after.id})` : sql``;
  const changed = (col: string) => (q.updatedSince ? sql`AND ${sql.ref(col)} >= ${q.updatedSince}` : sql``);
  const visible = q.deletedSince
    ? sql`AND ((deleted_at IS NULL ${changed('updated_at')}) OR (deleted_at >= ${q.deletedSince} ${changed('deleted_at')}))`
    : sql`AND deleted_at IS NULL ${changed('updated_at')}`;
  const overlaps = sql`start_at < ${q.to} AND (end_at > ${q.from} OR start_at >= ${q.from})`;
  const rowAfter = after(sql.ref('start_at'), sql.ref('id'));
  // One lateral scan per span (planned once, unlike a branch per span), each from its own lookback.
  const spans = sql.join(SPAN_MS.map((length, span) => sql`(${span}::smallint, ${new Date(q.from.getTime() - length)}::timestamptz)`));
  const branches = [sql`(SELECT r.* FROM (VALUES ${spans}) s(span, since) CROSS JOIN LATERAL (SELECT ${ROW_COLUMNS} FROM event_occurrences
    WHERE owner_id = ${ownerId} AND span = s.span AND series_deleted_at IS NULL AND start_at >= s.since AND ${overlaps} ${visible} ${rowAfter}
    ORDER BY start_at, id LIMIT ${limit}) r)`];
  branches.push(sql`(SELECT ${ROW_COLUMNS} FROM event_occurrences
    WHERE owner_id = ${ownerId} AND span = ${SPAN_MS.length} AND series_deleted_at IS NULL AND end_at > ${q.from} AND start_at < ${q.to}
      ${visible} ${rowAfter}
    ORDER BY start_at, id LIMIT ${limit})`);
  if (q.deletedSince) {
    // A deleted series: one marker, at the later of its first start and the window's start, when it
    // had an occurrence in the window.
    const markerStart = sql`greatest(e.start_at, ${q.from}::timestamptz)`;
    const markerId = sql`(e.id::text COLLATE "C")`;
    branches.push(sql`(SELECT ${markerId} AS id, ${markerStart} AS start_at, e.end_at, e.all_day, e.start_date, e.end_date, e.timezone,
        e.title, e.show_as, e.status, ''::text AS calendar, e.location, e.url, e.is_appointment, e.request_id, NULL::uuid AS occurrence_of,
        e.updated_at, e.deleted_at
      FROM events e
      WHERE e.owner_id = ${ownerId} AND e.rrule IS NOT NULL AND e.deleted_at >= ${q.deletedSince}
        ${q.updatedSince ? sql`AND e.deleted_at >= ${q.updatedSince}` : sql``}
        AND EXISTS (SELECT 1 FROM event_occurrences r WHERE r.event_id = e.id AND r.series_deleted_at IS NOT NULL
          AND r.start_at < ${q.to} AND (r.end_at > ${q.from} OR r.start_at >= ${q.from}))
        ${after(markerStart, markerId)}
      ORDER BY 2, 1 LIMIT ${limit})`);
  }
  const union = sql.join(branches, sql` UNION ALL `);
  // The horizon is checked in the same statement: the page is read only when the rows cover the window.
  const result = await sql<{ covered: boolean; page: string | null }>`SELECT covered, CASE WHEN covered THEN (
      SELECT json_agg(p ORDER BY p.start_at, p.id)::text FROM (SELECT * FROM (${union}) u ORDER BY start_at, id LIMIT ${limit}) p
    ) END AS page
    FROM (SELECT EXISTS (SELECT 1 FROM event_horizons WHERE owner_id = ${ownerId} AND from_at <= ${q.from} AND ready_until >= ${q.to}) AS covered) h`.execute(db);
  const row = result.rows[0]!;
  if (!row.covered) return null;
  return row.page ? (JSON.parse(row.page) as JsonRow[]).map(toItem) : [];
}

/** Busy intervals of the window: confirmed, busy, live events and occurrences (any order). */
export async function busyRows(db: Db, ownerId: string, from: Date, to: Date): Promise<{ start: Date; end: Date }[]> {
  const result = await sql<{ start_at: Date; end_at: Date }>`SELECT start_at, end_at FROM event_occurrences
    WHERE owner_id = ${ownerId} AND series_deleted_at IS NULL AND deleted_at IS NULL AND status = 'confirmed' AND show_as = 'busy'
      AND start_at < ${to} AND (end_at > ${from} OR start_at >= ${from})
      AND (span = ${SPAN_MS.length} OR start_at >= ${new Date(from.getTime() - SPAN_MS[SPAN_MS.length - 1]!)})`.execute(db);
  return result.rows.map((r) => ({ start: r.start_at, end: r.end_at }));
}

/**
 * Owners whose horizon needs a build (none, or never finished) or an extension (ready until before
 * `readyBefore`, and not touched since `retriedBefore`, so one kept short by a dense series is not
 * rebuilt every hour).
 */
export async function ownersDueForHorizon(db: Db, q: { readyBefore: Date; retriedBefore: Date; limit: number }): Promise<string[]> {
  const rows = await db.selectFrom('owners')
    .leftJoin('event_horizons', 'event_horizons.owner_id', 'owners.id')
    .select('owners.id')
    .where((eb) => eb.or([
      eb('event_horizons.owner_id', 'is', null),
      eb('event_horizons.ready_until', 'is', null),
      eb.and([eb('event_horizons.ready_until', '<', q.readyBefore), eb('event_horizons.updated_at', '<', q.retriedBefore)]),
    ]))
    .orderBy('owners.id')
    .limit(q.limit)
    .execute();
  return rows.map((r) => r.id);
}
