import { asUuid } from '../domain/ids.js';
import { formatInstant, parseInstant } from '../domain/instant.js';
import { requireOwner } from '../services/owners.js';
import { decide, undoDecision, waitingDecision, type OwnerDecision } from '../services/requests/decisions.js';
import { requestEnv } from '../services/requests/env.js';
import { requesterAct, type RequesterAction } from '../services/requests/requester.js';
import { completeTask } from '../services/requests/todos.js';
import { ConflictRefusal } from '../services/requests/conflicts.js';
import { ServiceError } from '../domain/service-error.js';
import type { Db } from '../store/db.js';
import { eventIdsOfRequest } from '../store/repos/events.js';
import { eventsOf } from '../store/repos/outbox.js';
import { appointmentEventOf } from '../store/repos/request-effects.js';
import { findLiveRequest } from '../store/repos/requests.js';
import { firstTaskOfRequest, taskIdsOfRequest } from '../store/repos/tasks.js';
import type { RequestRow } from '../store/schema.js';
import { booleanArg, optionalStringArg, stringArg, type Operation, type OperationArgs } from './operation.js';

/**
 * The request flow from the command line, for scripted integration tests (like `stripe trigger`):
 * the owner's decisions and their undo, completing a to-do, the requester's moves, and a look at a
 * request with the webhook events recorded for it.
 */

/** A request in the API's wire form (the fields a script checks). */
export interface RequestEntry {
  id: string;
  kind: 'appointment' | 'task';
  status: RequestRow['status'];
  cancelledBy: 'owner' | 'requester' | null;
  slot: { start: string; end: string } | null;
  updatedAt: string;
}

export interface DecisionEntry extends RequestEntry {
  /** When the waiting decision takes effect; null when it took effect at once. */
  effectiveAt: string | null;
}

export interface RequestShow extends RequestEntry {
  /** The owner's decision waiting out its undo window, if any. */
  waitingDecision: { action: OwnerDecision['action']; start: string | null; effectiveAt: string } | null;
  /** The appointment's live calendar event, if it has one. */
  calendarEventId: string | null;
  /** The to-do an accepted task request made, if any (for `task complete`). */
  todoId: string | null;
  /** The webhook events recorded for the request, its calendar event and its to-do, oldest first. */
  events: { type: string; occurredAt: string }[];
}

export interface UndoEntry {
  id: string;
  undone: true;
  action: OwnerDecision['action'] | null;
}

export interface TaskCompleteEntry {
  taskId: string;
  /** The task request completed with it; null for a to-do of the owner's own, or one already completed. */
  requestId: string | null;
  changed: boolean;
}

const DECISIONS = ['accept', 'decline', 'cancel', 'reschedule'] as const;
const REQUESTER_ACTIONS: readonly RequesterAction[] = ['withdraw', 'confirm', 'cancel'];

export function requestEntry(row: RequestRow): RequestEntry {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    cancelledBy: row.status === 'cancelled' ? row.cancelled_by : null,
    slot: row.slot_start && row.slot_end ? { start: formatInstant(row.slot_start), end: formatInstant(row.slot_end) } : null,
    updatedAt: formatInstant(row.updated_at),
  };
}

/** The id argument as a uuid; anything else names no request (rather than a database error). */
function idArg(args: OperationArgs, what: string): string {
  const text = stringArg(args, 'id');
  const id = asUuid(text);
  if (!id) throw new ServiceError('not_found', `No ${what} ${text}: ids look like 3f2c9a4e-8b1d-4c6f-9e2a-5d7b0c1e4f8a.`);
  return id;
}

async function findRequest(db: Db, ownerId: string, id: string): Promise<RequestRow> {
  const row = await findLiveRequest(db, ownerId, id);
  if (!row) throw new ServiceError('not_found', `No request ${id} in this owner's inbox.`);
  return row;
}

function decisionArg(args: OperationArgs): OwnerDecision {
  const action = stringArg(args, 'action');
  if (!(DECISIONS as readonly string[]).includes(action)) throw new ServiceError('invalid', `action: one of ${DECISIONS.join(', ')}`, 'action');
  if (action !== 'reschedule') return { action: action as 'accept' | 'decline' | 'cancel' };
  const text = optionalStringArg(args, 'start');
  if (text === null) throw new ServiceError('invalid', 'start: required to reschedule', 'start');
  const start = parseInstant(text);
  if (!start) throw new ServiceError('invalid', `start: "${text}" is not an RFC 3339 UTC instant such as 2026-05-04T09:00:00Z`, 'start');
  return { action: 'reschedule', start };
}

/** The owner decides; with `undoWindow` (default) the decision waits 5 seconds as a job that `serve` runs. */
export const requestDecideOperation: Operation<DecisionEntry> = async (rt, args) => {
  const owner = await requireOwner(rt.store.db, stringArg(args, 'owner'));
  const id = idArg(args, 'request');
  const decision = decisionArg(args);
  const undoWindow = args.undoWindow === undefined ? true : booleanArg(args, 'undoWindow');
  const allowOverlap = args.allowOverlap === undefined ? false : booleanArg(args, 'allowOverlap');
  const r = await decide(requestEnv(rt), owner.id, id, decision, { undoWindow, conflicts: allowOverlap ? 'allow' : 'refuse' }).catch((e: unknown) => {
    if (!(e instanceof ConflictRefusal)) throw e;
    throw new ServiceError('conflict', `${e.message.replace(/ Confirm to accept it anyway\.$/, '')} Run it again with --allow-overlap to ${decision.action === 'reschedule' ? 'propose that time' : 'accept it'} anyway.`);
  });
  return { ...requestEntry(r.request), effectiveAt: r.effectiveAt ? formatInstant(r.effectiveAt) : null };
};

/** Undoes the decision waiting on the request; `conflict` when none is waiting. */
export const requestUndoOperation: Operation<UndoEntry> = async (rt, args) => {
  const owner = await requireOwner(rt.store.db, stringArg(args, 'owner'));
  const id = idArg(args, 'request');
  await findRequest(rt.store.db, owner.id, id);
  const waiting = await waitingDecision(rt.store.db, owner.id, id);
  if (!(await undoDecision(requestEnv(rt), owner.id, id))) {
    throw new ServiceError('conflict', `Nothing to undo: no decision is waiting on ${id} (it took effect or was never made).`);
  }
  return { id, undone: true, action: waiting?.action ?? null };
};

/** The ids an event's `data` may name for this request: the request, its calendar events, its to-dos. */
async function relatedIds(db: Db, ownerId: string, requestId: string): Promise<Set<string>> {
  const [events, tasks] = await Promise.all([eventIdsOfRequest(db, ownerId, requestId), taskIdsOfRequest(db, ownerId, requestId)]);
  return new Set([requestId, ...events, ...tasks]);
}

function dataId(data: unknown): string | null {
  const value = typeof data === 'string' ? (JSON.parse(data) as unknown) : data;
  if (value && typeof value === 'object' && 'id' in value && typeof value.id === 'string') return value.id;
  return null;
}

export const requestShowOperation: Operation<RequestShow> = async (rt, args) => {
  const db = rt.store.db;
  const owner = await requireOwner(db, stringArg(args, 'owner'));
  const row = await findRequest(db, owner.id, idArg(args, 'request'));
  const [waiting, event, todo, ids, recorded] = await Promise.all([
    waitingDecision(db, owner.id, row.id),
    appointmentEventOf(db, owner.id, row.id),
    firstTaskOfRequest(db, owner.id, row.id),
    relatedIds(db, owner.id, row.id),
    eventsOf(db, owner.id),
  ]);
  return {
    ...requestEntry(row),
    waitingDecision: waiting
      ? { action: waiting.action, start: waiting.start ? formatInstant(waiting.start) : null, effectiveAt: formatInstant(waiting.effectiveAt) }
      : null,
    calendarEventId: event?.id ?? null,
    todoId: todo?.id ?? null,
    events: recorded.filter((e) => ids.has(dataId(e.data) ?? '')).map((e) => ({ type: e.type, occurredAt: formatInstant(e.occurred_at) })),
  };
};

export const taskCompleteOperation: Operation<TaskCompleteEntry> = async (rt, args) => {
  const owner = await requireOwner(rt.store.db, stringArg(args, 'owner'));
  const r = await completeTask(requestEnv(rt), owner.id, idArg(args, 'to-do'));
  return { taskId: r.taskId, requestId: r.requestId, changed: r.changed };
};

/** The requester acts (as from the status page): at once, no undo window. */
export const requesterActOperation: Operation<RequestEntry> = async (rt, args) => {
  const owner = await requireOwner(rt.store.db, stringArg(args, 'owner'));
  const id = idArg(args, 'request');
  const action = stringArg(args, 'action');
  if (!(REQUESTER_ACTIONS as readonly string[]).includes(action)) throw new ServiceError('invalid', `action: one of ${REQUESTER_ACTIONS.join(', ')}`, 'action');
  return requestEntry(await requesterAct(requestEnv(rt), id, action as RequesterAction, { ownerId: owner.id }));
};
