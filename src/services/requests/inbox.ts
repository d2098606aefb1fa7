import type { Db } from '../../store/db.js';
import { bookedInboxRows, handledInboxRows, inboxRow, pendingInboxRows, type InboxRow } from '../../store/repos/inbox.js';
import type { RequestRow } from '../../store/schema.js';
import { waitingDecision, type WaitingDecision } from './decisions.js';

/**
 * The owner's inbox as the console shows it: requests waiting for a decision, appointments on the
 * calendar that can still be moved or cancelled, and what was handled in the last 90 days. Requests
 * from blocked contacts never show (docs/spec-decisions.md §3). Each open request carries the decision waiting
 * out its undo window, if any.
 */
export const HANDLED_DAYS = 90;
const LIMIT = 200;

export interface InboxItem {
  request: RequestRow;
  /** The appointment type's name (deleted types too); null for task requests. */
  typeName: string | null;
  waiting: WaitingDecision | null;
}

export interface Inbox {
  pending: InboxItem[];
  /** Accepted appointments and appointments with a new time proposed. */
  booked: InboxItem[];
  handled: InboxItem[];
}

async function items(db: Db, ownerId: string, rows: InboxRow[], withWaiting: boolean): Promise<InboxItem[]> {
  return Promise.all(
    rows.map(async ({ type_name, ...request }) => ({
      request,
      typeName: type_name,
      waiting: withWaiting ? await waitingDecision(db, ownerId, request.id) : null,
    })),
  );
}

export async function readInbox(db: Db, ownerId: string, now: Date): Promise<Inbox> {
  const pending = await pendingInboxRows(db, ownerId, LIMIT);
  const booked = await bookedInboxRows(db, ownerId, LIMIT);
  const handled = await handledInboxRows(db, ownerId, new Date(now.getTime() - HANDLED_DAYS * 86_400_000), LIMIT);
  return {
    pending: await items(db, ownerId, pending, true),
    booked: await items(db, ownerId, booked, true),
    handled: await items(db, ownerId, handled, false),
  };
}

/** One request of the inbox (not from a blocked contact), or undefined. */
export async function inboxRequest(db: Db, ownerId: string, requestId: string): Promise<RequestRow | undefined> {
  const row = await inboxRow(db, ownerId, requestId);
  if (!row) return undefined;
  const { type_name: _, ...request } = row;
  return request;
}
