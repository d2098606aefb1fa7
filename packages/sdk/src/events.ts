/**
 * What the client tells a program while it works: each attempt sent (`request`), each answer
 * received (`response`, refusals included) and each wait before another attempt (`retry`), so a call
 * held 45 s by a `Retry-After` is seen, with how long and why, instead of looking hung.
 *
 * ```ts
 * client.on('retry', (e) => console.warn(e.message)); // "429 rate_limited: attempt 2 of 4 in 45.0 s (Retry-After: 45)"
 * ```
 */
import type { RateLimit } from './response.js';

export interface RequestEvent {
  method: string;
  /** The path below the base (`/events`), without the query. */
  path: string;
  /** The whole address, query included. */
  url: string;
  /** 1 for the first attempt, 2 for the first retry… */
  attempt: number;
  /** The POST's Idempotency-Key, the same on every attempt of one call. */
  idempotencyKey: string | undefined;
}

export interface ResponseEvent extends RequestEvent {
  status: number;
  /** `Svc-Request-Id` ('' when the answer had none). */
  requestId: string;
  rateLimit: RateLimit | undefined;
  /** Milliseconds from sending the attempt to its answer's headers. */
  elapsedMs: number;
}

/** Why an attempt is tried again. */
export type RetryReason = 'rate_limited' | 'unavailable' | 'network' | 'timeout';

/** Where the wait came from: the answer's `Retry-After`, its `RateLimit-Reset` (no call left), or the client's backoff. */
export type RetryBasis = 'retry-after' | 'ratelimit-reset' | 'backoff';

export interface RetryEvent extends RequestEvent {
  /** The attempt that failed is `attempt`; the next is `attempt + 1`, sent after `delayMs`. */
  delayMs: number;
  reason: RetryReason;
  basis: RetryBasis;
  /** The status of the refused attempt; undefined after a network error or timeout. */
  status: number | undefined;
  /** The answer's `Retry-After`, in seconds, when it had one. */
  retryAfter: number | undefined;
  /** The error the attempt ended with (a CalendarAccessError, or the network's). */
  error: Error;
  /** One line for a log: `429 rate_limited: attempt 2 of 4 in 45.0 s (Retry-After: 45)`. */
  message: string;
}

export interface ClientEvents {
  request: RequestEvent;
  response: ResponseEvent;
  retry: RetryEvent;
}

export type Listener<K extends keyof ClientEvents> = (event: ClientEvents[K]) => void;

/**
 * A few typed listeners, called in the order added, synchronously, during the call (no node:events:
 * the SDK runs where Node's modules do not). A listener that throws rejects the call with its error.
 */
export class Emitter {
  private readonly listeners: { [K in keyof ClientEvents]: Set<Listener<K>> } = { request: new Set(), response: new Set(), retry: new Set() };

  on<K extends keyof ClientEvents>(name: K, listener: Listener<K>): void {
    this.setOf(name).add(listener);
  }

  off<K extends keyof ClientEvents>(name: K, listener: Listener<K>): void {
    this.setOf(name).delete(listener);
  }

  emit<K extends keyof ClientEvents>(name: K, event: ClientEvents[K]): void {
    for (const listener of [...this.setOf(name)]) listener(event);
  }

  private setOf<K extends keyof ClientEvents>(name: K): Set<Listener<K>> {
    const set = this.listeners[name] as Set<Listener<K>> | undefined;
    if (!set) throw new TypeError(`no event "${String(name)}": the client emits request, response and retry`);
    return set;
  }
}
