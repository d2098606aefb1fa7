import { newId } from '../domain/ids.js';
import type { Db } from '../store/db.js';
import { emailsOf, insertEmail } from '../store/repos/emails.js';
import type { EmailRow } from '../store/schema.js';
import { enqueueJob } from '../store/repos/jobs.js';
import type { RenderedEmail } from './templates.js';

/** The job kind that sends one email; its key is the email id, its payload `{ emailId }`. */
export const EMAIL_SEND = 'email.send';

export interface QueuedEmail {
  ownerId: string;
  requestId: string | null;
  kind: string;
  to: string;
  rendered: RenderedEmail;
}

/**
 * Writes the email in the caller's transaction (the move it tells of commits with it, or neither
 * does). With SMTP it also enqueues an `email.send` job (key = email id) due now; without, the row
 * stays 'local': the owner's console shows it. Returns the email id.
 */
export async function queueEmail(db: Db, email: QueuedEmail, now: Date, smtp: boolean): Promise<string> {
  const id = newId();
  await insertEmail(db, {
    id,
    owner_id: email.ownerId,
    request_id: email.requestId,
    kind: email.kind,
    to_address: email.to,
    locale: email.rendered.locale,
    subject: email.rendered.subject,
    text_body: email.rendered.text,
    html_body: email.rendered.html,
    status: smtp ? 'queued' : 'local',
    last_error: null,
    sent_at: null,
    created_at: now,
  });
  if (smtp) await enqueueJob(db, { kind: EMAIL_SEND, ownerId: email.ownerId, key: id, payload: { emailId: id }, runAt: now }, now);
  return id;
}

/** The owner's emails, newest first (the console's outbox). */
export async function listOutbox(db: Db, ownerId: string, limit = 50): Promise<EmailRow[]> {
  return emailsOf(db, ownerId, Math.max(1, Math.min(Math.trunc(limit) || 1, 500)));
}
