import { API_PARTS } from './api.js';
import { healthPart } from './health.js';
import { metricsPart } from './metrics.js';
import type { Role } from './names.js';
import type { Part } from './part.js';
import { WORKER_PARTS } from './worker.js';

/**
 * What each role of `serve --role` starts, in order (docs/deploy.md). `all` is one process doing
 * everything (the default, and the only role on PGlite); `api` answers HTTP and runs no background
 * loop; `worker` runs the jobs and the webhook deliveries and answers only health.
 */
export const ROLES = {
  all: [metricsPart, ...API_PARTS, ...WORKER_PARTS],
  api: [metricsPart, ...API_PARTS],
  worker: [metricsPart, healthPart, ...WORKER_PARTS],
} as const satisfies Record<Role, readonly Part[]>;

export { ROLE_NAMES, type Role } from './names.js';
