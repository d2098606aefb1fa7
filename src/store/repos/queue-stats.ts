import { sql } from 'kysely';
import type { Db } from '../db.js';

/** How much work waits in one queue: due items (not leased), leased ones, and the oldest due item's age. */
export interface QueueStats {
  due: number;
  leased: number;
  /** Seconds the oldest due item has waited past its time; 0 when none is due. */
  oldestDueSeconds: number;
}

/** The job queue (metrics): every owner's jobs together, so no owner filter. */
export async function jobQueueStats(db: Db, now: Date): Promise<QueueStats> {
  const row = await db
    .selectFrom('jobs')
    .select([
      sql<string>`count(*) FILTER (WHERE run_at <= ${now} AND (locked_until IS NULL OR locked_until <= ${now}))`.as('due'),
      sql<string>`count(*) FILTER (WHERE locked_until > ${now})`.as('leased'),
      sql<Date | null>`min(run_at) FILTER (WHERE run_at <= ${now} AND (locked_until IS NULL OR locked_until <= ${now}))`.as('oldest'),
    ])
    .executeTakeFirstOrThrow();
  return stats(row, now);
}

/** The webhook deliveries waiting (metrics): every owner's together, so no owner filter. */
export async function deliveryQueueStats(db: Db, now: Date): Promise<QueueStats> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .where('status', '=', 'pending')
    .select([
      sql<string>`count(*) FILTER (WHERE next_attempt_at <= ${now} AND (locked_until IS NULL OR locked_until <= ${now}))`.as('due'),
      sql<string>`count(*) FILTER (WHERE locked_until > ${now})`.as('leased'),
      sql<Date | null>`min(next_attempt_at) FILTER (WHERE next_attempt_at <= ${now} AND (locked_until IS NULL OR locked_until <= ${now}))`.as('oldest'),
    ])
    .executeTakeFirstOrThrow();
  return stats(row, now);
}

function stats(row: { due: string; leased: string; oldest: Date | string | null }, now: Date): QueueStats {
  const oldest = row.oldest === null ? null : new Date(row.oldest);
  return { due: Number(row.due), leased: Number(row.leased), oldestDueSeconds: oldest ? Math.max(0, (now.getTime() - oldest.getTime()) / 1000) : 0 };
}
