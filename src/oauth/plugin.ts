import { setFixedHeaders } from '../web/fixed-headers.js';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Deps } from '../deps.js';
import { registerAuthorize } from './authorize.js';
import { authorizeErrorPage } from './consent-page.js';
import { OAuthError, sendOAuthError } from './errors.js';
import { registerMetadata } from './metadata.js';
import { registerRevoke } from './revoke.js';
import { registerToken } from './token.js';
import { pageSecurityHeaders } from '../web/page-headers.js';

/**
 * The OAuth 2.1 authorization server (issue 12, docs/oauth.md): /oauth/authorize (consent),
 * /oauth/token, /oauth/revoke and the RFC 8414 metadata, with its own error handling: RFC 6749 JSON
 * at the token and revocation endpoints, an HTML page at authorize. The envelope's headers
 * (`Cache-Control: no-store`, request id) still reach every answer.
 */
export const oauthPlugin: FastifyPluginAsync<{ services: Deps }> = async (root: FastifyInstance, { services }) => {
  await root.register(async (app) => {
    await app.register(cookie);
    await app.register(formbody);
    app.setErrorHandler((error, request, reply) => {
      // Fastify's errors carry statusCode; the root's body parser (http/json-body.ts) throws the API's errors, with status.
      const e = error as { statusCode?: number; status?: number };
      const status = e.statusCode ?? e.status;
      if (request.url.startsWith('/oauth/authorize')) {
        if (status !== undefined && status >= 400 && status < 500) return reply.code(400).type('text/html; charset=utf-8').send(authorizeErrorPage('This request is not valid', 'Go back to the app and start again.'));
        request.log.error({ err: error, url: request.url }, 'oauth page failed');
        return reply.code(500).type('text/html; charset=utf-8').send(authorizeErrorPage('Something went wrong', 'Please try again in a moment.'));
      }
      if (error instanceof OAuthError) return sendOAuthError(reply, error);
      if (status !== undefined && status >= 400 && status < 500) {
        return sendOAuthError(reply, new OAuthError('invalid_request', status === 413 ? 'The body is too large.' : 'The body could not be read as a form.'));
      }
      request.log.error({ err: error, url: request.url }, 'oauth endpoint failed');
      return sendOAuthError(reply, new OAuthError('server_error', 'A fault of the server; try again.'));
    });
    registerMetadata(app, services);
    // The consent page and its error pages are pages: the pages' headers and strict CSP, as every page.
    await app.register(async (pages) => {
      pages.addHook('onRequest', setFixedHeaders(pageSecurityHeaders(services.config.publicBaseUrl)));
      registerAuthorize(pages, services);
    });
    registerToken(app, services);
    registerRevoke(app, services);
  });
};
