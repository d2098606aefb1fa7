import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * PGlite's settings and its data folder's first creation.
 *
 * Memory (issue #10): PGlite keeps PostgreSQL's default 128 MB of shared buffers inside the
 * process, and creating a new folder (initdb) leaves about 750 MB resident in the process that did
 * it. The service runs with 32 MB of shared buffers (a calendar's hot pages fit many times; the
 * rest is in the OS page cache), and a new folder is created in a worker thread that ends before
 * the service opens it. Measured in a bare Node process that opens a folder: 321 MB after creating
 * it (750 MB when initdb ran in the process itself), about 200 MB on a later start (290 MB with
 * 128 MB of shared buffers). `serve` adds its code (~110 MB) and its caches to that.
 */
export const PGLITE_CONF = ['shared_buffers = 32MB'];

/** Creates the folder's database in a worker thread when it has none yet. */
export async function initFolder(dataDir: string): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
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
