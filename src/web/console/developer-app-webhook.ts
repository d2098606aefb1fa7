import { asUuid } from '../../domain/ids.js';
import { ServiceError } from '../../domain/service-error.js';
import { showApp } from '../../services/apps.js';
import {
  appEndpointDeliveries, chooseAppEndpointEventTypes, disableAppEndpoint, enableAppEndpoint, endAppEndpointRotation, pingAppEndpoint, removeAppEndpoint, rotateAppEndpointSecret,
  setAppEndpoint, showAppEndpoint,
} from '../../webhooks/app-endpoints.js';
import { html } from '../html.js';
import { link } from '../links.js';
import { field, type ConsoleContext, type ConsoleSection } from './console.js';
import { deliveryCard, endpointEnv, endpointError, eventTypesForm, secretPage, statusOf } from './developer-endpoints.js';
import { eventTypesField, eventTypesOf, eventTypesSummary } from './event-types-field.js';
import { confirmed, timeIn } from './developer-tokens.js';
import { csrfField } from './layout.js';

/**
 * Settings → Developer → Apps → an app's webhook (docs/webhooks.md "App endpoints"): the one
 * endpoint of the app, which every connected owner's events reach (with that owner's account).
 * Set its address (the signing secret shown once, the first time), choose its event types (among
 * those the app may ask for), rotate, ping, disable or enable, remove, and its delivery log: the
 * services of `calendar-access app webhook`.
 */
const appIdOf = (text: string | undefined): string => asUuid((text ?? '').trim()) ?? '00000000-0000-0000-0000-000000000000';
const pagePath = (appId: string) => link`/app/developer/app-webhook?id=${appId}`;

async function webhookPage(ctx: ConsoleContext, appId: string, state: { error?: string | null; url?: string; eventTypes?: string[] | null } = {}) {
  const when = timeIn(ctx.owner);
  const app = await showApp(ctx.services.db, ctx.owner.id, appId);
  const e = await showAppEndpoint(ctx.services, ctx.owner.id, appId);
  const log = e ? await appEndpointDeliveries(ctx.services, ctx.owner.id, appId) : [];
  const act = (verb: string, label: string, cls = 'secondary') =>
    html`<form method="post" action="/app/developer/app-webhook/${verb}">${csrfField(ctx.csrf)}<input type="hidden" name="id" value="${app.id}"><button type="submit" class="${cls}" aria-label="${label} the webhook of ${app.name}">${label}</button></form>`;
  return ctx.render(
    `Webhook of ${app.name}`,
    'developer',
    html`<p><a href="/app/developer/apps">← Apps</a></p>
<p class="muted">Every owner connected to <strong>${app.name}</strong> with the <code>webhooks</code> scope sends the events it may see to this one address, signed with its secret; each event's <code>account</code> names the owner.${app.scopes.includes('webhooks') ? '' : html` <strong>This app may not ask for <code>webhooks</code>, so no owner can send it events.</strong>`}</p>
${e
    ? html`<section class="card" aria-label="Endpoint"><dl>
<dt>Address</dt><dd><code>${e.url}</code></dd>
<dt>Events</dt><dd>${eventTypesSummary(e.eventTypes)}</dd>
<dt>Status</dt><dd>${statusOf(e, when)}</dd>
<dt>Last success</dt><dd>${when(e.lastSuccessAt, 'none yet')}</dd>
${e.failingSince ? html`<dt>Failing since</dt><dd>${when(e.failingSince)}</dd>` : ''}
${e.previousSecretExpiresAt ? html`<dt>Secret rotation</dt><dd>Old secret signs until ${when(e.previousSecretExpiresAt)}</dd>` : ''}
</dl>${act('rotate', 'Rotate secret')}${e.previousSecretExpiresAt ? act('end-rotation', 'End rotation') : ''}
${e.status === 'enabled' ? html`${act('ping', 'Ping')}${act('disable', 'Disable')}` : act('enable', 'Enable')}
${confirmed('Remove…', html`Deliveries still waiting are cancelled.`, act('remove', 'Remove', 'danger'))}</section>`
    : html`<p class="muted">No webhook endpoint yet.</p>`}
<h2>${e ? 'Change the address' : 'Set the address'}</h2>
<form method="post" action="/app/developer/app-webhook" class="card u-block">${csrfField(ctx.csrf)}<input type="hidden" name="id" value="${app.id}">
<p><label for="app-webhook-url">Endpoint address</label><br><input id="app-webhook-url" name="url" type="url" required maxlength="2048" class="u-field" value="${state.url ?? e?.url ?? ''}"><br><span class="muted">https on port 443, a public host name.${e ? ' The signing secret stays the same.' : ' Its signing secret is shown once.'} A ping is sent to it.</span></p>
${e ? '' : eventTypesField('app-events', app.scopes, state.eventTypes ?? null)}
<p><button type="submit">${e ? 'Change address' : 'Set endpoint'}</button></p></form>
${e ? html`<div id="events">${eventTypesForm(ctx, '/app/developer/app-webhook/events', app.id, app.scopes, state.eventTypes !== undefined ? state.eventTypes : e.eventTypes)}</div>` : ''}
${e ? html`<h2>Latest deliveries</h2>${log.length === 0 ? html`<p class="muted">No deliveries yet.</p>` : log.map((d) => deliveryCard(d, when))}` : ''}`,
    state.error ?? null,
  );
}

export const developerAppWebhookSection: ConsoleSection = (scope) => {
  scope.get('/developer/app-webhook', async (ctx) => {
    try {
      return await webhookPage(ctx, appIdOf(ctx.query.id));
    } catch (e) {
      if (e instanceof ServiceError) return ctx.redirect('/app/developer/apps', 'That app does not exist.');
      throw e;
    }
  });

  scope.post('/developer/app-webhook', async (ctx) => {
    const appId = appIdOf(field(ctx.form, 'id'));
    const url = field(ctx.form, 'url');
    // The first set carries the choice of events; a move keeps it (the field is not on that form).
    const eventTypes = ctx.form.events === undefined ? undefined : eventTypesOf(ctx.form);
    try {
      const set = await setAppEndpoint(endpointEnv(ctx), { ownerId: ctx.owner.id, appId, url, ...(eventTypes === undefined ? {} : { eventTypes }) });
      if (set.secret) return secretPage(ctx, set.endpoint, set.secret, false);
      return ctx.redirect(pagePath(appId), 'Address changed, same signing secret; a ping was sent to it.');
    } catch (e) {
      if (!(e instanceof ServiceError)) throw e;
      if (e.kind === 'not_found') return ctx.redirect('/app/developer/apps', 'That app does not exist.');
      return webhookPage(ctx, appId, { error: endpointError(e), url, ...(eventTypes === undefined ? {} : { eventTypes }) });
    }
  });

  scope.post('/developer/app-webhook/events', async (ctx) => {
    const appId = appIdOf(field(ctx.form, 'id'));
    const eventTypes = eventTypesOf(ctx.form);
    try {
      await chooseAppEndpointEventTypes(ctx.services, ctx.owner.id, appId, eventTypes);
    } catch (e) {
      if (!(e instanceof ServiceError)) throw e;
      if (e.kind === 'not_found') return ctx.redirect('/app/developer/apps', 'That app or its webhook endpoint no longer exists.');
      return webhookPage(ctx, appId, { error: endpointError(e), eventTypes });
    }
    return ctx.redirect(pagePath(appId), eventTypes === null ? 'Events saved: every event type from now on, future types included.' : 'Events saved: only the types chosen from now on.');
  });

  const verbs = {
    'end-rotation': [endAppEndpointRotation, 'Rotation ended: only the new secret signs from now on.'],
    ping: [pingAppEndpoint, 'Ping sent: its delivery is listed below.'],
    disable: [disableAppEndpoint, 'Endpoint disabled: deliveries still waiting were given up.'],
    enable: [enableAppEndpoint, 'Endpoint enabled, with the same signing secret.'],
    remove: [removeAppEndpoint, 'Endpoint removed.'],
  } as const;
  for (const [verb, [act, notice]] of Object.entries(verbs)) {
    scope.post(`/developer/app-webhook/${verb}`, async (ctx) => {
      const appId = appIdOf(field(ctx.form, 'id'));
      try {
        await act(ctx.services, ctx.owner.id, appId);
      } catch (e) {
        if (!(e instanceof ServiceError)) throw e;
        if (e.kind === 'not_found') return ctx.redirect('/app/developer/apps', 'That app or its webhook endpoint no longer exists.');
        return webhookPage(ctx, appId, { error: e.message });
      }
      return ctx.redirect(pagePath(appId), notice);
    });
  }

  scope.post('/developer/app-webhook/rotate', async (ctx) => {
    const appId = appIdOf(field(ctx.form, 'id'));
    try {
      const rotated = await rotateAppEndpointSecret(ctx.services, ctx.owner.id, appId);
      return secretPage(ctx, rotated.endpoint, rotated.secret, true);
    } catch (e) {
      if (e instanceof ServiceError) return ctx.redirect('/app/developer/apps', 'That app or its webhook endpoint no longer exists.');
      throw e;
    }
  });
};
