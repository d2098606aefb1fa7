import { sql } from 'kysely';
import type { Db } from '../db.js';
import type { CalendarFeedRow } from '../schema.js';

/** Feed subscriptions and their imported busy time. Every query filters on owner_id. */

export type NewFeedRow = Pick<CalendarFeedRow, 'id' | 'owner_id' | 'url' | 'name' | 'created_at'> & { refresh_minutes?: number };

export async function insertFeed(db: Db, row: NewFeedRow): Promise<CalendarFeedRow> {
  return db.insertInto('calendar_feeds').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findFeed(db: Db, ownerId: string, feedId: string): Promise<CalendarFeedRow | null> {
  return (await db.selectFrom('calendar_feeds').selectAll().where('owner_id', '=', ownerId).where('id', '=', feedId).executeTakeFirst()) ?? null;
}

export async function findFeedByUrl(db: Db, ownerId: string, url: string): Promise<CalendarFeedRow | null> {
  return (await db.selectFrom('calendar_feeds').selectAll().where('owner_id', '=', ownerId).where('url', '=', url).executeTakeFirst()) ?? null;
}

export async function countFeeds(db: Db, ownerId: string): Promise<number> {
  const row = await db.selectFrom('calendar_feeds').select((eb) => eb.fn.countAll<string>().as('n')).where('owner_id', '=', ownerId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface FeedListRow extends CalendarFeedRow {
  /** When the periodic job runs next (null: no job, e.g. removed while listing). */
  next_fetch_at: Date | null;
  busy_count: number;
}

export async function listFeeds(db: Db, ownerId: string, jobKind: string): Promise<FeedListRow[]> {
  const rows = await db
    .selectFrom('calendar_feeds as f')
    .leftJoin('jobs as j', (join) => join.on('j.kind', '=', jobKind).on('j.key', '=', sql<string>`f.id::text`))
    .selectAll('f')
    .select((eb) => [
      'j.run_at as next_fetch_at',
      eb.selectFrom('imported_busy as b').select((b) => b.fn.countAll<string>().as('n')).whereRef('b.feed_id', '=', 'f.id').as('busy_count'),
    ])
    .where('f.owner_id', '=', ownerId)
    .orderBy('f.created_at')
    .orderBy('f.id')
    .execute();
  return rows.map((r) => ({ ...r, next_fetch_at: r.next_fetch_at ?? null, busy_count: Number(r.busy_count ?? 0) }));
}

/** Deletes the feed; its busy rows go with it (also by foreign key). False when it is not the owner's. */
export async function deleteFeed(db: Db, ownerId: string, feedId: string): Promise<boolean> {
  await db.deleteFrom('imported_busy').where('owner_id', '=', ownerId).where('feed_id', '=', feedId).execute();
  const r = await db.deleteFrom('calendar_feeds').where('owner_id', '=', ownerId).where('id', '=', feedId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** What a fetch left behind when it failed: the busy rows stay as they were. */
export async function recordFeedFailure(db: Db, ownerId: string, feedId: string, error: string, now: Date): Promise<void> {
  await db
    .updateTable('calendar_feeds')
    .set((eb) => ({ last_error: error, last_fetched_at: now, consecutive_failures: eb('consecutive_failures', '+', 1) }))
    .where('owner_id', '=', ownerId)
    .where('id', '=', feedId)
    .execute();
}

/** A 304: the busy rows stand, the fetch counts as a success. */
export async function recordFeedUnchanged(db: Db, ownerId: string, feedId: string, now: Date): Promise<void> {
  await db
    .updateTable('calendar_feeds')
    .set({ last_error: null, last_fetched_at: now, last_success_at: now, consecutive_failures: 0 })
    .where('owner_id', '=', ownerId)
    .where('id', '=', feedId)
    .execute();
}

export interface FeedImport {
  ownerId: string;
  feedId: string;
  intervals: readonly { start: Date; end: Date }[];
  /** The reading's warnings, kept until the next good reading. */
  warnings: string[];
  etag: string | null;
  lastModified: string | null;
  now: Date;
  newId: () => string;
}

// 1,000 rows × 5 parameters stays far below PostgreSQL's 65,535 parameters per statement.
const INSERT_CHUNK = 1000;

/**
 * Replaces the feed's busy rows and records the success in one transaction, so availability reads
 * either the old set or the new one. Rows are rewritten only when the set changed (each row write
 * moves the owner's busy-time version). False when the feed was removed meanwhile.
 */
export async function storeFeedImport(db: Db, imp: FeedImport): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const feed = await trx
      .selectFrom('calendar_feeds')
      .select('id')
      .where('owner_id', '=', imp.ownerId)
      .where('id', '=', imp.feedId)
      .forUpdate()
      .executeTakeFirst();
    if (!feed) return false;
    const old = await trx
      .selectFrom('imported_busy')
      .select(['start_at', 'end_at'])
      .where('owner_id', '=', imp.ownerId)
      .where('feed_id', '=', imp.feedId)
      .orderBy('start_at')
      .orderBy('end_at')
      .execute();
    const same =
      old.length === imp.intervals.length &&
      old.every((o, i) => o.start_at.getTime() === imp.intervals[i]!.start.getTime() && o.end_at.getTime() === imp.intervals[i]!.end.getTime());
    if (!same) {
      await trx.deleteFrom('imported_busy').where('owner_id', '=', imp.ownerId).where('feed_id', '=', imp.feedId).execute();
      for (let i = 0; i < imp.intervals.length; i += INSERT_CHUNK) {
        const rows = imp.intervals.slice(i, i + INSERT_CHUNK).map((b) => ({
          id: imp.newId(),
          owner_id: imp.ownerId,
          feed_id: imp.feedId,
          start_at: b.start,
          end_at: b.end,
        }));
        await trx.insertInto('imported_busy').values(rows).execute();
      }
    }
    await trx
      .updateTable('calendar_feeds')
      .set({
        etag: imp.etag,
        last_modified: imp.lastModified,
        last_error: null,
        last_warnings: imp.warnings,
        last_fetched_at: imp.now,
        last_success_at: imp.now,
        consecutive_failures: 0,
      })
      .where('owner_id', '=', imp.ownerId)
      .where('id', '=', imp.feedId)
      .execute();
    return true;
  });
}

/** The feed and its owner's time zone (for floating times in the feed), for the import job. */
export async function feedForImport(db: Db, ownerId: string, feedId: string): Promise<(CalendarFeedRow & { owner_timezone: string }) | null> {
  const row = await db
    .selectFrom('calendar_feeds as f')
    .innerJoin('owners as o', 'o.id', 'f.owner_id')
    .selectAll('f')
    .select('o.timezone as owner_timezone')
    .where('f.owner_id', '=', ownerId)
    .where('f.id', '=', feedId)
    .where('o.deleted_at', 'is', null)
    .executeTakeFirst();
  return row ?? null;
}
