import type { components } from './api-types.js';
import type { RateLimit } from './response.js';
import { ERRORS_DOC_URL } from './version.js';

/** Every error code of the API (docs/errors.md): stable, so programs branch on it. */
export type ErrorCode = components['schemas']['ErrorCode'];

/** The error body of every refusal: `{ error: { code, message, field?, requestId } }`. */
export type ErrorBody = components['schemas']['Error'];

/**
 * The entry of a code in docs/errors.md: `errorDocUrl('slot_unavailable')` is
 * `…/docs/errors.md#slot_unavailable` (each row of its table carries the code as an anchor).
 */
export function errorDocUrl(code: ErrorCode): string {
  return `${ERRORS_DOC_URL}#${code}`;
}

/**
 * An answer of the API that refused the call. `code` is a union of the spec's codes, so a check of it
 * narrows the error:
 *
 * ```ts
 * try { await client.requests.createAppointment(body); }
 * catch (e) {
 *   if (e instanceof CalendarAccessError && e.code === 'slot_unavailable') { … pick another slot … }
 *   else throw e;
 * }
 * ```
 */
export class CalendarAccessError<C extends ErrorCode = ErrorCode> extends Error {
  override readonly name = 'CalendarAccessError';
  /** The HTTP status (401, 404, 422, …). */
  readonly status: number;
  readonly code: C;
  /** The parameter or field at fault, when there is one (`invalid_input`). */
  readonly field: string | undefined;
  /** The call's `Svc-Request-Id`: quote it when reporting a problem. */
  readonly requestId: string;
  /** Seconds to wait before calling again (`Retry-After`), on 429 and 503. */
  readonly retryAfter: number | undefined;
  /** The answer's `RateLimit-*` headers: on a 429, which limit ran out and when it resets. */
  readonly rateLimit: RateLimit | undefined;
  /** The code's entry in docs/errors.md: when it is raised and what to do. */
  readonly docUrl: string;

  constructor(o: { status: number; code: C; message: string; field?: string | undefined; requestId: string; retryAfter?: number | undefined; rateLimit?: RateLimit | undefined }) {
    super(o.message);
    this.status = o.status;
    this.code = o.code;
    this.field = o.field;
    this.requestId = o.requestId;
    this.retryAfter = o.retryAfter;
    this.rateLimit = o.rateLimit;
    this.docUrl = errorDocUrl(o.code);
  }

  /** Whether this error has one of the codes: `if (e.is('not_found')) …` narrows `e.code`. */
  is<K extends ErrorCode>(...codes: K[]): this is CalendarAccessError<K> {
    return (codes as ErrorCode[]).includes(this.code);
  }
}

/** True when `e` is an API error with one of `codes` (any code when none is given), narrowing it. */
export function isCalendarAccessError<K extends ErrorCode = ErrorCode>(e: unknown, ...codes: K[]): e is CalendarAccessError<K> {
  return e instanceof CalendarAccessError && (codes.length === 0 || (codes as ErrorCode[]).includes(e.code));
}

/** The API could not be reached (after the retries): a network failure or a timeout. */
export class CalendarAccessConnectionError extends Error {
  override readonly name = 'CalendarAccessConnectionError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
