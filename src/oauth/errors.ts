import type { FastifyReply } from 'fastify';

/**
 * The OAuth endpoints' own errors (RFC 6749 §5.2, RFC 7009 §2.2.1), not the API's envelope: a
 * client library reads `error` and `error_description`. Each code with when it is raised.
 */
export const OAUTH_ERRORS = {
  invalid_request: { status: 400, when: 'a parameter is missing, repeated, too long, of the wrong type, or the body is not a form' },
  invalid_client: { status: 401, when: 'the client is unknown, or its authentication failed (wrong or missing secret, a secret sent by a public client)' },
  invalid_grant: { status: 400, when: 'the code or refresh token is unknown, expired, used, revoked, of another client, or the PKCE verifier or redirect URI does not match' },
  unauthorized_client: { status: 400, when: 'the app is suspended' },
  unsupported_grant_type: { status: 400, when: 'grant_type is neither authorization_code nor refresh_token' },
  invalid_scope: { status: 400, when: 'a scope is unknown, or beyond what the app may ask for or was granted' },
  temporarily_unavailable: { status: 429, when: 'too many failed attempts from the address or for the client: the answer carries Retry-After (docs/oauth.md "Throttling")' },
  server_error: { status: 500, when: 'a fault of the server' },
} as const;

export type OAuthErrorCode = keyof typeof OAUTH_ERRORS;

export class OAuthError extends Error {
  constructor(
    readonly code: OAuthErrorCode,
    readonly description: string,
    /** invalid_client after an attempt with HTTP Basic: RFC 6749 §5.2 asks for a Basic challenge. */
    readonly basicChallenge = false,
    /** Seconds the client waits (temporarily_unavailable): sent as `Retry-After`. */
    readonly retryAfter?: number,
  ) {
    super(description);
  }
}

/**
 * The challenge of a 401 after a client tried the Authorization header (RFC 6749 §5.2): the scheme
 * this server takes there, Basic (RFC 7617), whatever scheme the client sent: a challenge names what
 * the resource accepts (RFC 9110 §11.6.1), and a Bearer one would invite a retry that can never work.
 */
export const BASIC_CHALLENGE = 'Basic realm="calendar-access", charset="UTF-8"';

export function sendOAuthError(reply: FastifyReply, e: OAuthError): FastifyReply {
  if (e.basicChallenge) reply.header('WWW-Authenticate', BASIC_CHALLENGE);
  if (e.retryAfter !== undefined) reply.header('Retry-After', String(e.retryAfter));
  return reply
    .code(OAUTH_ERRORS[e.code].status)
    .header('Pragma', 'no-cache')
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ error: e.code, error_description: e.description }));
}
