import { setMaxListeners } from 'node:events';
import { performance } from 'node:perf_hooks';

export interface RunnerLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** What a runner drives: a table of due work (jobs, webhook deliveries) claimed under a lease. */
export interface Claimer<T> {
  /** Claims up to `room` due items for this runner (each under a lease); none when nothing is due. */
  claim(room: number, signal: AbortSignal): Promise<T[]>;
  /**
   * Runs one claimed item and records its outcome. A rejection is logged; the item's lease runs out
   * and another claim takes it again. `signal` aborts when the runner closes.
   */
  run(item: T, signal: AbortSignal): Promise<void>;
}

export interface RunnerOptions {
  /** Named in logs: `jobs`, `webhooks`. */
  name: string;
  /** Wait between claims while nothing is due. */
  pollMs: number;
  /** Items run at once by this runner; a claim asks for the free slots only. */
  maxInFlight: number;
  log?: RunnerLog;
}

/**
 * The one poll loop of the house: claims due items as slots free up (a slow item holds only its own
 * slot), polls when idle, claims again at once when a claim came back full or an item finished.
 * Many runners (in one process or many, on one database) may run at once: the claim's
 * `FOR UPDATE SKIP LOCKED` and lease keep each item with one of them. `close()` stops claiming, aborts
 * the running items' signal, waits for them, and leaves no timer behind.
 */
export class Runner<T> {
  private readonly abort = new AbortController();
  private readonly running = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private timerDue = 0;
  private claiming = false;
  private started = false;
  /** Closing: no more claims, the running items may finish. */
  private draining = false;

  constructor(
    private readonly claimer: Claimer<T>,
    private readonly o: RunnerOptions,
  ) {
    // Every item in flight may listen for the close.
    setMaxListeners(0, this.abort.signal);
  }

  get closed(): boolean {
    return this.abort.signal.aborted;
  }

  /** A claim is set for later (false once closed: no timer is left behind). */
  get polling(): boolean {
    return this.timer !== null;
  }

  get signal(): AbortSignal {
    return this.abort.signal;
  }

  /** Starts the loop: a first claim at once. */
  start(): void {
    if (this.started || this.closed) return;
    this.started = true;
    this.schedule(0);
  }

  /** Claims one batch (up to every free slot), runs it and waits for it; returns how many ran (tests, CLI). */
  async runOnce(): Promise<number> {
    const started = await this.claim(this.o.maxInFlight - this.running.size);
    await Promise.all(started);
    return started.length;
  }

  /**
   * Stops claiming; lets the running items finish for up to `graceMs` (a graceful shutdown, SIGTERM),
   * then aborts what still runs (each hands its item back: its lease is released) and waits for it.
   */
  async close(graceMs = 0): Promise<void> {
    this.draining = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const deadline = performance.now() + graceMs;
    while ((this.claiming || this.running.size > 0) && performance.now() < deadline) {
      await Promise.race([...this.running, new Promise((r) => setTimeout(r, 20))]);
    }
    this.abort.abort();
    while (this.claiming || this.running.size > 0) await Promise.race([...this.running, new Promise((r) => setTimeout(r, 20))]);
  }

  /** Claims up to `room` items and starts them; each promise ends when the item is recorded. */
  private async claim(room: number): Promise<Promise<void>[]> {
    if (this.closed || this.draining || room <= 0) return [];
    const items = await this.claimer.claim(room, this.abort.signal);
    return items.map((item) => {
      const p = this.claimer
        .run(item, this.abort.signal)
        .catch((e) => this.o.log?.error({ err: e, runner: this.o.name }, `a claimed ${this.o.name} item failed to be recorded (its lease will run out and it runs again)`))
        .finally(() => {
          this.running.delete(p);
          if (this.started) this.schedule(0);
        });
      this.running.add(p);
      return p;
    });
  }

  /** Claims after `ms`, or sooner when a claim is already set for later (a finished item frees a slot). */
  private schedule(ms: number): void {
    if (this.closed || this.draining || this.claiming) return;
    const due = performance.now() + ms;
    if (this.timer) {
      if (due >= this.timerDue) return;
      clearTimeout(this.timer);
    }
    this.timerDue = due;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.tick();
    }, ms);
  }

  private async tick(): Promise<void> {
    this.claiming = true;
    let claimed = 0;
    try {
      claimed = (await this.claim(this.o.maxInFlight - this.running.size)).length;
    } catch (e) {
      this.o.log?.error({ err: e, runner: this.o.name }, `could not claim ${this.o.name}`);
    } finally {
      this.claiming = false;
    }
    // More may be due at once; otherwise poll (a finishing item also asks for a claim).
    this.schedule(claimed > 0 && this.running.size < this.o.maxInFlight ? 0 : this.o.pollMs);
  }
}
