import type { components } from './api-types.js';
import { CalendarAccessError } from './errors.js';
import type { WithResponse } from './response.js';
import type { RequestOptions } from './transport.js';

type Schemas = components['schemas'];
export type Event = Schemas['Event'];
export type Series = Schemas['Series'];
/** One page of GET /events/changes. */
export type EventChanges = Schemas['EventChanges'];

/** What the client's `events.changes` call needs: one page of a round. */
export type FetchChanges = (query: { syncToken?: string; cursor?: string; limit?: number }, options?: RequestOptions) => Promise<WithResponse<EventChanges>>;

/** The local copy, as plain data: what `EventSync.snapshot()` gives and `new EventSync(…, { from })` takes back. */
export interface SyncSnapshot {
  syncToken: string | null;
  /** Single events, by id. */
  events: Record<string, Event>;
  /** Series, by id. */
  series: Record<string, Series>;
  /** Exceptions of series (changed, moved or cancelled occurrences), by occurrence id. */
  exceptions: Record<string, Event>;
}

/** What one `pull` did. */
export interface PullResult {
  /** True when the pull began from nothing: the first one, or after the server said `resync_required`. */
  full: boolean;
  /** Events, series and deletions applied. */
  changes: number;
  /** Pages read. */
  pages: number;
  /** Pages the server answered 304 Not Modified (with `conditional: true` on the client): nothing new. */
  notModified: number;
  syncToken: string;
}

export interface EventSyncOptions {
  /** A copy saved earlier (`snapshot()`): the next pull asks only for what changed since. */
  from?: SyncSnapshot;
  /** Page size, 1 to 100 (default 100: a full sync of a big calendar in fewest calls). */
  limit?: number;
  /** Called for each page applied (to persist, to update a view), with its answer's `lastResponse`. */
  onPage?: (page: WithResponse<EventChanges>) => void;
}

/**
 * A local copy of the owner's calendar kept exact by the change feed alone (GET /events/changes),
 * like a Google Calendar sync-token client: the first `pull` reads everything, each later one only
 * what changed, deletions included; a token too old for the server (`resync_required`) starts again
 * from nothing by itself. Single events, series (with the RRULE text to expand them) and the series'
 * exceptions are kept by id. With `new CalendarAccess({ conditional: true })`, a pull while nothing
 * changed costs one 304.
 *
 * ```ts
 * const sync = client.events.sync();
 * await sync.pull();                       // everything
 * setInterval(() => sync.pull(), 60_000);  // then only changes
 * for (const e of sync.events.values()) console.log(e.title, e.start);
 * ```
 */
export class EventSync {
  readonly events = new Map<string, Event>();
  readonly series = new Map<string, Series>();
  readonly exceptions = new Map<string, Event>();
  /** The exceptions' ids by their series. */
  private readonly exceptionsOf = new Map<string, Set<string>>();
  private token: string | null = null;
  private readonly limit: number;

  constructor(
    private readonly fetchChanges: FetchChanges,
    private readonly options: EventSyncOptions = {},
  ) {
    this.limit = options.limit ?? 100;
    const from = options.from;
    if (from) {
      this.token = from.syncToken;
      for (const [id, e] of Object.entries(from.events)) this.events.set(id, e);
      for (const [id, s] of Object.entries(from.series)) this.series.set(id, s);
      for (const e of Object.values(from.exceptions)) this.putException(e);
    }
  }

  /** The token the next pull starts from; null before the first. */
  get syncToken(): string | null {
    return this.token;
  }

  /** Brings the copy up to date: one round of the feed, every page of it. */
  async pull(options?: RequestOptions): Promise<PullResult> {
    try {
      return await this.round(this.token, options);
    } catch (e) {
      if (!(e instanceof CalendarAccessError) || e.code !== 'resync_required') throw e;
      return this.round(null, options);
    }
  }

  /** The copy as plain data, to save and give back later (`new EventSync(…, { from })`). */
  snapshot(): SyncSnapshot {
    return {
      syncToken: this.token,
      events: Object.fromEntries(this.events),
      series: Object.fromEntries(this.series),
      exceptions: Object.fromEntries(this.exceptions),
    };
  }

  private async round(from: string | null, options: RequestOptions | undefined): Promise<PullResult> {
    // A full round builds a new copy beside the old one: a failure half-way leaves the old one whole.
    const target = from === null ? new EventSync(this.fetchChanges, { limit: this.limit }) : this;
    const result: PullResult = { full: from === null, changes: 0, pages: 0, notModified: 0, syncToken: '' };
    let cursor: string | undefined;
    for (;;) {
      const page = await this.fetchChanges({ ...(from !== null ? { syncToken: from } : {}), ...(cursor ? { cursor } : {}), limit: this.limit }, options);
      result.pages += 1;
      if (page.lastResponse.status === 304) result.notModified += 1;
      result.changes += target.apply(page);
      this.options.onPage?.(page);
      if (page.nextCursor !== null) {
        cursor = page.nextCursor;
        continue;
      }
      if (page.nextSyncToken === null) throw new TypeError('GET /events/changes answered a last page without nextSyncToken');
      result.syncToken = page.nextSyncToken;
      break;
    }
    if (target !== this) {
      this.events.clear();
      this.series.clear();
      this.exceptions.clear();
      this.exceptionsOf.clear();
      for (const [id, e] of target.events) this.events.set(id, e);
      for (const [id, s] of target.series) this.series.set(id, s);
      for (const e of target.exceptions.values()) this.putException(e);
    }
    this.token = result.syncToken;
    return result;
  }

  /** Applies one page; returns how many events, series and deletions it held. */
  private apply(page: EventChanges): number {
    for (const s of page.series) {
      this.events.delete(s.id);
      this.dropExceptionsOf(s.id);
      this.series.set(s.id, s);
    }
    for (const e of page.events) {
      if (e.occurrenceOf === null) {
        // A series turned into a single event keeps its id.
        if (this.series.delete(e.id)) this.dropExceptionsOf(e.id);
        this.events.set(e.id, e);
      } else {
        this.putException(e);
      }
    }
    for (const d of page.deleted) {
      this.events.delete(d.id);
      if (this.series.delete(d.id)) this.dropExceptionsOf(d.id);
    }
    return page.series.length + page.events.filter((e) => e.occurrenceOf === null).length + page.deleted.length;
  }

  private putException(e: Event): void {
    const seriesId = e.occurrenceOf!;
    this.exceptions.set(e.id, e);
    let ids = this.exceptionsOf.get(seriesId);
    if (!ids) this.exceptionsOf.set(seriesId, (ids = new Set()));
    ids.add(e.id);
  }

  private dropExceptionsOf(seriesId: string): void {
    for (const id of this.exceptionsOf.get(seriesId) ?? []) this.exceptions.delete(id);
    this.exceptionsOf.delete(seriesId);
  }
}
