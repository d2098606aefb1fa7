import type { Insertable } from 'kysely';
import type { Db } from '../db.js';
import type { EmailRow, EmailsTable } from '../schema.js';

/** The emails written to requesters: the owner's local outbox, and the queue the email.send job sends. */

export async function insertEmail(db: Db, row: Insertable<EmailsTable>): Promise<void> {
  await db.insertInto('emails').values(row).execute();
}

/** The owner's emails, newest first. */
export async function emailsOf(db: Db, ownerId: string, limit: number): Promise<EmailRow[]> {
  return db.selectFrom('emails').selectAll().where('owner_id', '=', ownerId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** One of the owner's emails (another owner's is not found either). */
export async function findEmail(db: Db, ownerId: string, id: string): Promise<EmailRow | undefined> {
  return db.selectFrom('emails').selectAll().where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
}

/** The email a send job names: by its id alone, which the job's payload carries and which is unique across owners. */
export async function emailToSend(db: Db, id: string): Promise<EmailRow | undefined> {
  return db.selectFrom('emails').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Counts a failed attempt with its error; the attempts made so far, or undefined when the email is gone. */
export async function recordEmailFailure(db: Db, ownerId: string, id: string, error: string): Promise<number | undefined> {
  const row = await db
    .updateTable('emails')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: error }))
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts;
}

/** Given up on: no more attempts. */
export async function markEmailFailed(db: Db, ownerId: string, id: string): Promise<void> {
  await db.updateTable('emails').set({ status: 'failed' }).where('owner_id', '=', ownerId).where('id', '=', id).execute();
}

export async function markEmailSent(db: Db, ownerId: string, id: string, now: Date): Promise<void> {
  await db
    .updateTable('emails')
    .set((eb) => ({ status: 'sent', sent_at: now, attempts: eb('attempts', '+', 1), last_error: null }))
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .execute();
}
