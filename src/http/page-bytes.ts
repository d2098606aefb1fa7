import fastJson from 'fast-json-stringify';
import Type, { type Static, type TSchema } from 'typebox';
import type { Versions } from '../services/owner-versions.js';
import type { PageBytes } from '../services/page-cache.js';
import type { FeedPosition } from './keyset.js';
import { wireInstant } from './paging.js';
import type { Deps } from '../deps.js';
import { JsonBytes } from './route.js';
import { DeletedMarker } from './schemas/common.js';

type Marker = Static<typeof DeletedMarker>;

const writeDeleted = fastJson(Type.Array(DeletedMarker));

/** A writer of pages of `item`: the presented items and markers in, the page's bytes out. */
export function pageWriter<T extends TSchema>(item: T): (data: Static<T>[], deleted: Marker[], last: FeedPosition | null) => PageBytes {
  const writeData = fastJson(Type.Array(item));
  return (data, deleted, last) => ({ data: Buffer.from(writeData(data)), deleted: Buffer.from(writeDeleted(deleted)), last });
}

/** A row of a change feed (updated_at, id order), its instants as PostgreSQL writes them in JSON. */
interface FeedRow {
  id: string;
  updated_at: string;
  deleted_at: string | null;
}

/** A page of a change feed read one row past the page: live rows presented, deleted ones as markers. */
export function writeFeedPage<R extends FeedRow, T>(
  write: (data: T[], deleted: Marker[], last: FeedPosition | null) => PageBytes,
  rows: R[],
  limit: number,
  present: (row: R) => T,
): PageBytes {
  const data: T[] = [];
  const deleted: Marker[] = [];
  for (let i = 0; i < rows.length && i < limit; i++) {
    const r = rows[i]!;
    if (r.deleted_at === null) data.push(present(r));
    else deleted.push({ id: r.id, deletedAt: wireInstant(r.deleted_at) });
  }
  const last = rows.length > limit ? rows[limit - 1]! : null;
  return write(data, deleted, last && { at: new Date(wireInstant(last.updated_at)), id: last.id });
}

/**
 * The page kept for `key` while the owner's `counter` has not moved and the clock has not passed
 * what `read` said; otherwise read, kept and answered. The counter is read before the rows, so a
 * kept page is at least as new as it says.
 */
export async function keptPage(
  services: Deps,
  ownerId: string,
  counter: keyof Versions,
  key: string,
  now: Date,
  read: () => Promise<{ page: PageBytes; stableUntil: number }>,
): Promise<PageBytes> {
  const version = (await services.versions.get(ownerId))[counter];
  const kept = services.pages.get(key, version, now.getTime());
  if (kept) return kept;
  const { page, stableUntil } = await read();
  services.pages.set(key, version, stableUntil, page);
  return page;
}

const DATA = Buffer.from('{"data":');
const DELETED = Buffer.from(',"deleted":');
const END = Buffer.from('}');

/**
 * The bodies written lately, by their kept page: a page asked again within the hour its cursor
 * expires in (domain/cursor.ts remembers it) is the same bytes, not a copy of the page made again,
 * and its ETag is hashed once for them (conditional-get.ts). At
 * most BODIES_KEPT (about a megabyte), then forgotten together: the pages themselves are what the
 * page cache's budget counts.
 */
const lastBody = new Map<PageBytes, { nextCursor: string | null; includeDeleted: boolean; body: JsonBytes }>();
const BODIES_KEPT = 32;

/** `{data, nextCursor, deleted?}` in the order of Page(item), exactly as its serializer writes it. */
export function pageBody(page: PageBytes, nextCursor: string | null, includeDeleted: boolean): JsonBytes {
  const last = lastBody.get(page);
  if (last && last.nextCursor === nextCursor && last.includeDeleted === includeDeleted) return last.body;
  const cursor = Buffer.from(`,"nextCursor":${JSON.stringify(nextCursor)}`);
  const body = new JsonBytes(Buffer.concat(includeDeleted ? [DATA, page.data, cursor, DELETED, page.deleted, END] : [DATA, page.data, cursor, END]));
  if (lastBody.size >= BODIES_KEPT) lastBody.clear();
  lastBody.set(page, { nextCursor, includeDeleted, body });
  return body;
}
