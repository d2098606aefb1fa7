import type { FastifyReply } from 'fastify';
import { asUuid } from '../../domain/ids.js';
import { ROTATION_OVERLAP_MS, type DeliveryLogEntry, type EndpointEnv, type EndpointSummary } from '../../webhooks/endpoints.js';
import { ServiceError } from '../../domain/service-error.js';
import type { TokenSummary } from '../../services/tokens.js';
import { html, type Markup } from '../html.js';
import { field, type ConsoleContext } from './console.js';
import { csrfField } from './layout.js';
import { confirmed, secretBlock, showOnce, timeIn, tokenLabel } from './developer-tokens.js';
import { link } from '../links.js';
import { eventTypesField, eventTypesOf, eventTypesSummary } from './event-types-field.js';

/**
 * Settings → Developer, webhook endpoints (spec "Events", docs/spec-decisions.md §8): under each live token that
 * holds `webhooks`, its endpoints with their state, the event types each receives and actions, an
 * add form, the page that shows a signing secret once, and one endpoint's page: its event types
 * (changed there) and its delivery log.
 */

/** What the endpoint services need: the same outbound rules as every fetch the service makes. */
export const endpointEnv = (ctx: ConsoleContext): EndpointEnv => ({ db: ctx.services.db, clock: ctx.services.clock, policy: ctx.services.outbound });

/** The endpoint id a form or link names; a text that is no id names no endpoint. */
export function endpointIdOf(text: string): string {
  const id = asUuid(text.trim());
  if (!id) throw new ServiceError('not_found', 'That webhook endpoint no longer exists.');
  return id;
}

/** A refused address reads as such; other messages as the service wrote them. */
export function endpointError(e: ServiceError): string {
  if (e.field === 'url') return `That endpoint address cannot be used: ${e.message.replace(/^url: /, '')}.`;
  if (e.field === 'eventTypes') return `Those events cannot be chosen: ${e.message.replace(/^event types: /, '')}.`;
  if (e.kind === 'not_found') return 'That webhook endpoint or token no longer exists.';
  return e.message;
}

const REASONS = { owner: 'by you', gone: 'the receiver answered 410 Gone', failing: 'no successful delivery for 5 days' } as const;

export function statusOf(e: EndpointSummary, when: ReturnType<typeof timeIn>): Markup {
  if (e.status === 'enabled') return html`<span class="status ok">Enabled</span>`;
  return html`<span class="status bad">Disabled</span><br><span class="muted">${e.disabledReason ? REASONS[e.disabledReason] : ''}${e.disabledAt ? html`, ${when(e.disabledAt)}` : ''}</span>`;
}

const action = (ctx: ConsoleContext, path: string, id: string, label: string, what: string, cls = 'secondary', back = false) =>
  html`<form method="post" action="/app/developer/endpoints/${path}">${csrfField(ctx.csrf)}<input type="hidden" name="id" value="${id}">${back ? html`<input type="hidden" name="back" value="log">` : ''}<button type="submit" class="${cls}" aria-label="${label} ${what}">${label}</button></form>`;

function endpointRow(ctx: ConsoleContext, e: EndpointSummary, when: ReturnType<typeof timeIn>): Markup {
  const what = e.description ? `${e.description} (${e.url})` : e.url;
  return html`<tr>
<td><code>${e.url}</code>${e.description ? html`<br><span class="muted">${e.description}</span>` : ''}<br><a href="${link`/app/developer/endpoint?id=${e.id}`}">Deliveries</a></td>
<td>${eventTypesSummary(e.eventTypes)}<br><a href="${link`/app/developer/endpoint?id=${e.id}`}#events" aria-label="Change the events of ${what}">Change</a></td>
<td>${statusOf(e, when)}</td><td>${when(e.lastSuccessAt, 'none yet')}</td><td>${when(e.failingSince, '—')}</td>
<td>${e.previousSecretExpiresAt ? html`Old secret signs until ${when(e.previousSecretExpiresAt)}` : html`<span class="muted">—</span>`}</td>
<td>${action(ctx, 'rotate', e.id, 'Rotate secret', what)}${e.previousSecretExpiresAt ? action(ctx, 'end-rotation', e.id, 'End rotation', what) : ''}
${e.status === 'enabled' ? html`${action(ctx, 'ping', e.id, 'Ping', what)}${action(ctx, 'disable', e.id, 'Disable', what)}` : action(ctx, 'enable', e.id, 'Enable', what)}
${confirmed('Remove…', html`Deliveries still waiting are cancelled.`, action(ctx, 'remove', e.id, 'Remove', what, 'danger'))}</td></tr>`;
}

export interface EndpointFormValues {
  tokenId: string;
  url: string;
  description: string;
  /** null: all events. */
  eventTypes: string[] | null;
}

/** The endpoints of one token and the form that adds another. */
function tokenEndpoints(ctx: ConsoleContext, t: TokenSummary, endpoints: EndpointSummary[], v: EndpointFormValues | null): Markup {
  const when = timeIn(ctx.owner);
  const mine = endpoints.filter((e) => e.tokenId === t.id);
  const values = v && v.tokenId === t.id ? v : { url: '', description: '', eventTypes: null };
  return html`<section class="card" aria-labelledby="hooks-${t.id}">
<h3 id="hooks-${t.id}" class="u-mt0">${t.name} <span class="muted u-normal">${tokenLabel(t)}${t.mode === 'test' ? ' · test' : ''}</span></h3>
${mine.length === 0
    ? html`<p class="muted">No endpoints under this token yet.</p>`
    : html`<div class="u-scroll-x"><table>
<thead><tr><th scope="col">Address</th><th scope="col">Events</th><th scope="col">Status</th><th scope="col">Last success</th><th scope="col">Failing since</th><th scope="col">Secret rotation</th><th scope="col"><span class="muted">Actions</span></th></tr></thead>
<tbody>${mine.map((e) => endpointRow(ctx, e, when))}</tbody></table></div>`}
<form method="post" action="/app/developer/endpoints" class="u-block">${csrfField(ctx.csrf)}<input type="hidden" name="token" value="${t.id}">
<div class="row"><p class="u-my2"><label for="url-${t.id}">Endpoint address</label><br><input id="url-${t.id}" name="url" type="url" required maxlength="2048" placeholder="https://example.com/webhooks" value="${values.url}" aria-describedby="url-hint-${t.id}"></p>
<p class="u-my2"><label for="desc-${t.id}">Description <span class="muted u-normal">(optional)</span></label><br><input id="desc-${t.id}" name="description" maxlength="500" value="${values.description}"></p>
</div>
<p id="url-hint-${t.id}" class="muted u-m0">https on port 443 at a public domain name. A ping is sent when it is added.</p>
${eventTypesField(`ev-${t.id}`, t.scopes, values.eventTypes)}
<p class="u-my2"><button type="submit">Add endpoint</button></p></form></section>`;
}

export function endpointsSection(ctx: ConsoleContext, tokens: TokenSummary[], endpoints: EndpointSummary[], v: EndpointFormValues | null): Markup {
  return html`<p class="muted">Events are sent, signed, to endpoints added under a token that holds the <code>webhooks</code> scope (and the scope each event needs).</p>
${tokens.length === 0
    ? html`<p>No active token holds the <code>webhooks</code> scope. Create one above to add endpoints.</p>`
    : tokens.map((t) => tokenEndpoints(ctx, t, endpoints, v))}`;
}

export const endpointFormValues = (form: ConsoleContext['form']): EndpointFormValues => ({
  tokenId: field(form, 'token'), url: field(form, 'url'), description: field(form, 'description'), eventTypes: eventTypesOf(form),
});

/**
 * The form that changes which events an endpoint receives (its page, and an app's webhook page):
 * `action` the path it posts to, `id` the endpoint's (or app's) id, `scopes` what may be offered.
 */
export function eventTypesForm(ctx: ConsoleContext, action: string, id: string, scopes: readonly string[], chosen: readonly string[] | null): Markup {
  return html`<form method="post" action="${action}" class="card u-block" aria-labelledby="events-title">${csrfField(ctx.csrf)}<input type="hidden" name="id" value="${id}">
<h2 id="events-title" class="u-mt0">Events</h2>
<p class="muted">Which events are sent to this endpoint, from the next one on; those already queued still go. The catch-up route <code>GET /webhook-events</code> lists every event the token may see, whatever is chosen here.</p>
${eventTypesField('events', scopes, chosen, 'Send to this endpoint')}
<p class="u-my2"><button type="submit">Save events</button></p></form>`;
}

/** The signing secret of a new or rotated endpoint, this once. */
export function secretPage(ctx: ConsoleContext, endpoint: EndpointSummary, secret: string, rotated: boolean): FastifyReply {
  const when = timeIn(ctx.owner);
  // An app's endpoint has its own page (developer-app-webhook.ts).
  const logPath = endpoint.appId ? link`/app/developer/app-webhook?id=${endpoint.appId}` : link`/app/developer/endpoint?id=${endpoint.id}`;
  return showOnce(
    ctx,
    rotated ? 'Copy the new signing secret' : 'Copy the signing secret',
    html`<section class="card" aria-labelledby="secret-title">
<h2 id="secret-title" class="u-mt0"><code>${endpoint.url}</code></h2>
<p class="notice" role="status"><strong>Copy the signing secret now.</strong> It is shown only this once. Your receiver checks each delivery's <code>Svc-Signature</code> with it.</p>
${secretBlock('signing-secret', secret)}
${rotated
    ? html`<p>The old secret keeps signing alongside the new one until ${when(endpoint.previousSecretExpiresAt ?? new Date(ctx.services.clock.now().getTime() + ROTATION_OVERLAP_MS))} (24 hours). Switch your receiver to the new secret before then, or end the rotation once it uses it.</p>`
    : html`<p>A ping was sent to the endpoint; its delivery shows in the endpoint's <a href="${logPath}">delivery log</a>.</p>`}
<p><a class="button" href="${endpoint.appId ? logPath : '/app/developer'}">I have copied it</a></p></section>`,
  );
}

const DELIVERY_STATUS = { pending: 'Pending', succeeded: 'Delivered', failed: 'Failed', cancelled: 'Cancelled' } as Record<string, string>;

export function deliveryCard(d: DeliveryLogEntry, when: ReturnType<typeof timeIn>): Markup {
  const cls = d.status === 'succeeded' ? 'status ok' : d.status === 'pending' ? 'status' : 'status bad';
  return html`<article class="card" aria-label="Delivery of ${d.eventType}">
<p class="u-m0"><strong><code>${d.eventType}</code></strong> <span class="${cls}">${DELIVERY_STATUS[d.status] ?? d.status}</span>
<span class="muted">· recorded ${when(d.createdAt)} · event <code>${d.eventId}</code></span></p>
${d.nextAttemptAt ? html`<p class="muted u-my1">Next attempt ${when(d.nextAttemptAt)}</p>` : ''}
${d.status === 'cancelled' && d.lastError ? html`<p class="muted u-my1">${d.lastError}</p>` : ''}
${d.attemptLog.length === 0
    ? html`<p class="muted u-my1">No attempt yet.</p>`
    : html`<div class="u-scroll-x" role="region" tabindex="0" aria-label="Attempts of ${d.eventType}"><table><thead><tr><th scope="col">Attempt</th><th scope="col">Time</th><th scope="col">Status code</th><th scope="col">Duration</th><th scope="col">Error</th></tr></thead>
<tbody>${d.attemptLog.map((a) => html`<tr><td>${a.attempt}</td><td>${when(a.startedAt)}</td><td>${a.statusCode ?? html`<span class="muted">none</span>`}</td><td>${a.durationMs} ms</td><td>${a.error ?? html`<span class="muted">—</span>`}</td></tr>`)}</tbody></table></div>`}
</article>`;
}

/** One endpoint: its state and its latest deliveries, each with every attempt. */
export function deliveriesPage(
  ctx: ConsoleContext,
  endpoint: EndpointSummary,
  token: TokenSummary | null,
  log: DeliveryLogEntry[],
  refused: { error: string; eventTypes: string[] | null } | null = null,
): FastifyReply {
  const when = timeIn(ctx.owner);
  return ctx.render(
    'Webhook endpoint',
    'developer',
    html`<p><a href="/app/developer">← Developer</a></p>
<section class="card" aria-label="Endpoint"><dl>
<dt>Address</dt><dd><code>${endpoint.url}</code>${endpoint.description ? html` <span class="muted">— ${endpoint.description}</span>` : ''}</dd>
<dt>Token</dt><dd>${token ? html`${token.name} ${tokenLabel(token)}` : '—'}</dd>
<dt>Events</dt><dd>${eventTypesSummary(endpoint.eventTypes)}</dd>
<dt>Status</dt><dd>${statusOf(endpoint, when)}</dd>
<dt>Last success</dt><dd>${when(endpoint.lastSuccessAt, 'none yet')}</dd>
${endpoint.failingSince ? html`<dt>Failing since</dt><dd>${when(endpoint.failingSince)}</dd>` : ''}
${endpoint.previousSecretExpiresAt ? html`<dt>Secret rotation</dt><dd>Old secret signs until ${when(endpoint.previousSecretExpiresAt)}</dd>` : ''}
</dl>${endpoint.status === 'enabled'
    ? html`${action(ctx, 'ping', endpoint.id, 'Ping', endpoint.url)}${action(ctx, 'disable', endpoint.id, 'Disable', endpoint.url, 'secondary', true)}`
    : action(ctx, 'enable', endpoint.id, 'Enable', endpoint.url, 'secondary', true)}</section>
<div id="events">${eventTypesForm(ctx, '/app/developer/endpoints/events', endpoint.id, token?.scopes ?? [], refused ? refused.eventTypes : endpoint.eventTypes)}</div>
<h2>Latest deliveries</h2>
${log.length === 0 ? html`<p class="muted">No deliveries yet.</p>` : log.map((d) => deliveryCard(d, when))}`,
    refused?.error ?? null,
  );
}
