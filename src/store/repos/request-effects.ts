import { newId } from '../../domain/ids.js';
import type { Db } from '../db.js';
import { insertPersonalCalendar } from './calendars.js';
import { writeEvents } from './event-changes.js';
import { nextPosition } from './todo-list.js';

/** What an owner's decision puts on the calendar or the to-do list (docs/spec-decisions.md §3); caller's transaction. */

/** The live calendar event of an appointment request, if it has one. */
export async function appointmentEventOf(trx: Db, ownerId: string, requestId: string): Promise<{ id: string; start_at: Date; end_at: Date } | undefined> {
  return trx
    .selectFrom('events')
    .select(['id', 'start_at', 'end_at'])
    .where('owner_id', '=', ownerId)
    .where('request_id', '=', requestId)
    .where('is_appointment', '=', true)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The owner's first calendar (made as `personal` when the owner has none). */
async function firstCalendar(trx: Db, ownerId: string, now: Date): Promise<string> {
  const cal = await trx.selectFrom('calendars').select('id').where('owner_id', '=', ownerId).orderBy('position').orderBy('created_at').executeTakeFirst();
  return cal ? cal.id : insertPersonalCalendar(trx, ownerId, now);
}

export interface AppointmentEvent {
  ownerId: string;
  requestId: string;
  title: string;
  start: Date;
  end: Date;
  timezone: string;
  notes: string | null;
  participants: { name: string; email?: string; phone?: string }[];
}

export async function insertAppointmentEvent(trx: Db, e: AppointmentEvent, now: Date): Promise<string> {
  const id = newId();
  await writeEvents(trx, e.ownerId, {
    insert: [{
      id,
      owner_id: e.ownerId,
      calendar_id: await firstCalendar(trx, e.ownerId, now),
      title: e.title,
      start_at: e.start,
      end_at: e.end,
      timezone: e.timezone,
      show_as: 'busy',
      status: 'confirmed',
      location: null,
      url: null,
      notes: e.notes,
      participants: JSON.stringify(e.participants),
      rrule: null,
      series_until: e.end,
      is_appointment: true,
      request_id: e.requestId,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    }],
  });
  return id;
}

export async function moveEvent(trx: Db, ownerId: string, id: string, start: Date, end: Date, now: Date): Promise<void> {
  await writeEvents(trx, ownerId, { change: [{ id, set: { start_at: start, end_at: end, series_until: end, updated_at: now } }] });
}

export async function deleteEvent(trx: Db, ownerId: string, id: string, now: Date): Promise<void> {
  await writeEvents(trx, ownerId, { change: [{ id, set: { deleted_at: now, updated_at: now } }] });
}

export interface RequestedTodo {
  ownerId: string;
  requestId: string;
  title: string;
  description: string | null;
  dueDate: string | null;
  timezone: string | null;
  fromRequester: string;
}

/** A to-do at the end of the owner's list. */
export async function insertTodo(trx: Db, t: RequestedTodo, now: Date): Promise<string> {
  const id = newId();
  const position = await nextPosition(trx, t.ownerId);
  await trx
    .insertInto('tasks')
    .values({
      id,
      owner_id: t.ownerId,
      title: t.title,
      description: t.description,
      due_date: t.dueDate,
      due_time: null,
      timezone: t.timezone,
      priority: 'none',
      status: 'open',
      completed_at: null,
      from_requester: t.fromRequester,
      request_id: t.requestId,
      duration_minutes: null,
      position,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .execute();
  return id;
}

export async function lockTask(trx: Db, ownerId: string, id: string): Promise<{ id: string; status: 'open' | 'completed'; request_id: string | null } | undefined> {
  return trx
    .selectFrom('tasks')
    .select(['id', 'status', 'request_id'])
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

export async function completeTodo(trx: Db, ownerId: string, id: string, now: Date): Promise<void> {
  await trx.updateTable('tasks').set({ status: 'completed', completed_at: now, updated_at: now }).where('owner_id', '=', ownerId).where('id', '=', id).execute();
}
