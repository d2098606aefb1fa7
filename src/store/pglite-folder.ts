import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * PGlite's settings and its data folder's first creation.
 *
 * Memory (issue #10): PGlite keeps PostgreSQL's default 128 MB of shared buffers inside the
 * process, and creating a new folder (initdb) leaves about 750 MB resident in the process that did
 * it. The service runs with 16 MB of shared buffers (2,048 pages: a calendar's hot pages fit many
 * times; the rest is in the OS page cache), and a new folder is created in a worker thread that ends
 * before the service opens it. Measured in a bare Node process that opens a folder: 321 MB after
 * creating it (750 MB when initdb ran in the process itself), about 200 MB on a later start (290 MB
 * with 128 MB of shared buffers). bench/events.ts under load with five owners up to 100,000 events:
 * 290 MB with 16 MB (paging as fast), 314 MB with 32 MB.
 *
 * Descriptors (issue #32 point 5): PGlite keeps a real file descriptor open for every relation file
 * it has touched, up to PostgreSQL's max_files_per_process (1,000): a served folder touching its
 * 304 relations held 339 descriptors, a third of a 1,024 limit the connections also need. At 64
 * (PostgreSQL's least) it holds 78, and PostgreSQL closes the least recently used file past that.
 */
export const PGLITE_CONF = ['shared_buffers = 16MB', 'max_files_per_process = 64'];

/**
 * The data folder holds the database and the server's secrets: it is the owner's alone (0700, files
 * 0600), repaired at every start and close (PGlite writes its files 0666, whatever the umask).
 * Other users cannot enter the folder, so the files PGlite makes while it runs are out of their
 * reach too.
 */
export function makePrivate(dir: string): void {
  chmodSync(dir, 0o700);
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    // Another process's files come and go meanwhile (a CLI command's draft lock file): one gone is skipped.
    const st = lstatSync(full, { throwIfNoEntry: false });
    if (!st || st.isSymbolicLink()) continue;
    try {
      if (st.isDirectory()) makePrivate(full);
      else if ((st.mode & 0o777) !== 0o600) chmodSync(full, 0o600);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  }
}

/** Creates the folder's database in a worker thread when it has none yet; makes the folder private. */
export async function initFolder(dataDir: string): Promise<void> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await createDatabase(dataDir);
  makePrivate(dataDir);
}

async function createDatabase(dataDir: string): Promise<void> {
  const pglite = import.meta.resolve('@electric-sql/pglite');
  const code = `
    const { PGlite } = await import(${JSON.stringify(pglite)});
    const { workerData } = await import('node:worker_threads');
    const db = new PGlite({ dataDir: workerData.dataDir, postgresqlconf: workerData.conf });
    await db.waitReady;
    await db.close();`;
  await new Promise<void>((resolve, reject) => {
    const worker = new Worker(code, { eval: true, workerData: { dataDir, conf: PGLITE_CONF }, execArgv: [] });
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`creating the database in ${dataDir} failed (worker exit ${code})`))));
  });
}
