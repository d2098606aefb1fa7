import { ServiceError } from '../domain/service-error.js';
/**
 * The one table of wire errors (spec "Errors"). Every error answer is built from it; codes are
 * stable. `message` is the default text of the answer; `when` says when the code is raised, in the
 * spec's words, and is what docs/errors.md is written from (`npm run errors`).
 */
export const ERRORS = {
  bad_request: {
    status: 400,
    message: 'The body is not valid JSON.',
    when: 'The body is not JSON, is empty where the route needs one, or is larger than 256 KiB; or, on any route, the request is not valid HTTP (a malformed header line, a Content-Length that is not a number, broken chunking) or its headers did not arrive in time.',
  },
  invalid_token: {
    status: 401,
    message: 'The token is missing, malformed, unknown or revoked.',
    when: 'The token is missing, malformed (wrong prefix or checksum), unknown or revoked, or its account was deleted. Carries `WWW-Authenticate: Bearer error="invalid_token"`.',
  },
  token_expired: {
    status: 401,
    message: 'The token has reached the end of its life.',
    when: 'The token reached the end of its life. Carries `WWW-Authenticate: Bearer error="invalid_token"`.',
  },
  insufficient_scope: {
    status: 403,
    message: 'The token lacks the scope this route needs.',
    when: 'The token lacks the scope the route needs, named in `WWW-Authenticate: Bearer error="insufficient_scope", scope="..."`.',
  },
  app_suspended: {
    status: 403,
    message: 'The app this token belongs to is suspended.',
    when: 'The app the token belongs to is suspended; checked before the scope.',
  },
  not_found: {
    status: 404,
    message: 'Not found.',
    when: "The path names no route, or the record is unknown, deleted, another owner's, outside the token's scopes, or the owner's booking is off; never told apart.",
  },
  method_not_allowed: {
    status: 405,
    message: 'This path does not take that method.',
    when: 'The path exists but the method does not; `Allow` lists the methods it takes.',
  },
  slot_unavailable: {
    status: 409,
    message: 'The requested time is no longer free.',
    when: 'The requested time is not one GET /availability offers right now.',
  },
  invalid_transition: {
    status: 409,
    message: "The request's state does not allow this operation.",
    when: "The request's state does not allow the operation (for example withdrawing a handled request).",
  },
  resync_required: {
    status: 410,
    message: 'This sync token is too old: start again without syncToken (a full sync).',
    when: 'GET /events/changes: the `syncToken` is older than the 30 days changes are kept, or was not made by this database (docs/sync.md); `field` is `syncToken`. Start again without it.',
  },
  invalid_input: {
    status: 422,
    message: 'A parameter or field is wrong.',
    when: 'A parameter, field or the Idempotency-Key header is missing or wrong (`field` names it); unknown parameters and fields are refused.',
  },
  idempotency_mismatch: {
    status: 422,
    message: 'This Idempotency-Key was used with a different request.',
    when: 'The Idempotency-Key was used in the last 24 hours with a different method, path or body.',
  },
  rate_limited: {
    status: 429,
    message: 'A rate limit was reached; retry after the time in Retry-After.',
    when: "A limit was reached (the token's, the owner's, the address's for calls without a valid token, the requester's 5 a day), or a call with the same Idempotency-Key is still in progress. Carries `Retry-After`.",
  },
  too_many_pending: {
    status: 429,
    message: 'This requester already has three requests waiting for the owner.',
    when: 'The requester already has three requests waiting for the owner.',
  },
  internal: {
    status: 500,
    message: 'Something went wrong on our side; quote the requestId when reporting it.',
    when: 'A server fault; the `requestId` identifies it in the logs.',
  },
  unavailable: {
    status: 503,
    message: 'A dependency is down; retry with backoff.',
    when: 'A dependency (the database) did not answer, or the service is overloaded and sheds the call before any check (its event loop lags); clients retry with backoff. Carries `Retry-After`.',
  },
} as const satisfies Record<string, { status: number; message: string; when: string }>;

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
      // The headers describe the limit that was reached: it is the one closest to running out (docs/spec-decisions.md §9).
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
