import { formatInstant } from '../domain/instant.js';
import { invalidInput } from './errors.js';

/**
 * The time rules of the change feeds (/tasks, /requests, /events with includeDeleted): how long
 * deleted and handled records stay listed, and until when the clock leaves a page as it is. The
 * paging itself (cursor, limit) is keyset.ts.
 */
export const DELETED_MARKER_DAYS = 30;
export const HANDLED_LISTED_DAYS = 90;

/**
 * `updatedSince` older than the deleted markers are kept, with includeDeleted=true, cannot give a
 * complete answer: the client must sync again from scratch (Google answers 410 here; docs/spec-decisions.md §6: 422).
 */
export function checkUpdatedSince(updatedSince: Date | null, includeDeleted: boolean, now: Date): void {
  if (updatedSince && includeDeleted && updatedSince.getTime() < now.getTime() - DELETED_MARKER_DAYS * 86_400_000) {
    throw invalidInput('updatedSince', `With includeDeleted=true, updatedSince may be at most ${DELETED_MARKER_DAYS} days back; sync again without it.`);
  }
}

export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * 86_400_000);
}

/**
 * Until when the clock alone leaves a page of a change feed as it is (epoch ms): the first instant
 * one of its rows drops out, a deleted one 30 days after its deletion, a handled one 90 days after
 * `handledAt`. Nothing else in a page moves with time, and a row leaving never lets another in.
 */
export function pageStableUntil<R extends { deleted_at: string | null }>(rows: R[], handledAt: (row: R) => string | null): number {
  let until = Infinity;
  for (const row of rows) {
    const ended = row.deleted_at ?? handledAt(row);
    if (ended === null) continue;
    const days = row.deleted_at !== null ? DELETED_MARKER_DAYS : HANDLED_LISTED_DAYS;
    until = Math.min(until, Date.parse(wireInstant(ended)) + days * 86_400_000);
  }
  return until;
}

/**
 * A timestamptz as PostgreSQL writes it in JSON (`2026-03-01T10:00:00.1204+00:00`, the feeds' pages)
 * in the wire format of formatInstant: milliseconds, cut as a Date cuts them, left out when zero.
 * Sessions in UTC (PGlite's, and a server's default) take the string path; any other zone goes
 * through a Date.
 */
export function wireInstant(json: string): string {
  const n = json.length;
  if (n >= 25 && json.charCodeAt(4) === 45 && json.charCodeAt(10) === 84 && json.endsWith('+00:00')) {
    const seconds = json.slice(0, 19);
    if (n === 25) return `${seconds}Z`;
    // PostgreSQL trims trailing zeros of the fraction (".12" is 120 ms) and gives up to 6 digits.
    const ms = `${json.slice(20, n - 6)}00`.slice(0, 3);
    return ms === '000' ? `${seconds}Z` : `${seconds}.${ms}Z`;
  }
  return formatInstant(new Date(json));
}
