/**
 * How calls are stored: one row per owner and flush (a batch), its calls packed into one JSON text
 * (docs/decisions.md "Request log"). A row per call cost the service about 20 µs a call on PGlite,
 * which writes on the service's own thread: as much as `GET /me` itself. A packed batch costs about
 * 3 µs a call. Pure: entries in, text out, and back.
 */

/** One call as written: what the console and `logs tail` show, and nothing else. */
export interface RequestLogEntry {
  ownerId: string;
  /** The personal token's id, or the app's id for an OAuth access token. */
  sourceId: string;
  tokenId: string;
  at: Date;
  method: string;
  path: string;
  status: number;
  code: string | null;
  requestId: string;
  durationUs: number;
}

/** One call as read back, with its id (its batch's and its place in it, as text). */
export interface RequestLogRow extends RequestLogEntry {
  id: string;
}

/** A call's id is its batch's id times this, plus its place in the batch: write order, as one number. */
export const CALLS_PER_BATCH_ID = 1000n;
/** At most this many calls in one batch row (below CALLS_PER_BATCH_ID). */
export const MAX_BATCH_CALLS = 500;

/** One call, packed: source, token, at (epoch ms), method, path, status, code, request id, duration (µs). */
type Packed = [string, string, number, string, string, number, string | null, string, number];

export function packCalls(entries: readonly RequestLogEntry[]): string {
  return JSON.stringify(entries.map((e): Packed => [e.sourceId, e.tokenId, e.at.getTime(), e.method, e.path, e.status, e.code, e.requestId, e.durationUs]));
}

/** The calls of batch `batchId`, oldest first, each with its id. */
export function unpackCalls(batchId: string, ownerId: string, text: string): RequestLogRow[] {
  const base = BigInt(batchId) * CALLS_PER_BATCH_ID;
  return (JSON.parse(text) as Packed[]).map(([sourceId, tokenId, at, method, path, status, code, requestId, durationUs], i) => ({
    id: String(base + BigInt(i)), ownerId, sourceId, tokenId, at: new Date(at), method, path, status, code, requestId, durationUs,
  }));
}

/** The batch holding call `callId`. */
export const batchOf = (callId: string): string => String(BigInt(callId) / CALLS_PER_BATCH_ID);

/** A call id after every call of batch `batchId` and before any of the next. */
export const afterBatch = (batchId: string): string => String(BigInt(batchId) * CALLS_PER_BATCH_ID + CALLS_PER_BATCH_ID - 1n);

/** Whether call id `a` comes before `b` in write order. */
export const earlier = (a: string, b: string): boolean => BigInt(a) < BigInt(b);
