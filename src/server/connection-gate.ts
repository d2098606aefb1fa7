import type { Server } from 'node:net';
import type { Socket } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import type { Logger } from 'pino';
import { clientKey } from '../limits/client-address.js';
import type { ConnectionCaps } from './descriptor-budget.js';

/**
 * One client must not hold every connection slot, nor stop the process (issue #32 points 5, 6).
 * Every listener (API, health, metrics) goes through this gate:
 * - at most `max` connections at once (Node closes one more at accept, before any byte is read);
 * - at most `perAddress` from one client: the socket's peer address, an IPv6 one by its /64 as the
 *   rate limits count it. Behind a trusted proxy (TRUST_PROXY) the peer is the proxy, which speaks
 *   for many clients and whose client is only named in headers not yet read: a peer TRUST_PROXY
 *   names is held to `max` alone, and the proxy limits its own clients (docs/deploy.md);
 * - an error of the listening socket (accept() meeting EMFILE when every descriptor is taken;
 *   Node keeps listening and emits it on the server) is logged, never thrown: an 'error' with no
 *   listener would end the process.
 */
export function gateConnections(server: Server, caps: ConnectionCaps, options: { trustProxy: string | null; log: Logger; name: string }): void {
  const { log, name } = options;
  const trusted = trustedPeer(options.trustProxy);
  server.maxConnections = caps.max;
  const held = new Map<string, number>();
  // One warning per listener and 10 s: a flood of refusals is not a flood of log lines.
  const warnings = new Map<string, number>();
  const warnOnce = (kind: string, fields: object, message: string) => {
    const now = performance.now();
    if (now - (warnings.get(kind) ?? Number.NEGATIVE_INFINITY) < 10_000) return;
    warnings.set(kind, now);
    log.warn({ listener: name, ...fields }, message);
  };
  // First of the listeners: a refused socket is closed before Node's HTTP parser is set up for it.
  server.prependListener('connection', (socket: Socket) => {
    const peer = socket.remoteAddress;
    if (peer === undefined || trusted(peer)) return;
    const key = clientKey(peer);
    const count = (held.get(key) ?? 0) + 1;
    if (count > caps.perAddress) {
      socket.destroy();
      warnOnce('perAddress', { client: key, perAddress: caps.perAddress }, `a connection from ${key} was closed at once: it holds its ${caps.perAddress} of ${caps.max} (MAX_CONNECTIONS_PER_ADDRESS)`);
      return;
    }
    held.set(key, count);
    socket.once('close', () => {
      const left = (held.get(key) ?? 1) - 1;
      if (left <= 0) held.delete(key);
      else held.set(key, left);
    });
  });
  server.on('drop', () => warnOnce('max', { max: caps.max }, `a connection was closed at accept: ${caps.max} are held (MAX_CONNECTIONS)`));
  server.on('error', (err: NodeJS.ErrnoException) => {
    warnOnce(`error:${err.code ?? 'other'}`, { err }, err.code === 'EMFILE' || err.code === 'ENFILE'
      ? 'a connection could not be accepted: no file descriptor is left (raise LimitNOFILE / ulimit -n, docs/deploy.md)'
      : 'the listening socket reported an error; still listening');
  });
}

/** Whether a peer is a proxy TRUST_PROXY names (Fastify's own reading of it); never without one. */
function trustedPeer(trustProxy: string | null): (address: string) => boolean {
  if (trustProxy === null) return () => false;
  const trust = proxyAddr.compile(trustProxy.split(',').map((it) => it.trim()));
  return (address) => trust(address, 0);
}
