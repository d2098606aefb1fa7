import { SCOPE_WORDS } from '../domain/consent.js';
import type { OwnerRow } from '../store/schema.js';
import { html, page } from '../web/html.js';
import type { AuthorizeRequest } from './authorize-request.js';

/**
 * The consent page, in the console's style: the app, who registered it, each scope in plain words
 * (ticked; the owner may untick any), the account it will act for, approve or deny. The original
 * request travels back in hidden fields and is checked again on the post.
 */
export function consentPage(o: { request: AuthorizeRequest; params: Record<string, string | undefined>; owner: OwnerRow; csrf: string; error?: string | null }): string {
  const { request: r, owner } = o;
  const hidden = Object.entries(o.params).filter(([, v]) => v !== undefined).map(([k, v]) => html`<input type="hidden" name="${k}" value="${v}">`);
  return page({
    title: `Connect ${r.app.name} · calendar-access`,
    // No logo: the app's image would come from its server (the pages' CSP loads images from this site
    // only), telling the app who opened the page before the owner decided (docs/decisions.md).
    body: html`<h1>Connect ${r.app.name} to your calendar?</h1>
${o.error ? html`<p class="notice bad" role="alert">${o.error}</p>` : ''}
<p><strong>${r.app.name}</strong>${r.app.homepage_url ? html` (<a href="${r.app.homepage_url}" rel="noopener noreferrer" target="_blank">${new URL(r.app.homepage_url).host}</a>)` : ''}, registered by <strong>@${r.developer}</strong>, asks to act for <strong>${owner.display_name} (@${owner.username})</strong>.</p>
<form method="post" action="/oauth/authorize" class="card u-block">
<input type="hidden" name="_csrf" value="${o.csrf}">${hidden}
<fieldset class="u-plain"><legend><strong>It will be able to:</strong></legend>
${r.scopes.map((s) => html`<p><label class="u-normal"><input type="checkbox" name="grant" value="${s}" checked> ${SCOPE_WORDS[s]} <span class="muted">(${s})</span></label></p>`)}
</fieldset>
<p class="muted">It can never read your journal, write to your calendar or to-dos, or see why a time is busy. Untick what you do not want to share. You can disconnect it at any time under Developer → Connected apps.</p>
<p><button type="submit" name="decision" value="approve">Allow</button> <button type="submit" name="decision" value="deny" class="secondary">Deny</button></p>
</form>
<p class="muted">You will be sent back to ${new URL(r.redirectUri).origin === 'null' ? r.redirectUri : new URL(r.redirectUri).origin}.</p>`,
  });
}

/** A page for an authorization request that cannot be sent back to the app. */
export function authorizeErrorPage(title: string, message: string): string {
  return page({ title: `${title} · calendar-access`, body: html`<h1>${title}</h1><p class="notice bad" role="alert">${message}</p><p><a href="/app/developer">Back to your calendar</a></p>` });
}
