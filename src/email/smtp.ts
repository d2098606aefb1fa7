import type nodemailer from 'nodemailer';
import { UUID_RE } from '../domain/ids.js';
import type { Db } from '../store/db.js';
import { emailToSend, markEmailFailed, markEmailSent, recordEmailFailure } from '../store/repos/emails.js';
import type { JobRow } from '../store/schema.js';
import type { Backoff } from '../store/repos/jobs.js';
import { JobAborted, type JobContext, type JobKind, type JobOutcome, type WorkerLog } from '../jobs/queue.js';

export interface EmailSendDeps {
  db: Db;
  /** SMTP_URL, e.g. smtps://user:pass@mail.example:465. */
  smtpUrl: string;
  /** The From header (EMAIL_FROM). */
  from: string;
  log?: WorkerLog;
  /** Tests inject one (jsonTransport, streamTransport); otherwise one is made from smtpUrl on first use. */
  transport?: nodemailer.Transporter;
}

/** Attempts before an email is given up on and marked 'failed': with the back-off, about 2½ hours. */
export const MAX_EMAIL_ATTEMPTS = 8;

/** 30 s, 1 min, 2 min … capped at an hour, spread ±20 % so a mail server's outage does not end in a burst. */
export const EMAIL_BACKOFF: Backoff = { baseSeconds: 30, maxSeconds: 3600, jitter: 0.2 };

const MAX_ERROR_LENGTH = 2000;

/** Sending one email as a job kind: one line in the registry (server/job-kinds.ts). */
export function emailSendKind(deps: EmailSendDeps): JobKind {
  // nodemailer is loaded with the first email sent (about 14 MB a service that sends none does without).
  let transport: nodemailer.Transporter | null = deps.transport ?? null;
  const transporter = async (): Promise<nodemailer.Transporter> => {
    if (!transport) {
      const { default: mailer } = await import('nodemailer');
      transport ??= mailer.createTransport(deps.smtpUrl) as nodemailer.Transporter;
    }
    return transport;
  };
  return { backoff: EMAIL_BACKOFF, run: (job, ctx) => sendEmail(deps, transporter, job, ctx) };
}

async function sendEmail(deps: EmailSendDeps, transporter: () => Promise<nodemailer.Transporter>, job: JobRow, ctx: JobContext): Promise<JobOutcome> {
  const { db, log } = deps;
  const emailId = (job.payload as { emailId?: unknown } | null)?.emailId;
  if (typeof emailId !== 'string' || !UUID_RE.test(emailId)) {
    log?.warn({ job: job.id, payload: job.payload }, 'email.send job without an email id: dropped');
    return { done: true };
  }
  const row = await emailToSend(db, emailId);
  // Gone (its owner was deleted) or sent already (a job run twice): nothing to do.
  if (!row || row.status === 'sent') return { done: true };
  if (ctx.signal.aborted) throw new JobAborted('worker closing');

  try {
    await (await transporter()).sendMail({
      from: deps.from,
      to: row.to_address,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      headers: { 'Auto-Submitted': 'auto-generated' },
    });
  } catch (e) {
    const message = (e instanceof Error ? e.message : String(e)).slice(0, MAX_ERROR_LENGTH);
    const attempts = (await recordEmailFailure(db, row.owner_id, row.id, message)) ?? row.attempts + 1;
    if (attempts >= MAX_EMAIL_ATTEMPTS) {
      await markEmailFailed(db, row.owner_id, row.id);
      log?.warn({ email: row.id, owner: row.owner_id, attempts, err: message }, 'email could not be sent; given up');
      return { done: true };
    }
    throw e instanceof Error ? e : new Error(message);
  }

  await markEmailSent(db, row.owner_id, row.id, ctx.now);
  return { done: true };
}
