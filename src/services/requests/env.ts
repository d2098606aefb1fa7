import type { StatusLinks } from '../status-links.js';
import type { Clock } from '../../domain/clock.js';
import type { Db } from '../../store/db.js';

/** What every request service needs, built once per instance (API, CLI, worker). */
export interface RequestEnv extends StatusLinks {
  db: Db;
  clock: Clock;
  /** SMTP is configured: emails are sent, not only kept in the local outbox. */
  smtp: boolean;
  /** How long an owner's decision waits to take effect (UNDO_WINDOW_MS); UNDO_WINDOW_MS's 5 s when absent. */
  undoWindowMs?: number;
}

export function requestEnv(s: { db: Db; clock: Clock; config: { publicBaseUrl: string; smtpUrl: string | null; undoWindowMs: number }; secrets: { statusLinks: string } }): RequestEnv {
  return { db: s.db, clock: s.clock, publicBaseUrl: s.config.publicBaseUrl, linkSecret: s.secrets.statusLinks, smtp: s.config.smtpUrl !== null, undoWindowMs: s.config.undoWindowMs };
}
