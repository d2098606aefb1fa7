import { changePassword, deleteAccount } from '../../services/accounts.js';
import { ServiceError } from '../../domain/service-error.js';
import { html } from '../html.js';
import { accountEnv, clearSessionCookie, sessionValue } from '../session.js';
import { field, refusedStatus, type ConsoleContext, type ConsoleSection } from './console.js';
import { csrfField } from './layout.js';
import { link } from '../links.js';

/** Account: the owner's details, password change, and account deletion. */
function accountPage(ctx: ConsoleContext, error: string | null = null) {
  const o = ctx.owner;
  return ctx.render(
    'Account',
    'account',
    html`<section class="card" aria-label="Your details"><dl>
<dt>Username</dt><dd>@${o.username} — your booking page is <a href="${link`/${o.username}`}">/${o.username}</a></dd>
<dt>Name</dt><dd>${o.display_name}</dd><dt>Time zone</dt><dd>${o.timezone}</dd><dt>Email</dt><dd>${o.email ?? '—'}</dd></dl></section>
<h2>Change password</h2>
<form method="post" action="/app/account/password" class="card stack">${csrfField(ctx.csrf)}
<p><label for="current">Current password</label><br><input id="current" name="current" type="password" required autocomplete="current-password"></p>
<p><label for="password">New password</label><br><input id="password" name="password" type="password" required minlength="10" maxlength="200" autocomplete="new-password"><br><span class="muted">At least 10 characters and hard to guess: a few unrelated words work well.</span></p>
<p><button type="submit">Change password</button> <span class="muted">Other devices are signed out.</span></p></form>
<h2>Delete account</h2>
<form method="post" action="/app/account/delete" class="card stack">${csrfField(ctx.csrf)}
<p>This deletes your calendar for good. Every token stops working at once and its apps are told (authorization.revoked).</p>
<p><label for="confirm-password">Password</label><br><input id="confirm-password" name="password" type="password" required autocomplete="current-password"></p>
<p><button type="submit" class="danger">Delete my account</button></p></form>`,
    error,
  );
}

export const accountSection: ConsoleSection = (scope) => {
  scope.get('/account', async (ctx) => accountPage(ctx));
  scope.post('/account/password', async (ctx) => {
    try {
      await changePassword(accountEnv(ctx.services), ctx.owner, field(ctx.form, 'current'), field(ctx.form, 'password'), sessionValue(ctx.request) ?? '', { address: ctx.request.ip, device: null });
    } catch (e) {
      if (e instanceof ServiceError) {
        refusedStatus(ctx.reply, e);
        return accountPage(ctx, e.message);
      }
      throw e;
    }
    return ctx.redirect('/app/account', 'Your password was changed; other devices were signed out.');
  });
  scope.post('/account/delete', async (ctx) => {
    try {
      await deleteAccount(accountEnv(ctx.services), ctx.owner, field(ctx.form, 'password'), { address: ctx.request.ip, device: null });
    } catch (e) {
      if (e instanceof ServiceError) {
        refusedStatus(ctx.reply, e);
        return accountPage(ctx, e.message);
      }
      throw e;
    }
    ctx.services.forgetTokens();
    clearSessionCookie(ctx.reply);
    return ctx.reply.redirect('/signup', 303);
  });
};
