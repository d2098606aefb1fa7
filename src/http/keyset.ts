import { decodeCursor, encodeCursor, queryFingerprint } from '../domain/cursor.js';
import { invalidInput } from './errors.js';
import type { HandlerContext } from './route.js';

/** Position in a list ordered by an instant (updatedAt, start for events, occurredAt), then id. */
export interface FeedPosition {
  at: Date;
  id: string;
}

/** A page holds 50 items unless the query says otherwise (spec "Paging"). */
export const DEFAULT_LIMIT = 50;

/**
 * The paging of one call of a list route (docs/spec-decisions.md §6): where the page starts, how many rows it
 * shows and reads, and the cursor of the next page. The cursor names the list it belongs to, the
 * query (every parameter but the cursor) and the token, so it is refused anywhere else.
 */
export interface Keyset {
  /** The position the page starts after; null on the first page. */
  after: FeedPosition | null;
  /** How many items the page shows. */
  limit: number;
  /** How many rows to read: one more than the page, to know whether there is a next one. */
  take: number;
  /** The position and limit as a part of a cache key (`at|id|limit`, `|limit` on the first page). */
  key: string;
  /** The cursor of the page after one whose last item is `last`; null when `last` is null (no next page). */
  next(last: FeedPosition | null): string | null;
}

type Ctx = HandlerContext<{ cursor?: string; limit?: number }, unknown, unknown>;

/**
 * The keyset paging of `ctx` on the list `list` (the route's cursor name): reads and checks the
 * cursor (422 naming `cursor` when forged, expired, or of another list, query or token).
 */
export function keyset(ctx: Ctx, list: string): Keyset {
  const secret = ctx.services.secrets.cursor;
  // The query is hashed only when a cursor is read or written: a first page without a next one never is.
  let known: { fingerprint: string; tokenId: string; now: Date } | undefined;
  const context = () => (known ??= { fingerprint: queryFingerprint(list, ctx.query), tokenId: ctx.principal.tokenId, now: ctx.now });
  let after: FeedPosition | null = null;
  if (typeof ctx.query.cursor === 'string') {
    const result = decodeCursor(secret, ctx.query.cursor, context());
    if (!result.ok) throw invalidInput('cursor', `The cursor ${result.reason}.`);
    if (typeof result.position.key !== 'number') throw invalidInput('cursor', 'The cursor is not a cursor of this list.');
    after = { at: new Date(result.position.key), id: result.position.id };
  }
  const limit = ctx.query.limit ?? DEFAULT_LIMIT;
  return {
    after,
    limit,
    take: limit + 1,
    key: `${after ? `${after.at.getTime()}|${after.id}` : ''}|${limit}`,
    next: (last) => (last ? encodeCursor(secret, { key: last.at.getTime(), id: last.id }, context()) : null),
  };
}
