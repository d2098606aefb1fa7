import fastJson from 'fast-json-stringify';
import Type, { type Static, type TSchema } from 'typebox';
import type { FeedPosition } from './paging.js';
import { JsonBytes } from './route.js';
import { DeletedMarker } from './schemas/common.js';

/**
 * The items of a list page, presented once and written once by the response schema's own
 * serializer: a page kept in memory answers every later call with the same bytes, and only the
 * cursor (which names the token and expires) is written per call.
 */
export interface PageBytes {
  data: Buffer;
  deleted: Buffer;
  /** Where the next page starts, when there is one. */
  last: FeedPosition | null;
}

type Marker = Static<typeof DeletedMarker>;

/** What a kept page costs in memory, about. */
export const pageSize = (page: PageBytes): number => page.data.length + page.deleted.length + 200;

const writeDeleted = fastJson(Type.Array(DeletedMarker));

/** A writer of pages of `item`: the presented items and markers in, the page's bytes out. */
export function pageWriter<T extends TSchema>(item: T): (data: Static<T>[], deleted: Marker[], last: FeedPosition | null) => PageBytes {
  const writeData = fastJson(Type.Array(item));
  return (data, deleted, last) => ({ data: Buffer.from(writeData(data)), deleted: Buffer.from(writeDeleted(deleted)), last });
}

const DATA = Buffer.from('{"data":');
const DELETED = Buffer.from(',"deleted":');
const END = Buffer.from('}');

/** `{data, nextCursor, deleted?}` in the order of Page(item), exactly as its serializer writes it. */
export function pageBody(page: PageBytes, nextCursor: string | null, includeDeleted: boolean): JsonBytes {
  const cursor = Buffer.from(`,"nextCursor":${JSON.stringify(nextCursor)}`);
  return new JsonBytes(Buffer.concat(includeDeleted ? [DATA, page.data, cursor, DELETED, page.deleted, END] : [DATA, page.data, cursor, END]));
}
