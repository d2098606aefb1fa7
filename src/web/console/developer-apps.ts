import { asUuid } from '../../domain/ids.js';
import { SCOPES } from '../../domain/scopes.js';
import { ServiceError } from '../../domain/service-error.js';
import { createApp, deleteApp, listApps, rotateAppSecret, type AppSummary } from '../../services/apps.js';
import { disconnectApp, listConnectedApps } from '../../services/grants.js';
import { html, type Markup } from '../html.js';
import { field, type ConsoleContext, type ConsoleSection } from './console.js';
import { confirmed, SCOPE_GRANTS, secretBlock, showOnce, timeIn } from './developer-tokens.js';
import { csrfField } from './layout.js';
import { link } from '../links.js';

/**
 * Settings → Developer → Apps (docs/oauth.md): the apps connected to the owner's calendar (scopes,
 * when connected, last used, a suspension, disconnect) and the OAuth apps the owner registered as a
 * developer (register, rotate the secret, delete). The same services as the CLI; a client secret is
 * shown once, in the answer to the form that made it.
 */
interface AppForm {
  name: string;
  homepage: string;
  redirectUris: string;
  scopes: string[];
  type: 'public' | 'confidential';
}

const EMPTY_FORM: AppForm = { name: '', homepage: '', redirectUris: '', scopes: [], type: 'confidential' };

function formValues(form: ConsoleContext['form']): AppForm {
  const raw = form.scopes;
  return {
    name: field(form, 'name'),
    homepage: field(form, 'homepage'),
    redirectUris: field(form, 'redirectUris'),
    scopes: (Array.isArray(raw) ? raw : raw ? [raw] : []).filter((s) => s !== ''),
    type: field(form, 'type') === 'public' ? 'public' : 'confidential',
  };
}

const scopeList = (scopes: readonly string[]): Markup => html`${scopes.map((s, i) => html`${i > 0 ? ' ' : ''}<code>${s}</code>`)}`;

async function connectedSection(ctx: ConsoleContext): Promise<Markup> {
  const when = timeIn(ctx.owner);
  const rows = await listConnectedApps(ctx.services.db, ctx.owner.id);
  if (rows.length === 0) return html`<p class="muted">No app is connected to your calendar.</p>`;
  return html`<table><thead><tr><th>App</th><th>Scopes</th><th>Connected</th><th>Last used</th><th><span class="sr">Actions</span></th></tr></thead><tbody>
${rows.map((r) => html`<tr><td><strong>${r.appName}</strong>${r.appOwnerUsername ? html`<br><span class="muted">by @${r.appOwnerUsername}</span>` : ''}
${r.appSuspendedAt ? html`<br><span class="status bad">Suspended</span> <span class="muted">${r.appSuspendedReason ?? ''}: its access is paused by the operator.</span>` : ''}</td>
<td>${scopeList(r.grant.scopes)}</td><td>${when(r.grant.created_at)}</td><td>${when(r.lastUsedAt, 'never')}</td>
<td>${confirmed('Disconnect', html`Its tokens stop working at once.`, html`<form method="post" action="/app/developer/apps/disconnect">${csrfField(ctx.csrf)}<input type="hidden" name="id" value="${r.grant.id}"><button class="danger" type="submit">Disconnect ${r.appName}</button></form>`)}</td></tr>`)}
</tbody></table>`;
}

function appsTable(ctx: ConsoleContext, apps: AppSummary[]): Markup {
  if (apps.length === 0) return html`<p class="muted">You have registered no app.</p>`;
  return html`<table><thead><tr><th>App</th><th>client_id</th><th>Redirect URIs</th><th>Scopes</th><th>Connected</th><th><span class="sr">Actions</span></th></tr></thead><tbody>
${apps.map((a) => html`<tr><td><strong>${a.name}</strong><br><span class="muted">${a.clientType}${a.secretHint ? html`, secret <code>${a.secretHint}</code>` : ''}</span>
${a.suspendedAt ? html`<br><span class="status bad">Suspended</span> <span class="muted">${a.suspendedReason ?? ''}</span>` : ''}</td>
<td><code>${a.clientId}</code></td><td>${a.redirectUris.map((u) => html`<code>${u}</code><br>`)}</td><td>${scopeList(a.scopes)}</td><td>${a.connections}</td>
<td><a href="${link`/app/developer/app-webhook?id=${a.id}`}">Webhook</a>
${a.clientType === 'confidential' ? html`<form method="post" action="/app/developer/apps/rotate">${csrfField(ctx.csrf)}<input type="hidden" name="id" value="${a.id}"><button class="secondary" type="submit">Rotate secret</button></form>` : ''}
${confirmed('Delete', html`Every owner connected to it is disconnected, at once.`, html`<form method="post" action="/app/developer/apps/delete">${csrfField(ctx.csrf)}<input type="hidden" name="id" value="${a.id}"><button class="danger" type="submit">Delete ${a.name}</button></form>`)}</td></tr>`)}
</tbody></table>`;
}

function registerForm(ctx: ConsoleContext, v: AppForm): Markup {
  const checked = (on: boolean) => (on ? html` checked` : '');
  return html`<form method="post" action="/app/developer/apps" class="card u-block">${csrfField(ctx.csrf)}
<p><label for="app-name">Name</label><br><input id="app-name" name="name" required maxlength="100" value="${v.name}"><br><span class="muted">Owners see it on the consent page.</span></p>
<p><label for="app-homepage">Homepage</label> <span class="muted">(optional)</span><br><input id="app-homepage" name="homepage" type="url" maxlength="2048" value="${v.homepage}"></p>
<p><label for="app-redirects">Redirect URIs</label> <span class="muted">(one a line, matched exactly)</span><br><textarea id="app-redirects" name="redirectUris" rows="3" cols="60" required>${v.redirectUris}</textarea></p>
<fieldset class="u-box"><legend><strong>Scopes it may ask for</strong></legend>
${SCOPES.map((s) => html`<p class="u-my15"><label class="u-normal"><input type="checkbox" name="scopes" value="${s}"${checked(v.scopes.includes(s))}> <code>${s}</code> <span class="muted">— ${SCOPE_GRANTS[s]}</span></label></p>`)}
</fieldset>
<fieldset class="u-box"><legend><strong>Client type</strong></legend>
<p class="u-my15"><label class="u-normal"><input type="radio" name="type" value="confidential"${checked(v.type === 'confidential')}> Confidential <span class="muted">— a server that keeps a client secret</span></label></p>
<p class="u-my15"><label class="u-normal"><input type="radio" name="type" value="public"${checked(v.type === 'public')}> Public <span class="muted">— a native or browser app: no secret, PKCE only</span></label></p>
</fieldset>
<p><button type="submit">Register app</button></p></form>`;
}

async function appsPage(ctx: ConsoleContext, state: { error?: string | null; form?: AppForm } = {}) {
  const apps = await listApps(ctx.services.db, ctx.owner.id);
  return ctx.render(
    'Apps',
    'developer',
    html`<p><a href="/app/developer">← Developer</a></p>
<h2>Connected apps</h2>
<p class="muted">Apps you allowed to act for you. They never see your journal and never write to your calendar.</p>
${await connectedSection(ctx)}
<h2>Your OAuth apps</h2>
<p class="muted">Register an app that other people connect to their calendars (docs/oauth.md).</p>
${appsTable(ctx, apps)}
<h2>Register an app</h2>
${registerForm(ctx, state.form ?? EMPTY_FORM)}`,
    state.error ?? null,
  );
}

function secretShown(ctx: ConsoleContext, app: AppSummary, secret: string | null, rotated: boolean) {
  return showOnce(
    ctx,
    rotated ? `New secret of ${app.name}` : `${app.name} is registered`,
    html`<section class="card"><dl><dt>client_id</dt><dd><code id="client-id">${app.clientId}</code></dd></dl>
${secret ? html`<p class="notice" role="status"><strong>Copy the client secret now.</strong> It is shown only this once.${rotated ? ' The old secret no longer works.' : ''}</p>${secretBlock('client-secret', secret)}` : html`<p class="muted">A public app has no secret: it proves each code with PKCE.</p>`}
<p><a class="button" href="/app/developer/apps">Done</a></p></section>`,
  );
}

const idOf = (ctx: ConsoleContext): string => asUuid(field(ctx.form, 'id')) ?? '00000000-0000-0000-0000-000000000000';

export const developerAppsSection: ConsoleSection = (scope) => {
  scope.get('/developer/apps', async (ctx) => appsPage(ctx));

  scope.post('/developer/apps', async (ctx) => {
    const v = formValues(ctx.form);
    try {
      const created = await createApp(ctx.services.db, ctx.services.clock, {
        ownerId: ctx.owner.id, name: v.name, homepageUrl: v.homepage || null, logoUrl: null,
        redirectUris: v.redirectUris.split(/\r?\n/), scopes: v.scopes, clientType: v.type,
      });
      return secretShown(ctx, created.app, created.clientSecret, false);
    } catch (e) {
      if (e instanceof ServiceError) return appsPage(ctx, { error: `The app was not registered: ${e.message}`, form: v });
      throw e;
    }
  });

  scope.post('/developer/apps/rotate', async (ctx) => {
    try {
      const rotated = await rotateAppSecret(ctx.services.db, ctx.owner.id, idOf(ctx));
      return secretShown(ctx, rotated.app, rotated.clientSecret, true);
    } catch (e) {
      if (e instanceof ServiceError) return appsPage(ctx, { error: e.message });
      throw e;
    }
  });

  scope.post('/developer/apps/delete', async (ctx) => {
    try {
      for (const id of await deleteApp(ctx.services.db, ctx.services.clock, ctx.owner.id, idOf(ctx))) ctx.services.forgetTokens(id);
    } catch (e) {
      if (e instanceof ServiceError) return appsPage(ctx, { error: 'That app does not exist or was already deleted.' });
      throw e;
    }
    return ctx.redirect('/app/developer/apps', 'The app was deleted; every owner connected to it was disconnected.');
  });

  scope.post('/developer/apps/disconnect', async (ctx) => {
    try {
      for (const id of await disconnectApp(ctx.services.db, ctx.services.clock, ctx.owner.id, idOf(ctx))) ctx.services.forgetTokens(id);
    } catch (e) {
      if (e instanceof ServiceError) return appsPage(ctx, { error: 'That app is not connected.' });
      throw e;
    }
    return ctx.redirect('/app/developer/apps', 'Disconnected: its tokens stopped working.');
  });
};
