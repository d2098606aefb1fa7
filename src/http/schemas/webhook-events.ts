import Type, { type TSchema } from 'typebox';
import { EVENT_TYPES, type EventType } from '../../domain/webhook-events.js';
import { Instant, StringEnum, Uuid } from './common.js';

/**
 * The webhook event record (spec "Webhook event record") per event type, for the document: its
 * `webhooks` section and the catch-up routes describe each type with the `data` it carries
 * (identifiers only, store/repos/outbox.ts), told apart by `type`. The server writes the records
 * with the one WebhookEvent schema of routes/webhook-events.routes.ts; each record it writes is one
 * of these (test/api/openapi-walk.test.ts checks the answers against the document).
 */
const closed = { additionalProperties: false } as const;
const ID = '3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d';

const ref = (object: 'request' | 'task' | 'event', title: string) =>
  Type.Object(
    { object: Type.Literal(object), id: object === 'event' ? Type.String({ description: 'the event id, read with GET /events/{id}' }) : Uuid },
    { ...closed, title, examples: [{ object, id: ID }] },
  );

const RequestRef = ref('request', 'RequestRef');
const TaskRef = ref('task', 'TaskRef');
const EventRef = ref('event', 'EventRef');
const AuthorizationRevokedData = Type.Object(
  { object: Type.Literal('authorization'), reason: StringEnum(['owner', 'expired', 'account_deleted'] as const) },
  { ...closed, title: 'AuthorizationRevokedData', examples: [{ object: 'authorization', reason: 'owner' }] },
);
const PingData = Type.Object({ object: Type.Literal('ping') }, { ...closed, title: 'PingData', examples: [{ object: 'ping' }] });

/** What `data` holds for each type: the object it names. */
const DATA: Record<EventType, TSchema> = {
  'request.created': RequestRef,
  'request.withdrawn': RequestRef,
  'request.accepted': RequestRef,
  'request.declined': RequestRef,
  'request.expired': RequestRef,
  'appointment.rescheduled': RequestRef,
  'appointment.confirmed': RequestRef,
  'appointment.cancelled': RequestRef,
  'appointment.completed': RequestRef,
  'task.created': TaskRef,
  'task.updated': TaskRef,
  'task.completed': TaskRef,
  'task.deleted': TaskRef,
  'event.created': EventRef,
  'event.updated': EventRef,
  'event.deleted': EventRef,
  'authorization.revoked': AuthorizationRevokedData,
  ping: PingData,
};

/** `request.created` → `RequestCreatedEvent`: the component's name. */
export const eventComponentName = (type: EventType): string =>
  `${type
    .split('.')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('')}Event`;

function example(type: EventType, data: TSchema) {
  return { id: ID, type, apiVersion: 'v1', occurredAt: '2026-03-29T00:30:00Z', account: 'acct_4fGh7JkL9mNpQrStUvWxYz', test: false, data: ((data as { examples?: unknown[] }).examples ?? [])[0] };
}

/** The record of one event type. */
export const EVENT_RECORDS: Record<EventType, TSchema> = Object.fromEntries(
  EVENT_TYPES.map((type) => [
    type,
    Type.Object(
      {
        id: Uuid,
        type: Type.Literal(type),
        apiVersion: Type.Literal('v1'),
        occurredAt: Instant,
        account: Type.String({ description: 'the account id' }),
        test: Type.Boolean({ description: 'true for a test-mode token, or an event of a test token\'s record' }),
        data: DATA[type],
      },
      { ...closed, title: eventComponentName(type), examples: [example(type, DATA[type])] },
    ),
  ]),
) as unknown as Record<EventType, TSchema>;

/** `WebhookEvent` as the document describes it: one of the records above, told apart by `type`. */
export const WebhookEventByType = Type.Union(
  EVENT_TYPES.map((type) => EVENT_RECORDS[type]),
  {
    title: 'WebhookEvent',
    discriminator: { propertyName: 'type', mapping: Object.fromEntries(EVENT_TYPES.map((type) => [type, `#/components/schemas/${eventComponentName(type)}`])) },
    examples: [example('request.created', RequestRef)],
  },
);

/** The headers of a delivery (webhooks/delivery-worker.ts), for the document's `webhooks` section. */
export const DELIVERY_HEADERS = [
  { name: 'Svc-Signature', description: '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">[,v1=…]`: verify it with verifyWebhook of @calendar-access/sdk (docs/webhooks-receiving.md)', example: 't=1774744200,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd' },
  { name: 'Svc-Event-Id', description: 'the event id, the same as the body\'s `id`: deduplicate on it', example: ID },
  { name: 'Svc-Event-Type', description: 'the event type, the same as the body\'s `type`', example: 'request.created' },
  { name: 'Svc-Delivery-Attempt', description: 'the attempt number, from 1', example: '1' },
] as const;
