import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps.js';
import { bookingPostLimits, checkLimits } from '../limits/policy.js';
import { html, type Markup } from './html.js';
import { link } from './links.js';

/**
 * The public booking form's limits (docs/decisions.md "Hardening"): every post counts per client
 * address and per owner, in the one RateLimitStore the API counts in (so instances share them once
 * that store is shared). Every answer to a post carries the `RateLimit-*` headers of the limit
 * closest to running out, as the API's answers do; a post over a limit also carries `Retry-After`
 * and gets a page saying how long to wait, with nothing sent.
 */
export interface BookingRefusal {
  title: string;
  body: Markup;
}

const inWords = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "in 12 minutes", "in 1 minute": a wait is never shown as less than a minute. */
function waitWords(seconds: number): string {
  return inWords.format(Math.max(1, Math.ceil(seconds / 60)), 'minute');
}

/**
 * Counts one post of `owner`'s booking form. Stamps the headers on `reply` and returns null when the
 * post may go on, or the friendly page to answer with (status 429, `Retry-After` already set).
 */
export async function limitBookingPost(
  services: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  owner: { id: string; username: string; display_name: string },
): Promise<BookingRefusal | null> {
  const limits = bookingPostLimits(request.ip, owner.id, services.config.bookingPosts);
  const verdict = await checkLimits(services.limits, limits, services.clock.now().getTime());
  reply.headers(verdict.headers);
  if (verdict.allowed) return null;
  const wait = verdict.retryAfter ?? 60;
  reply.code(429).header('Retry-After', String(wait));
  const fromHere = verdict.exceeded === limits[0];
  const why = fromHere
    ? html`Several requests have been sent from your network in the last hour, so this form is resting for a while.`
    : html`${owner.display_name} has received many requests in the last hour, so this page is pausing new ones for a while.`;
  return {
    title: 'Please try again later',
    body: html`
<h1>Please try again later</h1>
<p class="notice" role="alert">${why}</p>
<p>Your request was not sent. Please try again ${waitWords(wait)}.</p>
<p><a class="button secondary" href="${link`/${owner.username}`}">Back to the booking page</a></p>`,
  };
}
