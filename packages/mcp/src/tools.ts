import { z } from 'zod';
import type { Account, CalendarAccess, Event, Page, Request, Task } from '@calendar-access/sdk';
import { badArgument } from './errors.js';
import {
  accountShape, appointmentTypeSchema, availabilityShape, createdShape, eventSchema, freeTimeShape, presentAccount, presentAppointmentType,
  presentAvailability, presentCreated, presentEvent, presentFreeTime, presentRequest, presentSeries, presentTodo, requestSchema,
  requestStatus, seriesSchema, todoSchema,
} from './records.js';
import { apiInstant, isDate, readTime, showInstant, wallParts, zoneName } from './zone.js';

/**
 * The tools an assistant gets, each over one or two API calls through the SDK: the same rules, limits
 * and errors as the API. A tool is offered only when the token holds its scope (null: any token).
 * The assistant asks and the owner decides: no tool writes to the calendar; the asking tools put a
 * request in the owner's inbox, which the owner accepts or declines.
 */
export interface ToolContext {
  client: CalendarAccess;
  /** GET /me, read once for the session. */
  account: Account;
  /** The Idempotency-Key of this tool call: one per call, reused by the SDK's retries. */
  idempotencyKey: string;
  /** The clock of `get_current_time` (epoch ms). */
  now(): number;
}

export interface ToolDef {
  name: string;
  title: string;
  description: string;
  scope: string | null;
  /** True when the tool changes something (an assistant may ask the user first). */
  writes: boolean;
  input: z.ZodRawShape;
  output: z.ZodRawShape;
  /** The API's 404 in the tool's words: what the id argument named, and where valid ids come from. */
  notFound?: (args: Record<string, unknown>) => string;
  run(ctx: ToolContext, args: Record<string, unknown>): Promise<Record<string, unknown>>;
}

/** A page of a list: the API's largest, so a 62-day window of a busy calendar is one call. */
export const DEFAULT_LIMIT = 100;

const zone = z.string().describe('an IANA time zone, e.g. Europe/Berlin');
const tz = z
  .string()
  .optional()
  .describe("IANA zone (e.g. Europe/Berlin) of times given without an offset, and of the answer; default the owner's");
const time = z.string().describe('a date (2026-03-30: the whole day), a time in tz (2026-03-30T09:00) or an instant (…+02:00, …Z)');
const slotTime = z.string().describe('as find_free_slots shows it (2026-03-30T09:00:00+02:00), or a time in tz (2026-03-30T09:00)');
const date = z.string().describe('a date, YYYY-MM-DD');
const paging = {
  limit: z.number().int().min(1).max(100).optional().describe(`at most this many (default ${DEFAULT_LIMIT})`),
  cursor: z.string().optional().describe('nextCursor of the previous answer, with the same other arguments: the next page'),
};
const nextCursor = z.string().optional().describe('present when there are more: call again with the same arguments and cursor set to it');
const requester = {
  requesterName: z.string().describe('who asks (the user the assistant acts for)'),
  requesterEmail: z.string().optional().describe('their email (an email or a phone is needed)'),
  requesterPhone: z.string().optional().describe('their phone in E.164, e.g. +4915112345678'),
  requesterTimezone: zone.describe("the requester's time zone, for the emails they get (IANA, e.g. Europe/Madrid)"),
  requesterLocale: z.string().describe('their language, a BCP 47 tag such as en or es'),
};

/** The zone of this call: `tz` when given, else the owner's; UTC when the token may not read it, unless `required`. */
function zoneOf(ctx: ToolContext, tool: string, a: Record<string, unknown>, required = false): string {
  if (typeof a.tz === 'string') {
    const name = zoneName(a.tz);
    if (!name) throw badArgument(tool, 'tz', `"${a.tz}" is not an IANA time zone name such as Europe/Berlin`);
    return name;
  }
  const owner = ctx.account.profile?.timezone;
  if (owner) return owner;
  if (required) throw badArgument(tool, 'tz', "needed: this token cannot read the owner's time zone (it lacks profile:read); pass the zone, e.g. Europe/Berlin");
  return 'UTC';
}

/** A time argument as the API's instant (UTC). */
function instantArg(tool: string, name: string, text: unknown, zone: string, o: { endOfDate?: boolean; dates?: boolean } = {}): string {
  const t = readTime(String(text), zone, o);
  if (!t.ok) throw badArgument(tool, name, `"${String(text)}" is not a date (2026-03-30), a time (2026-03-30T09:00) or an instant (2026-03-30T07:00:00Z, 2026-03-30T09:00:00+02:00)`);
  if (t.kind === 'date' && o.dates === false) throw badArgument(tool, name, `"${String(text)}" is a date; give a time, e.g. ${String(text)}T09:00`);
  return apiInstant(t.ms);
}

function dateArg(tool: string, name: string, text: unknown): string {
  if (typeof text !== 'string' || !isDate(text)) throw badArgument(tool, name, `"${String(text)}" is not a real date (YYYY-MM-DD)`);
  return text;
}

type Query = Record<string, string | number | boolean | undefined>;

/**
 * One page of a list: the first, or the one at `cursor`. The SDK's typed lists always start at the
 * first page, so a page is read with its rawRequest (the same token, retries and errors).
 */
async function page<T>(ctx: ToolContext, a: Record<string, unknown>, path: string, query: Query): Promise<{ items: T[]; nextCursor: string | undefined }> {
  const cursor = typeof a.cursor === 'string' && a.cursor !== '' ? a.cursor : undefined;
  const limit = typeof a.limit === 'number' ? a.limit : DEFAULT_LIMIT;
  const p = await ctx.client.rawRequest<Page<T>>('GET', path, { query: { ...query, limit, cursor } });
  return { items: p.data, nextCursor: p.nextCursor ?? undefined };
}

const MAX_WINDOW_DAYS = 62;
/** GET /series/{id}/occurrences takes up to a year and a day (docs/series.md). */
const MAX_SERIES_WINDOW_DAYS = 366;

/** The series an id names: the id itself, or the series part of an occurrence id `<series id>@<start>`. */
const seriesIdOf = (id: unknown): string => String(id).split('@')[0]!;

function requesterOf(a: Record<string, unknown>) {
  return {
    requester: {
      name: a.requesterName as string,
      ...(a.requesterEmail ? { email: a.requesterEmail as string } : {}),
      ...(a.requesterPhone ? { phone: a.requesterPhone as string } : {}),
    },
    requesterTimezone: a.requesterTimezone as string,
    requesterLocale: a.requesterLocale as string,
  };
}

const ASKS = 'The assistant asks, the owner decides: this puts a request in the owner\'s inbox and books nothing; the owner accepts or declines it later (list_requests shows its status). Tell the user it is a request.';

export const TOOLS: ToolDef[] = [
  {
    name: 'get_current_time',
    title: 'Current time',
    description:
      "Now, in the owner's time zone (or tz): the instant, the zone, its UTC offset, the local date, time and weekday. Call it before working out 'today', 'tomorrow' or 'next Monday'. " +
      'Without profile:read the owner\'s zone is unknown and UTC is shown unless tz is given.',
    scope: null,
    writes: false,
    input: { tz },
    output: {
      now: z.string().describe('the instant in UTC'),
      timezone: z.string(),
      local: z.string().describe('the same instant with the zone\'s offset'),
      date: date.describe('the local date'),
      time: z.string().describe('the local time, HH:MM'),
      weekday: z.string(),
      utcOffset: z.string().describe('e.g. +02:00'),
    },
    run: async (ctx, a) => {
      const zoneName = zoneOf(ctx, 'get_current_time', a);
      const ms = Math.floor(ctx.now() / 1000) * 1000;
      const w = wallParts(ms, zoneName);
      return { now: apiInstant(ms), timezone: zoneName, local: showInstant(ms, zoneName), date: w.date, time: w.time.slice(0, 5), weekday: w.weekday, utcOffset: w.offset };
    },
  },
  {
    name: 'get_account',
    title: 'Account',
    description: "The account this token acts for: its scopes, mode (live or test) and, with profile:read, the owner's name, time zone and booking page.",
    scope: null,
    writes: false,
    input: {},
    output: accountShape,
    run: async (ctx) => presentAccount(ctx.account),
  },
  {
    name: 'list_appointment_types',
    title: 'Appointment types',
    description: 'The kinds of appointment the owner offers (id, name, length in minutes), all of them in one answer: their ids are what find_free_slots and request_appointment take.',
    scope: 'availability:read',
    writes: false,
    input: {},
    output: { appointmentTypes: z.array(appointmentTypeSchema) },
    notFound: () => "the owner's booking is off: no appointment can be asked for until the owner turns it on",
    run: async ({ client }) => ({ appointmentTypes: (await client.appointmentTypes.list()).map(presentAppointmentType) }),
  },
  {
    name: 'find_free_slots',
    title: 'Free slots',
    description:
      "Free slots of one appointment type on the dates from..to (at most 14 days) in tz (default the owner's zone), under the owner's booking rules. " +
      'Only free time is shown, never why a time is busy. Pass a slot\'s start and end, as shown, to request_appointment.',
    scope: 'availability:read',
    writes: false,
    input: { appointmentTypeId: z.string().describe('from list_appointment_types'), from: date, to: date.describe('the last date, YYYY-MM-DD (inclusive)'), tz },
    output: availabilityShape,
    notFound: (a) => `no appointment type with id ${String(a.appointmentTypeId)} (or the owner's booking is off); list_appointment_types lists them`,
    run: async (ctx, a) => {
      const zoneName = zoneOf(ctx, 'find_free_slots', a, true);
      const answer = await ctx.client.availability.get({
        appointmentTypeId: a.appointmentTypeId as string, from: dateArg('find_free_slots', 'from', a.from), to: dateArg('find_free_slots', 'to', a.to), tz: zoneName,
      });
      return presentAvailability(answer, answer.timezone);
    },
  },
  {
    name: 'find_free_time',
    title: 'Free time',
    description:
      `When the owner is free, for any length of time, on the dates from..to (at most ${MAX_WINDOW_DAYS} days) in tz (default the owner's zone): ` +
      "within the owner's working hours, or at any hour with workingHours false; minMinutes keeps only intervals at least that long ('free for 20 minutes this week'). " +
      'Never before now; only free time is shown, never why a time is busy. To ask the owner for an appointment, find_free_slots gives the bookable slots of a type.',
    scope: 'availability:read',
    writes: false,
    input: {
      from: date,
      to: date.describe('the last date, YYYY-MM-DD (inclusive)'),
      tz,
      workingHours: z.boolean().optional().describe("true (default): only the owner's working hours; false: every hour"),
      minMinutes: z.number().int().min(1).max(1440).optional().describe('only intervals at least this many minutes long'),
    },
    output: freeTimeShape,
    notFound: () => "the owner's booking is off: free time is not shared until the owner turns it on",
    run: async (ctx, a) => {
      const zoneName = zoneOf(ctx, 'find_free_time', a, true);
      const answer = await ctx.client.freeTime.get({
        from: dateArg('find_free_time', 'from', a.from),
        to: dateArg('find_free_time', 'to', a.to),
        tz: zoneName,
        ...(typeof a.workingHours === 'boolean' ? { workingHours: String(a.workingHours) as 'true' | 'false' } : {}),
        ...(typeof a.minMinutes === 'number' ? { minMinutes: a.minMinutes } : {}),
      });
      return presentFreeTime(answer, answer.timezone);
    },
  },
  {
    name: 'list_events',
    title: 'Calendar events',
    description:
      `The owner's events from..to (at most ${MAX_WINDOW_DAYS} days), repeating events expanded, in start order, times in tz (default the owner's zone). ` +
      `A date as to includes that day. At most limit (default ${DEFAULT_LIMIT}) a call: nextCursor, when present, gives the next page.`,
    scope: 'events:read',
    writes: false,
    input: { from: time, to: time, tz, ...paging },
    output: { timezone: z.string(), events: z.array(eventSchema), nextCursor },
    run: async (ctx, a) => {
      const zoneName = zoneOf(ctx, 'list_events', a);
      const from = instantArg('list_events', 'from', a.from, zoneName);
      const to = instantArg('list_events', 'to', a.to, zoneName, { endOfDate: true });
      const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
      if (days <= 0) throw badArgument('list_events', 'to', `${String(a.to)} is not after from (${String(a.from)})`);
      if (days > MAX_WINDOW_DAYS) throw badArgument('list_events', 'to', `from..to covers ${Math.ceil(days)} days; at most ${MAX_WINDOW_DAYS}: ask for the window in parts`);
      const p = await page<Event>(ctx, a, '/events', { from, to });
      return { timezone: zoneName, events: p.items.map((e) => presentEvent(e, zoneName)), nextCursor: p.nextCursor };
    },
  },
  {
    name: 'get_event',
    title: 'One event',
    description: 'One event by its id as list_events gives it (an occurrence of a repeating event too), times in tz (default the owner\'s zone).',
    scope: 'events:read',
    writes: false,
    input: { id: z.string().describe('an id from list_events'), tz },
    output: {
      timezone: z.string(),
      event: eventSchema,
      seriesId: z.string().optional().describe('an occurrence of a repeating event: get_series with this id tells how it repeats'),
    },
    notFound: (a) => `no event with id ${String(a.id)}; list_events finds ids`,
    run: async (ctx, a) => {
      const zoneName = zoneOf(ctx, 'get_event', a);
      const event = await ctx.client.events.get(a.id as string);
      return { timezone: zoneName, event: presentEvent(event, zoneName), ...(event.occurrenceOf ? { seriesId: event.occurrenceOf } : {}) };
    },
  },
  {
    name: 'get_series',
    title: 'A repeating event',
    description:
      'How a repeating event repeats: its rule in words ("Every Tuesday at 10:00", in the series\' own zone) and as iCalendar text, its first and last occurrence ' +
      '(times in tz, default the owner\'s zone) and how many occurrences were changed or removed. id: a series id (seriesId of get_event) or the id of one of its occurrences.',
    scope: 'events:read',
    writes: false,
    input: { id: z.string().describe('seriesId from get_event, or an occurrence id from list_events'), tz },
    output: { timezone: z.string(), series: seriesSchema },
    notFound: (a) => `${String(a.id)} is no repeating event; get_event tells an occurrence's seriesId`,
    run: async (ctx, a) => {
      const zoneName = zoneOf(ctx, 'get_series', a);
      return { timezone: zoneName, series: presentSeries(await ctx.client.series.get(seriesIdOf(a.id)), zoneName) };
    },
  },
  {
    name: 'list_series_occurrences',
    title: 'Occurrences of a repeating event',
    description:
      `The occurrences of one repeating event from..to (at most ${MAX_SERIES_WINDOW_DAYS} days), in start order, moved ones at their new time and cancelled ones marked, ` +
      `times in tz (default the owner's zone). A date as to includes that day. At most limit (default ${DEFAULT_LIMIT}) a call: nextCursor, when present, gives the next page.`,
    scope: 'events:read',
    writes: false,
    input: { id: z.string().describe('seriesId from get_event, or an occurrence id from list_events'), from: time, to: time, tz, ...paging },
    output: { timezone: z.string(), events: z.array(eventSchema), nextCursor },
    notFound: (a) => `${String(a.id)} is no repeating event; get_event tells an occurrence's seriesId`,
    run: async (ctx, a) => {
      const zoneName = zoneOf(ctx, 'list_series_occurrences', a);
      const from = instantArg('list_series_occurrences', 'from', a.from, zoneName);
      const to = instantArg('list_series_occurrences', 'to', a.to, zoneName, { endOfDate: true });
      const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
      if (days <= 0) throw badArgument('list_series_occurrences', 'to', `${String(a.to)} is not after from (${String(a.from)})`);
      if (days > MAX_SERIES_WINDOW_DAYS) {
        throw badArgument('list_series_occurrences', 'to', `from..to covers ${Math.ceil(days)} days; at most ${MAX_SERIES_WINDOW_DAYS}: ask for the window in parts`);
      }
      const p = await page<Event>(ctx, a, `/series/${encodeURIComponent(seriesIdOf(a.id))}/occurrences`, { from, to });
      return { timezone: zoneName, events: p.items.map((e) => presentEvent(e, zoneName)), nextCursor: p.nextCursor };
    },
  },
  {
    name: 'list_calendar_changes',
    title: 'What changed in the calendar',
    description:
      'What changed in the owner\'s calendar since an earlier call: events created or changed, repeating events created or changed (with their changed ' +
      'occurrences among the events), and the ids of deleted ones, times in tz (default the owner\'s zone). Without syncToken it reads through the whole ' +
      'calendar once and answers only a syncToken (and how much it holds): keep it, and call again with it later to learn what changed since. ' +
      'When nextCursor is present, call again with the same syncToken and that cursor; the last page gives the syncToken to keep.',
    scope: 'events:read',
    writes: false,
    input: {
      syncToken: z.string().optional().describe('the syncToken of an earlier call; absent: start watching now'),
      cursor: z.string().optional().describe('nextCursor of the previous answer, with the same syncToken'),
      tz,
    },
    output: {
      timezone: z.string(),
      events: z.array(eventSchema).optional().describe('events created or changed, and changed occurrences of the repeating events in series'),
      series: z.array(seriesSchema).optional().describe('repeating events created or changed: get_series and list_series_occurrences say more'),
      deleted: z.array(z.string()).optional().describe('ids of events and repeating events deleted'),
      holds: z.object({ events: z.number().int(), series: z.number().int() }).optional().describe('without syncToken: how many events and repeating events the calendar holds now'),
      nextCursor,
      syncToken: z.string().optional().describe('on the last page: keep it, and pass it next time to learn what changed since'),
    },
    run: async (ctx, a) => {
      const zoneName = zoneOf(ctx, 'list_calendar_changes', a);
      const cursor = typeof a.cursor === 'string' && a.cursor !== '' ? a.cursor : undefined;
      if (typeof a.syncToken !== 'string' || a.syncToken === '') {
        if (cursor) throw badArgument('list_calendar_changes', 'cursor', 'a cursor goes with the syncToken it was given with');
        // A first call reads the whole calendar for its token, without filling the context with it.
        const holds = { events: 0, series: 0 };
        let next: string | undefined;
        for (;;) {
          const p = await ctx.client.events.changes({ limit: 100, ...(next ? { cursor: next } : {}) });
          holds.events += p.events.filter((e) => e.occurrenceOf === null).length;
          holds.series += p.series.length;
          if (p.nextCursor === null) return { timezone: zoneName, holds, syncToken: p.nextSyncToken ?? undefined };
          next = p.nextCursor;
        }
      }
      const p = await ctx.client.events.changes({ syncToken: a.syncToken, limit: DEFAULT_LIMIT, ...(cursor ? { cursor } : {}) });
      return {
        timezone: zoneName,
        events: p.events.map((e) => presentEvent(e, zoneName)),
        series: p.series.map((x) => presentSeries(x, zoneName)),
        deleted: p.deleted.map((d) => d.id),
        nextCursor: p.nextCursor ?? undefined,
        syncToken: p.nextSyncToken ?? undefined,
      };
    },
  },
  {
    name: 'list_todos',
    title: 'To-dos',
    description:
      `The owner's to-dos, open or completed (completed ones for 90 days), oldest change first; dueFrom..dueTo filter by due date. ` +
      `At most limit (default ${DEFAULT_LIMIT}) a call: nextCursor, when present, gives the next page.`,
    scope: 'tasks:read',
    writes: false,
    input: { status: z.enum(['open', 'completed']).optional(), dueFrom: date.optional(), dueTo: date.optional(), tz, ...paging },
    output: { timezone: z.string(), todos: z.array(todoSchema), nextCursor },
    run: async (ctx, a) => {
      const zoneName = zoneOf(ctx, 'list_todos', a);
      const query = {
        ...(a.status ? { status: a.status as 'open' | 'completed' } : {}),
        ...(a.dueFrom !== undefined ? { dueFrom: dateArg('list_todos', 'dueFrom', a.dueFrom) } : {}),
        ...(a.dueTo !== undefined ? { dueTo: dateArg('list_todos', 'dueTo', a.dueTo) } : {}),
      };
      const p = await page<Task>(ctx, a, '/tasks', query);
      return { timezone: zoneName, todos: p.items.map((t) => presentTodo(t, zoneName)), nextCursor: p.nextCursor };
    },
  },
  {
    name: 'list_requests',
    title: 'Requests',
    description:
      'Appointment and to-do requests and where they stand (pending until the owner decides; then accepted, declined, …), oldest change first; handled ones for 90 days. ' +
      `At most limit (default ${DEFAULT_LIMIT}) a call: nextCursor, when present, gives the next page.`,
    scope: 'requests:read',
    writes: false,
    input: {
      status: requestStatus.optional(),
      kind: z.enum(['appointment', 'task']).optional().describe('task: to-do requests'),
      createdByThisToken: z.boolean().optional().describe('true: only the requests this assistant made'),
      tz,
      ...paging,
    },
    output: { timezone: z.string(), requests: z.array(requestSchema), nextCursor },
    run: async (ctx, a) => {
      const zoneName = zoneOf(ctx, 'list_requests', a);
      const query = {
        ...(a.status ? { status: a.status as z.infer<typeof requestStatus> } : {}),
        ...(a.kind ? { kind: a.kind as 'appointment' | 'task' } : {}),
        ...(typeof a.createdByThisToken === 'boolean' ? { createdByThisToken: String(a.createdByThisToken) as 'true' | 'false' } : {}),
      };
      const p = await page<Request>(ctx, a, '/requests', query);
      return { timezone: zoneName, requests: p.items.map((r) => presentRequest(r, zoneName)), nextCursor: p.nextCursor };
    },
  },
  {
    name: 'request_appointment',
    title: 'Ask for an appointment',
    description: `Asks the owner for a slot find_free_slots offered (start and end as it shows them). ${ASKS} Answers the request and the requester's status page.`,
    scope: 'requests:create',
    writes: true,
    input: { appointmentTypeId: z.string().describe('from list_appointment_types'), start: slotTime, end: slotTime, message: z.string().optional().describe('for the owner'), ...requester, tz },
    output: createdShape,
    notFound: (a) => `no appointment type with id ${String(a.appointmentTypeId)} (or the owner's booking is off); list_appointment_types lists them`,
    run: async (ctx, a) => {
      const zoneName = zoneOf(ctx, 'request_appointment', a);
      const slot = {
        start: instantArg('request_appointment', 'start', a.start, zoneName, { dates: false }),
        end: instantArg('request_appointment', 'end', a.end, zoneName, { dates: false }),
      };
      const made = await ctx.client.requests.createAppointment(
        { appointmentTypeId: a.appointmentTypeId as string, slot, ...(a.message ? { message: a.message as string } : {}), ...requesterOf(a) },
        { idempotencyKey: ctx.idempotencyKey },
      );
      return presentCreated(made, zoneName);
    },
  },
  {
    name: 'request_todo',
    title: 'Ask for a to-do',
    description: `Asks the owner to do something. ${ASKS} An accepted one becomes one of the owner's to-dos.`,
    scope: 'requests:create',
    writes: true,
    input: { message: z.string().describe('what to do'), suggestedDueDate: date.optional(), ...requester, tz },
    output: createdShape,
    run: async (ctx, a) => {
      const zoneName = zoneOf(ctx, 'request_todo', a);
      const due = a.suggestedDueDate !== undefined ? { suggestedDueDate: dateArg('request_todo', 'suggestedDueDate', a.suggestedDueDate) } : {};
      const made = await ctx.client.requests.createTask({ message: a.message as string, ...due, ...requesterOf(a) }, { idempotencyKey: ctx.idempotencyKey });
      return presentCreated(made, zoneName);
    },
  },
  {
    name: 'withdraw_request',
    title: 'Withdraw a request',
    description: 'Withdraws a request this token made, while it is pending (before the owner decides).',
    scope: 'requests:create',
    writes: true,
    input: { requestId: z.string().describe('from request_appointment, request_todo or list_requests'), tz },
    output: { timezone: z.string(), request: requestSchema },
    notFound: (a) => `no request with id ${String(a.requestId)} made by this token; list_requests with createdByThisToken true lists them`,
    run: async (ctx, a) => {
      const zoneName = zoneOf(ctx, 'withdraw_request', a);
      return { timezone: zoneName, request: presentRequest(await ctx.client.requests.withdraw(a.requestId as string, { idempotencyKey: ctx.idempotencyKey }), zoneName) };
    },
  },
];

/** The tools a token with these scopes may use. */
export const toolsFor = (scopes: readonly string[]): ToolDef[] => TOOLS.filter((t) => t.scope === null || scopes.includes(t.scope));
