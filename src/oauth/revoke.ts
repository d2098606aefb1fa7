import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { revokeByClient } from '../services/grants.js';
import { throttledAttempt } from './attempts.js';
import { authenticateClient } from './client-auth.js';
import { param, requiredParam } from './params.js';
import { formBody } from './token.js';

/**
 * POST /oauth/revoke (RFC 7009): the client authenticates as at the token endpoint; any token value,
 * known or not, answers 200 with an empty body (§2.2), so the answer tells nothing about it. A failed
 * client authentication counts against the throttle as at the token endpoint (attempts.ts).
 */
export function registerRevoke(app: FastifyInstance, services: Deps): void {
  app.post('/oauth/revoke', { schema: { hide: true } }, async (request, reply) => {
    const body = formBody(request);
    const token = requiredParam(body, 'token');
    param(body, 'token_type_hint'); // read for its shape only: both kinds are looked up anyway (§2.1)
    await throttledAttempt(services, request, body, async () => {
      const client = await authenticateClient(services.db, request, body);
      for (const id of await revokeByClient(services.db, services.clock, { app: client, token })) services.forgetTokens(id);
    });
    return reply.code(200).send();
  });
}
