import type { WithResponse } from './response.js';

/** One page of a list: its items, the cursor of the next page (null on the last), deleted markers when asked for. */
export interface Page<T> {
  data: T[];
  nextCursor: string | null;
  deleted?: { id: string; deletedAt: string }[];
}

/**
 * A list call: iterate it for every item across pages (`for await (const e of list)`), call
 * `.pages()` for page after page, or `.firstPage()` for one. Nothing is fetched until then. Each
 * page has its answer's `lastResponse` (request id, rate limit); the items do not.
 */
export class PageList<T> implements AsyncIterable<T> {
  constructor(private readonly fetchPage: (cursor: string | undefined) => Promise<WithResponse<Page<T>>>) {}

  /** The first page only. */
  firstPage(): Promise<WithResponse<Page<T>>> {
    return this.fetchPage(undefined);
  }

  /** Every page, following `nextCursor`. */
  async *pages(): AsyncGenerator<WithResponse<Page<T>>, void, undefined> {
    let cursor: string | undefined;
    do {
      const page = await this.fetchPage(cursor);
      yield page;
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    for await (const page of this.pages()) yield* page.data;
  }

  /** Every item of every page in one array (mind the size of what you ask for). */
  async all(): Promise<T[]> {
    const items: T[] = [];
    for await (const item of this) items.push(item);
    return items;
  }
}
