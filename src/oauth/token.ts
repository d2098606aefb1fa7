import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../deps.js';
import { GrantRefusal } from '../services/grants.js';
import { throttledAttempt } from './attempts.js';
import { authenticateClient } from './client-auth.js';
import { OAuthError } from './errors.js';
import { authorizationCodeGrant } from './grants/authorization-code.js';
import { refreshTokenGrant } from './grants/refresh-token.js';
import { requiredParam, type RawParams } from './params.js';

/** The body of a token or revocation request: a form (RFC 6749 §4.1.3), nothing else. */
export function formBody(request: FastifyRequest): RawParams {
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') throw new OAuthError('invalid_request', 'Send the parameters as application/x-www-form-urlencoded.');
  const body = request.body;
  return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
}

const GRANTS = {
  authorization_code: authorizationCodeGrant,
  refresh_token: refreshTokenGrant,
} as const;

/** POST /oauth/token: client authentication, then the grant type, under the throttle of failed attempts (attempts.ts); answers carry `Cache-Control: no-store` (the envelope) and `Pragma: no-cache`. */
export function registerToken(app: FastifyInstance, services: Deps): void {
  app.post('/oauth/token', { schema: { hide: true } }, async (request, reply) => {
    const body = formBody(request);
    const grantType = requiredParam(body, 'grant_type');
    const pair = await throttledAttempt(services, request, body, async () => {
      const client = await authenticateClient(services.db, request, body);
      if (!Object.hasOwn(GRANTS, grantType)) throw new OAuthError('unsupported_grant_type', 'grant_type is authorization_code or refresh_token.');
      const outcome = await GRANTS[grantType as keyof typeof GRANTS](services, client, body);
      for (const id of outcome.revoked) services.forgetTokens(id);
      if (outcome.result instanceof GrantRefusal) throw new OAuthError(outcome.result.error, outcome.result.description);
      return outcome.result;
    });
    return reply.header('Pragma', 'no-cache').type('application/json; charset=utf-8').send(
      JSON.stringify({ access_token: pair.accessToken, token_type: 'Bearer', expires_in: pair.expiresIn, refresh_token: pair.refreshToken, scope: pair.scope }),
    );
  });
}
