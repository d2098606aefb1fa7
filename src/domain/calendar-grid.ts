import { zoneOffsets } from './zone-offsets.js';

/**
 * The console's time grid (week and day views): where each event stands, in rows of 15 minutes of
 * the owner's wall clock, and which events stand side by side. Pure: dates, zone, items and `now` in,
 * positions out (apart from zone-offsets.ts's cache of transitions); the page turns them into CSS classes
 * (`.r-<row>`, `.s-<span>`, `.l-<lane>-<lanes>`). A week lays out in about 0.3 ms.
 *
 * The rows are the wall clock the owner reads, so 10:00 is at the same height on every day of a week.
 * A day is walked from its start to the next day's start in real 15-minute steps; each step is a slot
 * named by its wall time and, in the hour the clocks go back, whether it is that wall time's second
 * passing (`fold` 1). The grid's axis is the union of the days' slots in order: on a 23-hour day the
 * skipped hour's rows are absent from that day (the other days have them), and a 25-hour day adds the
 * repeated hour's rows once more (absent from the other days). A day view has exactly its own slots.
 */
export const SLOT_MINUTES = 15;
const SLOT_MS = SLOT_MINUTES * 60_000;

export interface GridItem {
  start: Date;
  end: Date;
  allDay: boolean;
  /** All-day items: the first day and the day after the last (RFC 5545). */
  startDate?: string | null;
  endDate?: string | null;
}

/** One row of the axis. */
export interface AxisRow {
  /** Minutes after midnight on the wall clock. */
  wall: number;
  /** 1 for the second passing of a wall time, when the clocks go back. */
  fold: 0 | 1;
  /** The wall time is passed twice on one of the days (its label names the offset). */
  repeated: boolean;
  /** The row's first instant, on a day that has it. */
  at: Date;
}

export interface Placed<T> {
  item: T;
  /** First row (0-based) and number of rows. */
  row: number;
  span: number;
  /** Side by side: this item's lane of `lanes` (0-based). */
  lane: number;
  lanes: number;
  /** The item began before this day, or goes on after it. */
  fromBefore: boolean;
  untilAfter: boolean;
}

export interface GridDay<T> {
  date: string;
  /** The day's first instant and the next day's. */
  start: Date;
  end: Date;
  /** Per axis row: the slot's first instant on this day, or null when the day has no such wall time. */
  slots: (Date | null)[];
  /** All-day items, and timed ones covering the whole day. */
  allDay: T[];
  /** Timed items, by row then longest first. */
  placed: Placed<T>[];
  /** The row holding `now`, when now is on this day. */
  nowRow: number | null;
}

export interface Grid<T> {
  axis: AxisRow[];
  days: GridDay<T>[];
}

interface Slot {
  wall: number;
  fold: 0 | 1;
  at: Date;
  /** Sort key along the axis (below). */
  key: number;
}

const DAY_MS = 86_400_000;
/** Midnight of the date as floating milliseconds (zone-offsets.ts). */
const midnightWall = (date: string) => Date.parse(`${date}T00:00:00Z`);
const dayStart = (date: string, zone: string) => new Date(zoneOffsets(zone).startOfDay(midnightWall(date)));
const nextDay = (date: string) => new Date(midnightWall(date) + DAY_MS).toISOString().slice(0, 10);

/**
 * A day's slots in real-time order. Their keys order every day's slots on one axis: a first passing's
 * key is its wall minute; a second passing (after the clocks go back from `be` to `bs`) sorts after
 * the first passing's last slot and before `be`, in its own order.
 */
function daySlots(date: string, zone: string): Slot[] {
  const offsets = zoneOffsets(zone);
  const from = dayStart(date, zone).getTime();
  const to = dayStart(nextDay(date), zone).getTime();
  const slots: Slot[] = [];
  const seen = new Set<number>();
  for (let t = from; t < to; t += SLOT_MS) {
    const wall = ((((offsets.wallOf(t) % DAY_MS) + DAY_MS) % DAY_MS) / 60_000);
    const fold: 0 | 1 = seen.has(wall) ? 1 : 0;
    seen.add(wall);
    slots.push({ wall, fold, at: new Date(t), key: wall });
  }
  for (let i = 0; i < slots.length; ) {
    if (slots[i]!.fold === 0) {
      i += 1;
      continue;
    }
    let j = i;
    while (j < slots.length && slots[j]!.fold === 1) j += 1;
    const bs = slots[i]!.wall;
    const be = j < slots.length ? slots[j]!.wall : 24 * 60;
    for (let k = i; k < j; k++) slots[k]!.key = be - 1 + (slots[k]!.wall - bs + 1) / (be - bs + 2);
    i = j;
  }
  return slots;
}

/** Gives each item a lane; items overlapping one another (transitively) share their number of lanes. */
export function assignLanes<T>(spans: { item: T; row: number; span: number }[]): { item: T; row: number; span: number; lane: number; lanes: number }[] {
  const sorted = [...spans].sort((a, b) => a.row - b.row || b.span - a.span);
  const out: { item: T; row: number; span: number; lane: number; lanes: number }[] = [];
  let cluster: typeof out = [];
  let laneEnds: number[] = [];
  let clusterEnd = -1;
  const close = () => {
    for (const c of cluster) c.lanes = laneEnds.length;
    cluster = [];
    laneEnds = [];
  };
  for (const s of sorted) {
    if (s.row >= clusterEnd) close();
    let lane = laneEnds.findIndex((end) => end <= s.row);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = s.row + s.span;
    clusterEnd = Math.max(clusterEnd, s.row + s.span);
    const placed = { ...s, lane, lanes: 0 };
    cluster.push(placed);
    out.push(placed);
  }
  close();
  return out;
}

/** The grid of `dates` (YYYY-MM-DD, in order) in `zone`, with the items that fall on them. */
export function layoutGrid<T extends GridItem>(dates: string[], zone: string, items: T[], now: Date): Grid<T> {
  const perDay = dates.map((date) => ({ date, slots: daySlots(date, zone) }));
  const byKey = new Map<number, AxisRow>();
  const repeatedWalls = new Set(perDay.flatMap((d) => d.slots.filter((s) => s.fold === 1).map((s) => s.wall)));
  for (const d of perDay) {
    for (const s of d.slots) if (!byKey.has(s.key)) byKey.set(s.key, { wall: s.wall, fold: s.fold, repeated: repeatedWalls.has(s.wall), at: s.at });
  }
  const keys = [...byKey.keys()].sort((a, b) => a - b);
  const rowOfKey = new Map(keys.map((k, i) => [k, i]));
  const axis = keys.map((k) => byKey.get(k)!);

  const days = perDay.map(({ date, slots }): GridDay<T> => {
    const start = dayStart(date, zone);
    const end = dayStart(nextDay(date), zone);
    const rows = slots.map((s) => rowOfKey.get(s.key)!);
    const cells: (Date | null)[] = axis.map(() => null);
    slots.forEach((s, i) => (cells[rows[i]!] = s.at));
    const rowAt = (t: number) => rows[Math.min(rows.length - 1, Math.max(0, Math.floor((t - start.getTime()) / SLOT_MS)))]!;
    const allDay: T[] = [];
    const spans: { item: T; row: number; span: number; fromBefore: boolean; untilAfter: boolean }[] = [];
    for (const item of items) {
      if (item.allDay) {
        if (item.startDate && item.endDate && item.startDate <= date && date < item.endDate) allDay.push(item);
        continue;
      }
      const s = item.start.getTime();
      const e = item.end.getTime();
      const on = s === e ? s >= start.getTime() && s < end.getTime() : s < end.getTime() && e > start.getTime();
      if (!on) continue;
      const fromBefore = s < start.getTime();
      const untilAfter = e > end.getTime();
      if (fromBefore && e >= end.getTime()) {
        allDay.push(item);
        continue;
      }
      const first = fromBefore ? rows[0]! : rowAt(s);
      const last = e >= end.getTime() ? rows[rows.length - 1]! : rowAt(Math.max(s, e - 1));
      spans.push({ item, row: first, span: last - first + 1, fromBefore, untilAfter });
    }
    const edges = new Map(spans.map((x) => [x.item, x]));
    const placed = assignLanes(spans).map((p) => ({ ...p, fromBefore: edges.get(p.item)!.fromBefore, untilAfter: edges.get(p.item)!.untilAfter }));
    const t = now.getTime();
    return { date, start, end, slots: cells, allDay, placed, nowRow: t >= start.getTime() && t < end.getTime() ? rowAt(t) : null };
  });
  return { axis, days };
}
