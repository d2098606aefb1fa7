import http from 'node:http';
import type { AdminErrorBody } from '../server/admin-channel.js';
import { ServiceError, type ServiceErrorKind } from '../domain/service-error.js';

const SERVICE_KINDS: Record<ServiceErrorKind, true> = { invalid: true, not_found: true, conflict: true, slot_unavailable: true, too_many_pending: true, rate_limited: true };
import { RemoteError, UsageError } from './errors.js';

export type AdminAnswer = { answered: false } | { answered: true; result: unknown };

/** No server is listening there: nothing was sent, so the command may run elsewhere. */
const NOBODY_LISTENS = new Set(['ENOENT', 'ECONNREFUSED']);

/**
 * Sends one command to a running server's admin channel. `answered: false` only when nobody listens
 * on the socket (nothing ran); once connected, any failure is an error and is never retried
 * elsewhere, since the command may have run.
 */
export function callAdmin(socketPath: string, name: string, args: Record<string, unknown>): Promise<AdminAnswer> {
  const body = JSON.stringify(args);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { socketPath, agent: false, method: 'POST', path: `/commands/${name}`, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          let parsed: unknown;
          try {
            parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            reject(new RemoteError(`the server's admin channel answered ${res.statusCode} with a body that is not JSON`));
            return;
          }
          if (res.statusCode === 200) {
            resolve({ answered: true, result: (parsed as { result: unknown }).result });
            return;
          }
          const { kind, message } = (parsed as AdminErrorBody).error ?? { kind: 'internal', message: `status ${res.statusCode}` };
          if (kind !== 'usage' && kind !== 'internal' && kind in SERVICE_KINDS) reject(new ServiceError(kind, message));
          else if (kind === 'usage') reject(new UsageError(message));
          else reject(new RemoteError(`the server failed to run the command: ${message}`));
        });
      },
    );
    req.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== undefined && NOBODY_LISTENS.has(e.code) && !req.reusedSocket) resolve({ answered: false });
      else reject(new RemoteError(`the admin channel at ${socketPath} failed: ${e.message} (the command may or may not have run)`));
    });
    req.end(body);
  });
}
