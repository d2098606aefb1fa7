import { z } from 'zod';
import type { CalendarAccess } from '@calendar-access/sdk';

/**
 * The tools an assistant gets, each over one or two API calls through the SDK: the same rules, limits
 * and errors as the API. A tool is offered only when the token holds its scope (null: any token).
 */
export interface ToolContext {
  client: CalendarAccess;
  /** The Idempotency-Key of this tool call: one per call, reused by the SDK's retries. */
  idempotencyKey: string;
}

export interface ToolDef {
  name: string;
  title: string;
  description: string;
  scope: string | null;
  /** True when the tool changes something (an assistant may ask the user first). */
  writes: boolean;
  input: z.ZodRawShape;
  run(ctx: ToolContext, args: Record<string, unknown>): Promise<unknown>;
}

/** Lists read at most this many items, so an answer fits an assistant's context. */
export const MAX_ITEMS = 200;

const instant = z.string().describe('an instant in UTC, e.g. 2026-03-30T09:00:00Z');
const date = z.string().describe('a date, YYYY-MM-DD');
const zone = z.string().describe('an IANA time zone, e.g. Europe/Berlin');
const requester = {
  requesterName: z.string().describe('who asks'),
  requesterEmail: z.string().optional().describe('their email (an email or a phone is needed)'),
  requesterPhone: z.string().optional().describe('their phone in E.164, e.g. +4915112345678'),
  requesterTimezone: zone,
  requesterLocale: z.string().describe('their language, a BCP 47 tag such as en or es'),
};

async function take<T>(items: AsyncIterable<T>): Promise<{ items: T[]; more: boolean }> {
  const out: T[] = [];
  for await (const item of items) {
    if (out.length === MAX_ITEMS) return { items: out, more: true };
    out.push(item);
  }
  return { items: out, more: false };
}

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

export const TOOLS: ToolDef[] = [
  {
    name: 'get_account',
    title: 'Account',
    description: "The account this token acts for: its scopes, mode (live or test) and, with profile:read, the owner's name, time zone and booking page.",
    scope: null,
    writes: false,
    input: {},
    run: ({ client }) => client.me.get(),
  },
  {
    name: 'list_appointment_types',
    title: 'Appointment types',
    description: 'The kinds of appointment the owner offers (id, name, length in minutes).',
    scope: 'availability:read',
    writes: false,
    input: {},
    run: ({ client }) => client.appointmentTypes.list(),
  },
  {
    name: 'find_free_slots',
    title: 'Free slots',
    description: "Free slots of one appointment type on the dates from..to (at most 14) of a time zone, under the owner's booking rules.",
    scope: 'availability:read',
    writes: false,
    input: { appointmentTypeId: z.string(), from: date, to: date, tz: zone },
    run: ({ client }, a) => client.availability.get({ appointmentTypeId: a.appointmentTypeId as string, from: a.from as string, to: a.to as string, tz: a.tz as string }),
  },
  {
    name: 'list_events',
    title: 'Calendar events',
    description: `The owner's events between two instants (at most 62 days apart), in start order; at most ${MAX_ITEMS}.`,
    scope: 'events:read',
    writes: false,
    input: { from: instant, to: instant },
    run: ({ client }, a) => take(client.events.list({ from: a.from as string, to: a.to as string, limit: 100 })),
  },
  {
    name: 'list_todos',
    title: 'To-dos',
    description: `The owner's to-dos, open or completed; at most ${MAX_ITEMS}.`,
    scope: 'tasks:read',
    writes: false,
    input: { status: z.enum(['open', 'completed']).optional() },
    run: ({ client }, a) => take(client.tasks.list({ limit: 100, ...(a.status ? { status: a.status as 'open' | 'completed' } : {}) })),
  },
  {
    name: 'list_requests',
    title: 'Requests',
    description: `Appointment and to-do requests and their status (pending, accepted, declined, …); at most ${MAX_ITEMS}.`,
    scope: 'requests:read',
    writes: false,
    input: { status: z.enum(['pending', 'accepted', 'declined', 'withdrawn', 'expired', 'rescheduled', 'cancelled', 'completed']).optional() },
    run: ({ client }, a) => take(client.requests.list({ limit: 100, ...(a.status ? { status: a.status as 'pending' } : {}) })),
  },
  {
    name: 'request_appointment',
    title: 'Ask for an appointment',
    description: "Asks the owner for a slot find_free_slots offered; it waits in the owner's inbox until the owner accepts or declines. Returns the request and the requester's status page.",
    scope: 'requests:create',
    writes: true,
    input: { appointmentTypeId: z.string(), start: instant, end: instant, message: z.string().optional(), ...requester },
    run: ({ client, idempotencyKey }, a) =>
      client.requests.createAppointment(
        { appointmentTypeId: a.appointmentTypeId as string, slot: { start: a.start as string, end: a.end as string }, ...(a.message ? { message: a.message as string } : {}), ...requesterOf(a) },
        { idempotencyKey },
      ),
  },
  {
    name: 'request_todo',
    title: 'Ask for a to-do',
    description: "Asks the owner to do something; it waits in the owner's inbox until the owner accepts (it becomes a to-do) or declines.",
    scope: 'requests:create',
    writes: true,
    input: { message: z.string().describe('what to do'), suggestedDueDate: date.optional(), ...requester },
    run: ({ client, idempotencyKey }, a) =>
      client.requests.createTask({ message: a.message as string, ...(a.suggestedDueDate ? { suggestedDueDate: a.suggestedDueDate as string } : {}), ...requesterOf(a) }, { idempotencyKey }),
  },
  {
    name: 'withdraw_request',
    title: 'Withdraw a request',
    description: 'Withdraws a request this token made, while it is pending.',
    scope: 'requests:create',
    writes: true,
    input: { requestId: z.string() },
    run: ({ client, idempotencyKey }, a) => client.requests.withdraw(a.requestId as string, { idempotencyKey }),
  },
];

/** The tools a token with these scopes may use. */
export const toolsFor = (scopes: readonly string[]): ToolDef[] => TOOLS.filter((t) => t.scope === null || scopes.includes(t.scope));
