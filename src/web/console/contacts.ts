import { blockContact, listBlocked, unblockContact } from '../../services/contacts.js';
import { ServiceError } from '../../domain/service-error.js';
import { html } from '../html.js';
import { field, type ConsoleContext, type ConsoleSection } from './console.js';
import { csrfField } from './layout.js';
import { ownerDateFormat } from './dates.js';

/**
 * Blocked contacts: a requester blocked by email or phone still gets an answer from the API, but
 * the request never reaches the inbox, records no event and sends no email.
 */
async function contactsPage(ctx: ConsoleContext, error: string | null = null, values: Record<string, string> = {}) {
  const blocked = await listBlocked(ctx.services.db, ctx.owner.id);
  const since = ownerDateFormat(ctx.owner, { dateStyle: 'medium' });
  return ctx.render(
    'Blocked contacts',
    'contacts',
    html`<p class="muted">Requests from a blocked email address or phone number never reach your inbox. The sender is not told: they get the usual answer, no email is sent, and the request expires on its own.</p>
${blocked.length === 0
  ? html`<p>You have not blocked anyone.</p>`
  : html`<table><thead><tr><th scope="col">Name</th><th scope="col">Email</th><th scope="col">Phone</th><th scope="col">Blocked since</th><th scope="col"><span class="muted">Action</span></th></tr></thead><tbody>
${blocked.map(
  (c) => html`<tr><td>${c.name ?? '—'}</td><td>${c.email ?? '—'}</td><td>${c.phone ?? '—'}</td><td>${since.format(c.updated_at)}</td>
<td><form method="post" action="/app/contacts/${c.id}/unblock">${csrfField(ctx.csrf)}<button type="submit" class="secondary" aria-label="Unblock ${c.email ?? c.phone ?? c.name ?? 'contact'}">Unblock</button></form></td></tr>`,
)}</tbody></table>`}
<h2>Block someone</h2>
<form method="post" action="/app/contacts/block" class="card">${csrfField(ctx.csrf)}
<p class="muted">Give an email address, a phone number in international form, or both.</p>
<div class="row">
<p><label for="block-email">Email</label><br><input id="block-email" name="email" type="email" maxlength="254" autocomplete="off" value="${values.email ?? ''}"></p>
<p><label for="block-phone">Phone</label><br><input id="block-phone" name="phone" type="tel" maxlength="32" placeholder="+4930123456" autocomplete="off" value="${values.phone ?? ''}"></p>
<p><label for="block-name">Name <span class="muted">(optional)</span></label><br><input id="block-name" name="name" maxlength="200" autocomplete="off" value="${values.name ?? ''}"></p>
</div>
<p><button type="submit" class="danger">Block</button></p></form>`,
    error,
  );
}

export const contactsSection: ConsoleSection = (scope) => {
  scope.get('/contacts', async (ctx) => contactsPage(ctx));

  scope.post('/contacts/block', async (ctx) => {
    const input = { email: field(ctx.form, 'email'), phone: field(ctx.form, 'phone'), name: field(ctx.form, 'name') };
    try {
      const rows = await blockContact(ctx.services.db, ctx.services.clock, ctx.owner.id, input);
      const who = rows.map((r) => r.email ?? r.phone).filter(Boolean).join(', ');
      return ctx.redirect('/app/contacts', `Blocked ${who}.`);
    } catch (e) {
      if (e instanceof ServiceError) return contactsPage(ctx, e.message, input);
      throw e;
    }
  });

  scope.post('/contacts/:id/unblock', async (ctx) => {
    const { id } = ctx.request.params as { id: string };
    const done = await unblockContact(ctx.services.db, ctx.services.clock, ctx.owner.id, id);
    return ctx.redirect('/app/contacts', done ? 'Unblocked. New requests from this contact reach your inbox again.' : 'That contact was not blocked.');
  });
};
