import Type from 'typebox';
import { IDEMPOTENCY_KEY_RE } from '../idempotency.js';
import { DateString, Instant, StringEnum, Uuid } from './common.js';
import { Email, Locale, Phone, Text, TimeZone } from './formats.js';
import { CONTACT_METHODS, Request } from './resources.js';

/** Bodies of the asking routes (spec POST /requests/*, docs/spec-decisions.md §4 and §9 for lengths). */
const closed = { additionalProperties: false } as const;

export const RequesterBody = Type.Object(
  {
    name: Text({ minLength: 1, maxLength: 200 }),
    email: Type.Optional(Email),
    phone: Type.Optional(Phone),
    contactMethod: Type.Optional(StringEnum(CONTACT_METHODS)),
    contactHandle: Type.Optional(Text({ minLength: 1, maxLength: 200 })),
  },
  { ...closed, description: 'name and at least one of email or phone' },
);

const common = {
  requester: RequesterBody,
  requesterTimezone: TimeZone,
  requesterLocale: Locale,
  notifyRequester: Type.Optional(Type.Boolean({ description: 'email the requester (never for a test token)' })),
};

export const AppointmentRequestBody = Type.Object(
  {
    appointmentTypeId: Uuid,
    slot: Type.Object({ start: Instant, end: Instant }, closed),
    message: Type.Optional(Text({ maxLength: 5000 })),
    ...common,
  },
  closed,
);

export const TaskRequestBody = Type.Object(
  {
    message: Text({ minLength: 1, maxLength: 5000 }),
    note: Type.Optional(Text({ maxLength: 5000 })),
    suggestedDueDate: Type.Optional(DateString),
    ...common,
  },
  closed,
);

/** POST /requests/{id}/withdraw takes no fields. */
export const NoBody = Type.Object({}, closed);

export const CreatedRequest = Type.Object(
  {
    request: Request,
    statusUrl: Type.Object({ url: Type.String(), expiresAt: Instant }, closed),
  },
  { ...closed, title: 'CreatedRequest' },
);

export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.String({ pattern: IDEMPOTENCY_KEY_RE.source, description: '16 to 64 letters, digits, - and _; one per change, kept 24 hours per token' }),
});
