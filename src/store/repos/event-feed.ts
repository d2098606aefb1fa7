import { sql } from 'kysely';
import type { StoredEvent, StoredOverride } from '../../domain/calendar-view.js';
import type { Db } from '../db.js';
import type { EventOverrideRow, EventRow } from '../schema.js';
import { toStoredEvent, toStoredOverride } from './events.js';

/**
 * The events change feed's reads (migration 0017, docs/sync.md): the owner's events rows by their
 * change number (the owner's number of the transaction that last changed the row or one of its
 * occurrences), in (number, id) order, above a lower position and up to an upper one.
 */

export interface FeedRound {
  /** Rows numbered above this; null: from the beginning (a full sync, live rows only). */
  lower: string | null;
  /** Rows numbered up to this; null on a round's first page: the owner's last number as this read sees it. */
  upper: string | null;
  /** Keyset: only rows after this (stamp, id). */
  after: { stamp: string; id: string } | null;
  /** Rows read: one more than the page. */
  take: number;
}

export interface FeedRow {
  event: StoredEvent;
  /** The overrides of a series (deleted ones too); [] for a single event. */
  overrides: StoredOverride[];
  stamp: string;
}

export interface FeedRead {
  rows: FeedRow[];
  /** The round's upper position: every change numbered up to it was committed when the round began. */
  upper: string;
  /** The owner's last number now: a position above it was not made by this database. */
  last: string;
}

/** A row as json_agg writes it: instants as text with an offset. */
type JsonRow = Omit<EventRowForFeed, 'start_at' | 'end_at' | 'series_until' | 'created_at' | 'updated_at' | 'deleted_at'> & {
  start_at: string; end_at: string; series_until: string | null; created_at: string; updated_at: string; deleted_at: string | null;
  stamp: string;
  overrides: (Omit<EventOverrideRow, 'start_at' | 'end_at' | 'updated_at' | 'deleted_at'> & { start_at: string | null; end_at: string | null; updated_at: string; deleted_at: string | null })[] | null;
};
type EventRowForFeed = Omit<EventRow, 'notes' | 'participants' | 'ical_uid' | 'change_seq'> & { calendar_slug: string };

const date = (text: string | null): Date | null => (text === null ? null : new Date(text));

/**
 * One page of a round in one statement, so the rows, their series' overrides and the owner's last
 * number are one snapshot: a series and its occurrences as one transaction left them. The owner's
 * writers of events take their numbers in commit order (migration 0017), so every change numbered up
 * to the last number this snapshot sees is in it, and every later one gets a higher number. The page
 * comes back as one JSON text (as calendarPageRows reads its pages: PGlite converts a value at a time).
 */
export async function feedPage(db: Db, ownerId: string, round: FeedRound): Promise<FeedRead> {
  const lower = round.lower === null ? sql`AND e.deleted_at IS NULL` : sql`AND e.change_seq > ${round.lower}::bigint`;
  const after = round.after ? sql`AND (e.change_seq, e.id) > (${round.after.stamp}::bigint, ${round.after.id}::uuid)` : sql``;
  // The owner's last number as a scalar subquery, not a join: a parameter of the plan bounds the
  // index scan (owner_id, change_seq, id) itself, where a joined value would only filter its rows.
  const last = sql`(SELECT coalesce((SELECT feed_seq FROM owner_versions WHERE owner_id = ${ownerId}), 0))`;
  const upper = round.upper === null ? last : sql`${round.upper}::bigint`;
  const result = await sql<{ upper: string; last: string; page: string | null }>`
    SELECT ${upper}::text AS upper, ${last}::text AS last, (
      SELECT json_agg(p ORDER BY p.change_seq, p.id)::text FROM (
        SELECT ${sql.raw(FEED_COLUMNS)}, c.slug AS calendar_slug, e.change_seq, e.change_seq::text AS stamp,
          CASE WHEN e.rrule IS NOT NULL THEN (SELECT json_agg(o) FROM event_overrides o WHERE o.owner_id = e.owner_id AND o.event_id = e.id) END AS overrides
        FROM events e JOIN calendars c ON c.id = e.calendar_id
        WHERE e.owner_id = ${ownerId} AND e.change_seq <= ${upper} ${lower} ${after}
        ORDER BY e.change_seq, e.id LIMIT ${round.take}
      ) p
    ) AS page`.execute(db);
  const row = result.rows[0]!;
  const rows = row.page === null ? [] : (JSON.parse(row.page) as JsonRow[]);
  return {
    rows: rows.map((r) => ({
      event: toStoredEvent({
        ...r, start_at: new Date(r.start_at), end_at: new Date(r.end_at), series_until: date(r.series_until), created_at: new Date(r.created_at),
        updated_at: new Date(r.updated_at), deleted_at: date(r.deleted_at),
      }),
      overrides: (r.overrides ?? []).map((o) => toStoredOverride({
        ...o, start_at: date(o.start_at), end_at: date(o.end_at), updated_at: new Date(o.updated_at), deleted_at: date(o.deleted_at),
      })),
      stamp: r.stamp,
    })),
    upper: row.upper,
    last: row.last,
  };
}

// The columns of the API's event (store/repos/events.ts EVENT_COLUMNS): never notes or participants.
const FEED_COLUMNS = [
  'id', 'owner_id', 'calendar_id', 'title', 'start_at', 'end_at', 'all_day', 'start_date', 'end_date', 'timezone', 'show_as', 'status', 'location', 'url',
  'rrule', 'exdates', 'rdates', 'series_until', 'is_appointment', 'request_id', 'created_at', 'updated_at', 'deleted_at',
].map((c) => `e.${c}`).join(', ');
