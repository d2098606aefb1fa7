import { sql } from 'kysely';
import type { StoredEvent, StoredOverride } from '../../domain/calendar-view.js';
import type { Db } from '../db.js';
import { EVENT_COLUMNS, toStoredEvent, toStoredOverride, withSlug } from './events.js';

/**
 * The events change feed's reads (migration 0017, docs/sync.md): the owner's events rows by their
 * change stamp (the xid8 of the transaction that last changed the row or one of its occurrences),
 * in (stamp, id) order, between a lower horizon (inclusive) and an upper one (exclusive).
 */

export interface FeedRound {
  /** Rows stamped at or above this; null: from the beginning (a full sync, live rows only). */
  lower: string | null;
  /** Rows stamped below this; null on a round's first page: the horizon of this read's snapshot. */
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
  /** The upper horizon of the round: every transaction below it had ended when the round began. */
  upper: string;
  /** The highest transaction id handed out so far: a horizon above it was not made by this database. */
  next: string;
}

/**
 * One page of a round, rows and their overrides read in one snapshot (REPEATABLE READ), so a series
 * and its occurrences are as one transaction left them. The snapshot's own xmin is the round's upper
 * horizon on its first page: every row stamped below it is final, since every transaction below it
 * has ended, and every later change is stamped at or above it.
 */
export async function feedPage(db: Db, ownerId: string, round: FeedRound): Promise<FeedRead> {
  return db.transaction().setIsolationLevel('repeatable read').execute(async (trx) => {
    const snap = await sql<{ xmin: string; xmax: string }>`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin,
      pg_snapshot_xmax(pg_current_snapshot())::text AS xmax`.execute(trx);
    const { xmin, xmax } = snap.rows[0]!;
    const upper = round.upper ?? xmin;
    let q = withSlug(trx).select([...EVENT_COLUMNS, sql<string>`events.change_xid::text`.as('stamp')])
      .where('events.owner_id', '=', ownerId)
      .where(sql<boolean>`events.change_xid < ${upper}::xid8`);
    if (round.lower === null) q = q.where('events.deleted_at', 'is', null);
    else q = q.where(sql<boolean>`events.change_xid >= ${round.lower}::xid8`);
    if (round.after) q = q.where(sql<boolean>`(events.change_xid, events.id) > (${round.after.stamp}::xid8, ${round.after.id}::uuid)`);
    const rows = await q.orderBy(sql`events.change_xid`).orderBy('events.id').limit(round.take).execute();
    const seriesIds = rows.filter((r) => r.rrule !== null).map((r) => r.id);
    const overrides = seriesIds.length === 0 ? [] : await trx.selectFrom('event_overrides').selectAll()
      .where('owner_id', '=', ownerId).where('event_id', 'in', seriesIds).execute();
    const overridesOf = new Map<string, StoredOverride[]>();
    for (const o of overrides) {
      const list = overridesOf.get(o.event_id) ?? [];
      list.push(toStoredOverride(o));
      overridesOf.set(o.event_id, list);
    }
    return {
      rows: rows.map((r) => ({ event: toStoredEvent(r), overrides: overridesOf.get(r.id) ?? [], stamp: r.stamp })),
      upper,
      next: xmax,
    };
  });
}
