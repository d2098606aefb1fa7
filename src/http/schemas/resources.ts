import Type, { type Static } from 'typebox';
import { SCOPES } from '../../domain/scopes.js';
import { DateString, Instant, Nullable, StringEnum, TimeOfDay, Uuid } from './common.js';
import { TimeZoneName } from './formats.js';

/** The records of the spec's "Resources and their fields", exactly the fields listed. */
const closed = { additionalProperties: false } as const;

/** Examples of the records, shown by the document and checked against their schemas by the linters (test/api/openapi-lint.test.ts). */
const ID = '3f0c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d';
const TYPE_ID = '9b2e4c1a-7f3d-4e5b-8a6c-1d2e3f4a5b6c';
const PROFILE = { displayName: 'Dana Demo', username: 'demo', publicUrl: 'https://calendar.example.com/demo', timezone: 'Europe/Berlin', locale: 'en' };

export const Profile = Type.Object(
  { displayName: Type.String(), username: Type.String(), publicUrl: Type.String(), timezone: Type.String(), locale: Type.String() },
  { ...closed, title: 'Profile', examples: [PROFILE] },
);

export const Account = Type.Object(
  {
    accountId: Type.String({ pattern: '^acct_[A-Za-z0-9_-]{22}$' }),
    scopes: Type.Array(StringEnum(SCOPES)),
    mode: StringEnum(['live', 'test'] as const),
    profile: Type.Optional(Profile),
  },
  {
    ...closed,
    title: 'Account',
    examples: [{ accountId: 'acct_4fGh7JkL9mNpQrStUvWxYz', scopes: ['profile:read', 'events:read'], mode: 'live', profile: PROFILE }],
  },
);

export const AppointmentType = Type.Object(
  { id: Uuid, name: Type.String(), durationMinutes: Type.Integer({ minimum: 1 }) },
  { ...closed, title: 'AppointmentType', examples: [{ id: TYPE_ID, name: 'Intro call', durationMinutes: 30 }] },
);

export const Availability = Type.Object(
  {
    appointmentTypeId: Uuid,
    // The asked `tz` as the tz database spells it (europe/berlin → Europe/Berlin).
    timezone: TimeZoneName,
    slots: Type.Array(Type.Object({ start: Instant, end: Instant }, { ...closed, title: 'Slot' }), { description: 'free slots only' }),
    days: Type.Array(Type.Object({ date: DateString, hasSlots: Type.Boolean() }, { ...closed, title: 'AvailabilityDay' })),
  },
  {
    ...closed,
    title: 'Availability',
    examples: [
      {
        appointmentTypeId: TYPE_ID,
        timezone: 'America/New_York',
        slots: [{ start: '2026-03-30T13:00:00Z', end: '2026-03-30T13:30:00Z' }],
        days: [{ date: '2026-03-30', hasSlots: true }, { date: '2026-03-31', hasSlots: false }],
      },
    ],
  },
);

export const CalendarEvent = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    start: Instant,
    end: Instant,
    allDay: Type.Boolean(),
    startDate: Nullable(DateString),
    endDate: Nullable(DateString),
    timezone: Type.String(),
    showAs: StringEnum(['busy', 'free'] as const),
    status: StringEnum(['confirmed', 'cancelled'] as const),
    calendar: Type.String(),
    location: Nullable(Type.String()),
    url: Nullable(Type.String()),
    isAppointment: Type.Boolean(),
    requestId: Nullable(Uuid),
    occurrenceOf: Nullable(Uuid),
    updatedAt: Instant,
  },
  {
    ...closed,
    title: 'Event',
    examples: [
      {
        id: ID,
        title: 'Dentist',
        start: '2026-03-30T07:00:00Z',
        end: '2026-03-30T08:00:00Z',
        allDay: false,
        startDate: null,
        endDate: null,
        timezone: 'Europe/Berlin',
        showAs: 'busy',
        status: 'confirmed',
        calendar: 'personal',
        location: 'Hauptstraße 1, Berlin',
        url: null,
        isAppointment: false,
        requestId: null,
        occurrenceOf: null,
        updatedAt: '2026-03-29T00:30:00Z',
      },
    ],
  },
);

export const Task = Type.Object(
  {
    id: Uuid,
    title: Type.String(),
    description: Nullable(Type.String()),
    dueDate: Nullable(DateString),
    dueTime: Nullable(TimeOfDay),
    timezone: Nullable(Type.String()),
    priority: StringEnum(['none', 'low', 'medium', 'high'] as const),
    status: StringEnum(['open', 'completed'] as const),
    completedAt: Nullable(Instant),
    fromRequester: Nullable(Type.String()),
    requestId: Nullable(Uuid),
    durationMinutes: Nullable(Type.Integer({ minimum: 1 })),
    updatedAt: Instant,
  },
  {
    ...closed,
    title: 'Task',
    examples: [
      {
        id: ID,
        title: 'Send the slides',
        description: null,
        dueDate: '2026-03-31',
        dueTime: '17:00',
        timezone: 'Europe/Berlin',
        priority: 'high',
        status: 'open',
        completedAt: null,
        fromRequester: 'Ana',
        requestId: TYPE_ID,
        durationMinutes: null,
        updatedAt: '2026-03-29T00:30:00Z',
      },
    ],
  },
);

export const REQUEST_STATUSES = ['pending', 'accepted', 'declined', 'withdrawn', 'expired', 'rescheduled', 'cancelled', 'completed'] as const;
export const CONTACT_METHODS = ['email', 'phone_call', 'sms', 'whatsapp', 'telegram', 'signal', 'viber', 'wechat', 'imessage', 'other'] as const;

export const Requester = Type.Object(
  {
    name: Type.String(),
    email: Type.Optional(Type.String()),
    phone: Type.Optional(Type.String()),
    contactMethod: Type.Optional(StringEnum(CONTACT_METHODS)),
    contactHandle: Type.Optional(Type.String()),
  },
  { ...closed, title: 'Requester', description: 'email and phone only for a token that also holds requests:contact', examples: [{ name: 'Ana', email: 'ana@example.com' }] },
);

export const Slot = Type.Object({ start: Instant, end: Instant }, { ...closed, title: 'Slot' });

const REQUEST_KINDS = ['appointment', 'task'] as const;

/** The fields of a request, alike for both kinds; `kind` and the kind's own fields differ below. */
const requestFields = {
  id: Uuid,
  status: StringEnum(REQUEST_STATUSES),
  cancelledBy: Nullable(StringEnum(['owner', 'requester'] as const)),
  message: Nullable(Type.String()),
  note: Nullable(Type.String()),
  requester: Requester,
  source: StringEnum(['public', 'api'] as const),
  createdByThisToken: Type.Boolean(),
  test: Type.Boolean(),
  createdAt: Instant,
  updatedAt: Instant,
};

export const REQUEST_EXAMPLE = {
  id: ID,
  kind: 'appointment',
  status: 'pending',
  cancelledBy: null,
  appointmentTypeId: TYPE_ID,
  slot: { start: '2026-03-30T13:00:00Z', end: '2026-03-30T13:30:00Z' },
  suggestedDueDate: null,
  message: 'About the offer',
  note: null,
  requester: { name: 'Ana', email: 'ana@example.com' },
  source: 'api',
  createdByThisToken: true,
  test: false,
  createdAt: '2026-03-29T00:30:00Z',
  updatedAt: '2026-03-29T00:30:00Z',
} as const;

/**
 * The record the server writes (the serializer's schema): one object for both kinds, so a page of
 * requests is written by one compiled function without testing each item's kind.
 */
export const Request = Type.Object(
  {
    id: requestFields.id,
    kind: StringEnum(REQUEST_KINDS),
    status: requestFields.status,
    cancelledBy: requestFields.cancelledBy,
    appointmentTypeId: Nullable(Uuid),
    slot: Nullable(Slot),
    suggestedDueDate: Nullable(DateString),
    message: requestFields.message,
    note: requestFields.note,
    requester: requestFields.requester,
    source: requestFields.source,
    createdByThisToken: requestFields.createdByThisToken,
    test: requestFields.test,
    createdAt: requestFields.createdAt,
    updatedAt: requestFields.updatedAt,
  },
  { ...closed, title: 'Request', examples: [REQUEST_EXAMPLE] },
);

/** An appointment request: always a slot, never a suggested due date. */
export const AppointmentRequest = Type.Object(
  { ...requestFields, kind: Type.Literal('appointment'), appointmentTypeId: Nullable(Uuid), slot: Slot, suggestedDueDate: Type.Null() },
  { ...closed, title: 'AppointmentRequest', examples: [REQUEST_EXAMPLE] },
);

/** A to-do request: never an appointment type or a slot. */
export const TaskRequest = Type.Object(
  { ...requestFields, kind: Type.Literal('task'), appointmentTypeId: Type.Null(), slot: Type.Null(), suggestedDueDate: Nullable(DateString) },
  {
    ...closed,
    title: 'TaskRequest',
    examples: [{ ...REQUEST_EXAMPLE, kind: 'task', appointmentTypeId: null, slot: null, suggestedDueDate: '2026-04-01', message: 'Please review the contract' }],
  },
);

/**
 * `Request` as the document describes it: one of the two kinds, told apart by `kind`, so generated
 * clients narrow on it. Every answer the server writes with `Request` is one of them
 * (test/api/openapi-walk.test.ts checks each answer against the document).
 */
export const RequestByKind = Type.Union([AppointmentRequest, TaskRequest], {
  title: 'Request',
  discriminator: { propertyName: 'kind', mapping: { appointment: '#/components/schemas/AppointmentRequest', task: '#/components/schemas/TaskRequest' } },
  examples: [REQUEST_EXAMPLE],
});

export type AccountDto = Static<typeof Account>;
export type AppointmentTypeDto = Static<typeof AppointmentType>;
export type AvailabilityDto = Static<typeof Availability>;
export type CalendarEventDto = Static<typeof CalendarEvent>;
export type TaskDto = Static<typeof Task>;
export type RequestDto = Static<typeof Request>;
export type RequesterDto = Static<typeof Requester>;
