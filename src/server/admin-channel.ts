import { chmodSync, unlinkSync } from 'node:fs';
import http from 'node:http';
import type { Logger } from 'pino';
import { isOperationName, OPERATIONS } from '../operations/index.js';
import type { Deps } from '../deps.js';
import { ServiceError } from '../domain/service-error.js';
import { ICAL_LIMITS } from '../ical/limits.js';

/**
 * The local admin channel of a `serve` that holds a PGlite folder. PGlite admits one process per
 * folder, so while the server runs, CLI commands (`token create`, `demo`, ...) are sent here and run
 * in the server's process, on its open store and its authenticator (a revocation holds at once).
 *
 * Protocol: HTTP over a Unix socket (mode 0600: only the user running the server may connect).
 *   POST /commands/<name>  body: JSON object of arguments
 *   200 {"result": ...} | 4xx/5xx {"error": {"kind", "message"}}
 * kind is a ServiceError kind (invalid, not_found, conflict), or usage / internal.
 */
export interface AdminChannel {
  readonly path: string;
  close(): Promise<void>;
}

export interface AdminErrorBody {
  error: { kind: ServiceError['kind'] | 'usage' | 'internal'; message: string };
}

/**
 * The channel carries whatever a command takes: the largest argument is `calendar import`'s text, up
 * to ICAL_LIMITS.maxBytes (10 MiB) of UTF-8, which JSON writes in at most 6 bytes a byte (a control
 * character as \u0000); 1 MiB more holds every other argument. Only the server's user can connect.
 */
export const MAX_BODY_BYTES = 6 * ICAL_LIMITS.maxBytes + 1024 * 1024;
const STATUS: Record<ServiceError['kind'], number> = { invalid: 422, not_found: 404, conflict: 409, slot_unavailable: 409, too_many_pending: 429, rate_limited: 429 };

function send(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function fail(res: http.ServerResponse, status: number, kind: AdminErrorBody['error']['kind'], message: string): void {
  send(res, status, { error: { kind, message } } satisfies AdminErrorBody);
}

/** Arguments over MAX_BODY_BYTES: more than any command takes. */
class TooLarge extends Error {}

async function readJson(req: http.IncomingMessage): Promise<unknown> {
  const declared = Number(req.headers['content-length']);
  if (declared > MAX_BODY_BYTES) throw new TooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new TooLarge();
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? {} : JSON.parse(text);
}

function removeSocket(path: string): void {
  if (path.startsWith('\\\\')) return; // a Windows named pipe leaves no file
  try {
    unlinkSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
}

/**
 * Listens on `socketPath`. The caller holds the data folder's lock, so a socket file already there
 * is a leftover of a server that died, and is removed first.
 */
export async function openAdminChannel(rt: Deps, socketPath: string, log: Logger): Promise<AdminChannel> {
  const server = http.createServer((req, res) => {
    void handle(req, res);
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const match = /^\/commands\/([a-z.-]+)$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) return fail(res, 404, 'usage', `unknown admin route ${req.method} ${req.url}`);
    const name = match[1]!;
    if (!isOperationName(name)) return fail(res, 404, 'usage', `unknown command "${name}"`);
    let args: unknown;
    try {
      args = await readJson(req);
    } catch (e) {
      if (e instanceof TooLarge) return fail(res, 413, 'usage', `the arguments are larger than the ${MAX_BODY_BYTES} bytes a command takes`);
      return fail(res, 400, 'usage', `arguments are not JSON: ${(e as Error).message}`);
    }
    if (typeof args !== 'object' || args === null || Array.isArray(args)) return fail(res, 400, 'usage', 'arguments must be a JSON object');
    const started = performance.now();
    try {
      const result = await OPERATIONS[name](rt, args as Record<string, unknown>);
      log.info({ command: name, ms: Math.round(performance.now() - started) }, `admin command ${name}`);
      send(res, 200, { result });
    } catch (e) {
      if (e instanceof ServiceError) {
        log.info({ command: name, kind: e.kind }, `admin command ${name} refused: ${e.message}`);
        return fail(res, STATUS[e.kind], e.kind, e.message);
      }
      log.error({ err: e, command: name }, `admin command ${name} failed`);
      fail(res, 500, 'internal', (e as Error).message ?? String(e));
    }
  }

  removeSocket(socketPath);
  const listening = new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.once('listening', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // Created owner-only from the start (Node binds the socket inside listen()), then checked by chmod.
  const umask = process.umask(0o177);
  try {
    server.listen(socketPath);
  } finally {
    process.umask(umask);
  }
  await listening;
  if (!socketPath.startsWith('\\\\')) chmodSync(socketPath, 0o600);

  return {
    path: socketPath,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      removeSocket(socketPath);
    },
  };
}
