import { packBatches, type PackedBatch, type RequestLogEntry } from '../store/repos/request-log-pack.js';
import type { RunnerLog as Log } from '../jobs/runner.js';
import { CallColumns } from './columns.js';

/** A batch is written this often (a part of the API role starts the timer) … */
export const FLUSH_EVERY_MS = 1000;
/** … or as soon as it holds this many calls. */
export const FLUSH_AT_ROWS = 500;
/**
 * At most this many calls wait in memory (about 1 MB): while the database does not take them, newer
 * calls are dropped and counted, rather than the process growing without end.
 */
export const MAX_PENDING = 10_000;

/** Writes a flush's packed batches (insertRequestLogBatches on the service's store). */
export type WriteBatches = (batches: readonly PackedBatch[]) => Promise<void>;

/**
 * The request log's writer: calls are gathered after their answers went out, field by field
 * (CallColumns: nothing of a call outlives the young generation), packed when a flush starts and
 * written in one INSERT, off every request's path (docs/decisions.md "Request log"). One flush at a
 * time; a batch that failed waits, packed, in front of the newer calls (within MAX_PENDING) and is
 * tried again at the next flush.
 */
export class RequestLogBuffer {
  private readonly calls = new CallColumns();
  /** Batches a failed write left, written first at the next flush. */
  private failed: PackedBatch[] = [];
  private failedCalls = 0;
  private flushing: Promise<void> | null = null;
  private flushAsked = false;
  private dropped = 0;

  constructor(
    private readonly write: WriteBatches,
    private readonly log: Log,
  ) {}

  /** Called once per answered call; never waits, never throws. */
  record(entry: RequestLogEntry): void {
    if (this.size >= MAX_PENDING) {
      this.dropped += 1;
      return;
    }
    this.calls.push(entry);
    if (this.calls.length >= FLUSH_AT_ROWS && !this.flushAsked) {
      this.flushAsked = true;
      void this.flush().finally(() => (this.flushAsked = false));
    }
  }

  /** How many calls wait to be written. */
  get size(): number {
    return this.calls.length + this.failedCalls;
  }

  /**
   * Writes what is pending (the timer, a full batch, shutdown, tests). Resolves once every call
   * recorded before it was called is written or put back after a failure; never rejects.
   */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.size === 0) return;
    // Packed at once, in this tick: what waits for the database is a few strings, not the calls.
    const batches = [...this.failed, ...packBatches(this.calls)];
    this.calls.clear();
    this.failed = [];
    this.failedCalls = 0;
    this.flushing = this.writeOrKeep(batches);
    try {
      await this.flushing;
    } finally {
      this.flushing = null;
    }
  }

  private async writeOrKeep(batches: PackedBatch[]): Promise<void> {
    try {
      await this.write(batches);
    } catch (e) {
      // Oldest first, as many whole batches as fit beside the calls recorded meanwhile.
      let room = MAX_PENDING - this.calls.length;
      for (const b of batches) {
        if (b.n <= room) {
          this.failed.push(b);
          this.failedCalls += b.n;
          room -= b.n;
        } else this.dropped += b.n;
      }
      this.log.warn({ err: e, waiting: this.size }, 'could not write the request log; trying again');
    }
    if (this.dropped > 0) {
      this.log.warn({ dropped: this.dropped }, `the request log dropped ${this.dropped} calls while the database did not take them`);
      this.dropped = 0;
    }
  }
}
