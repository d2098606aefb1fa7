import { API_PARTS } from './api.js';
import type { Part } from './part.js';
import { WORKER_PARTS } from './worker.js';

/**
 * What each role of `serve` starts, in order. Today one process does everything (`all`); roles that
 * split it (`api`, `worker`) are further lines here, not branches in serve.ts.
 */
export const ROLES = {
  all: [...API_PARTS, ...WORKER_PARTS],
} as const satisfies Record<string, readonly Part[]>;

export type Role = keyof typeof ROLES;
