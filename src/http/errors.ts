import { ServiceError } from '../services/service-error.js';
/**
 * The one table of wire errors (spec "Errors"). Every error answer is built from it; codes are stable.
 */
export const ERRORS = {
  bad_request: { status: 400, message: 'The body is not valid JSON.' },
  invalid_token: { status: 401, message: 'The token is missing, malformed, unknown or revoked.' },
  token_expired: { status: 401, message: 'The token has reached the end of its life.' },
  insufficient_scope: { status: 403, message: 'The token lacks the scope this route needs.' },
  app_suspended: { status: 403, message: 'The app this token belongs to is suspended.' },
  not_found: { status: 404, message: 'Not found.' },
  method_not_allowed: { status: 405, message: 'This path does not take that method.' },
  slot_unavailable: { status: 409, message: 'The requested time is no longer free.' },
  invalid_transition: { status: 409, message: "The request's state does not allow this operation." },
  invalid_input: { status: 422, message: 'A parameter or field is wrong.' },
  idempotency_mismatch: { status: 422, message: 'This Idempotency-Key was used with a different request.' },
  rate_limited: { status: 429, message: 'A rate limit was reached; retry after the time in Retry-After.' },
  too_many_pending: { status: 429, message: 'This requester already has three requests waiting for the owner.' },
  internal: { status: 500, message: 'Something went wrong on our side; quote the requestId when reporting it.' },
  unavailable: { status: 503, message: 'A dependency is down; retry with backoff.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** An error answer on its way out: the code decides the status; headers ride along (Allow, WWW-Authenticate, Retry-After). */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message ?? ERRORS[code].message);
    this.status = ERRORS[code].status;
  }
}

export const notFound = (): ApiError => new ApiError('not_found');
export const invalidInput = (field: string, message: string): ApiError => new ApiError('invalid_input', message, field);

export interface ErrorBody {
  error: { code: ErrorCode; message: string; field?: string; requestId: string };
}

export function errorBody(err: ApiError, requestId: string): ErrorBody {
  return {
    error: {
      code: err.code,
      message: err.message,
      ...(err.field !== undefined ? { field: err.field } : {}),
      requestId,
    },
  };
}

/** The wire error for a service's refusal: the one mapping from ServiceError kinds to codes. */
export function fromServiceError(e: ServiceError): ApiError {
  switch (e.kind) {
    case 'invalid':
      return new ApiError('invalid_input', e.message, e.field);
    case 'not_found':
      return new ApiError('not_found');
    case 'conflict':
      return new ApiError('invalid_transition', e.message);
    case 'slot_unavailable':
      return new ApiError('slot_unavailable', e.message);
    case 'too_many_pending':
      return new ApiError('too_many_pending', e.message, undefined, e.retryAfterSeconds ? { 'Retry-After': String(e.retryAfterSeconds) } : {});
    case 'rate_limited': {
      const wait = String(e.retryAfterSeconds ?? 1);
      // The headers describe the limit that was reached: it is the one closest to running out (decisions §9).
      const limit: Record<string, string> = e.limit !== undefined ? { 'RateLimit-Limit': String(e.limit), 'RateLimit-Remaining': '0', 'RateLimit-Reset': wait } : {};
      return new ApiError('rate_limited', e.message, undefined, { 'Retry-After': wait, ...limit });
    }
  }
}

/** Any thrown value as an ApiError when it is one or a service's refusal; undefined otherwise. */
export function asApiError(e: unknown): ApiError | undefined {
  if (e instanceof ApiError) return e;
  if (e instanceof ServiceError) return fromServiceError(e);
  return undefined;
}
