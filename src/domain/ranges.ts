/**
 * Range algebra over half-open time ranges [start, end) in epoch milliseconds. Pure. Every function
 * returns sorted, disjoint, non-empty ranges.
 */
export interface TimeRange {
  start: number;
  end: number;
}

/** Sorted, with overlapping and touching ranges joined; empty ranges dropped. */
export function mergeRanges(ranges: readonly TimeRange[]): TimeRange[] {
  const sorted = ranges.filter((r) => r.end > r.start).sort((a, b) => a.start - b.start || a.end - b.end);
  const out: TimeRange[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else out.push({ start: r.start, end: r.end });
  }
  return out;
}

/** `from` minus `cut`; both sorted and disjoint (as mergeRanges returns). Linear in their sizes. */
export function subtractRanges(from: readonly TimeRange[], cut: readonly TimeRange[]): TimeRange[] {
  const out: TimeRange[] = [];
  let c = 0;
  for (const r of from) {
    let start = r.start;
    while (c < cut.length && cut[c]!.end <= start) c += 1;
    let k = c;
    while (k < cut.length && cut[k]!.start < r.end) {
      const piece = cut[k]!;
      if (piece.start > start) out.push({ start, end: piece.start });
      start = Math.max(start, piece.end);
      if (start >= r.end) break;
      k += 1;
    }
    if (start < r.end) out.push({ start, end: r.end });
  }
  return out;
}
