/**
 * The items of a list page, presented once and written once by the response schema's own
 * serializer: a page kept in memory answers every later call with the same bytes, and only the
 * cursor (which names the token and expires) is written per call.
 */
export interface PageBytes {
  data: Buffer;
  deleted: Buffer;
  /** Where the next page starts, when there is one. */
  last: { at: Date; id: string } | null;
}

/** What a kept page costs in memory, about. */
export const pageSize = (page: PageBytes): number => page.data.length + page.deleted.length + 200;

/** Bytes of pages kept in all: a few hundred pages of 100 events (about 45 KB each). */
const MAX_BYTES = 16 * 1024 * 1024;

interface Kept<T> {
  version: string;
  validUntil: number;
  value: T;
  bytes: number;
}

/**
 * Pages of a list kept in memory as of one of the owner's change counters (OwnerVersions), which
 * every change moves in its own transaction, and until the clock would change them (`validUntil`,
 * epoch ms: a to-do completed 90 days ago leaves /tasks without any write). A sync client asking the
 * same page again, or many clients of one calendar, are answered from memory until then.
 * The caller reads the counter before the page, so a kept page is at least as new as its counter.
 * Bounded by the bytes kept; the page used longest ago goes first.
 */
export class PageCache<T> {
  private readonly pages = new Map<string, Kept<T>>();
  private bytes = 0;

  constructor(
    private readonly sizeOf: (value: T) => number,
    private readonly maxBytes = MAX_BYTES,
  ) {}

  get(key: string, version: string, nowMs: number): T | undefined {
    const hit = this.pages.get(key);
    if (!hit) return undefined;
    this.drop(key, hit);
    if (hit.version !== version || nowMs >= hit.validUntil) return undefined;
    this.pages.set(key, hit); // the most recently used last
    this.bytes += hit.bytes;
    return hit.value;
  }

  set(key: string, version: string, validUntil: number, value: T): void {
    const old = this.pages.get(key);
    if (old) this.drop(key, old);
    const bytes = this.sizeOf(value);
    if (bytes > this.maxBytes) return;
    while (this.bytes + bytes > this.maxBytes) {
      const [oldestKey, oldest] = this.pages.entries().next().value!;
      this.drop(oldestKey, oldest);
    }
    this.pages.set(key, { version, validUntil, value, bytes });
    this.bytes += bytes;
  }

  private drop(key: string, kept: Kept<T>): void {
    this.pages.delete(key);
    this.bytes -= kept.bytes;
  }
}
