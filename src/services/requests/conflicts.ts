import { describeOverlaps, holdsTime, overlapsOf, type Commitment, type Slot } from '../../domain/conflicts.js';
import { ServiceError } from '../../domain/service-error.js';
import type { Db } from '../../store/db.js';
import { lockOwnerForDecision, namedImportedBusy, requestsBeingAccepted, slottedRequests } from '../../store/repos/commitments.js';
import { calendarViews } from '../calendar-window.js';
import { REQUEST_DECISION } from './moves.js';

/**
 * The owner's conflicts (issue 30 point 1): what each pending request's time overlaps, for the
 * inbox's markers, and the guard that makes accepting or rescheduling into held time a choice the
 * owner confirms. Only the owner's own pages and the CLI read these; no API answer changes.
 */

/** Everything that may clash with a time in [from, to): the owner's requests, busy events and feed time. */
export async function commitmentsIn(db: Db, ownerId: string, from: Date, to: Date): Promise<Commitment[]> {
  const [requests, accepting, events, feeds] = await Promise.all([
    slottedRequests(db, ownerId, from, to),
    requestsBeingAccepted(db, ownerId, REQUEST_DECISION),
    calendarViews(db, ownerId, from, to),
    namedImportedBusy(db, ownerId, from, to),
  ]);
  const out: Commitment[] = [];
  for (const r of requests) {
    const kind = r.status === 'accepted' ? 'accepted' : accepting.has(r.id) ? 'accepting' : 'pending';
    out.push({ kind, start: r.start, end: r.end, label: `${r.requesterName}'s ${r.typeName ?? 'appointment'}`, requestId: r.id });
  }
  // An accepted appointment's own event is the appointment, listed once above.
  for (const e of events) {
    if (e.status === 'confirmed' && e.showAs === 'busy' && e.requestId === null) out.push({ kind: 'event', start: e.start, end: e.end, label: e.title, requestId: null });
  }
  for (const b of feeds) out.push({ kind: 'feed', start: b.start, end: b.end, label: b.feed ?? 'a subscribed calendar', requestId: null });
  return out;
}

/** For each of `requests` (id and slot), what its time overlaps; requests without a slot are left out. */
export async function conflictsOf(db: Db, ownerId: string, requests: readonly { id: string; slot: Slot | null }[]): Promise<Map<string, Commitment[]>> {
  const slotted = requests.filter((r): r is { id: string; slot: Slot } => r.slot !== null);
  const result = new Map<string, Commitment[]>();
  if (slotted.length === 0) return result;
  const from = new Date(Math.min(...slotted.map((r) => r.slot.start.getTime())));
  const to = new Date(Math.max(...slotted.map((r) => r.slot.end.getTime())));
  const commitments = await commitmentsIn(db, ownerId, from, to);
  for (const r of slotted) {
    const overlaps = overlapsOf(r.slot, commitments, r.id);
    if (overlaps.length > 0) result.set(r.id, overlaps);
  }
  return result;
}

/** A decision refused because its time is held: what holds it, so the page or the CLI can ask the owner to confirm. */
export class ConflictRefusal extends ServiceError {
  constructor(readonly overlaps: Commitment[]) {
    super('conflict', `This time overlaps ${describeOverlaps(overlaps)}. Confirm to accept it anyway.`);
  }
}

/**
 * In the decision's transaction: refuses with ConflictRefusal when `slot` overlaps held time (an
 * accepted appointment, one being accepted, a busy event, feed time). The owner's row is locked
 * first, so two decisions racing on two connections are made one after the other and the second
 * sees the first.
 */
export async function refuseHeldTime(trx: Db, ownerId: string, requestId: string, slot: Slot): Promise<void> {
  await lockOwnerForDecision(trx, ownerId);
  const held = overlapsOf(slot, await commitmentsIn(trx, ownerId, slot.start, slot.end), requestId).filter(holdsTime);
  if (held.length > 0) throw new ConflictRefusal(held);
}
