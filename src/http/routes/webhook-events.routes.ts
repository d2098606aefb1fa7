import Type from 'typebox';
import { asUuid } from '../../domain/ids.js';
import { catchUpEvents, findEntitledEvent } from '../../store/repos/webhook-events.js';
import { eventRecord } from '../../webhooks/payload.js';
import { invalidInput, notFound } from '../errors.js';
import { keyset } from '../keyset.js';
import { daysBefore } from '../paging.js';
import { instantParam } from '../query-values.js';
import { defineRoute } from '../route.js';
import { Cursor, IdParams, Instant, Limit, Nullable, StringEnum, Uuid } from '../schemas/common.js';

/** Catch-up goes back at most 30 days (spec Limits "Paging and windows" 6, docs/spec-decisions.md §6). */
export const CATCH_UP_DAYS = 30;

/**
 * The spec's "Webhook event record": a delivery's body and a catch-up item alike. The properties are
 * in the order of the delivered bytes (src/webhooks/payload.ts), which the serializer keeps.
 */
export const WebhookEvent = Type.Object(
  {
    id: Uuid,
    type: Type.String({ description: 'one of the event types of the spec' }),
    apiVersion: StringEnum(['v1'] as const),
    occurredAt: Instant,
    account: Type.String({ description: 'the account id' }),
    test: Type.Boolean({ description: 'true for a test-mode token' }),
    data: Type.Object({}, { additionalProperties: true, description: 'identifiers only: {object, id} or {object, reason}' }),
  },
  {
    additionalProperties: false,
    title: 'WebhookEvent',
    examples: [
      {
        id: '3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d',
        type: 'request.created',
        apiVersion: 'v1',
        occurredAt: '2026-03-29T00:30:00Z',
        account: 'acct_4fGh7JkL9mNpQrStUvWxYz',
        test: false,
        data: { object: 'request', id: '9b2e4c1a-7f3d-4e5b-8a6c-1d2e3f4a5b6c' },
      },
    ],
  },
);

const WebhookEventQuery = Type.Object(
  {
    since: Instant,
    limit: Type.Optional(Limit),
    cursor: Type.Optional(Cursor),
  },
  { additionalProperties: false },
);

const WebhookEventPage = Type.Object(
  { data: Type.Array(WebhookEvent), nextCursor: Nullable(Type.String({ description: 'the cursor of the next page; null on the last page' })) },
  { additionalProperties: false, title: 'WebhookEventPage' },
);

export const listWebhookEvents = defineRoute({
  method: 'GET',
  url: '/webhook-events',
  operationId: 'listWebhookEvents',
  summary: 'The events this token was entitled to since an instant (at most 30 days back), oldest first, with the payloads the webhooks deliver.',
  tag: 'Webhooks',
  scope: 'webhooks',
  rateClass: 'read',
  querystring: WebhookEventQuery,
  response: WebhookEventPage,
  errors: ['invalid_input'],
  async handler(ctx) {
    const { query, principal, services, now } = ctx;
    const since = instantParam(query.since, 'since');
    const window = daysBefore(now, CATCH_UP_DAYS);
    if (since.getTime() < window.getTime()) throw invalidInput('since', `"since" may be at most ${CATCH_UP_DAYS} days back.`);
    const paging = keyset(ctx, 'webhook-events');
    const rows = await catchUpEvents(services.db, {
      ownerId: principal.ownerId,
      tokenId: principal.tokenId,
      // A cursor lives 24 hours: by its later pages the window may have moved past `since`.
      since: since.getTime() < window.getTime() ? window : since,
      after: paging.after,
      limit: paging.take,
    });
    const page = rows.slice(0, paging.limit);
    const last = rows.length > paging.limit ? page[page.length - 1] : undefined;
    return {
      data: page.map((r) => eventRecord(r, principal.accountId, principal.mode)),
      nextCursor: paging.next(last ? { at: last.occurred_at, id: last.id } : null),
    };
  },
});

export const getWebhookEvent = defineRoute({
  method: 'GET',
  url: '/webhook-events/:id',
  operationId: 'getWebhookEvent',
  summary: 'One event this token was entitled to, within the last 30 days.',
  tag: 'Webhooks',
  scope: 'webhooks',
  rateClass: 'read',
  params: IdParams,
  response: WebhookEvent,
  errors: ['not_found'],
  async handler({ params, principal, services, now }) {
    const id = asUuid(params.id);
    const row = id
      ? await findEntitledEvent(services.db, { ownerId: principal.ownerId, tokenId: principal.tokenId, id, since: daysBefore(now, CATCH_UP_DAYS) })
      : undefined;
    if (!row) throw notFound();
    return eventRecord(row, principal.accountId, principal.mode);
  },
});
