import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { mergeRanges, subtractRanges, type TimeRange } from '../../src/domain/ranges.js';
import { propertyRuns } from '../helpers/property-runs.js';

// Small numbers read better than epoch milliseconds; the functions only compare and subtract.
const r = (start: number, end: number): TimeRange => ({ start, end });

describe('mergeRanges', () => {
  it('returns nothing for no ranges', () => {
    assert.deepEqual(mergeRanges([]), []);
  });

  it('sorts unsorted ranges by start', () => {
    assert.deepEqual(mergeRanges([r(50, 60), r(10, 20), r(30, 40)]), [r(10, 20), r(30, 40), r(50, 60)]);
  });

  it('joins overlapping ranges into one', () => {
    assert.deepEqual(mergeRanges([r(10, 30), r(20, 40)]), [r(10, 40)]);
  });

  it('joins ranges that only touch, because [a, b) and [b, c) leave no gap', () => {
    assert.deepEqual(mergeRanges([r(20, 30), r(10, 20)]), [r(10, 30)]);
  });

  it('keeps ranges one millisecond apart separate', () => {
    assert.deepEqual(mergeRanges([r(10, 20), r(21, 30)]), [r(10, 20), r(21, 30)]);
  });

  it('absorbs a range nested inside another, whichever comes first', () => {
    assert.deepEqual(mergeRanges([r(12, 15), r(10, 20)]), [r(10, 20)]);
    assert.deepEqual(mergeRanges([r(10, 20), r(12, 15)]), [r(10, 20)]);
  });

  it('keeps the later end when a short range starting with a long one comes second', () => {
    assert.deepEqual(mergeRanges([r(10, 40), r(10, 15), r(15, 20)]), [r(10, 40)]);
  });

  it('joins a chain of ranges each touching the next', () => {
    assert.deepEqual(mergeRanges([r(30, 40), r(0, 10), r(20, 30), r(10, 20)]), [r(0, 40)]);
  });

  it('drops empty and reversed ranges, even one lying between two others', () => {
    assert.deepEqual(mergeRanges([r(5, 5), r(9, 3)]), []);
    assert.deepEqual(mergeRanges([r(10, 20), r(25, 25), r(30, 40)]), [r(10, 20), r(30, 40)]);
  });

  it('leaves its input untouched', () => {
    const input = [r(20, 30), r(10, 25)];
    mergeRanges(input);
    assert.deepEqual(input, [r(20, 30), r(10, 25)]);
  });
});

describe('subtractRanges', () => {
  it('returns the ranges unchanged when nothing is cut', () => {
    assert.deepEqual(subtractRanges([r(10, 20), r(30, 40)], []), [r(10, 20), r(30, 40)]);
  });

  it('returns nothing from nothing', () => {
    assert.deepEqual(subtractRanges([], [r(10, 20)]), []);
  });

  it('splits a range around a cut in its middle', () => {
    assert.deepEqual(subtractRanges([r(10, 40)], [r(20, 30)]), [r(10, 20), r(30, 40)]);
  });

  it('removes a range covered exactly or more than covered by a cut', () => {
    assert.deepEqual(subtractRanges([r(10, 20)], [r(10, 20)]), []);
    assert.deepEqual(subtractRanges([r(10, 20)], [r(0, 30)]), []);
  });

  it('keeps a range whole when cuts only touch its ends', () => {
    assert.deepEqual(subtractRanges([r(10, 20)], [r(0, 10), r(20, 30)]), [r(10, 20)]);
  });

  it('trims the start and the end when cuts overlap them', () => {
    assert.deepEqual(subtractRanges([r(10, 40)], [r(5, 15), r(35, 45)]), [r(15, 35)]);
  });

  it('applies one cut that spans several ranges to each of them', () => {
    assert.deepEqual(subtractRanges([r(10, 20), r(30, 40), r(50, 60)], [r(15, 55)]), [r(10, 15), r(55, 60)]);
  });

  it('applies several cuts inside one range', () => {
    assert.deepEqual(subtractRanges([r(0, 100)], [r(10, 20), r(30, 40), r(90, 100)]), [r(0, 10), r(20, 30), r(40, 90)]);
  });

  it('ignores cuts lying wholly before or after every range', () => {
    assert.deepEqual(subtractRanges([r(40, 50)], [r(0, 10), r(60, 70)]), [r(40, 50)]);
  });

  it('keeps using a cut that reaches past one range for the next range', () => {
    // The cut [25, 45) must still bite the second range after the first one was handled.
    assert.deepEqual(subtractRanges([r(10, 30), r(40, 60)], [r(25, 45)]), [r(10, 25), r(45, 60)]);
  });
});

// A model that cannot share a bug with the sweep code: the set of integer points covered.
const points = (ranges: readonly TimeRange[]) => {
  const set = new Set<number>();
  for (const x of ranges) for (let p = x.start; p < x.end; p++) set.add(p);
  return [...set].sort((a, b) => a - b);
};
const isNormal = (ranges: readonly TimeRange[]) =>
  ranges.every((x, i) => x.end > x.start && (i === 0 || x.start > ranges[i - 1]!.end));
const rangeArb = fc.tuple(fc.integer({ min: 0, max: 60 }), fc.integer({ min: -5, max: 20 })).map(([s, len]) => r(s, s + len));
const rangesArb = fc.array(rangeArb, { maxLength: 8 });

describe('range algebra against a set of points', () => {
  it('mergeRanges covers the same points with sorted, disjoint, non-touching ranges', () => {
    fc.assert(
      fc.property(rangesArb, (ranges) => {
        const merged = mergeRanges(ranges);
        assert.deepEqual(points(merged), points(ranges));
        assert.ok(isNormal(merged), JSON.stringify(merged));
      }),
      propertyRuns('ranges: merge', 300, { includeErrorInReport: true }),
    );
  });

  it('subtractRanges covers exactly the points of the first set not in the second', () => {
    fc.assert(
      fc.property(rangesArb, rangesArb, (a, b) => {
        const from = mergeRanges(a);
        const cut = mergeRanges(b);
        const out = subtractRanges(from, cut);
        const removed = new Set(points(cut));
        assert.deepEqual(points(out), points(from).filter((p) => !removed.has(p)));
        assert.ok(out.every((x, i) => x.end > x.start && (i === 0 || x.start >= out[i - 1]!.end)), JSON.stringify(out));
      }),
      propertyRuns('ranges: subtract', 300, { includeErrorInReport: true }),
    );
  });
});
