/**
 * The headers of the API's answers (docs/spec-decisions.md §1, envelope.ts, guard.ts, errors.ts), as
 * the document's `components.headers`, and which answers carry which.
 */
const integer = { type: 'integer', minimum: 0 } as const;

export const RESPONSE_HEADERS = {
  'Svc-Request-Id': {
    description: 'The id of this call (`req_` + 22 characters), equal to `error.requestId`; quote it when reporting a problem.',
    required: true,
    schema: { type: 'string', pattern: '^req_[A-Za-z0-9_-]{22}$' },
    example: 'req_7GvJ2kQ9xZ0aB3cD4eF5gH',
  },
  'RateLimit-Limit': { description: 'The calls the closest limit allows in its window.', required: true, schema: integer, example: 600 },
  'RateLimit-Remaining': { description: 'The calls left in that window.', required: true, schema: integer, example: 599 },
  'RateLimit-Reset': { description: 'Seconds until that window starts again.', required: true, schema: integer, example: 42 },
  'Retry-After': { description: 'Seconds to wait before calling again.', schema: integer, example: 30 },
  'Idempotent-Replayed': {
    description: 'Present, `true`, when the answer is the stored outcome of an earlier call with the same Idempotency-Key (docs/spec-decisions.md §5).',
    schema: { type: 'string', enum: ['true'] },
    example: 'true',
  },
  'WWW-Authenticate': {
    description: 'Why the token was refused: `Bearer error="invalid_token"`, or `Bearer error="insufficient_scope", scope="…"`.',
    schema: { type: 'string' },
    example: 'Bearer error="insufficient_scope", scope="events:read"',
  },
  Allow: { description: 'The methods the path takes.', required: true, schema: { type: 'string' }, example: 'GET, HEAD' },
  ETag: {
    description: "The strong entity-tag of the answer's exact bytes: the same tag is the same body. Send it back as If-None-Match to be answered 304 while the answer is unchanged (docs/conditional-get.md).",
    required: true,
    schema: { type: 'string', pattern: '^"[A-Za-z0-9_-]{22}"$' },
    example: '"3kq9Vd1sX0aB3cD4eF5gHw"',
  },
} as const;

type HeaderName = keyof typeof RESPONSE_HEADERS;

const ref = (name: HeaderName) => ({ $ref: `#/components/headers/${name}` });

/** The headers of one answer: every answer's, then the status's own (`conditional`: a GET's 200 and 304 carry the ETag). */
export function headersOf(status: number, idempotent: boolean, conditional = false): Record<string, { $ref: string }> {
  const names: HeaderName[] = ['Svc-Request-Id', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];
  if (conditional && (status === 200 || status === 304)) names.push('ETag');
  if (status === 429 || status === 503) names.push('Retry-After');
  if (status === 401 || status === 403) names.push('WWW-Authenticate');
  if (status === 405) names.push('Allow');
  // A replay answers the stored status, whatever it was.
  if (idempotent && status !== 405) names.push('Idempotent-Replayed');
  return Object.fromEntries(names.map((n) => [n, ref(n)]));
}
