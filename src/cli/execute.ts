import type { Config } from '../config.js';
import { adminSocketPath } from '../server/admin-socket.js';
import { describeWait, FOLDER_WAIT_MS, tryLock, type LockHolder } from '../server/data-dir-lock.js';
import { callAdmin } from './admin-client.js';
import { FolderBusyError } from './errors.js';
import type { OperationName, OperationResult } from '../operations/index.js';

const POLL_MS = 150;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function describe(holder: LockHolder | null): string {
  return holder ? `process ${holder.pid} (calendar-access ${holder.command}, since ${holder.startedAt})` : 'another process';
}

/**
 * Runs one store command where the store can be opened:
 * - PostgreSQL (DATABASE_URL): in this process; PostgreSQL takes many clients.
 * - PGlite, a server running on the folder: sent to its admin channel and run there.
 * - PGlite, nobody on the folder: in this process, holding the folder's lock meanwhile.
 * While another command holds the folder, it waits up to FOLDER_WAIT_MS for the folder, or for a
 * starting server's admin channel, then gives up naming the holder.
 */
export async function execute<N extends OperationName>(
  config: Config,
  name: N,
  args: Record<string, unknown>,
  options: { waitMs?: number; notice?: (line: string) => void } = {},
): Promise<OperationResult<N>> {
  if (config.databaseUrl) return runHere(config, name, args);
  const notice = options.notice ?? ((line: string) => process.stderr.write(`${line}\n`));
  const socket = adminSocketPath(config.dataDir);
  const waitMs = options.waitMs ?? FOLDER_WAIT_MS;
  const deadline = Date.now() + waitMs;
  let told = false;
  for (;;) {
    const answer = await callAdmin(socket, name, args);
    if (answer.answered) return answer.result as OperationResult<N>;
    const attempt = tryLock(config.dataDir, name);
    if (attempt.ok) {
      try {
        return await runHere(config, name, args);
      } finally {
        attempt.lock.release();
      }
    }
    if (Date.now() >= deadline) {
      throw new FolderBusyError(
        `the data folder ${config.dataDir} is in use by ${describe(attempt.holder)}, which does not take commands ` +
          `(no admin channel answers at ${socket}); wait for it to finish or stop it`,
      );
    }
    if (!told) {
      notice(`waiting (up to ${describeWait(waitMs)}) for ${describe(attempt.holder)} to release ${config.dataDir}…`);
      told = true;
    }
    await sleep(POLL_MS);
  }
}

/** Opens the store in this process, runs the command, closes. The result goes through JSON, as from the admin channel. */
async function runHere<N extends OperationName>(config: Config, name: N, args: Record<string, unknown>): Promise<OperationResult<N>> {
  const [{ openDeps }, { OPERATIONS }, { noteMigrationsRanAtOpen }] = await Promise.all([
    import('../deps.js'),
    import('../operations/index.js'),
    import('../operations/migrate.js'),
  ]);
  // Opening migrates the store, once; `migrate` reports what that opening ran as its own doing.
  const rt = await openDeps(config);
  try {
    noteMigrationsRanAtOpen(rt, rt.migrated);
    const result = await OPERATIONS[name](rt, args);
    return JSON.parse(JSON.stringify(result)) as OperationResult<N>;
  } finally {
    await rt.close();
  }
}

/** Runs store commands again and again (`logs tail`, polling), each where `execute` would run it. */
export interface CommandSession {
  run<N extends OperationName>(name: N, args: Record<string, unknown>): Promise<OperationResult<N>>;
  close(): Promise<void>;
}

/**
 * On PostgreSQL the store is opened once for the whole session, not per command (an opening checks
 * the migrations); on PGlite each command goes to the running `serve`'s admin channel, as `execute`
 * sends it, or runs here holding the folder when no server runs.
 */
export async function openSession(config: Config): Promise<CommandSession> {
  if (!config.databaseUrl) return { run: (name, args) => execute(config, name, args), close: async () => undefined };
  const [{ openDeps }, { OPERATIONS }] = await Promise.all([import('../deps.js'), import('../operations/index.js')]);
  const rt = await openDeps(config);
  return {
    run: async (name, args) => JSON.parse(JSON.stringify(await OPERATIONS[name](rt, args))) as never,
    close: () => rt.close(),
  };
}
