import type { FastifyReply } from 'fastify';
import { SCOPES, type Scope } from '../../domain/scopes.js';
import { createPersonalToken, TOKEN_LIFETIME_DAYS, type CreatedToken, type TokenSummary } from '../../services/tokens.js';
import type { OwnerRow } from '../../store/schema.js';
import { html, type Markup } from '../html.js';
import { field, type ConsoleContext } from './console.js';
import { csrfField } from './layout.js';
import { ownerDateFormat } from './dates.js';

/**
 * Settings → Developer, personal tokens (spec "Authentication", docs/spec-decisions.md §2): the list (name, scopes,
 * prefix and last four, never the value), the create form, and the page that shows a new value once.
 */

/** What each scope grants, as the spec's Authentication table says it. */
export const SCOPE_GRANTS: Record<Scope, string> = {
  'profile:read': 'name, username and time zone',
  'availability:read': 'appointment types and free times',
  'events:read': 'calendar events and appointments',
  'tasks:read': 'to-dos',
  'requests:read': 'requests people send',
  'requests:contact': 'email and phone of people who send requests (with requests:read)',
  'requests:create': 'send requests, which you accept or decline; withdraw its own requests',
  webhooks: 'receive webhook events and use the catch-up routes',
};

const EXPIRY_CHOICES = [...TOKEN_LIFETIME_DAYS.map(String), 'none'] as const;
const DEFAULT_EXPIRY = '90';

/** A time in the owner's zone and language, with the exact instant for machines; `empty` for none. */
export function timeIn(owner: OwnerRow): (d: Date | null, empty?: string) => Markup {
  const format = ownerDateFormat(owner, { dateStyle: 'medium', timeStyle: 'short' });
  return (d, empty = '—') => (d ? html`<time datetime="${d.toISOString()}">${format.format(d)}</time>` : html`<span class="muted">${empty}</span>`);
}

/** The page that shows a secret value this once: never cached, never in a URL, never shown again. */
export function showOnce(ctx: ConsoleContext, title: string, body: Markup): FastifyReply {
  ctx.reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache').header('Referrer-Policy', 'no-referrer');
  return ctx.render(title, 'developer', body);
}

/** The value in a block that is easy to select and copy (one click selects all of it). */
export const secretBlock = (id: string, value: string): Markup =>
  html`<pre class="card u-pre u-my2"><code id="${id}" class="secret u-select-all">${value}</code></pre>`;

/** A destructive action behind a disclosure: a second, deliberate step, with no script. */
export const confirmed = (summary: string, warning: Markup, form: Markup): Markup =>
  html`<details class="u-inline-block"><summary class="u-danger-summary">${summary}</summary><p class="muted u-my1">${warning}</p>${form}</details>`;

const isLive = (t: TokenSummary, now: Date) => t.revokedAt === null && (t.expiresAt === null || t.expiresAt.getTime() > now.getTime());

/** Personal tokens only (OAuth access tokens of apps are not made or listed here). */
export const personalTokens = (tokens: TokenSummary[]): TokenSummary[] => tokens.filter((t) => t.prefix !== 'svc_at_');

/** Live tokens holding `webhooks`: the ones endpoints can be added under. */
export const webhookTokens = (tokens: TokenSummary[], now: Date): TokenSummary[] =>
  personalTokens(tokens).filter((t) => isLive(t, now) && t.scopes.includes('webhooks'));

export const tokenLabel = (t: TokenSummary): Markup => html`<code>${t.prefix}…${t.lastFour}</code>`;

function statusOf(t: TokenSummary, now: Date): Markup {
  if (t.revokedAt) return html`<span class="status bad">Revoked</span>`;
  if (t.expiresAt && t.expiresAt.getTime() <= now.getTime()) return html`<span class="status bad">Expired</span>`;
  return html`<span class="status ok">Active</span>`;
}

export function tokensTable(ctx: ConsoleContext, tokens: TokenSummary[], now: Date): Markup {
  const when = timeIn(ctx.owner);
  if (tokens.length === 0) return html`<p class="muted">No tokens yet. Create one below to let an app or script read your calendar.</p>`;
  return html`<div class="u-scroll-x"><table>
<caption class="muted u-left">Token values are never shown again; only their first and last characters.</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Token</th><th scope="col">Scopes</th><th scope="col">Mode</th><th scope="col">Created</th><th scope="col">Expires</th><th scope="col">Last used</th><th scope="col">Status</th><th scope="col"><span class="muted">Action</span></th></tr></thead>
<tbody>${tokens.map(
    (t) => html`<tr>
<td>${t.name}</td><td>${tokenLabel(t)}</td><td>${t.scopes.map((s, i) => html`${i > 0 ? html`<br>` : ''}<code>${s}</code>`)}</td>
<td>${t.mode === 'test' ? 'Test' : 'Live'}</td><td>${when(t.createdAt)}</td><td>${when(t.expiresAt, 'never')}</td><td>${when(t.lastUsedAt, 'never')}</td>
<td>${statusOf(t, now)}${t.revokedAt ? html`<br><span class="muted">${when(t.revokedAt)}</span>` : ''}</td>
<td>${t.revokedAt ? '' : confirmed('Revoke…', html`Apps using “${t.name}” stop working at once.`, html`<form method="post" action="/app/developer/tokens/revoke">${csrfField(ctx.csrf)}<input type="hidden" name="id" value="${t.id}"><button type="submit" class="danger" aria-label="Revoke token ${t.name}">Revoke</button></form>`)}</td>
</tr>`,
  )}</tbody></table></div>`;
}

export interface TokenFormValues {
  name: string;
  scopes: string[];
  mode: 'live' | 'test';
  expiry: string;
}

export const EMPTY_TOKEN_FORM: TokenFormValues = { name: '', scopes: [], mode: 'live', expiry: DEFAULT_EXPIRY };

export function tokenFormValues(form: ConsoleContext['form']): TokenFormValues {
  const raw = form.scopes;
  const scopes = (Array.isArray(raw) ? raw : raw ? [raw] : []).filter((s) => s !== '');
  const expiry = field(form, 'expiry');
  return {
    name: field(form, 'name'),
    scopes,
    mode: field(form, 'mode') === 'test' ? 'test' : 'live',
    expiry: (EXPIRY_CHOICES as readonly string[]).includes(expiry) ? expiry : DEFAULT_EXPIRY,
  };
}

export function createTokenForm(ctx: ConsoleContext, v: TokenFormValues): Markup {
  const checked = (on: boolean) => (on ? html` checked` : '');
  return html`<form method="post" action="/app/developer/tokens" class="card u-block">${csrfField(ctx.csrf)}
<p><label for="token-name">Name</label><br><input id="token-name" name="name" required maxlength="200" value="${v.name}" aria-describedby="token-name-hint"><br>
<span id="token-name-hint" class="muted">What it is for, e.g. “Kitchen display”.</span></p>
<fieldset class="u-box"><legend><strong>Scopes</strong> <span class="muted">(what the token may do; pick at least one)</span></legend>
${SCOPES.map((s) => html`<p class="u-my15"><label class="u-normal"><input type="checkbox" name="scopes" value="${s}"${checked(v.scopes.includes(s))}> <code>${s}</code> <span class="muted">— ${SCOPE_GRANTS[s]}</span></label></p>`)}
</fieldset>
<fieldset class="u-box"><legend><strong>Mode</strong></legend>
<p class="u-my15"><label class="u-normal"><input type="radio" name="mode" value="live"${checked(v.mode === 'live')}> Live <span class="muted">— <code>svc_pat_…</code>, for real use</span></label></p>
<p class="u-my15"><label class="u-normal"><input type="radio" name="mode" value="test"${checked(v.mode === 'test')}> Test <span class="muted">— <code>svc_test_…</code>, a sandbox: reads the same data, emails nobody, and what it creates is marked test</span></label></p>
</fieldset>
<p><label for="token-expiry">Expires</label><br><select id="token-expiry" name="expiry">
${EXPIRY_CHOICES.map((e) => html`<option value="${e}"${v.expiry === e ? html` selected` : ''}>${e === 'none' ? 'Never' : `In ${e} days`}</option>`)}
</select></p>
<p><button type="submit">Create token</button></p></form>`;
}

/** Creates the token the form describes (the same service the CLI calls); ServiceError on bad input. */
export async function createTokenFromForm(ctx: ConsoleContext, v: TokenFormValues): Promise<CreatedToken> {
  return createPersonalToken(ctx.services.db, ctx.services.clock, {
    ownerId: ctx.owner.id,
    name: v.name,
    scopes: v.scopes,
    test: v.mode === 'test',
    expiresInSeconds: v.expiry === 'none' ? null : Number(v.expiry) * 86_400,
  });
}

/** The answer to the create form: the value, this once. */
export function tokenCreatedPage(ctx: ConsoleContext, name: string, created: CreatedToken): FastifyReply {
  const when = timeIn(ctx.owner);
  return showOnce(
    ctx,
    'Copy your new token',
    html`<section class="card" aria-labelledby="new-token-title">
<h2 id="new-token-title" class="u-mt0">“${name.trim()}”</h2>
<p class="notice" role="status"><strong>Copy the token now.</strong> It is shown only this once: only a hash of it is kept, so it cannot be shown again. If you lose it, revoke it and create another.</p>
${secretBlock('new-token', created.token)}
<dl><dt>Scopes</dt><dd>${created.scopes.map((s, i) => html`${i > 0 ? ', ' : ''}<code>${s}</code>`)}</dd>
<dt>Mode</dt><dd>${created.mode === 'test' ? 'Test (sandbox)' : 'Live'}</dd>
<dt>Expires</dt><dd>${when(created.expiresAt, 'never')}</dd></dl>
<p class="muted">Send it as <code>Authorization: Bearer &lt;token&gt;</code>. Keep it out of code you share.</p>
<p><a class="button" href="/app/developer">I have copied it</a></p></section>`,
  );
}
