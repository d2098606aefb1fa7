import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Names the test certificate covers; tests point an injected resolver at 127.0.0.1 for the .test ones. */
export const TEST_CERT_NAMES = ['localhost', 'feed.test', 'rebind.test', 'other.test'];

let cached: { key: string; cert: string } | null = null;

/** A self-signed certificate (its own CA) made with openssl once per test process. */
export function testCertificate(): { key: string; cert: string } {
  if (cached) return cached;
  const dir = mkdtempSync(path.join(tmpdir(), 'ca-cert-'));
  try {
    const san = [...TEST_CERT_NAMES.map((n) => `DNS:${n}`), 'IP:127.0.0.1'].join(',');
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
      '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'),
      '-days', '2', '-subj', '/CN=calendar-access test', '-addext', `subjectAltName=${san}`,
    ], { stdio: 'ignore' });
    cached = { key: readFileSync(path.join(dir, 'key.pem'), 'utf8'), cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8') };
    return cached;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The address the client connected to (the server's side of the socket). */
  localAddress: string;
}

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface TestHttpsServer {
  port: number;
  /** The certificate to trust (pass as the fetch's `ca`). */
  ca: string;
  requests: SeenRequest[];
  /** TCP connections accepted, answered or not. */
  connections: number;
  handle(handler: Handler): void;
  url(host: string, pathname: string): string;
  close(): Promise<void>;
}

/** A real HTTPS server on 127.0.0.1 and a free port; its handler can change between requests. */
export async function startHttpsServer(handler: Handler = (_req, res) => res.end()): Promise<TestHttpsServer> {
  const { key, cert } = testCertificate();
  let current = handler;
  const sockets = new Set<Socket>();
  const state = { requests: [] as SeenRequest[], connections: 0 };
  const server: Server = createServer({ key, cert }, (req, res) => {
    state.requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, localAddress: req.socket.localAddress ?? '' });
    current(req, res);
  });
  server.on('connection', (socket: Socket) => {
    state.connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    ca: cert,
    get requests() { return state.requests; },
    get connections() { return state.connections; },
    handle: (h) => { current = h; },
    url: (host, pathname) => `https://${host}:${port}${pathname}`,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
