import { CalendarAccessConnectionError, CalendarAccessError } from '@calendar-access/sdk';

/**
 * A refusal as an assistant can act on it: named by the tool and its arguments, never by the REST
 * route behind it, with the next step (which tool, which argument), e.g.
 * `get_event: no event with id 3f2b…; list_events finds ids`.
 */
export class ToolError extends Error {
  override readonly name = 'ToolError';
}

/** A tool argument the tool itself refuses before any call. */
export const badArgument = (tool: string, argument: string, why: string): ToolError => new ToolError(`${tool}: ${argument}: ${why}`);

/** Arguments of the tools that are fields of a request body under another name. */
const FIELD_ARGUMENTS: Record<string, string> = {
  'slot.start': 'start',
  'slot.end': 'end',
  slot: 'start',
  'requester.name': 'requesterName',
  'requester.email': 'requesterEmail',
  'requester.phone': 'requesterPhone',
  requester: 'requesterEmail',
  appointmentTypeId: 'appointmentTypeId',
};

const argumentOf = (field: string): string => FIELD_ARGUMENTS[field] ?? field;

/** The API's message with its field names turned into the tool's argument names. */
function inArguments(message: string): string {
  return message.replace(/"([A-Za-z.]+)"/g, (whole, field: string) => (FIELD_ARGUMENTS[field] ? `"${FIELD_ARGUMENTS[field]}"` : whole));
}

/**
 * The message of a failed tool call; `notFound` is the tool's own sentence for the API's 404 (what
 * its id argument named, and where valid ids come from).
 */
export function toolMessage(tool: string, e: unknown, notFound?: string): string {
  if (e instanceof ToolError) return e.message;
  if (e instanceof CalendarAccessConnectionError) return `${tool}: the calendar service did not answer (${e.message.replace(/^\S+ \S+ /, '')}); try again in a minute`;
  if (!(e instanceof CalendarAccessError)) return `${tool}: ${(e as Error).message ?? String(e)}`;
  const ref = e.requestId ? ` [request ${e.requestId}]` : '';
  switch (e.code) {
    case 'not_found':
      if (notFound) return `${tool}: ${notFound}${ref}`;
      return `${tool}: nothing found (or the owner's booking is off)${ref}`;
    case 'invalid_input': {
      if (e.field === 'cursor') {
        return `${tool}: cursor: not a cursor of this call (it belongs to the same arguments as the call that answered it, and lasts 24 hours); call ${tool} again with those arguments, or without cursor to start over${ref}`;
      }
      return `${tool}: ${e.field ? `${argumentOf(e.field)}: ` : ''}${inArguments(e.message)}${ref}`;
    }
    case 'slot_unavailable':
      return `${tool}: that time is not free (any more); find_free_slots offers the free ones${ref}`;
    case 'invalid_transition':
      return `${tool}: the request is no longer pending, so it cannot be withdrawn; list_requests shows its status${ref}`;
    case 'too_many_pending':
      return `${tool}: this requester already has three requests waiting for the owner; wait until the owner decides one, or withdraw_request one${ref}`;
    case 'rate_limited':
      return `${tool}: too many calls for now; wait ${e.retryAfter ?? 60} seconds, then call ${tool} again${ref}`;
    case 'insufficient_scope':
      return `${tool}: the token no longer has the scope this tool needs; the owner can grant it and the assistant reconnect${ref}`;
    case 'invalid_token':
    case 'token_expired':
    case 'app_suspended':
      return `${tool}: the calendar service refused the token (${e.code}: ${e.message}); the owner needs to connect the assistant again${ref}`;
    case 'idempotency_mismatch':
      return `${tool}: this call's id was used for another call; send it as a new call${ref}`;
    case 'unavailable':
    case 'internal':
      return `${tool}: the calendar service failed (${e.code}); try again in a minute${ref}`;
    default:
      return `${tool}: ${e.code}: ${e.message}${ref}`;
  }
}

/** True when the API refused the token itself (not a scope): a remote session then answers 401 to its client. */
export const refusedToken = (e: unknown): boolean => e instanceof CalendarAccessError && (e.code === 'invalid_token' || e.code === 'token_expired');
