import { CompiledQuery } from 'kysely';
import type { Db } from '../db.js';

/** A page's position in a change feed: after (updated_at, id). */
export interface FeedWindow {
  updatedSince: Date | null;
  after: { at: Date; id: string } | null;
}

/**
 * One page of a change feed (GET /tasks, GET /requests) as one statement. What may be listed lies
 * in a few runs of the feed order (`branches`), each read from its own index, ordered and cut at
 * the limit: PostgreSQL then merges the index scans in order (a Merge Append) rather than sorting
 * every candidate. The page comes back as one JSON value, since PGlite decodes every cell of a
 * result in JavaScript; its instants are as PostgreSQL writes a timestamptz in JSON.
 */
export class FeedPage {
  private readonly placeholders = new Map<unknown, string>();

  /** `params` are the fixed leading parameters ($1 the owner, ...). */
  constructor(private readonly params: unknown[]) {}

  /** A value's placeholder: one used in several places (a bound, a filter per branch) is sent once. */
  p(value: unknown): string {
    let placeholder = this.placeholders.get(value);
    if (placeholder === undefined) this.placeholders.set(value, (placeholder = `$${this.params.push(value)}`));
    return placeholder;
  }

  /** The page's window, repeated in every branch so that each index scan starts at the cursor. */
  window(w: FeedWindow): string {
    return (w.updatedSince ? ` AND updated_at >= ${this.p(w.updatedSince)}` : '') + (w.after ? ` AND (updated_at, id) > (${this.p(w.after.at)}, ${this.p(w.after.id)})` : '');
  }

  /** Runs `SELECT columns FROM table WHERE where AND <branch>` for each branch, merged, `limit` rows. */
  async rows<R>(db: Db, q: { columns: string; table: string; where: string; branches: string[]; limit: number }): Promise<R[]> {
    const limit = this.p(q.limit);
    const select = (branch: string) => `SELECT ${q.columns} FROM ${q.table} WHERE ${q.where} AND ${branch} ORDER BY updated_at, id LIMIT ${limit}`;
    const rows = q.branches.length === 1 ? select(q.branches[0]!) : `${q.branches.map((b) => `(${select(b)})`).join(' UNION ALL ')} ORDER BY updated_at, id LIMIT ${limit}`;
    // The ORDER BY in json_agg costs nothing measurable and makes the order sure.
    const result = await db.executeQuery<{ page: R[] | null }>(CompiledQuery.raw(`SELECT json_agg(r ORDER BY r.updated_at, r.id) AS page FROM (${rows}) r`, this.params));
    return result.rows[0]?.page ?? [];
  }
}
