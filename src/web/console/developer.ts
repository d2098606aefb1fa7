import { asUuid } from '../../domain/ids.js';
import { ServiceError } from '../../domain/service-error.js';
import { listOwnerTokens, revokePersonalToken } from '../../services/tokens.js';
import {
  addEndpoint, chooseEventTypes, deliveryLog, disableEndpointByOwner, enableEndpoint, endRotation, listEndpoints, pingEndpoint, removeEndpoint, rotateSecret,
} from '../../webhooks/endpoints.js';
import { eventTypesOf } from './event-types-field.js';
import { html } from '../html.js';
import { field, type ConsoleContext, type ConsoleSection } from './console.js';
import {
  deliveriesPage, endpointEnv, endpointError, endpointFormValues, endpointIdOf, endpointsSection, secretPage, type EndpointFormValues,
} from './developer-endpoints.js';
import {
  createTokenForm, createTokenFromForm, EMPTY_TOKEN_FORM, personalTokens, tokenCreatedPage, tokenFormValues, tokensTable, webhookTokens, type TokenFormValues,
} from './developer-tokens.js';

/**
 * Settings → Developer: personal tokens and the webhook endpoints under them. Every action calls the
 * same services as the CLI, so revocations record authorization.revoked and new endpoints their ping.
 * Token values and signing secrets appear once, in the answer to the form that made them.
 */
interface PageState {
  error?: string | null;
  tokenForm?: TokenFormValues;
  endpointForm?: EndpointFormValues | null;
}

async function developerPage(ctx: ConsoleContext, state: PageState = {}) {
  const now = ctx.services.clock.now();
  const tokens = personalTokens(await listOwnerTokens(ctx.services.db, ctx.owner.id));
  const endpoints = await listEndpoints(endpointEnv(ctx), ctx.owner.id);
  return ctx.render(
    'Developer',
    'developer',
    html`<p class="muted">Personal tokens let your own apps and scripts use the calendar API (<code>/api/v1</code>) with the scopes you pick.</p>
<p><a href="/app/developer/apps">Apps</a>: the apps connected to your calendar, and OAuth apps you register for others.</p>
<p><a href="/app/developer/logs">Request log</a>: every API call of your tokens and connected apps, for 30 days.</p>
<h2>Personal tokens</h2>
${tokensTable(ctx, tokens, now)}
<h2>Create a token</h2>
${createTokenForm(ctx, state.tokenForm ?? EMPTY_TOKEN_FORM)}
<h2>Webhook endpoints</h2>
${endpointsSection(ctx, webhookTokens(tokens, now), endpoints, state.endpointForm ?? null)}`,
    state.error ?? null,
  );
}

/** Runs an endpoint action; a refusal is shown on the Developer page. */
async function endpointAction(ctx: ConsoleContext, act: (id: string) => Promise<unknown>, done: (id: string) => ReturnType<ConsoleContext['redirect']>) {
  let id: string;
  try {
    id = endpointIdOf(field(ctx.form, 'id'));
    await act(id);
  } catch (e) {
    if (e instanceof ServiceError) return developerPage(ctx, { error: endpointError(e) });
    throw e;
  }
  return done(id);
}

export const developerSection: ConsoleSection = (scope) => {
  scope.get('/developer', async (ctx) => developerPage(ctx));

  scope.post('/developer/tokens', async (ctx) => {
    const values = tokenFormValues(ctx.form);
    try {
      return tokenCreatedPage(ctx, values.name, await createTokenFromForm(ctx, values));
    } catch (e) {
      if (e instanceof ServiceError) return developerPage(ctx, { error: `The token was not created: ${e.message}`, tokenForm: values });
      throw e;
    }
  });

  scope.post('/developer/tokens/revoke', async (ctx) => {
    const id = asUuid(field(ctx.form, 'id'));
    const token = id ? personalTokens(await listOwnerTokens(ctx.services.db, ctx.owner.id)).find((t) => t.id === id) : undefined;
    try {
      if (!token) throw new ServiceError('not_found', 'That token does not exist or was already revoked.');
      await revokePersonalToken(ctx.services.db, ctx.services.clock, ctx.owner.id, token.id);
      ctx.services.forgetTokens(token.id);
    } catch (e) {
      if (e instanceof ServiceError) return developerPage(ctx, { error: e.kind === 'not_found' ? 'That token does not exist or was already revoked.' : e.message });
      throw e;
    }
    return ctx.redirect('/app/developer', `Token “${token.name}” was revoked: it stops working, and its endpoints get no more events.`);
  });

  scope.post('/developer/endpoints', async (ctx) => {
    const values = endpointFormValues(ctx.form);
    try {
      const tokenId = asUuid(values.tokenId);
      if (!tokenId) throw new ServiceError('not_found', 'no such token');
      const added = await addEndpoint(endpointEnv(ctx), { ownerId: ctx.owner.id, tokenId, url: values.url, description: values.description, eventTypes: values.eventTypes });
      return secretPage(ctx, added.endpoint, added.secret, false);
    } catch (e) {
      if (e instanceof ServiceError) return developerPage(ctx, { error: endpointError(e), endpointForm: values });
      throw e;
    }
  });

  scope.post('/developer/endpoints/rotate', async (ctx) => {
    try {
      const rotated = await rotateSecret(endpointEnv(ctx), ctx.owner.id, endpointIdOf(field(ctx.form, 'id')));
      return secretPage(ctx, rotated.endpoint, rotated.secret, true);
    } catch (e) {
      if (e instanceof ServiceError) return developerPage(ctx, { error: endpointError(e) });
      throw e;
    }
  });

  const back = (ctx: ConsoleContext, id: string, notice: string) =>
    ctx.redirect(field(ctx.form, 'back') === 'log' ? `/app/developer/endpoint?id=${id}` : '/app/developer', notice);

  scope.post('/developer/endpoints/end-rotation', async (ctx) =>
    endpointAction(ctx, (id) => endRotation(endpointEnv(ctx), ctx.owner.id, id), (id) => back(ctx, id, 'Rotation ended: only the new secret signs from now on.')));
  scope.post('/developer/endpoints/ping', async (ctx) =>
    endpointAction(ctx, (id) => pingEndpoint(endpointEnv(ctx), ctx.owner.id, id), (id) => ctx.redirect(`/app/developer/endpoint?id=${id}`, 'Ping sent: its delivery is listed below.')));
  scope.post('/developer/endpoints/disable', async (ctx) =>
    endpointAction(ctx, (id) => disableEndpointByOwner(endpointEnv(ctx), ctx.owner.id, id), (id) => back(ctx, id, 'Endpoint disabled: deliveries still waiting were given up.')));
  scope.post('/developer/endpoints/enable', async (ctx) =>
    endpointAction(ctx, (id) => enableEndpoint(endpointEnv(ctx), ctx.owner.id, id), (id) => back(ctx, id, 'Endpoint enabled: the receiver can catch up on missed events with GET /webhook-events.')));
  scope.post('/developer/endpoints/remove', async (ctx) =>
    endpointAction(ctx, (id) => removeEndpoint(endpointEnv(ctx), ctx.owner.id, id), () => ctx.redirect('/app/developer', 'Endpoint removed.')));

  /** One endpoint's page: its events (changed there) and its deliveries; `refused` a refused change of its events. */
  const endpointPage = async (ctx: ConsoleContext, idText: string, refused: { error: string; eventTypes: string[] | null } | null = null) => {
    const id = asUuid(idText);
    const endpoint = id ? (await listEndpoints(endpointEnv(ctx), ctx.owner.id)).find((e) => e.id === id) : undefined;
    if (!endpoint) return ctx.redirect('/app/developer', 'That webhook endpoint no longer exists.');
    const token = (await listOwnerTokens(ctx.services.db, ctx.owner.id)).find((t) => t.id === endpoint.tokenId) ?? null;
    return deliveriesPage(ctx, endpoint, token, await deliveryLog(endpointEnv(ctx), ctx.owner.id, endpoint.id), refused);
  };

  scope.get('/developer/endpoint', async (ctx) => endpointPage(ctx, ctx.query.id ?? ''));

  scope.post('/developer/endpoints/events', async (ctx) => {
    const eventTypes = eventTypesOf(ctx.form);
    let id: string;
    try {
      id = endpointIdOf(field(ctx.form, 'id'));
      await chooseEventTypes(endpointEnv(ctx), ctx.owner.id, id, eventTypes);
    } catch (e) {
      if (!(e instanceof ServiceError)) throw e;
      if (e.kind === 'not_found') return developerPage(ctx, { error: endpointError(e) });
      return endpointPage(ctx, field(ctx.form, 'id'), { error: endpointError(e), eventTypes });
    }
    return ctx.redirect(`/app/developer/endpoint?id=${id}`, eventTypes === null ? 'Events saved: every event type from now on, future types included.' : 'Events saved: only the types chosen from now on.');
  });
};
