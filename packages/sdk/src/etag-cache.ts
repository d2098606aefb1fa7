/**
 * The answers a client keeps for conditional GETs (ClientOptions.conditional): the ETag and the
 * body text of the last 200 of each GET URL, the URLs used longest ago forgotten first past
 * `maxEntries`. The text, not the parsed object, is kept: each 304 answers a fresh object, so a
 * caller that changes what it got cannot change what the next call gets.
 */
export interface KeptAnswer {
  etag: string;
  body: string;
}

/** 500 answers: a sync client's pages and a few hundred single objects; a page of 100 events is about 45 KB. */
export const DEFAULT_CONDITIONAL_ENTRIES = 500;

export class EtagCache {
  private readonly answers = new Map<string, KeptAnswer>();

  constructor(readonly maxEntries = DEFAULT_CONDITIONAL_ENTRIES) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new TypeError(`conditional.maxEntries must be a whole number >= 1, got ${String(maxEntries)}`);
  }

  /** How many answers are kept. */
  get size(): number {
    return this.answers.size;
  }

  /** The answer kept for `url`, now the most recently used. */
  get(url: string): KeptAnswer | undefined {
    const kept = this.answers.get(url);
    if (kept) {
      this.answers.delete(url);
      this.answers.set(url, kept);
    }
    return kept;
  }

  set(url: string, kept: KeptAnswer): void {
    this.answers.delete(url);
    this.answers.set(url, kept);
    while (this.answers.size > this.maxEntries) this.answers.delete(this.answers.keys().next().value!);
  }

  delete(url: string): void {
    this.answers.delete(url);
  }

  clear(): void {
    this.answers.clear();
  }
}
