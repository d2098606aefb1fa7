/**
 * Every move of a request between statuses, as one table (docs/spec-decisions.md §3), and the one function that
 * decides a move. Pure: the services apply what it answers (the new row, the side effects, the
 * event and the email) inside one transaction.
 */
export type RequestStatus = 'pending' | 'accepted' | 'declined' | 'withdrawn' | 'expired' | 'rescheduled' | 'cancelled' | 'completed';
export type RequestKind = 'appointment' | 'task';

/** What happened. `withdraw` comes from the creating token or the requester's status page. */
export type Trigger = 'accept' | 'decline' | 'withdraw' | 'expire' | 'reschedule' | 'confirm' | 'cancel' | 'complete';
/** Who or what made it happen. */
export type Actor = 'owner' | 'requester' | 'token' | 'clock' | 'todo';

export type RequestEventType =
  | 'request.accepted'
  | 'request.declined'
  | 'request.withdrawn'
  | 'request.expired'
  | 'appointment.rescheduled'
  | 'appointment.confirmed'
  | 'appointment.cancelled'
  | 'appointment.completed';

export type EmailKind = 'accepted' | 'declined' | 'rescheduled' | 'cancelled' | 'expired';

/**
 * What a move does besides changing the status:
 * - `calendar:put`: the appointment is on the owner's calendar at the request's slot (made if missing);
 * - `calendar:move`: an appointment already on the calendar moves to the new slot;
 * - `calendar:remove`: an appointment on the calendar is deleted;
 * - `todo:create`: the owner's to-do list gets the task;
 * - `timer:expire` / `timer:complete`: the request's time-driven move is (re)scheduled.
 */
export type Effect = 'calendar:put' | 'calendar:move' | 'calendar:remove' | 'todo:create' | 'timer:expire' | 'timer:complete';

export interface MoveRule {
  from: readonly RequestStatus[];
  trigger: Trigger;
  by: readonly Actor[];
  kinds: readonly RequestKind[];
  to: RequestStatus;
  /** The request event the move records; null when another record tells of it (a completed to-do). */
  event: RequestEventType | null;
  effects: readonly Effect[];
  email: EmailKind | null;
  /** Owner moves wait out the 5-second undo window; the others take effect at once. */
  undoable: boolean;
}

const BOTH: readonly RequestKind[] = ['appointment', 'task'];
const APPOINTMENT: readonly RequestKind[] = ['appointment'];

/** docs/spec-decisions.md §3, row by row. */
export const MOVES: readonly MoveRule[] = [
  { from: ['pending'], trigger: 'accept', by: ['owner'], kinds: APPOINTMENT, to: 'accepted', event: 'request.accepted', effects: ['calendar:put', 'timer:complete'], email: 'accepted', undoable: true },
  { from: ['pending'], trigger: 'accept', by: ['owner'], kinds: ['task'], to: 'accepted', event: 'request.accepted', effects: ['todo:create'], email: 'accepted', undoable: true },
  { from: ['pending'], trigger: 'decline', by: ['owner'], kinds: BOTH, to: 'declined', event: 'request.declined', effects: [], email: 'declined', undoable: true },
  { from: ['pending'], trigger: 'withdraw', by: ['requester', 'token'], kinds: BOTH, to: 'withdrawn', event: 'request.withdrawn', effects: [], email: null, undoable: false },
  { from: ['pending'], trigger: 'expire', by: ['clock'], kinds: BOTH, to: 'expired', event: 'request.expired', effects: [], email: 'expired', undoable: false },
  {
    from: ['pending', 'accepted', 'rescheduled'], trigger: 'reschedule', by: ['owner'], kinds: APPOINTMENT, to: 'rescheduled',
    event: 'appointment.rescheduled', effects: ['calendar:move', 'timer:expire'], email: 'rescheduled', undoable: true,
  },
  { from: ['rescheduled'], trigger: 'confirm', by: ['requester'], kinds: APPOINTMENT, to: 'accepted', event: 'appointment.confirmed', effects: ['calendar:put', 'timer:complete'], email: null, undoable: false },
  { from: ['accepted', 'rescheduled'], trigger: 'cancel', by: ['owner'], kinds: APPOINTMENT, to: 'cancelled', event: 'appointment.cancelled', effects: ['calendar:remove'], email: 'cancelled', undoable: true },
  { from: ['accepted', 'rescheduled'], trigger: 'cancel', by: ['requester'], kinds: APPOINTMENT, to: 'cancelled', event: 'appointment.cancelled', effects: ['calendar:remove'], email: 'cancelled', undoable: false },
  // The proposed time passed unconfirmed: the appointment it would have been leaves the calendar.
  { from: ['rescheduled'], trigger: 'expire', by: ['clock'], kinds: APPOINTMENT, to: 'expired', event: 'request.expired', effects: ['calendar:remove'], email: 'expired', undoable: false },
  { from: ['accepted'], trigger: 'complete', by: ['clock'], kinds: APPOINTMENT, to: 'completed', event: 'appointment.completed', effects: [], email: null, undoable: false },
  { from: ['accepted'], trigger: 'complete', by: ['todo'], kinds: ['task'], to: 'completed', event: null, effects: [], email: null, undoable: false },
];

export type MoveVerdict = { ok: true; rule: MoveRule } | { ok: false };

/** The rule for this move, or `ok: false` when the state does not allow it (409 invalid_transition). */
export function decideMove(request: { status: RequestStatus; kind: RequestKind }, trigger: Trigger, by: Actor): MoveVerdict {
  const rule = MOVES.find((r) => r.trigger === trigger && r.by.includes(by) && r.kinds.includes(request.kind) && r.from.includes(request.status));
  return rule ? { ok: true, rule } : { ok: false };
}

export const HANDLED_LINK_DAYS = 30;
const DAY_MS = 86_400_000;

/**
 * Until when the requester's status link works (docs/spec-decisions.md §4: until 30 days after the request is
 * handled). While the request can still change (pending, or an appointment accepted or with a new
 * time proposed) that is 30 days after the later of its time and its last change.
 */
export function statusLinkExpiry(r: { status: RequestStatus; expiresAt: Date | null; slotEnd: Date | null; updatedAt: Date }): Date {
  const open = r.status === 'pending' || r.status === 'accepted' || r.status === 'rescheduled';
  const base = open ? Math.max(r.updatedAt.getTime(), r.expiresAt?.getTime() ?? 0, r.slotEnd?.getTime() ?? 0) : r.updatedAt.getTime();
  return new Date(base + HANDLED_LINK_DAYS * DAY_MS);
}
