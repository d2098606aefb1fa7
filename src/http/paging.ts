import { decodeCursor, encodeCursor, queryFingerprint } from '../domain/cursor.js';
import { formatInstant } from '../domain/instant.js';
import { invalidInput } from './errors.js';
import type { HandlerContext } from './route.js';

/** Position in a list ordered by an instant (updatedAt, or start for events), then id. */
export interface FeedPosition {
  at: Date;
  id: string;
}

export const DELETED_MARKER_DAYS = 30;
export const HANDLED_LISTED_DAYS = 90;

type Ctx = HandlerContext<Record<string, unknown>, unknown, unknown>;

/** Fingerprints of the queries being answered: a page that reads and writes a cursor hashes its query once. */
const fingerprints = new WeakMap<object, { route: string; fingerprint: string }>();

function context(ctx: Ctx, route: string) {
  let known = fingerprints.get(ctx.query);
  if (known?.route !== route) {
    known = { route, fingerprint: queryFingerprint(route, ctx.query) };
    fingerprints.set(ctx.query, known);
  }
  return { fingerprint: known.fingerprint, tokenId: ctx.principal.tokenId, now: ctx.now };
}

/** The position a cursor carries; 422 naming `cursor` when forged, expired, or of another query or token. */
function readCursor(ctx: Ctx, route: string): { key: string | number; id: string } | null {
  const cursor = ctx.query.cursor;
  if (typeof cursor !== 'string') return null;
  const result = decodeCursor(ctx.services.secrets.cursor, cursor, context(ctx, route));
  if (!result.ok) throw invalidInput('cursor', `The cursor ${result.reason}.`);
  return result.position;
}

export function readFeedCursor(ctx: Ctx, route: string): FeedPosition | null {
  const p = readCursor(ctx, route);
  if (!p) return null;
  if (typeof p.key !== 'number') throw invalidInput('cursor', 'The cursor is not a cursor of this list.');
  return { at: new Date(p.key), id: p.id };
}

export function writeCursor(ctx: Ctx, route: string, key: string | number, id: string): string {
  return encodeCursor(ctx.services.secrets.cursor, { key, id }, context(ctx, route));
}

/**
 * `updatedSince` older than the deleted markers are kept, with includeDeleted=true, cannot give a
 * complete answer: the client must sync again from scratch (Google answers 410 here; decisions §6: 422).
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
