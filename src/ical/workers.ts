/**
 * Reading iCalendar off the request path: a small pool of worker threads (piscina) parses and expands
 * every feed and every imported file, so a 10 MiB calendar, or a hostile rule, costs a thread's time
 * and never the event loop's. Each reading is bounded by ICAL_LIMITS: the size is checked here before
 * the text is handed over, events and occurrences in the thread, and the thread is stopped past
 * maxReadMs of work or maxHeapMb of heap. Threads start on first use and end after a minute idle.
 */
import os from 'node:os';
import type { Piscina } from 'piscina';
import { openThreadPool } from '../threads/pool.js';
import type { TimeRange } from '../domain/ranges.js';
import { ICalendarError, ICalendarLimitError } from './errors.js';
import type { ImportRead } from './import-read.js';
import { checkSize, ICAL_LIMITS, type IcalLimits } from './limits.js';
import type { BusyAnswer, IcalAnswer, IcalTask } from './worker.js';

export interface IcalWorkersOptions {
  /** Threads reading at once (default: one per core but one, at most 2). */
  threads?: number;
  /** ICAL_LIMITS unless a test says otherwise. */
  limits?: Partial<IcalLimits>;
}

export interface ReadOptions {
  /** Zone of floating times and all-day dates of a calendar without X-WR-TIMEZONE. */
  defaultTimezone: string;
  window: { from: Date; to: Date };
  /** Stops the reading (a job being stopped); it then rejects with the signal's reason. */
  signal?: AbortSignal;
}

const IDLE_MS = 60_000;

function defaultThreads(): number {
  return Math.max(1, Math.min(2, os.availableParallelism() - 1));
}

export class IcalWorkers {
  readonly limits: IcalLimits;
  private readonly threads: number;
  private pool: Piscina | null = null;
  /** Readings wait here for a free thread, so maxReadMs counts a reading's own time, not its wait. */
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private closed = false;

  constructor(options: IcalWorkersOptions = {}) {
    this.limits = { ...ICAL_LIMITS, ...options.limits };
    this.threads = options.threads ?? defaultThreads();
  }

  /** A feed's busy time over the window, merged (sorted, disjoint). */
  async busy(text: string, options: ReadOptions): Promise<TimeRange[]> {
    return (await this.busyRead(text, options)).busy;
  }

  /** The same, with the reading's warnings ('line N: …'), for the feed to show its owner. */
  async busyRead(text: string, options: ReadOptions): Promise<BusyAnswer> {
    return this.read<BusyAnswer>({ kind: 'busy', ...this.task(text, options) }, options.signal);
  }

  /** A file's events for `calendar import`, occurrences counted over the window. */
  async forImport(text: string, options: ReadOptions): Promise<ImportRead> {
    return this.read<ImportRead>({ kind: 'import', ...this.task(text, options) }, options.signal);
  }

  /** Stops the threads; readings still running reject. */
  async close(): Promise<void> {
    this.closed = true;
    const pool = this.pool;
    this.pool = null;
    for (const wake of this.waiting.splice(0)) wake();
    await pool?.destroy();
  }

  private task(text: string, options: ReadOptions): Omit<IcalTask, 'kind'> {
    checkSize(Buffer.byteLength(text, 'utf8'), this.limits);
    return { text, window: options.window, defaultTimezone: options.defaultTimezone, limits: this.limits };
  }

  private open(): Piscina {
    if (this.closed) throw new Error('the iCalendar workers are closed');
    this.pool ??= openThreadPool({ caller: import.meta.url, module: './worker', maxThreads: this.threads, idleTimeoutMs: IDLE_MS, maxHeapMb: this.limits.maxHeapMb });
    return this.pool;
  }

  private async read<T>(task: IcalTask, signal: AbortSignal | undefined): Promise<T> {
    await this.turn(signal);
    const deadline = AbortSignal.timeout(this.limits.maxReadMs);
    try {
      const answer = (await this.open().run(task, { signal: signal ? AbortSignal.any([signal, deadline]) : deadline })) as IcalAnswer<T>;
      if (answer.ok) return answer.value;
      if (answer.error === 'not_ical') throw new ICalendarError(answer.message);
      throw new ICalendarLimitError(answer.error, answer.message);
    } catch (e) {
      if (signal?.aborted) throw signal.reason;
      if (deadline.aborted) {
        throw new ICalendarLimitError('maxReadMs', `reading the calendar took longer than the ${this.limits.maxReadMs / 1000} s one calendar may take`);
      }
      if ((e as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY') {
        throw new ICalendarLimitError('maxHeapMb', `reading the calendar needed more than the ${this.limits.maxHeapMb} MB of memory one calendar may use`);
      }
      throw e;
    } finally {
      this.release();
    }
  }

  private async turn(signal: AbortSignal | undefined): Promise<void> {
    signal?.throwIfAborted();
    if (this.running < this.threads) {
      this.running += 1;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const wake = () => {
        signal?.removeEventListener('abort', abort);
        resolve();
      };
      const abort = () => {
        this.waiting.splice(this.waiting.indexOf(wake), 1);
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', abort, { once: true });
      this.waiting.push(wake);
    });
    this.running += 1;
  }

  private release(): void {
    this.running -= 1;
    this.waiting.shift()?.();
  }
}
