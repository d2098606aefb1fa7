import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * How many connections this process can hold, from its descriptor limit (issue #32 point 5). Every
 * connection is a descriptor, and so is everything else the process opens: at 1,024 (a login
 * shell's `ulimit -n`, systemd's usual soft limit) 1,000 idle connections plus the ~72 descriptors
 * the server holds at start took the last one, and the next thing that opened a file (the load
 * shedding's memory sample) threw EMFILE and ended the process. So the cap is what the limit
 * leaves after the descriptors open at start and a reserve for what opens later.
 */

/**
 * Descriptors kept for what the process opens after start: the store (PGlite's relation files, at
 * most 64 by its max_files_per_process, and its WAL: ~72; or the PostgreSQL pool's 10), Redis (2),
 * the iCalendar worker threads (2, ~6 each: an event loop, its wake-ups, a message port), outbound
 * fetches (webhook deliveries, at most 5 per endpoint in flight, and feed imports: ~40 sockets),
 * files read while answering (guides, assets: ~10), the admin channel's clients and the listening
 * sockets (~10), and slack for Node's own (~14).
 */
export const RESERVED_DESCRIPTORS = 160;

/** The metrics listener's own connections: one Prometheus keeps one; a few more for a person with curl. */
export const METRICS_CONNECTIONS = 16;

/** At least this many connections whatever the limit says: below it the service could not serve at all. */
const MIN_CONNECTIONS = 8;

export interface DescriptorFacts {
  /** The soft RLIMIT_NOFILE (what open() and accept() meet), or null when unlimited or unknown. */
  limit: number | null;
  /** Descriptors open when counted, or null when they cannot be counted here. */
  open: number | null;
}

/** Listener caps: at most `max` connections at once, at most `perAddress` of them from one client. */
export interface ConnectionCaps {
  max: number;
  perAddress: number;
}

export interface ConnectionBudget {
  /** The soft limit the caps were derived from (null: none found, the configured caps stand). */
  descriptorLimit: number | null;
  /** Descriptors open at start, as counted (or assumed). */
  openAtStart: number;
  /** The API's listener (the health listener of the worker role). */
  http: ConnectionCaps;
  /** The metrics listener, when there is one (METRICS_PORT). */
  metrics: ConnectionCaps | null;
  /** True when MAX_CONNECTIONS was lowered to fit the limit. */
  lowered: boolean;
}

/** Descriptors a freshly started service holds before its first client (measured: 72-79). */
const ASSUMED_OPEN = 80;

/**
 * The caps of every listener of this process: MAX_CONNECTIONS and MAX_CONNECTIONS_PER_ADDRESS as
 * configured, lowered to what the descriptor limit leaves (pure: the facts come in).
 * `perAddress` null means a quarter of the listener's cap.
 */
export function connectionBudget(
  facts: DescriptorFacts,
  configured: { maxConnections: number; perAddress: number | null; metrics: boolean },
): ConnectionBudget {
  const openAtStart = facts.open ?? ASSUMED_OPEN;
  const metricsMax = configured.metrics ? METRICS_CONNECTIONS : 0;
  const room = facts.limit === null ? Number.POSITIVE_INFINITY : facts.limit - openAtStart - RESERVED_DESCRIPTORS - metricsMax;
  const max = Math.max(MIN_CONNECTIONS, Math.min(configured.maxConnections, room));
  const share = (cap: number) => Math.max(1, Math.min(cap, configured.perAddress ?? Math.ceil(cap / 4)));
  return {
    descriptorLimit: facts.limit,
    openAtStart,
    http: { max, perAddress: share(max) },
    // The metrics listener's few: a quarter each, whatever MAX_CONNECTIONS_PER_ADDRESS says of the API's.
    metrics: configured.metrics ? { max: metricsMax, perAddress: Math.ceil(metricsMax / 4) } : null,
    lowered: max < configured.maxConnections,
  };
}

/** "Max open files  1024  524288  files" -> 1024; "unlimited" -> null. */
export function softLimitFromProcLimits(text: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith('Max open files'));
  const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
  return soft === undefined || soft === 'unlimited' || !/^\d+$/.test(soft) ? null : Number(soft);
}

/**
 * This process's soft RLIMIT_NOFILE, read at start: /proc/self/limits on Linux, else `ulimit -n`
 * of a child shell (which inherits it). Node raises the soft limit to the hard one when it starts,
 * so this is what the process really has (systemd's 1,024 soft / 524,288 hard becomes 524,288;
 * `ulimit -n 1024` in a shell sets both, and stays 1,024).
 */
export function readDescriptorFacts(): DescriptorFacts {
  let limit: number | null = null;
  try {
    limit = softLimitFromProcLimits(readFileSync('/proc/self/limits', 'utf8'));
  } catch {
    try {
      const text = execFileSync('/bin/sh', ['-c', 'ulimit -n'], { encoding: 'utf8', timeout: 5000 }).trim();
      limit = /^\d+$/.test(text) ? Number(text) : null;
    } catch {
      limit = null;
    }
  }
  let open: number | null = null;
  for (const dir of ['/proc/self/fd', '/dev/fd']) {
    try {
      // The listing's own descriptor is in it.
      open = readdirSync(dir).length - 1;
      break;
    } catch {
      // not here
    }
  }
  return { limit, open };
}
