import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PATIENCE_MS, PATIENT_SERVICE_ENV } from '../helpers/patience.js';

// The tests' patience and their one wait on a condition live in test/helpers/patience.ts.
export { PATIENCE_MS, until } from '../helpers/patience.js';

/** The real CLI, as a user runs it: `node bin/calendar-access.js ...` in a process of its own. */
export const BIN = fileURLToPath(new URL('../../bin/calendar-access.js', import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A fresh data folder under the temp folder; remove it with removeDataDir. */
export function tempDataDir(): string {
  return mkdtempSync(path.join(os.tmpdir(), 'ca-cli-'));
}

export function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * The environment of the tests, without the variables a CLI reads, plus `extra`; a `serve` started
 * with it keeps load shedding and its deadlines out of the way, as a test's in-process service does.
 */
export function cliEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'PORT', 'HOST', 'PUBLIC_BASE_URL', 'TOKEN_CACHE_SECONDS', 'LOG_LEVEL']) delete env[name];
  return { ...env, ...PATIENT_SERVICE_ENV, ...extra };
}

export function runCli(args: string[], env: NodeJS.ProcessEnv, timeoutMs = PATIENCE_MS): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`calendar-access ${args.join(' ')} did not finish in ${timeoutMs} ms\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

export interface ServeProcess {
  child: ChildProcess;
  /** Base URL the server listens on, from its start-up log line. */
  url: string;
  /** Every JSON log line so far. */
  logs: Record<string, unknown>[];
  /** Sends a signal and waits for the exit status. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** `serve --port 0` (or `args`): waits for the start-up line that names the URL. */
export function startServe(env: NodeJS.ProcessEnv, options: { args?: string[]; timeoutMs?: number } = {}): Promise<ServeProcess> {
  const { args = ['--port', '0'], timeoutMs = PATIENCE_MS } = options;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'serve', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const logs: Record<string, unknown>[] = [];
    let stderr = '';
    let pending = '';
    const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`serve did not start in ${timeoutMs} ms\nlogs: ${JSON.stringify(logs)}\nstderr: ${stderr}`));
    }, timeoutMs);
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout!.on('data', (d: Buffer) => {
      pending += d.toString();
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        if (line.trim() === '') continue;
        const entry = JSON.parse(line) as Record<string, unknown>;
        logs.push(entry);
        if (typeof entry.url === 'string') {
          clearTimeout(timer);
          resolve({
            child,
            url: entry.url,
            logs,
            stop: (signal = 'SIGTERM') => {
              if (child.exitCode === null && child.signalCode === null) child.kill(signal);
              return exited;
            },
          });
        }
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited (${code}) before listening\nstderr: ${stderr}`));
    });
  });
}

/** A port nobody listens on right now, for a server that must be told its port (0 would not do). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function getJson(url: string, token?: string): Promise<{ status: number; body: any }> {
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: await res.json() };
}

/**
 * Where a CLI test's commands keep their data on one engine: a fresh PGlite folder, or a PostgreSQL
 * database of its own (Kysely's Migrator looks for its tables in every schema, so a schema is not
 * enough). `close` removes it.
 */
export async function cliStore(engine: 'pglite' | 'postgres', name: string): Promise<{ dir: string; env: NodeJS.ProcessEnv; close(): Promise<void> }> {
  const dir = tempDataDir();
  if (engine === 'pglite') {
    // A migrated database, copied: what the commands under test read and write starts as a first start leaves it.
    const { migratedFolderTemplate } = await import('../helpers/engines.js');
    cpSync(await migratedFolderTemplate(), dir, { recursive: true });
    return { dir, env: cliEnv({ DATA_DIR: dir }), close: async () => removeDataDir(dir) };
  }
  const { default: pg } = await import('pg');
  const { TEST_DATABASE_URL } = await import('../helpers/engines.js');
  const database = `ca_${name}_${randomBytes(5).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${database}`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${database}`;
  return {
    dir,
    env: cliEnv({ DATABASE_URL: url.toString(), DATA_DIR: path.join(dir, 'unused') }),
    close: async () => {
      removeDataDir(dir);
      await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    },
  };
}
