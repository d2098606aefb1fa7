/**
 * Worker threads for work too heavy for the event loop (reading iCalendar, estimating passwords): a
 * piscina pool of a module's default export. Threads start on first use and end when idle.
 *
 * The module is named beside its caller without an extension: `./worker` is dist/…/worker.js when the
 * service runs its build, and the TypeScript module through bin/tsx-worker.js when it runs from src/
 * (Node 20 does not give a worker thread the loader its main thread registered).
 */
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';

export interface ThreadPoolOptions {
  /** The caller's import.meta.url. */
  caller: string;
  /** The module the threads run, relative to the caller and without extension: './worker'. */
  module: string;
  maxThreads: number;
  idleTimeoutMs: number;
  /** The heap one thread may use (a backstop: Node does not always stop a thread there). */
  maxHeapMb?: number;
}

export function openThreadPool(o: ThreadPoolOptions): Piscina {
  const fromSource = o.caller.endsWith('.ts');
  const module = new URL(`${o.module}${fromSource ? '.ts' : '.js'}`, o.caller);
  return new Piscina({
    ...(fromSource
      ? { filename: fileURLToPath(new URL('../../bin/tsx-worker.js', import.meta.url)), workerData: { module: module.href } }
      : { filename: fileURLToPath(module) }),
    minThreads: 0,
    maxThreads: o.maxThreads,
    idleTimeout: o.idleTimeoutMs,
    ...(o.maxHeapMb ? { resourceLimits: { maxOldGenerationSizeMb: o.maxHeapMb } } : {}),
  });
}
