import argon2 from 'argon2';
import { availableParallelism } from 'node:os';
import pLimit, { type LimitFunction } from 'p-limit';
import { ServiceError } from '../domain/service-error.js';
import { PasswordStrength, weaknessOf } from './password-strength.js';

/**
 * Every piece of password work of the process (argon2id hashes and checks, strength estimates)
 * through one gate: at most `concurrency` at once, at most `queue` waiting, and any more refused at
 * once with `rate_limited` (Retry-After 1 s) rather than queued without end. argon2 runs on libuv's
 * threadpool (4 threads by default, shared with file, DNS and zlib work) and each hash takes one
 * core for ~20 ms: without the gate a flood of sign-ins or sign-ups takes every core and every pool
 * thread, and the API's answers wait behind them. The default, half the cores (one on two), leaves
 * the event loop a core of its own and the pool three threads.
 */
export interface PasswordWorkOptions {
  /** Password checks running at once (default: half the cores, at least one). */
  concurrency?: number;
  /** Checks waiting for their turn before further ones are refused (default 16: ~0.4 s of work). */
  queue?: number;
}

/** OWASP's argon2id settings: 19 MiB, 2 passes, 1 lane. */
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export class PasswordWork {
  private readonly limit: LimitFunction;
  private readonly queue: number;
  private readonly strength = new PasswordStrength();

  constructor(options: PasswordWorkOptions = {}) {
    this.limit = pLimit(Math.max(1, options.concurrency ?? Math.floor(availableParallelism() / 2)));
    this.queue = Math.max(0, options.queue ?? 16);
  }

  /** The argon2id hash of a password, stored in place of it. */
  hash(password: string): Promise<string> {
    return this.run(() => argon2.hash(password, HASH_OPTIONS));
  }

  /** Whether the password is the one `hash` was made of. */
  verify(hash: string, password: string): Promise<boolean> {
    return this.run(() => argon2.verify(hash, password));
  }

  /**
   * Refuses a password that is easy to guess (`invalid`, on `field`, saying why); `userInputs` are
   * the account's own details (username, name, email), which a password should not be built on.
   */
  async checkStrength(password: string, userInputs: string[], field = 'password'): Promise<void> {
    const weakness = weaknessOf(await this.run(() => this.strength.estimate(password, userInputs)));
    if (weakness) throw new ServiceError('invalid', weakness, field);
  }

  /** Checks waiting and running now. */
  get load(): { running: number; waiting: number } {
    return { running: this.limit.activeCount, waiting: this.limit.pendingCount };
  }

  async close(): Promise<void> {
    await this.strength.close();
  }

  private run<T>(work: () => Promise<T>): Promise<T> {
    if (this.limit.activeCount + this.limit.pendingCount >= this.limit.concurrency + this.queue) {
      return Promise.reject(new ServiceError('rate_limited', 'Many passwords are being checked right now. Please try again in a moment.', undefined, 1));
    }
    return this.limit(work);
  }
}
