import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { SCOPES } from '../domain/scopes.js';

/** The authorization server's metadata (RFC 8414): every field a client library reads. */
export function authorizationServerMetadata(issuer: string): Record<string, unknown> {
  return {
    issuer,
    authorization_endpoint: `${issuer}/oauth/authorize`,
    token_endpoint: `${issuer}/oauth/token`,
    revocation_endpoint: `${issuer}/oauth/revoke`,
    scopes_supported: [...SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    authorization_response_iss_parameter_supported: true,
    // The page people read (RFC 8414 §2: "human-readable information"); the document itself is at /openapi.json.
    service_documentation: `${issuer}/docs`,
  };
}

export function registerMetadata(app: FastifyInstance, services: Deps): void {
  const body = JSON.stringify(authorizationServerMetadata(services.config.publicBaseUrl));
  app.get('/.well-known/oauth-authorization-server', { schema: { hide: true } }, async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
}
