import { z } from 'zod';
import type { Account, AppointmentType, Availability, CreatedRequest, Event, FreeTime, Request, Series, Task } from '@calendar-access/sdk';
import { nextDate, showApiInstant, startOfDay } from './zone.js';

/**
 * What the tools answer: the API's records made compact for an assistant's context, each with the
 * schema that is its tool's outputSchema. A presenter names every field it gives. The rules, the
 * same in every record: no null fields (a field that is absent has no value); no `false` flags
 * (absent is false); a field at its usual value (`showAs: busy`, `status: confirmed`, priority
 * `none`) is left out; `updatedAt`, which a program syncs on and an assistant never needs, is left
 * out but for requests (when their status changed). Instants are shown in the answer's `timezone`,
 * with their offset. A 62-day window of the demo calendar, 93 events, was 54 700 characters as the
 * tools answered it before (the API's records, pretty-printed, every null kept) and is 19 900 here,
 * about 5 000 tokens (bench/mcp-tokens.ts).
 */

const shownInstant = z.string().describe('in timezone, with its offset');
const date = z.string().describe('a date, YYYY-MM-DD');

/** Drops the fields whose value is undefined, so `JSON.stringify` and the schema see the same object. */
function defined<T extends Record<string, unknown>>(o: T): T {
  for (const k of Object.keys(o)) if (o[k] === undefined) delete o[k];
  return o;
}

const orUndefined = <T>(v: T | null | undefined): T | undefined => (v === null ? undefined : v);
const trueOnly = (v: boolean): true | undefined => (v ? true : undefined);

export const accountShape = {
  accountId: z.string(),
  scopes: z.array(z.string()).describe('the scopes this token holds; a tool needing another is not offered'),
  mode: z.enum(['live', 'test']).describe('test: requests made are marked test and email nobody'),
  owner: z
    .object({ displayName: z.string(), username: z.string(), publicUrl: z.string().describe('the owner\'s booking page'), timezone: z.string(), locale: z.string() })
    .optional()
    .describe('present with profile:read'),
};

export function presentAccount(a: Account): z.infer<z.ZodObject<typeof accountShape>> {
  return defined({
    accountId: a.accountId,
    scopes: a.scopes,
    mode: a.mode,
    owner: a.profile ? { displayName: a.profile.displayName, username: a.profile.username, publicUrl: a.profile.publicUrl, timezone: a.profile.timezone, locale: a.profile.locale } : undefined,
  });
}

export const appointmentTypeSchema = z.object({ id: z.string(), name: z.string(), durationMinutes: z.number().int() });

export const presentAppointmentType = (t: AppointmentType): z.infer<typeof appointmentTypeSchema> => ({ id: t.id, name: t.name, durationMinutes: t.durationMinutes });

export const slotSchema = z.object({ start: shownInstant, end: shownInstant });

export const availabilityShape = {
  appointmentTypeId: z.string(),
  timezone: z.string().describe('the zone the dates were read in and the times are shown in'),
  slots: z.array(slotSchema).describe('free slots, in order; pass one to request_appointment as start and end'),
  datesWithoutSlots: z.array(date).optional().describe('dates of from..to on which nothing is free'),
};

export function presentAvailability(a: Availability, zone: string): z.infer<z.ZodObject<typeof availabilityShape>> {
  const empty = a.days.filter((d) => !d.hasSlots).map((d) => d.date);
  return defined({
    appointmentTypeId: a.appointmentTypeId,
    timezone: a.timezone,
    slots: a.slots.map((s) => ({ start: showApiInstant(s.start, zone), end: showApiInstant(s.end, zone) })),
    datesWithoutSlots: empty.length > 0 ? empty : undefined,
  });
}

export const freeTimeShape = {
  timezone: z.string().describe('the zone the dates were read in and the times are shown in'),
  workingHoursOnly: z.literal(true).optional().describe("only the owner's working hours were searched (absent: every hour of the dates)"),
  free: z
    .array(z.object({ start: shownInstant, end: shownInstant, minutes: z.number().int().describe('how many whole minutes it lasts') }))
    .describe('free time, in order, each interval whole (never two that touch); nothing says why the rest is busy'),
  datesWithoutFreeTime: z.array(date).optional().describe('dates of from..to on which nothing is free'),
};

export function presentFreeTime(f: FreeTime, zone: string): z.infer<z.ZodObject<typeof freeTimeShape>> {
  const empty: string[] = [];
  for (let d = f.from; d <= f.to; d = nextDate(d)) {
    const [start, end] = [startOfDay(d, f.timezone), startOfDay(nextDate(d), f.timezone)];
    if (!f.free.some((r) => Date.parse(r.start) < end && Date.parse(r.end) > start)) empty.push(d);
  }
  return defined({
    timezone: f.timezone,
    workingHoursOnly: trueOnly(f.workingHours),
    free: f.free.map((r) => ({ start: showApiInstant(r.start, zone), end: showApiInstant(r.end, zone), minutes: Math.floor((Date.parse(r.end) - Date.parse(r.start)) / 60_000) })),
    datesWithoutFreeTime: empty.length > 0 ? empty : undefined,
  });
}

export const eventSchema = z.object({
  id: z.string().describe('for get_event; an occurrence of a repeating event is <series id>@<its original start in UTC>'),
  title: z.string(),
  start: shownInstant,
  end: shownInstant,
  allDay: z.literal(true).optional().describe('an all-day event: see startDate and endDate'),
  startDate: date.optional().describe('all-day events: the first day'),
  endDate: date.optional().describe('all-day events: the day after the last (exclusive, as in iCalendar)'),
  timezone: z.string().optional().describe('the event\'s own zone, when it is not the answer\'s'),
  showAs: z.literal('free').optional().describe('free: the event does not make the owner busy (absent: busy)'),
  status: z.literal('cancelled').optional().describe('absent: confirmed'),
  calendar: z.string().describe('which of the owner\'s calendars'),
  location: z.string().optional(),
  url: z.string().optional(),
  isAppointment: z.literal(true).optional().describe('an appointment the owner accepted from a request'),
  requestId: z.string().optional().describe('the request it came from'),
});

export function presentEvent(e: Event, zone: string): z.infer<typeof eventSchema> {
  return defined({
    id: e.id,
    title: e.title,
    start: showApiInstant(e.start, zone),
    end: showApiInstant(e.end, zone),
    allDay: trueOnly(e.allDay),
    startDate: orUndefined(e.startDate),
    endDate: orUndefined(e.endDate),
    timezone: e.timezone === zone ? undefined : e.timezone,
    showAs: e.showAs === 'free' ? ('free' as const) : undefined,
    status: e.status === 'cancelled' ? ('cancelled' as const) : undefined,
    calendar: e.calendar,
    location: orUndefined(e.location),
    url: orUndefined(e.url),
    isAppointment: trueOnly(e.isAppointment),
    requestId: orUndefined(e.requestId),
  });
}

const occurrenceRef = z.object({ id: z.string().describe('for get_event'), start: shownInstant, end: shownInstant });

export const seriesSchema = z.object({
  id: z.string().describe('for get_series and list_series_occurrences'),
  title: z.string(),
  rule: z.string().describe('how it repeats, in words, in the series\' own timezone ("Every Tuesday at 10:00")'),
  timezone: z.string().describe('the series\' own zone: its wall-clock times hold across DST changes'),
  rrule: z.string().describe('the same as iCalendar lines (DTSTART, RRULE, RDATE, EXDATE), for a calendar program'),
  allDay: z.literal(true).optional(),
  showAs: z.literal('free').optional().describe('free: it does not make the owner busy (absent: busy)'),
  status: z.literal('cancelled').optional().describe('the whole series is cancelled (absent: confirmed)'),
  calendar: z.string().describe('which of the owner\'s calendars'),
  location: z.string().optional(),
  url: z.string().optional(),
  firstOccurrence: occurrenceRef.optional().describe('the first one there is (absent: every one was deleted)'),
  lastOccurrence: occurrenceRef.optional().describe('the last one (absent: it repeats without end)'),
  exceptions: z.number().int().optional().describe('how many occurrences were changed, moved, cancelled or removed (absent: none)'),
});

export function presentSeries(s: Series, zone: string): z.infer<typeof seriesSchema> {
  const ref = (o: Series['firstOccurrence']) => (o ? { id: o.id, start: showApiInstant(o.start, zone), end: showApiInstant(o.end, zone) } : undefined);
  return defined({
    id: s.id,
    title: s.title,
    rule: s.rule,
    timezone: s.timezone,
    rrule: s.rrule,
    allDay: trueOnly(s.allDay),
    showAs: s.showAs === 'free' ? ('free' as const) : undefined,
    status: s.status === 'cancelled' ? ('cancelled' as const) : undefined,
    calendar: s.calendar,
    location: orUndefined(s.location),
    url: orUndefined(s.url),
    firstOccurrence: ref(s.firstOccurrence),
    lastOccurrence: ref(s.lastOccurrence),
    exceptions: s.exceptionsCount === 0 ? undefined : s.exceptionsCount,
  });
}

export const todoSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().optional(),
  dueDate: date.optional(),
  dueTime: z.string().optional().describe('HH:MM in the to-do\'s timezone'),
  timezone: z.string().optional().describe('the zone of dueTime'),
  priority: z.enum(['low', 'medium', 'high']).optional().describe('absent: none'),
  status: z.enum(['open', 'completed']),
  completedAt: shownInstant.optional(),
  fromRequester: z.string().optional().describe('who asked for it, when it came from a request'),
  requestId: z.string().optional(),
  durationMinutes: z.number().int().optional().describe('how long it takes'),
});

export function presentTodo(t: Task, zone: string): z.infer<typeof todoSchema> {
  return defined({
    id: t.id,
    title: t.title,
    description: orUndefined(t.description),
    dueDate: orUndefined(t.dueDate),
    dueTime: orUndefined(t.dueTime),
    timezone: orUndefined(t.timezone),
    priority: t.priority === 'none' ? undefined : t.priority,
    status: t.status,
    completedAt: t.completedAt ? showApiInstant(t.completedAt, zone) : undefined,
    fromRequester: orUndefined(t.fromRequester),
    requestId: orUndefined(t.requestId),
    durationMinutes: orUndefined(t.durationMinutes),
  });
}

const STATUSES = ['pending', 'accepted', 'declined', 'withdrawn', 'expired', 'rescheduled', 'cancelled', 'completed'] as const;
export const requestStatus = z.enum(STATUSES);

export const requestSchema = z.object({
  id: z.string(),
  kind: z.enum(['appointment', 'task']).describe('task: a to-do request'),
  status: requestStatus.describe('pending until the owner decides'),
  cancelledBy: z.enum(['owner', 'requester']).optional(),
  appointmentTypeId: z.string().optional(),
  slot: slotSchema.optional(),
  suggestedDueDate: date.optional(),
  message: z.string().optional(),
  note: z.string().optional().describe('the owner\'s note to the requester'),
  requester: z.object({
    name: z.string(),
    email: z.string().optional().describe('with requests:contact'),
    phone: z.string().optional().describe('with requests:contact'),
    contactMethod: z.string().optional(),
    contactHandle: z.string().optional(),
  }),
  source: z.enum(['public', 'api']).describe('public: made on the booking page'),
  createdByThisToken: z.literal(true).optional().describe('this token made it (and may withdraw it while pending)'),
  test: z.literal(true).optional().describe('made with a test token'),
  createdAt: shownInstant,
  updatedAt: shownInstant,
});

export function presentRequest(r: Request, zone: string): z.infer<typeof requestSchema> {
  return defined({
    id: r.id,
    kind: r.kind,
    status: r.status,
    cancelledBy: orUndefined(r.cancelledBy),
    appointmentTypeId: orUndefined(r.appointmentTypeId),
    slot: r.slot ? { start: showApiInstant(r.slot.start, zone), end: showApiInstant(r.slot.end, zone) } : undefined,
    suggestedDueDate: orUndefined(r.suggestedDueDate),
    message: orUndefined(r.message),
    note: orUndefined(r.note),
    requester: defined({ name: r.requester.name, email: r.requester.email, phone: r.requester.phone, contactMethod: r.requester.contactMethod, contactHandle: r.requester.contactHandle }),
    source: r.source,
    createdByThisToken: trueOnly(r.createdByThisToken),
    test: trueOnly(r.test),
    createdAt: showApiInstant(r.createdAt, zone),
    updatedAt: showApiInstant(r.updatedAt, zone),
  });
}

export const createdShape = {
  timezone: z.string(),
  request: requestSchema,
  statusUrl: z.string().describe('the requester\'s page of this request\'s status (give it to them)'),
  statusUrlExpiresAt: shownInstant,
};

export function presentCreated(c: CreatedRequest, zone: string): z.infer<z.ZodObject<typeof createdShape>> {
  return { timezone: zone, request: presentRequest(c.request, zone), statusUrl: c.statusUrl.url, statusUrlExpiresAt: showApiInstant(c.statusUrl.expiresAt, zone) };
}
