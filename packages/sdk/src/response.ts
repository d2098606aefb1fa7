/**
 * What a successful call's answer said beside its body: the request id, the rate limit, the status.
 * It rides on the returned object as a non-enumerable `lastResponse` (stripe-node's name): the data
 * keep their shape (JSON.stringify, spreading, console.log and deepEqual see only the fields of the
 * API), and the metadata is one property away.
 *
 * ```ts
 * const me = await client.me.get();
 * console.log(me.lastResponse.requestId, me.lastResponse.rateLimit?.remaining);
 * ```
 */

/** The `RateLimit-*` headers of an answer: the limit closest to running out. */
export interface RateLimit {
  /** `RateLimit-Limit`: the calls the window allows. */
  limit: number;
  /** `RateLimit-Remaining`: the calls left in it. */
  remaining: number;
  /** `RateLimit-Reset`: seconds until the window starts again. */
  reset: number;
}

export interface ResponseMeta {
  /** The HTTP status (200, 201…; 304 for a conditional GET answered Not Modified). */
  status: number;
  /** `Svc-Request-Id`: quote it when reporting a problem. */
  requestId: string;
  /** The `RateLimit-*` headers; undefined when the answer carried none (a proxy's). */
  rateLimit: RateLimit | undefined;
  /** The POST's `Idempotency-Key` (yours or the one made for the call); undefined on a read. */
  idempotencyKey: string | undefined;
  /** True when the answer is the stored outcome of an earlier call with this key (`Idempotent-Replayed`). */
  replayed: boolean;
  /** Attempts made, 1 when the first succeeded. */
  attempts: number;
  /**
   * True when the server answered 304 Not Modified (`status` 304) to a conditional GET
   * (ClientOptions.conditional): the data are the body kept from the last 200 of the same URL.
   */
  notModified: boolean;
  /** Every header of the answer. */
  headers: Headers;
}

/** A result with its answer's metadata: the data as the API sent them, and `lastResponse` (not enumerable). */
export type WithResponse<T> = T & { readonly lastResponse: ResponseMeta };

/** The three `RateLimit-*` headers, when all three are whole numbers. */
export function rateLimitOf(headers: Headers): RateLimit | undefined {
  const [limit, remaining, reset] = ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'].map((name) => {
    const value = headers.get(name);
    return value !== null && /^\d+$/.test(value.trim()) ? Number(value) : undefined;
  });
  return limit !== undefined && remaining !== undefined && reset !== undefined ? { limit, remaining, reset } : undefined;
}

/** Puts `meta` on `value` as a non-enumerable, read-only `lastResponse`. */
export function withResponse<T extends object>(value: T, meta: ResponseMeta): WithResponse<T> {
  Object.defineProperty(value, 'lastResponse', { value: meta, enumerable: false, writable: false, configurable: true });
  return value as WithResponse<T>;
}
