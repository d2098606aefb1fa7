import { randomUUID } from 'node:crypto';
import { hashToken } from '../../src/domain/token-format.js';
import type { Db } from '../../src/store/db.js';
import type { RequestStatus } from '../../src/store/schema.js';

/**
 * Rows inserted straight into the store, the way the owner's app would have left them, so API tests
 * can describe a world in a few lines. Instants are given as wire text; a deleted row has
 * updated_at = deleted_at (a deletion is a change).
 */
const at = (text: string): Date => new Date(text);

export interface TaskSeed {
  title?: string;
  description?: string | null;
  dueDate?: string | null;
  dueTime?: string | null;
  timezone?: string | null;
  priority?: 'none' | 'low' | 'medium' | 'high';
  status?: 'open' | 'completed';
  completedAt?: string | null;
  fromRequester?: string | null;
  requestId?: string | null;
  durationMinutes?: number | null;
  updatedAt?: string;
  deletedAt?: string | null;
}

export async function seedTask(db: Db, ownerId: string, t: TaskSeed = {}): Promise<string> {
  const id = randomUUID();
  const updated = at(t.deletedAt ?? t.updatedAt ?? '2026-03-01T00:00:00Z');
  await db
    .insertInto('tasks')
    .values({
      id,
      owner_id: ownerId,
      title: t.title ?? 'To-do',
      description: t.description ?? null,
      due_date: t.dueDate ?? null,
      due_time: t.dueTime ?? null,
      timezone: t.timezone ?? null,
      priority: t.priority ?? 'none',
      status: t.status ?? (t.completedAt ? 'completed' : 'open'),
      completed_at: t.completedAt ? at(t.completedAt) : null,
      from_requester: t.fromRequester ?? null,
      request_id: t.requestId ?? null,
      duration_minutes: t.durationMinutes ?? null,
      created_at: at('2026-01-01T00:00:00Z'),
      updated_at: updated,
      deleted_at: t.deletedAt ? at(t.deletedAt) : null,
    })
    .execute();
  return id;
}

export interface RequestSeed {
  kind?: 'appointment' | 'task';
  status?: RequestStatus;
  cancelledBy?: 'owner' | 'requester' | null;
  appointmentTypeId?: string | null;
  slot?: { start: string; end: string } | null;
  suggestedDueDate?: string | null;
  message?: string | null;
  note?: string | null;
  requester?: { name?: string; email?: string | null; phone?: string | null; contactMethod?: string | null; contactHandle?: string | null };
  requesterTimezone?: string;
  source?: 'public' | 'api';
  /** The id of the token that created it (see tokenIdOf); null for the public page. */
  tokenId?: string | null;
  test?: boolean;
  fromBlocked?: boolean;
  createdAt?: string;
  updatedAt?: string;
  deletedAt?: string | null;
}

export async function seedRequest(db: Db, ownerId: string, r: RequestSeed = {}): Promise<string> {
  const id = randomUUID();
  const kind = r.kind ?? 'task';
  const created = r.createdAt ?? '2026-03-01T00:00:00Z';
  const slot = r.slot === undefined ? (kind === 'appointment' ? { start: '2026-04-01T09:00:00Z', end: '2026-04-01T09:30:00Z' } : null) : r.slot;
  await db
    .insertInto('requests')
    .values({
      id,
      owner_id: ownerId,
      kind,
      status: r.status ?? 'pending',
      cancelled_by: r.cancelledBy ?? null,
      appointment_type_id: r.appointmentTypeId ?? null,
      slot_start: slot ? at(slot.start) : null,
      slot_end: slot ? at(slot.end) : null,
      suggested_due_date: r.suggestedDueDate ?? null,
      message: r.message === undefined ? 'Hello' : r.message,
      note: r.note ?? null,
      requester_name: r.requester?.name ?? 'Ada Lovelace',
      requester_email: r.requester?.email === undefined ? 'ada@example.com' : r.requester.email,
      requester_phone: r.requester?.phone === undefined ? '+4915112345678' : r.requester.phone,
      contact_method: r.requester?.contactMethod ?? null,
      contact_handle: r.requester?.contactHandle ?? null,
      requester_timezone: r.requesterTimezone ?? 'Europe/Berlin',
      requester_locale: 'en',
      source: r.source ?? (r.tokenId ? 'api' : 'public'),
      token_id: r.tokenId ?? null,
      test: r.test ?? false,
      from_blocked: r.fromBlocked ?? false,
      expires_at: null,
      created_at: at(created),
      updated_at: at(r.deletedAt ?? r.updatedAt ?? created),
      deleted_at: r.deletedAt ? at(r.deletedAt) : null,
    })
    .execute();
  return id;
}

export async function seedAppointmentType(
  db: Db,
  ownerId: string,
  a: { name?: string; durationMinutes?: number; position: number; deletedAt?: string | null },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('appointment_types')
    .values({
      id,
      owner_id: ownerId,
      name: a.name ?? 'Meeting',
      duration_minutes: a.durationMinutes ?? 30,
      position: a.position,
      created_at: at('2026-01-01T00:00:00Z'),
      updated_at: at(a.deletedAt ?? '2026-01-01T00:00:00Z'),
      deleted_at: a.deletedAt ? at(a.deletedAt) : null,
    })
    .execute();
  return id;
}

/** Switches the owner's booking page on or off (createOwner leaves it off). */
export async function setBooking(db: Db, ownerId: string, enabled: boolean): Promise<void> {
  await db.updateTable('booking_settings').set({ enabled, updated_at: at('2026-01-01T00:00:00Z') }).where('owner_id', '=', ownerId).execute();
}

export async function seedContact(
  db: Db,
  ownerId: string,
  c: { name?: string | null; email?: string | null; phone?: string | null; blocked?: boolean } = {},
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('contacts')
    .values({
      id,
      owner_id: ownerId,
      name: c.name ?? null,
      email: c.email ?? null,
      phone: c.phone ?? null,
      blocked: c.blocked ?? false,
      created_at: at('2026-01-01T00:00:00Z'),
      updated_at: at('2026-01-01T00:00:00Z'),
    })
    .execute();
  return id;
}

export async function seedJournalEntry(db: Db, ownerId: string, j: { entryDate?: string; body: string }): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('journal_entries')
    .values({
      id,
      owner_id: ownerId,
      entry_date: j.entryDate ?? '2026-03-28',
      body: j.body,
      created_at: at('2026-03-28T20:00:00Z'),
      updated_at: at('2026-03-28T20:00:00Z'),
    })
    .execute();
  return id;
}

/** The stored id of a token, from its value (only the hash is stored). */
export async function tokenIdOf(db: Db, value: string): Promise<string> {
  const row = await db.selectFrom('tokens').select('id').where('token_hash', '=', hashToken(value)).executeTakeFirstOrThrow();
  return row.id;
}
