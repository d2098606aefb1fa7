import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.js';
import { signIn, signOut, signUp } from '../../services/accounts.js';
import { ServiceError } from '../../domain/service-error.js';
import type { OwnerRow } from '../../store/schema.js';
import { fieldAttrs, FORM_ERROR_ID, html, page, script, type Markup } from '../html.js';
import { ICAL_LIMITS } from '../../ical/limits.js';
import { consolePage, csrfField, type Section } from './layout.js';
import { acceptForms, formRefusal, type FormRefusal } from '../form-body.js';
import { bodyRefusal, sendBodyRefusal } from '../body-refusal.js';
import { readUpload, type UploadedFile, type UploadLimits } from '../upload-body.js';
import { trustDevice, trustedDevice } from '../device-cookie.js';
import { acceptedTags } from '../language.js';
import { zoneOptions } from '../zone-options.js';
import { accountEnv, checkCsrf, clearSessionCookie, csrfToken, sessionValue, setSessionCookie, signedInOwner } from '../session.js';

/**
 * The owner's console under /app (issue 6), and sign-up, sign-in and sign-out. The session and its
 * CSRF token are web/session.ts; every form posted to the console carries the token. Sections
 * register their pages through ConsoleScope, so each gets the signed-in owner, the token, and the
 * same rendering and errors.
 */

export interface ConsoleContext {
  owner: OwnerRow;
  csrf: string;
  services: Deps;
  request: FastifyRequest;
  reply: FastifyReply;
  query: Record<string, string | undefined>;
  form: Record<string, string | string[] | undefined>;
  /** Renders a console page (a `?notice=` left by a redirect is shown at its top). */
  render(title: string, active: Section, body: Markup, error?: string | null): FastifyReply;
  /** Post/redirect/get: back to a console path with a notice to show. */
  redirect(path: string, notice?: string): FastifyReply;
}

type Handler = (ctx: ConsoleContext) => Promise<FastifyReply>;
/** An upload's handler: the form's fields are `ctx.form`, its one file (null when none was chosen) `file`. */
type UploadHandler = (ctx: ConsoleContext, file: UploadedFile | null) => Promise<FastifyReply>;

export interface ConsoleScope {
  get(path: string, handler: Handler): void;
  post(path: string, handler: Handler): void;
  /**
   * A post taking a file (multipart/form-data), the only kind that does. Its token comes in the
   * form's address (`uploadAction`), so the session and the token are checked before a byte of the
   * body is read (upload-body.ts).
   */
  upload(path: string, handler: UploadHandler): void;
}

/** An upload form's `action`: the path with the session's token, checked before the body is read. */
export const uploadAction = (path: string, csrf: string): string => `/app${path}?_csrf=${encodeURIComponent(csrf)}`;

/** What an upload may hold: one calendar file (ICAL_LIMITS), and the few short fields of its form. */
const UPLOAD_LIMITS: UploadLimits = { fileBytes: ICAL_LIMITS.maxBytes, fields: 20, fieldBytes: 64 * 1024 };

export type ConsoleSection = (scope: ConsoleScope) => void;

class SignInNeeded extends Error {}
class CsrfRefused extends Error {}

/** A form field as one string ('' when absent). */
export const field = (form: ConsoleContext['form'], name: string): string => {
  const v = form[name];
  return Array.isArray(v) ? (v[0] ?? '') : (v ?? '');
};

function authPage(title: string, body: Markup, error: string | null): string {
  return page({ title, body: html`<h1>${title}</h1>${error ? html`<p class="notice bad" id="${FORM_ERROR_ID}" role="alert">${error}</p>` : ''}${body}` });
}

/** The sign-up field a refusal is about: the service's field, or the one its message starts with ("username: ..."). */
function refusedField(error: string | null, field: string | null | undefined): string | null {
  if (!error) return null;
  if (field) return field;
  return /^(username|name|email|timezone|password)\b/.exec(error.replace(/^username "/, 'username '))?.[1] ?? null;
}

function signUpForm(values: Record<string, string>, error: string | null, errorField: string | null = null): string {
  const bad = refusedField(error, errorField);
  const on = (name: string, hint: string | null = null) => fieldAttrs({ invalid: bad === name, hint });
  return authPage(
    'Create your calendar',
    html`<form method="post" action="/signup" class="card stack">
<p><label for="username">Username</label><br><input id="username" name="username" required pattern="[a-z0-9](?:[a-z0-9\\-]{0,62}[a-z0-9])?" maxlength="64" autocomplete="username" value="${values.username ?? ''}"${on('username', 'username-hint')}><br><span class="muted" id="username-hint">Your booking page will be at /your-username.</span></p>
<p><label for="name">Your name</label><br><input id="name" name="name" required maxlength="100" autocomplete="name" value="${values.name ?? ''}"${on('name')}></p>
<p><label for="email">Email</label><br><input id="email" name="email" type="email" maxlength="254" autocomplete="email" value="${values.email ?? ''}"${on('email')}></p>
<p><label for="timezone">Time zone</label><br><select id="timezone" name="timezone"${on('timezone')}>${zoneOptions(values.timezone || 'UTC')}</select></p>
<p><label for="password">Password</label><br><input id="password" name="password" type="password" required minlength="10" maxlength="200" autocomplete="new-password"${on('password', 'password-hint')}><br><span class="muted" id="password-hint">At least 10 characters and hard to guess: a few unrelated words work well.</span></p>
<p><button type="submit">Create account</button> <a href="/signin">I have an account</a></p></form>
${script('signup-zone.js')}`,
    error,
  );
}

/** Where sign-in may send the owner back to: a console page, or an OAuth consent page (docs/oauth.md). */
export function safeNext(next: string | undefined): string | null {
  return next && (next.startsWith('/app/') || next.startsWith('/oauth/authorize?')) ? next : null;
}

function signInForm(username: string, error: string | null, next: string | null = null): string {
  return authPage(
    'Sign in',
    html`<form method="post" action="${next ? `/signin?next=${encodeURIComponent(next)}` : '/signin'}" class="card stack">
<p><label for="username">Username</label><br><input id="username" name="username" required autocomplete="username" value="${username}"${fieldAttrs({ invalid: !!error })}></p>
<p><label for="password">Password</label><br><input id="password" name="password" type="password" required autocomplete="current-password"${fieldAttrs({ invalid: !!error })}></p>
<p><button type="submit">Sign in</button> <a href="/signup">Create an account</a></p></form>`,
    error,
  );
}

/**
 * A refused form's status: 429 with Retry-After when the answer is to wait (wrong passwords, or the
 * password gate full), else 422.
 */
export function refusedStatus(reply: FastifyReply, e: ServiceError): FastifyReply {
  if (e.kind === 'rate_limited') return reply.code(429).header('Retry-After', String(e.retryAfterSeconds ?? 1));
  return reply.code(422);
}

export async function registerConsole(app: FastifyInstance, services: Deps, sections: readonly ConsoleSection[]): Promise<void> {
  const env = accountEnv(services);
  const secure = services.config.publicBaseUrl.startsWith('https:');
  const html200 = (reply: FastifyReply, text: string) => reply.type('text/html; charset=utf-8').header('X-Frame-Options', 'DENY').send(text);

  await app.register(async (web) => {
    await web.register(cookie);
    // A form with a control character in a field (form-body.ts) is answered 422 with its form again:
    // sign-up and sign-in with what was typed; a console form as its page (`formPage`) shows it, with the refusal.
    await acceptForms(web, async (request, reply, refusal) => {
      const url = request.routeOptions.url ?? '';
      if (url === '/signup') return html200(reply, signUpForm(refusal.values, refusal.message));
      if (url === '/signin') return html200(reply, signInForm(refusal.values.username ?? '', refusal.message));
      const shown = formPage(url);
      // Sign-out's only field is its token.
      if (!shown) throw new CsrfRefused();
      const ctx = await context(request, reply, 'form', refusal);
      return shown({ ...ctx, query: { ...ctx.query, ...(refusal.values.id ? { id: refusal.values.id } : {}) } });
    });
    const setSession = (reply: FastifyReply, value: string) => setSessionCookie(reply, value, secure);

    web.setErrorHandler((error, request, reply) => {
      if (error instanceof SignInNeeded) return reply.redirect(`/signin?next=${encodeURIComponent(request.url)}`, 303);
      // A body refused before it was read (another kind than a form, over 256 KiB) or while an upload was (upload-body.ts).
      const refused = bodyRefusal(error);
      if (refused) return sendBodyRefusal(request, reply, refused);
      if (error instanceof CsrfRefused) return reply.code(403).type('text/html; charset=utf-8').send(page({ title: 'Refused', body: html`<h1>Refused</h1><p>This form is out of date or came from another site. Go back, reload the page and try again.</p>` }));
      web.log.error({ err: error, url: request.url }, 'console page failed');
      return reply.code(500).type('text/html; charset=utf-8').send(page({ title: 'Something went wrong', body: html`<h1>Something went wrong</h1><p>Please try again in a moment.</p>` }));
    });

    web.get('/signup', { schema: { hide: true } }, async (_request, reply) => html200(reply, signUpForm({}, null)));
    web.post<{ Body: Record<string, string> }>('/signup', { schema: { hide: true } }, async (request, reply) => {
      const f = request.body ?? {};
      try {
        const { session } = await signUp(env, {
          username: (f.username ?? '').trim().toLowerCase(),
          displayName: f.name ?? '',
          timezone: f.timezone ?? 'UTC',
          email: f.email || null,
          password: f.password ?? '',
          // The browser's first language (by weight): the console's dates and the profile's locale follow it.
          locale: acceptedTags(request.headers['accept-language'])[0] ?? 'en',
        }, { address: request.ip, perHour: services.config.signUpsPerHourPerAddress });
        setSession(reply, session.value);
        return reply.redirect('/app/calendar', 303);
      } catch (e) {
        if (!(e instanceof ServiceError)) throw e;
        return html200(refusedStatus(reply, e), signUpForm(f, e.message, e.field));
      }
    });

    web.get<{ Querystring: { next?: string } }>('/signin', { schema: { hide: true } }, async (request, reply) => html200(reply, signInForm('', null, safeNext(request.query.next))));
    web.post<{ Body: Record<string, string>; Querystring: { next?: string } }>('/signin', { schema: { hide: true } }, async (request, reply) => {
      const f = request.body ?? {};
      const username = (f.username ?? '').trim().toLowerCase();
      const device = trustedDevice(request, services.secrets.devices, username);
      try {
        const { session, owner } = await signIn(env, username, f.password ?? '', { address: request.ip, device });
        setSession(reply, session.value);
        trustDevice(reply, services.secrets.devices, owner.username, device, secure);
        return reply.redirect(safeNext(request.query.next) ?? '/app/calendar', 303);
      } catch (e) {
        if (!(e instanceof ServiceError)) throw e;
        return html200(refusedStatus(reply, e), signInForm(f.username ?? '', e.message, safeNext(request.query.next)));
      }
    });

    web.post('/signout', { schema: { hide: true } }, async (request, reply) => {
      const value = sessionValue(request);
      if (value && !checkCsrf(env, value, (request.body as Record<string, string> | undefined)?._csrf)) throw new CsrfRefused();
      await signOut(env, value);
      clearSessionCookie(reply);
      return reply.redirect('/signin', 303);
    });

    web.get('/app', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/app/calendar', 303));

    // Where a post's token is: in its form, or (an upload) in its address; a page read has none.
    type TokenIn = 'form' | 'query' | 'none';
    const context = async (request: FastifyRequest, reply: FastifyReply, token: TokenIn, refusal: FormRefusal | null = null): Promise<ConsoleContext> => {
      const session = await signedInOwner(env, request);
      if (!session) throw new SignInNeeded();
      const { owner, value } = session;
      const form = (request.body ?? {}) as ConsoleContext['form'];
      const query = (request.query ?? {}) as Record<string, string | undefined>;
      // That the form came from this site was checked before any handler (same-origin.ts).
      if (token !== 'none' && !checkCsrf(env, value, token === 'form' ? field(form, '_csrf') : (query._csrf ?? ''))) throw new CsrfRefused();
      const csrf = csrfToken(env, value);
      return {
        owner,
        csrf,
        services,
        request,
        reply,
        query,
        form,
        // A handler that set a refusal's status (429 with its Retry-After) keeps it; other errors are 422.
        render: (title, active, body, given) => {
          const error = given ?? refusal?.message;
          return html200(reply.code(error ? (reply.statusCode >= 400 ? reply.statusCode : 422) : 200), consolePage({ title, owner, active, body: html`${body}<form method="post" action="/signout" class="u-block u-mt8">${csrfField(csrf)}<button class="secondary" type="submit">Sign out</button></form>`, notice: query.notice ?? null, error: error ?? null }));
        },
        redirect: (path, notice) => reply.redirect(notice ? `${path}${path.includes('?') ? '&' : '?'}notice=${encodeURIComponent(notice)}` : path, 303),
      };
    };

    // The console's pages by path: a refused form is shown again by the page of the longest path its post's starts with.
    const pages = new Map<string, Handler>();
    const formPage = (postUrl: string): Handler | undefined => {
      for (let path = postUrl; path.startsWith('/app/'); path = path.slice(0, path.lastIndexOf('/'))) {
        const found = pages.get(path);
        if (found) return found;
      }
      return undefined;
    };
    const uploads: Array<[string, UploadHandler]> = [];
    const scope: ConsoleScope = {
      get: (path, handler) => {
        pages.set(`/app${path}`, handler);
        web.get(`/app${path}`, { schema: { hide: true } }, async (request, reply) => handler(await context(request, reply, 'none')));
      },
      post: (path, handler) => web.post(`/app${path}`, { schema: { hide: true } }, async (request, reply) => handler(await context(request, reply, 'form'))),
      upload: (path, handler) => uploads.push([path, handler]),
    };
    for (const section of sections) section(scope);

    // The uploads, in a scope of their own: only there is a multipart body taken, and its parser reads
    // nothing (every other page refuses one with 415 before reading it). The handler checks the session
    // and the token first, then streams the body to its limits; a field with a control character
    // shows the page again, as any form's (form-body.ts).
    await web.register(async (uploadScope) => {
      uploadScope.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null, undefined));
      for (const [path, handler] of uploads) {
        uploadScope.post(`/app${path}`, { schema: { hide: true } }, async (request, reply) => {
          const ctx = await context(request, reply, 'query');
          const { fields, file } = await readUpload(request, UPLOAD_LIMITS);
          const refused = formRefusal(fields);
          const shown = formPage(`/app${path}`);
          if (refused && shown) return shown({ ...ctx, form: refused.values, render: (title, active, body) => ctx.render(title, active, body, refused.message) });
          return handler({ ...ctx, form: fields }, file);
        });
      }
    });
  });
}
