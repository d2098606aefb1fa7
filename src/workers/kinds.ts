import type { Config } from '../config.js';
import type { OutboundPolicy } from '../net/public-address.js';
import type { Db } from '../store/db.js';
import { FEED_IMPORT, feedImportKind } from './feed-import.js';
import type { JobKind, WorkerLog } from './worker.js';

export interface JobDeps {
  db: Db;
  config: Config;
  log?: WorkerLog;
}

/** The outbound rules every fetch follows: only the operator's allow-list loosens them. */
export function outboundPolicy(config: Config): OutboundPolicy {
  return { allowPrivateHosts: config.allowPrivateHosts };
}

/** Every job kind the worker runs, one line each (webhook deliveries, undo windows, expiry come here). */
export function jobKinds(deps: JobDeps): Record<string, JobKind> {
  const policy = outboundPolicy(deps.config);
  return {
    [FEED_IMPORT]: feedImportKind({ db: deps.db, policy, ...(deps.log ? { log: deps.log } : {}) }),
  };
}
