import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps.js';
import { approvedScopes } from '../domain/consent.js';
import { issueCode } from '../services/grants.js';
import { fromThisSite } from '../web/same-origin.js';
import { accountEnv, checkCsrf, csrfToken, signedInOwner } from '../web/session.js';
import { AUTHORIZE_PARAMS, checkAuthorizeRequest, redirectWith } from './authorize-request.js';
import { authorizeErrorPage, consentPage } from './consent-page.js';
import { readParam, type RawParams } from './params.js';

/**
 * GET /oauth/authorize shows the consent page (sign-in first, then back here); POST is the owner's
 * answer, CSRF-checked and its request checked again. The pages' headers and strict CSP (helmet,
 * web/page-headers.ts, registered for these routes by plugin.ts) cover every answer: nothing
 * inline, and `frame-ancestors 'none'`, so a click cannot be stolen.
 */
function htmlReply(reply: FastifyReply, status: number, text: string): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').send(text);
}

/**
 * The consent page's one widening of the pages' CSP: its form is answered by a redirect to the
 * app's registered redirect URI, and Chromium holds `form-action` to redirects after a post, so that
 * URI's origin (or, for a private-use scheme, the scheme) is allowed as well as 'self'.
 */
function allowFormActionTo(reply: FastifyReply, redirectUri: string): void {
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp !== 'string') return;
  const u = new URL(redirectUri);
  const source = u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : u.protocol;
  reply.header('content-security-policy', csp.replace(/(^|;)form-action 'self'(?=;|$)/, `$1form-action 'self' ${source}`));
}

/** The request's parameters, for the hidden fields (only single string values travel on). */
function carried(params: RawParams): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const name of AUTHORIZE_PARAMS) {
    const v = readParam(params, name);
    out[name] = typeof v === 'string' ? v : undefined;
  }
  return out;
}

export function registerAuthorize(app: FastifyInstance, services: Deps): void {
  const env = accountEnv(services);
  const issuer = services.config.publicBaseUrl;
  const publicOrigin = new URL(issuer).origin;

  async function check(request: FastifyRequest, reply: FastifyReply, params: RawParams) {
    const checked = await checkAuthorizeRequest(services.db, params);
    if (checked.kind === 'page') return { done: htmlReply(reply, 400, authorizeErrorPage(checked.title, checked.message)) };
    if (checked.kind === 'redirect') {
      return { done: reply.redirect(redirectWith(checked.redirectUri, issuer, { error: checked.error, error_description: checked.description, state: checked.state }), 303) };
    }
    return { request: checked.request };
  }

  app.get('/oauth/authorize', { schema: { hide: true } }, async (request, reply) => {
    const params = request.query as RawParams;
    const checked = await check(request, reply, params);
    if (checked.done) return checked.done;
    const session = await signedInOwner(env, request);
    if (!session) return reply.redirect(`/signin?next=${encodeURIComponent(request.url)}`, 303);
    allowFormActionTo(reply, checked.request.redirectUri);
    return htmlReply(reply, 200, consentPage({ request: checked.request, params: carried(params), owner: session.owner, csrf: csrfToken(env, session.value) }));
  });

  app.post('/oauth/authorize', { schema: { hide: true } }, async (request, reply) => {
    const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    const form = (type === 'application/x-www-form-urlencoded' && request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
    const session = await signedInOwner(env, request);
    if (!session) return htmlReply(reply, 403, authorizeErrorPage('Signed out', 'Your session ended. Go back to the app and start again.'));
    // The pages' one Origin rule (web/same-origin.ts; /oauth/token and /oauth/revoke are posted by
    // servers, so this plugin checks its one form here), then the session's CSRF token.
    if (!fromThisSite(request, publicOrigin) || !checkCsrf(env, session.value, form._csrf)) {
      return htmlReply(reply, 403, authorizeErrorPage('Refused', 'This form is out of date or came from another site. Go back to the app and start again.'));
    }
    const checked = await check(request, reply, form);
    if (checked.done) return checked.done;
    const r = checked.request;
    const decision = readParam(form, 'decision');
    if (decision !== 'approve') {
      return reply.redirect(redirectWith(r.redirectUri, issuer, { error: 'access_denied', error_description: 'The owner denied the request.', state: r.state }), 303);
    }
    const ticked = form.grant === undefined ? [] : (Array.isArray(form.grant) ? form.grant : [form.grant]).filter((v): v is string => typeof v === 'string');
    const scopes = approvedScopes(r.scopes, ticked);
    if (scopes.length === 0) {
      return reply.redirect(redirectWith(r.redirectUri, issuer, { error: 'access_denied', error_description: 'The owner shared no scope.', state: r.state }), 303);
    }
    const code = await issueCode(services.db, services.clock, { app: r.app, ownerId: session.owner.id, redirectUri: r.redirectUri, scopes, codeChallenge: r.codeChallenge });
    return reply.redirect(redirectWith(r.redirectUri, issuer, { code, state: r.state }), 303);
  });
}
