import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { html, page } from '../html.js';
import { accountEnv, signedInOwner } from '../session.js';

/**
 * The front door `/` (issue 15): a short page for visitors saying what this is, with sign-in and
 * sign-up; a signed-in owner goes straight to the console (/app).
 */
export function landingPage(): string {
  return page({
    title: 'calendar-access · your calendar, shared on your terms',
    body: html`<header class="landing-head"><p class="brand">calendar-access</p>
<nav aria-label="Account"><a href="/signin">Sign in</a></nav></header>
<h1>Your calendar, shared on your terms</h1>
<p class="lead">Let people book time with you from your own page, answer their requests in one inbox, and let the
apps you trust read or change your calendar only within the scopes you grant.</p>
<p><a class="button" href="/signup">Create an account</a> <a class="button secondary" href="/signin">Sign in</a></p>
<ul class="features">
<li><h2>A booking page</h2><p>Visitors pick a day and a time in their own time zone and language; nothing is booked until you accept.</p></li>
<li><h2>One inbox</h2><p>Accept, decline or propose a new time; the requester follows it all on a private link.</p></li>
<li><h2>Apps, on a leash</h2><p>Tokens and OAuth apps with scopes, webhooks, an API, an SDK and an MCP server.</p></li>
</ul>
<p class="muted">Already have someone's booking link? Open it to pick a time.</p>`,
  });
}

export async function registerLanding(app: FastifyInstance, services: Deps): Promise<void> {
  const env = accountEnv(services);
  await app.register(async (door) => {
    await door.register(cookie);
    door.get('/', { schema: { hide: true } }, async (request, reply) => {
      if (await signedInOwner(env, request)) return reply.redirect('/app', 303);
      return reply.type('text/html; charset=utf-8').header('X-Frame-Options', 'DENY').send(landingPage());
    });
  });
}
