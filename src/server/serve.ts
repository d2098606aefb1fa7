import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { buildApp } from '../http/app.js';
import { openRuntime, type Runtime } from '../runtime.js';
import { migrate, openStore } from '../store/db.js';
import { jobKinds } from './job-kinds.js';
import { outboundPolicy } from '../net/public-address.js';
import { DeliveryWorker } from '../webhooks/delivery-worker.js';
import { scheduleHousekeeping } from '../services/housekeeping.js';
import { Worker } from '../jobs/queue.js';
import { openAdminChannel, type AdminChannel } from './admin-channel.js';
import { adminSocketPath } from './admin-socket.js';
import { tryLock, type DataDirLock, type LockHolder } from './data-dir-lock.js';
import { ServeError } from './serve-error.js';

/** Last-use times of tokens are gathered in memory and written this often (and at shutdown). */
export const FLUSH_LAST_USED_MS = 30_000;
/** How long `serve` waits for a data folder that a CLI command holds (a `demo` takes a few seconds). */
const FOLDER_WAIT_MS = 30_000;

export interface RunningServer {
  url: string;
  rt: Runtime;
  app: FastifyInstance;
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
      log.info({ holder }, `waiting for process ${holder?.pid ?? '?'} (calendar-access ${holder?.command ?? '?'}) to release ${config.dataDir}`);
      told = true;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Opens the store (migrating it), serves the API on config.host:port and, on PGlite, the admin
 * channel that runs CLI commands in this process. Failing part-way, it undoes what it did.
 */
export async function startServer(config: Config, log: Logger): Promise<RunningServer> {
  const engine = describeEngine(config);
  const lock = engine.engine === 'pglite' ? await takeFolder(config, log) : null;
  const undo: (() => Promise<void>)[] = [async () => lock?.release()];
  const unwind = async () => {
    for (const step of undo.reverse()) await step().catch((e) => log.error({ err: e }, 'while stopping'));
  };
  try {
    const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    undo.push(() => store.close());
    const ran = await migrate(store);
    if (ran.length > 0) log.info({ migrations: ran }, `ran migrations ${ran.join(', ')}`);
    const rt = await openRuntime(config, { existingStore: store });
    undo.pop();
    undo.push(() => rt.close());

    const app = await buildApp({ services: rt.services, authenticator: rt.authenticator, rateLimits: rt.rateLimits, logger: log });
    try {
      await app.listen({ host: config.host, port: config.port });
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE') throw new ServeError(`port ${config.port} on ${config.host} is in use; choose another with --port or PORT`);
      if (code === 'EACCES') throw new ServeError(`not allowed to listen on port ${config.port}; choose a port above 1023`);
      throw e;
    }
    undo.push(() => app.close());
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    const url = `http://${host}:${port}`;

    let admin: AdminChannel | null = null;
    if (engine.engine === 'pglite') {
      admin = await openAdminChannel(rt, adminSocketPath(config.dataDir), log);
      undo.push(() => admin!.close());
    }

    const flush = setInterval(() => {
      rt.authenticator.flushLastUsed().catch((e) => log.error({ err: e }, 'could not write token last-use times'));
    }, FLUSH_LAST_USED_MS);
    flush.unref();
    undo.push(async () => clearInterval(flush));

    if (config.allowPrivateHosts.length > 0) {
      log.warn(
        { allowPrivateHosts: config.allowPrivateHosts },
        `ALLOW_PRIVATE_HOSTS is set: outbound fetches may reach private and loopback addresses of ${config.allowPrivateHosts.join(', ')}. For tests and local development only; never in production.`,
      );
    }
    // Durable jobs (feed imports, later webhook deliveries): closed before the store (undo runs in reverse).
    const worker = new Worker({ db: rt.store.db, clock: rt.clock, kinds: jobKinds({ db: rt.store.db, clock: rt.clock, config, secret: rt.services.cursorSecret, log }), log, pollMs: config.jobPollMs });
    await scheduleHousekeeping(rt.store.db, rt.clock.now());
    worker.start();
    undo.push(() => worker.close());
    // Webhook deliveries: their own queue, polled often so the first attempt follows a change within a second.
    const deliveries = new DeliveryWorker({ db: rt.store.db, clock: rt.clock, policy: outboundPolicy(config), log, pollMs: config.webhookPollMs, smtp: config.smtpUrl !== null });
    deliveries.start();
    undo.push(() => deliveries.close());

    log.info(
      { url, engine: engine.engine, store: engine.where, ...(admin ? { adminSocket: admin.path } : {}) },
      `calendar-access listening on ${url}, store: ${engine.text}`,
    );

    let stopping: Promise<void> | null = null;
    return { url, rt, app, admin, stop: () => (stopping ??= unwind()) };
  } catch (e) {
    await unwind();
    throw e;
  }
}
