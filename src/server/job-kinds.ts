import type { Deps } from '../deps.js';
import { EMAIL_SEND } from '../email/outbox.js';
import { emailSendKind } from '../email/smtp.js';
import { decisionKind } from '../services/requests/decisions.js';
import { requestEnv } from '../services/requests/env.js';
import { REQUEST_COMPLETE, REQUEST_DECISION, REQUEST_EXPIRE } from '../services/requests/moves.js';
import { completionKind, expiryKind } from '../services/requests/timers.js';
import { CALENDAR_HORIZON, calendarHorizonKind } from '../services/calendar-horizon.js';
import { FEED_IMPORT, feedImportKind } from '../services/feed-import.js';
import { HOUSEKEEPING, housekeepingKind } from '../services/housekeeping.js';
import { TOKEN_EXPIRY, tokenExpiryKind } from '../webhooks/revocation.js';
import type { JobKind, WorkerLog } from '../jobs/queue.js';

/** The kinds a kind's deps need: the composition root's bag, or a test's part of it. */
export type JobDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'secrets' | 'outbound' | 'ical'> & { log?: WorkerLog };

/** Every job kind the worker runs, one line each. */
export function jobKinds(deps: JobDeps): Record<string, JobKind> {
  const policy = deps.outbound;
  const log = deps.log ? { log: deps.log } : {};
  const env = requestEnv(deps);
  return {
    [FEED_IMPORT]: feedImportKind({ db: deps.db, policy, ical: deps.ical, ...log }),
    [REQUEST_DECISION]: decisionKind(env, deps.log),
    [REQUEST_EXPIRE]: expiryKind(env),
    [REQUEST_COMPLETE]: completionKind(env),
    [HOUSEKEEPING]: housekeepingKind(deps.db),
    [CALENDAR_HORIZON]: calendarHorizonKind(deps.db),
    [TOKEN_EXPIRY]: tokenExpiryKind(deps.db),
    // Without SMTP, emails stay in the local outbox and no job is made for them.
    ...(deps.config.smtpUrl ? { [EMAIL_SEND]: emailSendKind({ db: deps.db, smtpUrl: deps.config.smtpUrl, from: deps.config.emailFrom, ...log }) } : {}),
  };
}
