/** Errors of the owner-side services (CLI, console); the API maps its own through http/errors.ts. */
export class ServiceError extends Error {
  constructor(
    readonly kind: 'invalid' | 'not_found' | 'conflict',
    message: string,
  ) {
    super(message);
  }
}
