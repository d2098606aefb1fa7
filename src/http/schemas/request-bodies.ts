import Type from 'typebox';
import { IDEMPOTENCY_KEY_RE } from '../idempotency.js';
import { DateString, Instant, StringEnum, Uuid } from './common.js';
import { Email, Locale, Phone, Text, TimeZone } from './formats.js';
import { CONTACT_METHODS, Request, REQUEST_EXAMPLE } from './resources.js';

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
  { ...closed, title: 'RequesterBody', description: 'name and at least one of email or phone', examples: [{ name: 'Ana', email: 'ana@example.com' }] },
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
    slot: Type.Object({ start: Instant, end: Instant }, { ...closed, title: 'Slot' }),
    message: Type.Optional(Text({ maxLength: 5000 })),
    ...common,
  },
  {
    ...closed,
    title: 'AppointmentRequestBody',
    examples: [
      {
        appointmentTypeId: '9b2e4c1a-7f3d-4e5b-8a6c-1d2e3f4a5b6c',
        slot: { start: '2026-03-30T13:00:00Z', end: '2026-03-30T13:30:00Z' },
        requester: { name: 'Ana', email: 'ana@example.com' },
        requesterTimezone: 'Europe/Madrid',
        requesterLocale: 'es',
      },
    ],
  },
);

export const TaskRequestBody = Type.Object(
  {
    message: Text({ minLength: 1, maxLength: 5000 }),
    note: Type.Optional(Text({ maxLength: 5000 })),
    suggestedDueDate: Type.Optional(DateString),
    ...common,
  },
  {
    ...closed,
    title: 'TaskRequestBody',
    examples: [
      {
        message: 'Please review the contract',
        suggestedDueDate: '2026-04-01',
        requester: { name: 'Ana', email: 'ana@example.com' },
        requesterTimezone: 'Europe/Madrid',
        requesterLocale: 'es',
      },
    ],
  },
);

/** POST /requests/{id}/withdraw takes no fields. */
export const NoBody = Type.Object({}, closed);

export const CreatedRequest = Type.Object(
  {
    request: Request,
    statusUrl: Type.Object(
      { url: Type.String(), expiresAt: Instant },
      { ...closed, title: 'StatusUrl', description: "the requester's status page, a signed link" },
    ),
  },
  {
    ...closed,
    title: 'CreatedRequest',
    examples: [
      {
        request: REQUEST_EXAMPLE,
        statusUrl: { url: 'https://calendar.example.com/r/3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d?sig=abc', expiresAt: '2026-04-28T00:30:00Z' },
      },
    ],
  },
);

export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.String({ pattern: IDEMPOTENCY_KEY_RE.source, description: '16 to 64 letters, digits, - and _; one per change, kept 24 hours per token' }),
});
