/**
 * How calls are stored: one row per owner and flush (a batch), its calls packed into one JSON text
 * (docs/decisions.md "Request log"). A row per call cost the service about 26 µs of CPU a call on
 * PGlite, which writes on the service's own thread: as much as `GET /me` itself. Pure: entries in,
 * text out, and back.
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

/**
 * A batch, packed: the time of its first call (epoch ms), and what its calls repeat listed once —
 * sources, tokens, "METHOD path"s — each call then [source, token, ms after the first, method and
 * path, status, code (0 for none), request id, duration in µs]. About 55 bytes a call: on PGlite the
 * cost of a write grows with its bytes (a 500-call batch of whole rows, 155 bytes a call, took 10 µs
 * a call; this about a third of it).
 */
interface Packed {
  t: number;
  s: string[];
  k: string[];
  r: string[];
  c: [number, number, number, number, number, string | 0, string, number][];
}

/** Each distinct value's place in a list, added on first sight. */
function indexer(): { list: string[]; of(value: string): number } {
  const list: string[] = [];
  const seen = new Map<string, number>();
  return {
    list,
    of(value) {
      let i = seen.get(value);
      if (i === undefined) {
        i = list.length;
        seen.set(value, i);
        list.push(value);
      }
      return i;
    },
  };
}

export function packCalls(entries: readonly RequestLogEntry[]): string {
  const t = entries.length === 0 ? 0 : entries[0]!.at.getTime();
  const sources = indexer();
  const tokens = indexer();
  const routes = indexer();
  const c = entries.map((e): Packed['c'][number] => [
    sources.of(e.sourceId), tokens.of(e.tokenId), e.at.getTime() - t, routes.of(`${e.method} ${e.path}`), e.status, e.code ?? 0, e.requestId, e.durationUs,
  ]);
  return JSON.stringify({ t, s: sources.list, k: tokens.list, r: routes.list, c } satisfies Packed);
}

/** The calls of batch `batchId`, oldest first, each with its id. */
export function unpackCalls(batchId: string, ownerId: string, text: string): RequestLogRow[] {
  const base = BigInt(batchId) * CALLS_PER_BATCH_ID;
  const { t, s, k, r, c } = JSON.parse(text) as Packed;
  return c.map(([source, token, dt, route, status, code, requestId, durationUs], i) => {
    const line = r[route]!;
    const space = line.indexOf(' ');
    return {
      id: String(base + BigInt(i)), ownerId, sourceId: s[source]!, tokenId: k[token]!, at: new Date(t + dt),
      method: line.slice(0, space), path: line.slice(space + 1), status, code: code === 0 ? null : code, requestId, durationUs,
    };
  });
}

/** The batch holding call `callId`. */
export const batchOf = (callId: string): string => String(BigInt(callId) / CALLS_PER_BATCH_ID);

/** A call id after every call of batch `batchId` and before any of the next. */
export const afterBatch = (batchId: string): string => String(BigInt(batchId) * CALLS_PER_BATCH_ID + CALLS_PER_BATCH_ID - 1n);

/** Whether call id `a` comes before `b` in write order. */
export const earlier = (a: string, b: string): boolean => BigInt(a) < BigInt(b);
