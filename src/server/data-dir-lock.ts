import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Embedded PGlite admits one process per data folder: two processes opening it at once corrupt it.
 * Whoever opens the folder (`serve`, or a CLI command run in-process) first takes this lock, a file
 * `<dataDir>/calendar-access.lock` naming its pid. A lock whose pid is dead, or now names a process
 * that is not Node, is stale and taken over.
 */
export const LOCK_FILE = 'calendar-access.lock';

/**
 * How long a process waits for a folder another one holds (a `demo` run in its own process, a
 * `serve` still starting before its admin channel answers) before it gives up naming the holder.
 * The wait ends as soon as the folder is free, the holder dies (its lock is then stale) or its
 * admin channel answers; this is only the limit, and it is minutes: on a busy 2-core machine a
 * PGlite start with its migrations has taken over 30 s, and the 15 s of before ran out.
 */
export const FOLDER_WAIT_MS = 5 * 60_000;

/** A wait as people read it, for the "waiting for ..." notices: "5 minutes", "0.3 s". */
export function describeWait(ms: number): string {
  return ms >= 60_000 ? `${Math.round(ms / 6000) / 10} minutes` : `${Math.round(ms / 100) / 10} s`;
}

export interface LockHolder {
  pid: number;
  /** What the holder runs (`serve`, `demo`, ...), for messages. */
  command: string;
  startedAt: string;
}

export interface DataDirLock {
  readonly file: string;
  readonly holder: LockHolder;
  release(): void;
}

export type LockAttempt = { ok: true; lock: DataDirLock } | { ok: false; holder: LockHolder | null };

export function lockFilePath(dataDir: string): string {
  return path.join(dataDir, LOCK_FILE);
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

function parseHolder(text: string): LockHolder | null {
  try {
    const v = JSON.parse(text) as Partial<LockHolder>;
    if (typeof v.pid !== 'number' || !Number.isInteger(v.pid) || v.pid <= 0) return null;
    return { pid: v.pid, command: String(v.command ?? '?'), startedAt: String(v.startedAt ?? '?') };
  } catch {
    return null;
  }
}

/** True when `pid` runs, and (where /proc tells) is a Node process: a reused pid is not a holder. */
export function isHolderAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return cmdline.includes('node') || cmdline.includes('calendar-access');
  } catch {
    return true; // no /proc (macOS) or not readable: trust kill(0)
  }
}

/**
 * Takes the lock if it is free or stale; otherwise says who holds it. The file appears with its whole
 * content at once (written aside, then hard-linked into place, which fails if the name exists), so a
 * reader never mistakes a half-written lock for a stale one.
 */
export function tryLock(dataDir: string, command: string): LockAttempt {
  mkdirSync(dataDir, { recursive: true });
  const file = lockFilePath(dataDir);
  const holder: LockHolder = { pid: process.pid, command, startedAt: new Date().toISOString() };
  const draft = `${file}.${process.pid}.tmp`;
  writeFileSync(draft, `${JSON.stringify(holder)}\n`, { mode: 0o600 });
  try {
    let seen: LockHolder | null = null;
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        linkSync(draft, file);
        return { ok: true, lock: heldLock(file, holder) };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
      const text = readText(file);
      if (text === null) continue; // released meanwhile
      seen = parseHolder(text);
      if (seen !== null && isHolderAlive(seen.pid)) return { ok: false, holder: seen };
      // Stale: remove it, unless another process took it over since we read it.
      if (readText(file) === text) {
        try {
          unlinkSync(file);
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
        }
      }
    }
    return { ok: false, holder: seen };
  } finally {
    try {
      unlinkSync(draft);
    } catch {
      // already gone
    }
  }
}

function heldLock(file: string, holder: LockHolder): DataDirLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    // Only remove the file while it still names this process.
    const text = readText(file);
    if (text !== null && parseHolder(text)?.pid === holder.pid) {
      try {
        unlinkSync(file);
      } catch {
        // gone already
      }
    }
  };
  process.on('exit', release);
  return { file, holder, release };
}
