import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './errors.js';
import { fingerprint, IDEMPOTENCY_KEY_RE, type IdempotencyScope } from './idempotency.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The call's Idempotency-Key, read and checked once (checkIdempotencyKey) on an idempotent route. */
    idempotencyKey?: string;
  }
}

/**
 * Every POST needs an Idempotency-Key of 16 to 64 letters, digits, `-` and `_` (spec "Limits"):
 * checked after the body is read (a body that is not JSON is 400 first) and before its fields. The
 * header is read here only; the route's headers schema documents it.
 */
export function checkIdempotencyKey(body: unknown) {
  // No body is an empty one where the route takes no required field (withdraw); elsewhere it is not JSON.
  const required = ((body as { required?: string[] } | undefined)?.required ?? []).length > 0;
  return async function idempotencyKey(request: FastifyRequest): Promise<void> {
    if (request.body === undefined) {
      if (required) throw new ApiError('bad_request', 'The body is empty: send a JSON object (Content-Type: application/json).');
      request.body = {};
    }
    const key = request.headers['idempotency-key'];
    if (key === undefined) throw new ApiError('invalid_input', 'The Idempotency-Key header is required on every POST.', 'Idempotency-Key');
    if (typeof key !== 'string' || !IDEMPOTENCY_KEY_RE.test(key)) {
      throw new ApiError('invalid_input', 'Idempotency-Key must be 16 to 64 characters from letters, digits, "-" and "_".', 'Idempotency-Key');
    }
    request.idempotencyKey = key;
  };
}

/** The call's claim on its key, as the handler of an idempotent route receives it. */
export function idempotencyScope(request: FastifyRequest, reply: FastifyReply, tokenId: string, now: Date, successStatus: number, duplicateWaitMs: number): IdempotencyScope {
  const key = request.idempotencyKey;
  if (key === undefined) throw new Error('an idempotent route answered without its Idempotency-Key check');
  const path = request.url.split('?')[0] ?? '';
  return {
    tokenId,
    key,
    fingerprint: fingerprint(request.method, path, request.body),
    now,
    successStatus,
    duplicateWaitMs,
    markReplayed: () => void reply.header('Idempotent-Replayed', 'true'),
  };
}
