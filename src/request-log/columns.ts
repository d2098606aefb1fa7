import type { CallSource, RequestLogEntry } from '../store/repos/request-log-pack.js';

/** A request id as newRequestId makes it: `req_` and 22 url-safe characters, kept as their 22 bytes. */
const PREFIX = 'req_';
const ID_CHARS = 22;

/**
 * Calls waiting to be written, field by field in arrays that live as long as the writer: a number
 * goes to a typed array, a request id's characters to a byte slab, and the other fields are
 * references to strings the service keeps anyway (the cached caller's ids, the route's logged path,
 * the error table's codes). So nothing a call leaves behind outlives V8's young generation: as an
 * object per call (its Date, its request id text) every call's entry lived past two scavenges until
 * the flush and was copied into the old generation, which grew by about 300 bytes a call under load
 * and was then marked and compacted (bench/me-variants.ts with --trace-gc).
 */
export class CallColumns implements CallSource {
  private count = 0;
  private readonly ownerIds: string[] = [];
  private readonly sourceIds: string[] = [];
  private readonly tokenIds: string[] = [];
  private readonly methods: string[] = [];
  private readonly paths: string[] = [];
  private readonly codes: (string | null)[] = [];
  /** Request ids that are not `req_` and 22 ASCII characters (none today), by place. */
  private readonly otherIds = new Map<number, string>();
  private times: Float64Array;
  private durations: Float64Array;
  private statuses: Uint16Array;
  private ids: Buffer;

  constructor(initialCapacity = 1024) {
    this.times = new Float64Array(initialCapacity);
    this.durations = new Float64Array(initialCapacity);
    this.statuses = new Uint16Array(initialCapacity);
    this.ids = Buffer.alloc(initialCapacity * ID_CHARS);
  }

  get length(): number {
    return this.count;
  }

  push(e: RequestLogEntry): void {
    const i = this.count;
    if (i === this.times.length) this.grow();
    this.ownerIds[i] = e.ownerId;
    this.sourceIds[i] = e.sourceId;
    this.tokenIds[i] = e.tokenId;
    this.methods[i] = e.method;
    this.paths[i] = e.path;
    this.codes[i] = e.code;
    this.times[i] = e.at.getTime();
    this.durations[i] = e.durationUs;
    this.statuses[i] = e.status;
    if (!this.keepId(i, e.requestId)) this.otherIds.set(i, e.requestId);
    this.count = i + 1;
  }

  /** Forgets every call (the arrays stay, to be written over). */
  clear(): void {
    this.count = 0;
    this.otherIds.clear();
  }

  ownerId(i: number): string {
    return this.ownerIds[i]!;
  }

  sourceId(i: number): string {
    return this.sourceIds[i]!;
  }

  tokenId(i: number): string {
    return this.tokenIds[i]!;
  }

  time(i: number): number {
    return this.times[i]!;
  }

  method(i: number): string {
    return this.methods[i]!;
  }

  path(i: number): string {
    return this.paths[i]!;
  }

  status(i: number): number {
    return this.statuses[i]!;
  }

  code(i: number): string | null {
    return this.codes[i]!;
  }

  requestId(i: number): string {
    const off = i * ID_CHARS;
    return this.otherIds.get(i) ?? `${PREFIX}${this.ids.toString('latin1', off, off + ID_CHARS)}`;
  }

  copyRequestId(i: number, target: Buffer, at: number): number {
    if (this.otherIds.has(i)) return -1;
    for (let j = 0; j < PREFIX.length; j++) target[at + j] = PREFIX.charCodeAt(j);
    const off = i * ID_CHARS;
    for (let j = 0; j < ID_CHARS; j++) target[at + PREFIX.length + j] = this.ids[off + j]!;
    return PREFIX.length + ID_CHARS;
  }

  durationUs(i: number): number {
    return this.durations[i]!;
  }

  private keepId(i: number, id: string): boolean {
    if (id.length !== PREFIX.length + ID_CHARS || !id.startsWith(PREFIX)) return false;
    const off = i * ID_CHARS;
    for (let j = 0; j < ID_CHARS; j++) {
      const c = id.charCodeAt(PREFIX.length + j);
      // Printable ASCII that JSON writes as it is (no quote, no backslash): copied into the text as bytes.
      if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) return false;
      this.ids[off + j] = c;
    }
    return true;
  }

  /** Twice the room, the calls kept (the string arrays grow by themselves). */
  private grow(): void {
    const size = this.times.length * 2;
    this.times = widened(this.times, new Float64Array(size));
    this.durations = widened(this.durations, new Float64Array(size));
    this.statuses = widened(this.statuses, new Uint16Array(size));
    this.ids = widened(this.ids, Buffer.alloc(size * ID_CHARS));
  }
}

function widened<T extends Float64Array | Uint16Array | Uint8Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
