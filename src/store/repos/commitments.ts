import type { Db } from '../db.js';

/** An appointment request whose slot overlaps [from, to): pending or accepted, with its type's name. */
export interface SlottedRequest {
  id: string;
  status: 'pending' | 'accepted';
  start: Date;
  end: Date;
  requesterName: string;
  typeName: string | null;
}

export async function slottedRequests(db: Db, ownerId: string, from: Date, to: Date): Promise<SlottedRequest[]> {
  const rows = await db
    .selectFrom('requests as r')
    .leftJoin('appointment_types as t', 't.id', 'r.appointment_type_id')
    .select(['r.id', 'r.status', 'r.slot_start', 'r.slot_end', 'r.requester_name', 't.name as type_name'])
    .where('r.owner_id', '=', ownerId)
    .where('r.kind', '=', 'appointment')
    .where('r.status', 'in', ['pending', 'accepted'])
    .where('r.deleted_at', 'is', null)
    .where('r.from_blocked', '=', false)
    .where('r.slot_start', '<', to)
    .where('r.slot_end', '>', from)
    .execute();
  return rows.flatMap((r) =>
    r.slot_start && r.slot_end
      ? [{ id: r.id, status: r.status as 'pending' | 'accepted', start: r.slot_start, end: r.slot_end, requesterName: r.requester_name, typeName: r.type_name }]
      : [],
  );
}

/** The requests whose acceptance waits out its undo window (a `request.decision` job saying accept). */
export async function requestsBeingAccepted(db: Db, ownerId: string, decisionKind: string): Promise<Set<string>> {
  const rows = await db.selectFrom('jobs').select(['key', 'payload']).where('kind', '=', decisionKind).where('owner_id', '=', ownerId).execute();
  return new Set(rows.filter((r) => r.key !== null && (r.payload as { action?: string } | null)?.action === 'accept').map((r) => r.key!));
}

/** Busy time imported from the owner's feeds overlapping [from, to), with the feed's name. */
export async function namedImportedBusy(db: Db, ownerId: string, from: Date, to: Date): Promise<{ start: Date; end: Date; feed: string | null }[]> {
  const rows = await db
    .selectFrom('imported_busy as b')
    .leftJoin('calendar_feeds as f', 'f.id', 'b.feed_id')
    .select(['b.start_at', 'b.end_at', 'f.name'])
    .where('b.owner_id', '=', ownerId)
    .where('b.start_at', '<', to)
    .where('b.end_at', '>', from)
    .execute();
  return rows.map((r) => ({ start: r.start_at, end: r.end_at, feed: r.name }));
}

/** Holds the owner's row until the transaction ends: decisions that take time are made one at a time. */
export async function lockOwnerForDecision(db: Db, ownerId: string): Promise<void> {
  await db.selectFrom('owners').select('id').where('id', '=', ownerId).forUpdate().executeTakeFirst();
}
