import { decideMove, statusLinkExpiry, type Actor, type EmailKind, type MoveRule, type Trigger } from '../../domain/request-moves.js';
import { queueEmail } from '../../email/outbox.js';
import { renderRequestEmail, type RequestEmailKind } from '../../email/templates.js';
import type { EventType } from '../../domain/webhook-events.js';
import type { Db } from '../../store/db.js';
import { recordEvent, type EventData } from '../../store/repos/outbox.js';
import { requestContext, updateRequest } from '../../store/repos/request-changes.js';
import { appointmentEventOf, deleteEvent, insertAppointmentEvent, insertTodo, moveEvent } from '../../store/repos/request-effects.js';
import type { RequestRow } from '../../store/schema.js';
import { deleteJobByKey, setTimerJob } from '../../store/repos/jobs.js';
import { ServiceError } from '../../domain/service-error.js';
import type { RequestEnv } from './env.js';
import { statusUrl } from '../status-links.js';

/** Job kinds of the request flow (registered in server/job-kinds.ts). */
export const REQUEST_DECISION = 'request.decision';
export const REQUEST_EXPIRE = 'request.expire';
export const REQUEST_COMPLETE = 'request.complete';

export interface MoveInput {
  trigger: Trigger;
  by: Actor;
  /** The proposed slot of a reschedule. */
  slot?: { start: Date; end: Date };
}

const VERB: Record<Trigger, string> = {
  accept: 'accepted', decline: 'declined', withdraw: 'withdrawn', expire: 'expired', reschedule: 'given a new time', confirm: 'confirmed', cancel: 'cancelled', complete: 'completed',
};

/** The rule for the move, or a `conflict` naming the state that forbids it (409 invalid_transition). */
export function ruleFor(row: RequestRow, input: MoveInput): MoveRule {
  const verdict = decideMove(row, input.trigger, input.by);
  if (!verdict.ok) throw new ServiceError('conflict', `The request is ${row.status}; it cannot be ${VERB[input.trigger]} now.`);
  return verdict.rule;
}

/** Events and emails of a request from a blocked contact are never made (docs/spec-decisions.md §3). */
const reachesInbox = (row: RequestRow) => !row.from_blocked;

/** An email to the requester only when asked for, with an address, never for test tokens or blocked contacts. */
export function emailsRequester(row: RequestRow): boolean {
  return row.notify_requester && !row.test && !row.from_blocked && row.requester_email !== null;
}

export async function record(trx: Db, row: RequestRow, type: EventType, data: EventData, now: Date): Promise<void> {
  if (reachesInbox(row)) await recordEvent(trx, { ownerId: row.owner_id, type, data, test: row.test, occurredAt: now });
}

export async function emailRequester(trx: Db, env: RequestEnv, row: RequestRow, kind: RequestEmailKind | EmailKind, now: Date): Promise<void> {
  if (!emailsRequester(row)) return;
  const ctx = await requestContext(trx, row.owner_id, row.appointment_type_id);
  const rendered = renderRequestEmail({
    kind,
    locale: row.requester_locale,
    ownerName: ctx.ownerName,
    requestKind: row.kind,
    typeName: ctx.typeName,
    slot: row.slot_start && row.slot_end ? { start: row.slot_start, end: row.slot_end } : null,
    requesterTimezone: row.requester_timezone,
    suggestedDueDate: row.suggested_due_date,
    cancelledBy: row.cancelled_by,
    statusUrl: statusUrl(env, row.id),
  });
  await queueEmail(trx, { ownerId: row.owner_id, requestId: row.id, kind, to: row.requester_email!, rendered }, now, env.smtp);
}

/** A task request's to-do: the message's first line as its title, the rest and the note as its description. */
function todoText(row: RequestRow): { title: string; description: string | null } {
  const message = (row.message ?? '').trim();
  const [first = '', ...rest] = message.split(/\r?\n/);
  const title = first.length > 500 ? `${first.slice(0, 499)}…` : first || 'Request';
  const parts = [first.length > 500 ? first : '', rest.join('\n').trim(), row.note?.trim() ?? ''].filter((p) => p !== '');
  return { title, description: parts.length > 0 ? parts.join('\n\n') : null };
}

async function runEffects(trx: Db, env: RequestEnv, rule: MoveRule, row: RequestRow, now: Date): Promise<void> {
  for (const effect of rule.effects) {
    switch (effect) {
      case 'calendar:put': {
        const existing = await appointmentEventOf(trx, row.owner_id, row.id);
        if (existing) {
          if (existing.start_at.getTime() !== row.slot_start!.getTime() || existing.end_at.getTime() !== row.slot_end!.getTime()) {
            await moveEvent(trx, row.owner_id, existing.id, row.slot_start!, row.slot_end!, now);
            await record(trx, row, 'event.updated', { object: 'event', id: existing.id }, now);
          }
          break;
        }
        const ctx = await requestContext(trx, row.owner_id, row.appointment_type_id);
        const id = await insertAppointmentEvent(
          trx,
          {
            ownerId: row.owner_id,
            requestId: row.id,
            title: `${ctx.typeName ?? 'Appointment'} with ${row.requester_name}`,
            start: row.slot_start!,
            end: row.slot_end!,
            timezone: ctx.ownerZone,
            notes: row.message,
            participants: [{ name: row.requester_name, ...(row.requester_email ? { email: row.requester_email } : {}), ...(row.requester_phone ? { phone: row.requester_phone } : {}) }],
          },
          now,
        );
        await record(trx, row, 'event.created', { object: 'event', id }, now);
        break;
      }
      case 'calendar:move': {
        const existing = await appointmentEventOf(trx, row.owner_id, row.id);
        if (existing) {
          await moveEvent(trx, row.owner_id, existing.id, row.slot_start!, row.slot_end!, now);
          await record(trx, row, 'event.updated', { object: 'event', id: existing.id }, now);
        }
        break;
      }
      case 'calendar:remove': {
        const existing = await appointmentEventOf(trx, row.owner_id, row.id);
        if (existing) {
          await deleteEvent(trx, row.owner_id, existing.id, now);
          await record(trx, row, 'event.deleted', { object: 'event', id: existing.id }, now);
        }
        break;
      }
      case 'todo:create': {
        const text = todoText(row);
        const id = await insertTodo(
          trx,
          { ownerId: row.owner_id, requestId: row.id, ...text, dueDate: row.suggested_due_date, timezone: row.suggested_due_date ? row.requester_timezone : null, fromRequester: row.requester_name },
          now,
        );
        await record(trx, row, 'task.created', { object: 'task', id }, now);
        break;
      }
      case 'timer:expire':
        await setTimerJob(trx, { kind: REQUEST_EXPIRE, ownerId: row.owner_id, key: row.id, runAt: row.expires_at!, payload: { requestId: row.id } }, now);
        break;
      case 'timer:complete':
        await setTimerJob(trx, { kind: REQUEST_COMPLETE, ownerId: row.owner_id, key: row.id, runAt: row.slot_end!, payload: { requestId: row.id } }, now);
        break;
    }
  }
}

/**
 * Makes one move of a locked request, in the caller's transaction: the new status, the effects of
 * its rule, exactly one request event (none for a blocked contact) and the requester's email.
 */
export async function applyMove(trx: Db, env: RequestEnv, row: RequestRow, input: MoveInput, now: Date): Promise<RequestRow> {
  const rule = ruleFor(row, input);
  const slot = input.trigger === 'reschedule' ? input.slot! : null;
  const changed = {
    status: rule.to,
    cancelled_by: rule.to === 'cancelled' ? (input.by as 'owner' | 'requester') : null,
    ...(slot ? { slot_start: slot.start, slot_end: slot.end, expires_at: slot.start } : {}),
    updated_at: now,
  };
  const next = { ...row, ...changed };
  const updated = await updateRequest(trx, row.owner_id, row.id, {
    ...changed,
    status_link_expires_at: statusLinkExpiry({ status: next.status, expiresAt: next.expires_at, slotEnd: next.slot_end, updatedAt: now }),
  });
  // A move by anyone but the owner ends any decision of the owner's still waiting in its undo window.
  if (input.by !== 'owner') await deleteJobByKey(trx, REQUEST_DECISION, row.id);
  await runEffects(trx, env, rule, updated, now);
  if (rule.event) await record(trx, updated, rule.event, { object: 'request', id: updated.id }, now);
  if (rule.email) await emailRequester(trx, env, updated, rule.email, now);
  return updated;
}
