import type { Db } from '../store/db.js';
import { insertRequestLog, type RequestLogEntry } from '../store/repos/request-log.js';
import type { RunnerLog as Log } from '../jobs/runner.js';

/** A batch is written this often (a part of the API role starts the timer) … */
export const FLUSH_EVERY_MS = 1000;
/** … or as soon as it holds this many calls. */
export const FLUSH_AT_ROWS = 500;
/**
 * At most this many calls wait in memory (about 2 MB): while the database does not take them, newer
 * calls are dropped and counted, rather than the process growing without end.
 */
export const MAX_PENDING = 10_000;

/**
 * The request log's writer: calls are gathered in memory after their answers went out and written
 * in one INSERT per batch, off every request's path (docs/decisions.md "Request log"). One flush at
 * a time; a failed batch is put back in front (within MAX_PENDING) and tried again at the next tick.
 */
export class RequestLogBuffer {
  private pending: RequestLogEntry[] = [];
  private flushing: Promise<void> | null = null;
  private dropped = 0;

  constructor(
    private readonly db: Db,
    private readonly log: Log,
  ) {}

  /** Called once per answered call; never waits, never throws. */
  record(entry: RequestLogEntry): void {
    if (this.pending.length >= MAX_PENDING) {
      this.dropped += 1;
      return;
    }
    this.pending.push(entry);
    if (this.pending.length >= FLUSH_AT_ROWS) void this.flush();
  }

  /** How many calls wait to be written. */
  get size(): number {
    return this.pending.length;
  }

  /**
   * Writes what is pending (the timer, a full batch, shutdown, tests). Resolves once every call
   * recorded before it was called is written or put back after a failure; never rejects.
   */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    this.flushing = this.write(batch);
    try {
      await this.flushing;
    } finally {
      this.flushing = null;
    }
  }

  private async write(batch: RequestLogEntry[]): Promise<void> {
    try {
      await insertRequestLog(this.db, batch);
    } catch (e) {
      const room = Math.max(0, MAX_PENDING - this.pending.length);
      this.dropped += Math.max(0, batch.length - room);
      this.pending = [...batch.slice(0, room), ...this.pending];
      this.log.warn({ err: e, waiting: this.pending.length }, 'could not write the request log; trying again');
    }
    if (this.dropped > 0) {
      this.log.warn({ dropped: this.dropped }, `the request log dropped ${this.dropped} calls while the database did not take them`);
      this.dropped = 0;
    }
  }
}
