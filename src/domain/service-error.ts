/**
 * Errors of the services (API, CLI, console, workers alike). The API turns each kind into its wire
 * error in one place (http/errors.ts fromServiceError); the CLI prints the message.
 */
export type ServiceErrorKind = 'invalid' | 'not_found' | 'conflict' | 'slot_unavailable' | 'too_many_pending' | 'rate_limited';

export class ServiceError extends Error {
  constructor(
    readonly kind: ServiceErrorKind,
    message: string,
    /** The field at fault, for `invalid`. */
    readonly field?: string,
    /** Seconds until a retry can succeed, for `rate_limited` and `too_many_pending`. */
    readonly retryAfterSeconds?: number,
    /** The limit that was reached, for `rate_limited` (its RateLimit-* headers). */
    readonly limit?: number,
  ) {
    super(message);
  }
}
