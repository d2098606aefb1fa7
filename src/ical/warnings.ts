/**
 * The warnings of one reading as the owner gets them (docs/calendar-import.md, "The report"): each
 * starts with the line it is about ('line 12: …'), in line order, at most MAX_WARNINGS of them. Pure.
 */
import type ICAL from 'ical.js';
import { lineOf } from './calendar-text.js';

/** A file of garbage could make one a line: past this many, the rest are counted, not listed. */
export const MAX_WARNINGS = 500;

const lineNumber = (w: string): number => {
  const m = /^line (\d+):/.exec(w);
  return m === null ? Number.MAX_SAFE_INTEGER : Number(m[1]);
};

/** Sorted by line (a stable sort: one line's warnings keep their order), then capped. */
export function reportWarnings(warnings: string[]): string[] {
  const sorted = warnings.map((w, i) => ({ w, n: lineNumber(w), i })).sort((a, b) => a.n - b.n || a.i - b.i).map((x) => x.w);
  if (sorted.length <= MAX_WARNINGS) return sorted;
  return [...sorted.slice(0, MAX_WARNINGS), `${(sorted.length - MAX_WARNINGS).toLocaleString('en-US')} more warnings not listed`];
}

/** Duplicate UIDs without RECURRENCE-ID: which one is imported (highest SEQUENCE, then the last in the file). */
export function duplicateWarning(uid: string, masters: ICAL.Component[], chosen: ICAL.Component): string {
  const at = masters.map((m) => lineOf(m));
  const first = at[0] === null || at[0] === undefined ? '' : `line ${at[0]}: `;
  const where = at.every((n) => n !== null) ? ` (lines ${at.join(', ')})` : '';
  const kept = lineOf(chosen);
  return `${first}UID ${uid} appears ${masters.length} times without RECURRENCE-ID${where}; ${kept === null ? 'the one' : `the one of line ${kept}`} with the highest SEQUENCE, then the last, is imported`;
}
