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

/**
 * Calls in the order they were answered, field by field: a list (listSource), or the writer's
 * columns (src/request-log/columns.ts), read in place so packing makes no object per call.
 */
export interface CallSource {
  readonly length: number;
  ownerId(i: number): string;
  sourceId(i: number): string;
  tokenId(i: number): string;
  /** Epoch milliseconds. */
  time(i: number): number;
  method(i: number): string;
  path(i: number): string;
  status(i: number): number;
  code(i: number): string | null;
  requestId(i: number): string;
  /**
   * Where the source keeps a request id's bytes (plain ASCII, nothing JSON escapes): writes them at
   * `at` and answers how many, or -1 when it keeps this one as text (then requestId is read).
   */
  copyRequestId?(i: number, target: Buffer, at: number): number;
  durationUs(i: number): number;
}

export const listSource = (entries: readonly RequestLogEntry[]): CallSource => ({
  length: entries.length,
  ownerId: (i) => entries[i]!.ownerId,
  sourceId: (i) => entries[i]!.sourceId,
  tokenId: (i) => entries[i]!.tokenId,
  time: (i) => entries[i]!.at.getTime(),
  method: (i) => entries[i]!.method,
  path: (i) => entries[i]!.path,
  status: (i) => entries[i]!.status,
  code: (i) => entries[i]!.code,
  requestId: (i) => entries[i]!.requestId,
  durationUs: (i) => entries[i]!.durationUs,
});

/** A row as written: one owner's calls of one flush (at most MAX_BATCH_CALLS), packed, with their span and count. */
export interface PackedBatch {
  ownerId: string;
  firstAt: Date;
  lastAt: Date;
  n: number;
  calls: string;
}

/**
 * The calls grouped by owner, each owner's in order, at most MAX_BATCH_CALLS to a batch, each packed
 * as the JSON text of Packed. The text is written into one byte buffer and read out once: building
 * it from an object and an array per call (JSON.stringify) allocated about 300 bytes a call in one
 * synchronous burst, and V8, seeing those survive the scavenges that fell inside the burst, took to
 * allocating them straight in the old generation, which then grew by megabytes a second under load.
 */
export function packBatches(source: CallSource): PackedBatch[] {
  const n = source.length;
  // Each call's owner, then the calls in owner order (a counting sort: stable, in order within each).
  const owners: string[] = [];
  const ownerNumber = new Map<string, number>();
  const ownerOf = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const id = source.ownerId(i);
    let k = ownerNumber.get(id);
    if (k === undefined) {
      k = owners.length;
      ownerNumber.set(id, k);
      owners.push(id);
    }
    ownerOf[i] = k;
  }
  const starts = new Int32Array(owners.length + 1);
  for (let i = 0; i < n; i++) starts[ownerOf[i]! + 1]! += 1;
  for (let k = 0; k < owners.length; k++) starts[k + 1]! += starts[k]!;
  const order = new Int32Array(n);
  const next = starts.slice(0, owners.length);
  for (let i = 0; i < n; i++) order[next[ownerOf[i]!]!++] = i;

  const batches: PackedBatch[] = [];
  for (let k = 0; k < owners.length; k++) {
    for (let from = starts[k]!; from < starts[k + 1]!; from += MAX_BATCH_CALLS) {
      const to = Math.min(from + MAX_BATCH_CALLS, starts[k + 1]!);
      let first = Infinity;
      let last = -Infinity;
      for (let p = from; p < to; p++) {
        const t = source.time(order[p]!);
        if (t < first) first = t;
        if (t > last) last = t;
      }
      batches.push({ ownerId: owners[k]!, firstAt: new Date(first), lastAt: new Date(last), n: to - from, calls: packOne(source, order, from, to) });
    }
  }
  return batches;
}

/** Text that JSON writes as it is, between quotes (ids, codes). */
const PLAIN = /^[A-Za-z0-9_.:-]*$/;

/** A list's places by value, added on first sight. */
function place(seen: Map<string, number>, value: string): number {
  let at = seen.get(value);
  if (at === undefined) seen.set(value, (at = seen.size));
  return at;
}

/** The JSON text of one batch: `{"t":…,"c":[…],"s":[…],"k":[…],"r":[…]}` (the order of keys is JSON's business). */
function packOne(source: CallSource, order: Int32Array, from: number, to: number): string {
  const out = writer;
  out.start((to - from) * 64 + 64);
  const sources = new Map<string, number>();
  const tokens = new Map<string, number>();
  const routes = new Map<string, Map<string, number>>();
  const routeList: string[] = [];
  const t = source.time(order[from]!);
  out.ascii('{"t":').int(t).ascii(',"c":[');
  for (let p = from; p < to; p++) {
    const i = order[p]!;
    const method = source.method(i);
    const path = source.path(i);
    let paths = routes.get(method);
    if (!paths) routes.set(method, (paths = new Map()));
    let route = paths.get(path);
    if (route === undefined) {
      paths.set(path, (route = routeList.length));
      routeList.push(`${method} ${path}`);
    }
    const code = source.code(i);
    if (p !== from) out.byte(COMMA);
    out.byte(OPEN).int(place(sources, source.sourceId(i))).byte(COMMA).int(place(tokens, source.tokenId(i))).byte(COMMA);
    out.int(source.time(i) - t).byte(COMMA).int(route).byte(COMMA).int(source.status(i)).byte(COMMA);
    if (code === null) out.byte(ZERO);
    else out.quoted(code);
    out.byte(COMMA);
    if (!out.copied(source, i)) out.quoted(source.requestId(i));
    out.byte(COMMA).int(source.durationUs(i)).byte(CLOSE);
  }
  out.ascii('],"s":').text(JSON.stringify([...sources.keys()])).ascii(',"k":').text(JSON.stringify([...tokens.keys()]));
  out.ascii(',"r":').text(JSON.stringify(routeList)).ascii('}');
  return out.done();
}

const [COMMA, OPEN, CLOSE, ZERO, QUOTE, MINUS] = [0x2c, 0x5b, 0x5d, 0x30, 0x22, 0x2d];

/**
 * One byte buffer, written and read out per batch (batches are packed one at a time, synchronously).
 * Punctuation, digits and plain ids are put byte by byte: a call to Buffer#write per piece cost as
 * much as the INSERT (about 1 µs a call).
 */
class TextWriter {
  private buf = Buffer.allocUnsafe(64 * 1024);
  private pos = 0;

  start(expected: number): void {
    if (this.buf.length < expected) this.buf = Buffer.allocUnsafe(expected);
    this.pos = 0;
  }

  private room(bytes: number): void {
    if (this.pos + bytes <= this.buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + bytes));
    this.buf.copy(bigger, 0, 0, this.pos);
    this.buf = bigger;
  }

  byte(b: number): this {
    this.room(1);
    this.buf[this.pos++] = b;
    return this;
  }

  /** Text known to be ASCII (the format's own keys and punctuation). */
  ascii(value: string): this {
    this.room(value.length);
    for (let j = 0; j < value.length; j++) this.buf[this.pos++] = value.charCodeAt(j);
    return this;
  }

  /** Any text, as UTF-8. */
  text(value: string): this {
    this.room(value.length * 3);
    this.pos += this.buf.write(value, this.pos, 'utf8');
    return this;
  }

  /** A JSON string: plain ids and codes byte by byte, anything else as JSON.stringify writes it. */
  quoted(value: string): this {
    if (!PLAIN.test(value)) return this.text(JSON.stringify(value));
    this.room(value.length + 2);
    this.buf[this.pos++] = QUOTE;
    for (let j = 0; j < value.length; j++) this.buf[this.pos++] = value.charCodeAt(j);
    this.buf[this.pos++] = QUOTE;
    return this;
  }

  /** Call `i`'s request id, quoted, straight from where the source keeps its bytes; false if it keeps none. */
  copied(source: CallSource, i: number): boolean {
    if (!source.copyRequestId) return false;
    this.room(64);
    this.buf[this.pos] = QUOTE;
    const n = source.copyRequestId(i, this.buf, this.pos + 1);
    if (n < 0) return false;
    this.pos += n + 1;
    this.buf[this.pos++] = QUOTE;
    return true;
  }

  /** An integer, in JSON's digits, without making its text. */
  int(value: number): this {
    this.room(24);
    let v = value;
    if (v < 0) {
      this.buf[this.pos++] = MINUS;
      v = -v;
    }
    let digits = 1;
    for (let rest = v; rest >= 10; rest = Math.floor(rest / 10)) digits++;
    for (let d = digits - 1; d >= 0; d--) {
      this.buf[this.pos + d] = ZERO + (v % 10);
      v = Math.floor(v / 10);
    }
    this.pos += digits;
    return this;
  }

  done(): string {
    return this.buf.toString('utf8', 0, this.pos);
  }
}

const writer = new TextWriter();

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
