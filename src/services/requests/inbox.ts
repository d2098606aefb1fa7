import type { Db } from '../../store/db.js';
import type { RequestRow } from '../../store/schema.js';
import { waitingDecision, type WaitingDecision } from './decisions.js';

/**
 * The owner's inbox as the console shows it: requests waiting for a decision, appointments on the
 * calendar that can still be moved or cancelled, and what was handled in the last 90 days. Requests
 * from blocked contacts never show (decisions §3). Each open request carries the decision waiting
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

function base(db: Db, ownerId: string) {
  return db
    .selectFrom('requests')
    .leftJoin('appointment_types', 'appointment_types.id', 'requests.appointment_type_id')
    .selectAll('requests')
    .select('appointment_types.name as type_name')
    .where('requests.owner_id', '=', ownerId)
    .where('requests.from_blocked', '=', false)
    .where('requests.deleted_at', 'is', null);
}

type Joined = RequestRow & { type_name: string | null };

async function items(db: Db, ownerId: string, rows: Joined[], withWaiting: boolean): Promise<InboxItem[]> {
  return Promise.all(
    rows.map(async ({ type_name, ...request }) => ({
      request,
      typeName: type_name,
      waiting: withWaiting ? await waitingDecision(db, ownerId, request.id) : null,
    })),
  );
}

export async function readInbox(db: Db, ownerId: string, now: Date): Promise<Inbox> {
  const pending = await base(db, ownerId)
    .where('requests.status', '=', 'pending')
    .orderBy('requests.expires_at', 'asc')
    .orderBy('requests.created_at')
    .limit(LIMIT)
    .execute();
  const booked = await base(db, ownerId)
    .where('requests.kind', '=', 'appointment')
    .where('requests.status', 'in', ['accepted', 'rescheduled'])
    .orderBy('requests.slot_start')
    .limit(LIMIT)
    .execute();
  const since = new Date(now.getTime() - HANDLED_DAYS * 86_400_000);
  const handled = await base(db, ownerId)
    .where('requests.updated_at', '>=', since)
    .where((eb) =>
      eb.and([eb('requests.status', '!=', 'pending'), eb.not(eb.and([eb('requests.kind', '=', 'appointment'), eb('requests.status', 'in', ['accepted', 'rescheduled'])]))]),
    )
    .orderBy('requests.updated_at', 'desc')
    .orderBy('requests.id')
    .limit(LIMIT)
    .execute();
  return {
    pending: await items(db, ownerId, pending, true),
    booked: await items(db, ownerId, booked, true),
    handled: await items(db, ownerId, handled, false),
  };
}

/** One request of the inbox (not from a blocked contact), or undefined. */
export async function inboxRequest(db: Db, ownerId: string, requestId: string): Promise<RequestRow | undefined> {
  const row = await base(db, ownerId).where('requests.id', '=', requestId).executeTakeFirst();
  if (!row) return undefined;
  const { type_name: _, ...request } = row;
  return request;
}
