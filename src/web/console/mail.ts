import { findMail, listMail } from '../../services/mail.js';
import type { EmailRow } from '../../store/schema.js';
import { html, type Markup } from '../html.js';
import type { ConsoleContext, ConsoleSection } from './console.js';
import { link } from '../links.js';
import { ownerDateFormat } from './dates.js';

/**
 * Mail: every email written to a requester, newest first. Without SMTP_URL they stay here ('local');
 * with it they are queued, sent, or failed after their retries.
 */
const STATUS: Record<EmailRow['status'], [string, string]> = {
  local: ['kept here', ''],
  queued: ['queued', ''],
  sent: ['sent', ' ok'],
  failed: ['failed', ' bad'],
};

const status = (e: EmailRow): Markup => html`<span class="status${STATUS[e.status][1]}">${STATUS[e.status][0]}</span>`;
const when = (ctx: ConsoleContext) =>
  ownerDateFormat(ctx.owner, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });

function smtpNote(ctx: ConsoleContext): Markup {
  return ctx.services.config.smtpUrl
    ? html`<p class="muted">Emails are sent through your mail server (SMTP_URL) and listed here too.</p>`
    : html`<p class="muted">No mail server is set up (SMTP_URL), so emails to requesters are not sent: they stay here, where you can read them.</p>`;
}

export const mailSection: ConsoleSection = (scope) => {
  scope.get('/mail', async (ctx) => {
    const mails = await listMail(ctx.services.db, ctx.owner.id);
    const fmt = when(ctx);
    return ctx.render(
      'Mail',
      'mail',
      html`${smtpNote(ctx)}
${mails.length === 0
  ? html`<p>No emails yet. Requesters who ask to be told get one when you receive, accept, decline or move their request.</p>`
  : html`<table><thead><tr><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Kind</th><th scope="col">Status</th><th scope="col">Written</th></tr></thead><tbody>
${mails.map((e) => html`<tr><td>${e.to_address}</td><td><a href="${link`/app/mail/${e.id}`}">${e.subject}</a></td><td>${e.kind}</td><td>${status(e)}</td><td>${fmt.format(e.created_at)}</td></tr>`)}
</tbody></table>`}`,
    );
  });

  scope.get('/mail/:id', async (ctx) => {
    const { id } = ctx.request.params as { id: string };
    const e = await findMail(ctx.services.db, ctx.owner.id, id);
    if (!e) return ctx.redirect('/app/mail', 'There is no such email.');
    const fmt = when(ctx);
    return ctx.render(
      e.subject,
      'mail',
      html`<p><a href="/app/mail">← All mail</a></p>
<section class="card" aria-label="Envelope"><dl>
<dt>To</dt><dd>${e.to_address}</dd><dt>Kind</dt><dd>${e.kind} <span class="muted">(${e.locale})</span></dd>
<dt>Status</dt><dd>${status(e)}${e.sent_at ? html` at ${fmt.format(e.sent_at)}` : ''}${e.status === 'failed' && e.last_error ? html` <span class="muted">after ${e.attempts} attempts: ${e.last_error}</span>` : ''}</dd>
<dt>Written</dt><dd>${fmt.format(e.created_at)}</dd></dl></section>
<h2>Text</h2>
<pre class="card u-pre u-font">${e.text_body}</pre>
${smtpNote(ctx)}`,
    );
  });
};
