/** Pages kept: each a page of at most 100 items of a few hundred bytes, so some megabytes in all. */
const MAX_PAGES = 512;

/**
 * Pages of a list kept in memory as of one of the owner's change counters (OwnerVersions), which
 * every change moves in its own transaction, and until the clock would change them (`validUntil`,
 * epoch ms: a to-do completed 90 days ago leaves /tasks without any write). A sync client asking the
 * same page again, or many clients of one calendar, are answered from memory until then.
 * The caller reads the counter before the page, so a kept page is at least as new as its counter.
 */
export class PageCache<T> {
  private readonly pages = new Map<string, { version: string; validUntil: number; value: T }>();

  constructor(private readonly maxPages = MAX_PAGES) {}

  get(key: string, version: string, nowMs: number): T | undefined {
    const hit = this.pages.get(key);
    if (!hit) return undefined;
    if (hit.version === version && nowMs < hit.validUntil) return hit.value;
    this.pages.delete(key);
    return undefined;
  }

  set(key: string, version: string, validUntil: number, value: T): void {
    this.pages.delete(key);
    if (this.pages.size >= this.maxPages) this.pages.delete(this.pages.keys().next().value!);
    this.pages.set(key, { version, validUntil, value });
  }
}
