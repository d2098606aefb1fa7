import Type, { type Static } from 'typebox';
import { SCOPES } from '../../domain/scopes.js';
import { DateString, Instant, Nullable, StringEnum, TimeOfDay, Uuid } from './common.js';

/** The records of the spec's "Resources and their fields", exactly the fields listed. */
const closed = { additionalProperties: false } as const;

export const Profile = Type.Object(
  { displayName: Type.String(), username: Type.String(), publicUrl: Type.String(), timezone: Type.String(), locale: Type.String() },
  closed,
);

export const Account = Type.Object(
  {
    accountId: Type.String({ pattern: '^acct_[A-Za-z0-9_-]{22}$' }),
    scopes: Type.Array(StringEnum(SCOPES)),
    mode: StringEnum(['live', 'test'] as const),
    profile: Type.Optional(Profile),
  },
  { ...closed, title: 'Account' },
);

export const AppointmentType = Type.Object(
  { id: Uuid, name: Type.String(), durationMinutes: Type.Integer({ minimum: 1 }) },
  { ...closed, title: 'AppointmentType' },
);

export const Availability = Type.Object(
  {
    appointmentTypeId: Uuid,
    timezone: Type.String(),
    slots: Type.Array(Type.Object({ start: Instant, end: Instant }, closed), { description: 'free slots only' }),
    days: Type.Array(Type.Object({ date: DateString, hasSlots: Type.Boolean() }, closed)),
  },
  { ...closed, title: 'Availability' },
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
  { ...closed, title: 'CalendarEvent' },
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
  { ...closed, title: 'Task' },
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
  closed,
);

export const Slot = Type.Object({ start: Instant, end: Instant }, closed);

export const Request = Type.Object(
  {
    id: Uuid,
    kind: StringEnum(['appointment', 'task'] as const),
    status: StringEnum(REQUEST_STATUSES),
    cancelledBy: Nullable(StringEnum(['owner', 'requester'] as const)),
    appointmentTypeId: Nullable(Uuid),
    slot: Nullable(Slot),
    suggestedDueDate: Nullable(DateString),
    message: Nullable(Type.String()),
    note: Nullable(Type.String()),
    requester: Requester,
    source: StringEnum(['public', 'api'] as const),
    createdByThisToken: Type.Boolean(),
    test: Type.Boolean(),
    createdAt: Instant,
    updatedAt: Instant,
  },
  { ...closed, title: 'Request' },
);

export type AccountDto = Static<typeof Account>;
export type AppointmentTypeDto = Static<typeof AppointmentType>;
export type AvailabilityDto = Static<typeof Availability>;
export type CalendarEventDto = Static<typeof CalendarEvent>;
export type TaskDto = Static<typeof Task>;
export type RequestDto = Static<typeof Request>;
export type RequesterDto = Static<typeof Requester>;
