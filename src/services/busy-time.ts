import { mergeRanges, type TimeRange } from '../domain/ranges.js';
import type { Db } from '../store/db.js';
import { acceptedSlots, importedBusy } from '../store/repos/booking.js';
import { calendarBusy } from './calendar-window.js';

const DAY_MS = 86_400_000;

/**
 * The owner's busy time in [from, to), merged: confirmed busy events and occurrences of every
 * calendar (an all-day event covers its local days: its start and end are local midnights),
 * accepted appointments, and busy time imported from feeds. Why a time is busy is not kept.
 */
export async function loadBusyTime(db: Db, ownerId: string, from: Date, to: Date): Promise<TimeRange[]> {
  const [busy, accepted, imported] = await Promise.all([
    calendarBusy(db, ownerId, from, to),
    acceptedSlots(db, ownerId, from, to),
    importedBusy(db, ownerId, from, to),
  ]);
  const ranges: TimeRange[] = [];
  for (const r of [...busy, ...accepted, ...imported]) ranges.push({ start: r.start.getTime(), end: r.end.getTime() });
  return mergeRanges(ranges);
}

interface Entry {
  version: string;
  from: number;
  to: number;
  ranges: TimeRange[];
}

/**
 * Expanded busy time per owner, kept until the owner's busy-time version moves (triggers move it in
 * the same transaction as any change, on any instance) or a query needs time the entry does not
 * cover. A build covers from a day before `now` to a few days past the booking window, so every
 * query of the window is served from one build; concurrent misses share one build.
 */
export class BusyTimeCache {
  private readonly entries = new Map<string, Entry>();
  private readonly building = new Map<string, Promise<Entry>>();

  constructor(
    private readonly db: Db,
    private readonly maxOwners = 5000,
  ) {}

  /** Busy time covering [from, to) at `version`, from the cache when it can. */
  async get(ownerId: string, version: string, from: number, to: number, horizon: { now: number; until: number }): Promise<TimeRange[]> {
    const hit = this.entries.get(ownerId);
    if (hit && hit.version === version && hit.from <= from && hit.to >= to) {
      // Refresh its place in the LRU order.
      this.entries.delete(ownerId);
      this.entries.set(ownerId, hit);
      return hit.ranges;
    }
    const start = Math.min(from, horizon.now - DAY_MS);
    const end = Math.max(to, horizon.until + 2 * DAY_MS);
    const key = `${ownerId}|${version}|${start}|${end}`;
    let pending = this.building.get(key);
    if (!pending) {
      pending = loadBusyTime(this.db, ownerId, new Date(start), new Date(end)).then((ranges) => ({ version, from: start, to: end, ranges }));
      this.building.set(key, pending);
      void pending.finally(() => this.building.delete(key)).catch(() => undefined);
    }
    const entry = await pending;
    this.entries.delete(ownerId);
    if (this.entries.size >= this.maxOwners) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(ownerId, entry);
    return entry.ranges;
  }
}
