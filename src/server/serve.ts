import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { openDeps, type Deps } from '../deps.js';
import { ServiceMetrics } from '../http/metrics.js';
import type { AdminChannel } from './admin-channel.js';
import { describeWait, FOLDER_WAIT_MS, tryLock, type DataDirLock, type LockHolder } from './data-dir-lock.js';
import { connectionBudget, readDescriptorFacts, type ConnectionBudget } from './descriptor-budget.js';
import { ROLES, type Role } from './roles/index.js';
import type { Started } from './roles/part.js';
import { ServeError } from './serve-error.js';

export interface RunningServer {
  url: string;
  rt: Deps;
  /** The API's server; null for the worker role, which answers only health. */
  app: FastifyInstance | null;
  admin: AdminChannel | null;
  /** Stops taking requests, finishes those in flight, writes last-use times, releases the folder. */
  stop(): Promise<void>;
}

/** Where the data lives, for the start-up line; a PostgreSQL URL loses its password. */
export function describeEngine(config: Config): { engine: 'pglite' | 'postgres'; where: string; text: string } {
  if (!config.databaseUrl) {
    return {
      engine: 'pglite',
      where: config.dataDir,
      text: `embedded PGlite in ${config.dataDir} (fsync is off in PGlite: a machine crash can lose the last writes; use DATABASE_URL for production)`,
    };
  }
  let where = 'PostgreSQL';
  try {
    const u = new URL(config.databaseUrl);
    where = `${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
  } catch {
    // not a URL (a libpq key=value string): say only the engine
  }
  return { engine: 'postgres', where, text: `PostgreSQL at ${where}` };
}

/** "at most 817 connections, 205 per client address (descriptor limit 1024, 79 open at start)". */
export function describeCaps(budget: ConnectionBudget): string {
  const limit = budget.descriptorLimit === null ? 'no descriptor limit found' : `descriptor limit ${budget.descriptorLimit}, ${budget.openAtStart} open at start`;
  return `at most ${budget.http.max} connections, ${budget.http.perAddress} per client address (${limit})`;
}

async function takeFolder(config: Config, log: Logger): Promise<DataDirLock> {
  const deadline = Date.now() + FOLDER_WAIT_MS;
  let told = false;
  for (;;) {
    const attempt = tryLock(config.dataDir, 'serve');
    if (attempt.ok) return attempt.lock;
    const holder: LockHolder | null = attempt.holder;
    if (holder?.command === 'serve') {
      throw new ServeError(`the data folder ${config.dataDir} is already served by process ${holder.pid} (since ${holder.startedAt})`);
    }
    if (Date.now() >= deadline) {
      throw new ServeError(`the data folder ${config.dataDir} is held by process ${holder?.pid ?? '?'} (calendar-access ${holder?.command ?? '?'}); stop it and start again`);
    }
    if (!told) {
      log.info({ holder }, `waiting (up to ${describeWait(FOLDER_WAIT_MS)}) for process ${holder?.pid ?? '?'} (calendar-access ${holder?.command ?? '?'}) to release ${config.dataDir}`);
      told = true;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Opens the dependencies (the store, migrated once), then starts the role's parts in order: for
 * `all`, the HTTP server, on PGlite the admin channel that runs CLI commands in this process, the
 * token last-use writer, the job loop and the webhook deliveries. Failing part-way, it stops what
 * it started, in reverse.
 */
export async function startServer(config: Config, log: Logger, role: Role = 'all'): Promise<RunningServer> {
  const engine = describeEngine(config);
  // One process per PGlite folder: a split into roles needs a database other processes can reach.
  if (engine.engine === 'pglite' && role !== 'all') {
    throw new ServeError(`--role ${role} needs PostgreSQL (DATABASE_URL): the embedded PGlite store is served by one process, which is --role all`);
  }
  const lock = engine.engine === 'pglite' ? await takeFolder(config, log) : null;
  const undo: (() => Promise<void>)[] = [async () => lock?.release()];
  // The parts stop together (the HTTP server stops accepting while the workers finish what they
  // hold, each within SHUTDOWN_GRACE_MS), then the dependencies close, then the folder is released.
  const partStops: (() => Promise<void>)[] = [];
  const unwind = async () => {
    await Promise.all(partStops.map((stop) => stop().catch((e) => log.error({ err: e }, 'while stopping'))));
    for (const step of undo.reverse()) await step().catch((e) => log.error({ err: e }, 'while stopping'));
  };
  try {
    const deps = await openDeps(config, { log });
    undo.push(() => deps.close());
    if (deps.migrated.length > 0) log.info({ migrations: deps.migrated }, `ran migrations ${deps.migrated.join(', ')}`);
    if (config.allowPrivateHosts.length > 0) {
      log.warn(
        { allowPrivateHosts: config.allowPrivateHosts },
        `ALLOW_PRIVATE_HOSTS is set: outbound fetches may reach private and loopback addresses of ${config.allowPrivateHosts.join(', ')}. For tests and local development only; never in production.`,
      );
    }
    const metrics = config.metricsPort === null ? null : new ServiceMetrics({ store: deps.store, clock: deps.clock, limits: deps.limits, role });
    // Counted once the store and Redis are open: what the listeners may hold is what is left.
    const connections = connectionBudget(readDescriptorFacts(), {
      maxConnections: config.maxConnections,
      perAddress: config.maxConnectionsPerAddress,
      metrics: metrics !== null,
    });
    if (connections.lowered) {
      log.warn(
        { maxConnections: config.maxConnections, descriptorLimit: connections.descriptorLimit, openAtStart: connections.openAtStart },
        `MAX_CONNECTIONS ${config.maxConnections} does not fit the descriptor limit ${connections.descriptorLimit}: at most ${connections.http.max} connections are held (raise LimitNOFILE / ulimit -n, docs/deploy.md)`,
      );
    }
    const offered: Omit<Started, 'stop'> = {};
    const parts: string[] = [];
    for (const part of ROLES[role]) {
      const started = await part.start({ deps, log, metrics, connections });
      if (!started) continue;
      parts.push(part.name);
      const { stop, ...offers } = started;
      partStops.push(stop);
      Object.assign(offered, offers);
    }
    const url = offered.url ?? '';
    log.info(
      {
        url, role, parts, ...(offered.metricsUrl ? { metrics: offered.metricsUrl } : {}), engine: engine.engine, store: engine.where, ...(offered.admin ? { adminSocket: offered.admin.path } : {}),
        maxConnections: connections.http.max, maxConnectionsPerAddress: connections.http.perAddress, descriptorLimit: connections.descriptorLimit,
      },
      `calendar-access listening on ${url}, store: ${engine.text}; ${describeCaps(connections)}`,
    );

    let stopping: Promise<void> | null = null;
    return { url, rt: deps, app: offered.app ?? null, admin: offered.admin ?? null, stop: () => (stopping ??= unwind()) };
  } catch (e) {
    await unwind();
    throw e;
  }
}
