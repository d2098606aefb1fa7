import { asUuid } from '../domain/ids.js';
import { listOutbox } from '../email/outbox.js';
import type { Db } from '../store/db.js';
import { findEmail } from '../store/repos/emails.js';
import type { EmailRow } from '../store/schema.js';

/** The owner's local outbox (the console's Mail): every email written to a requester, newest first. */
export const listMail = (db: Db, ownerId: string, limit = 100): Promise<EmailRow[]> => listOutbox(db, ownerId, limit);

/** One of the owner's emails, or undefined (another owner's email is not found either). */
export async function findMail(db: Db, ownerId: string, emailId: string): Promise<EmailRow | undefined> {
  const id = asUuid(emailId);
  if (id === null) return undefined;
  return findEmail(db, ownerId, id);
}
