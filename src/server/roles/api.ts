import { buildApp } from '../../http/app.js';
import { openAdminChannel } from '../admin-channel.js';
import { adminSocketPath } from '../admin-socket.js';
import { gateConnections } from '../connection-gate.js';
import { closableServer } from '../http-close.js';
import { ServeError } from '../serve-error.js';
import { FLUSH_EVERY_MS } from '../../request-log/buffer.js';
import type { Part } from './part.js';

/** Last-use times of tokens are gathered in memory and written this often (and at shutdown). */
export const FLUSH_LAST_USED_MS = 30_000;

/** The API, the pages and the owner console on config.host:port. */
export const httpPart: Part = {
  name: 'http',
  async start({ deps, log, metrics, connections }) {
    const { config } = deps;
    const app = await buildApp(deps, log, { metrics });
    const closable = closableServer(app.server);
    try {
      await app.listen({ host: config.host, port: config.port });
    } catch (e) {
      await app.close();
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE') throw new ServeError(`port ${config.port} on ${config.host} is in use; choose another with --port or PORT`);
      if (code === 'EACCES') throw new ServeError(`not allowed to listen on port ${config.port}; choose a port above 1023`);
      throw e;
    }
    gateConnections(app.server, connections.http, { trustProxy: config.trustProxy, log, name: 'http' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    return { app, url: `http://${host}:${port}`, stop: () => closable.close(app.close(), config.shutdownGraceMs) };
  },
};

/** On PGlite (one process per folder), CLI commands reach the store through this process. */
export const adminChannelPart: Part = {
  name: 'admin channel',
  async start({ deps, log }) {
    if (deps.config.databaseUrl) return null;
    const admin = await openAdminChannel(deps, adminSocketPath(deps.config.dataDir), log);
    return { admin, stop: () => admin.close() };
  },
};

/** Token last-use times, written in batches rather than on every call. */
export const lastUsedPart: Part = {
  name: 'token last-use times',
  async start({ deps, log }) {
    const flush = setInterval(() => {
      deps.authenticator.flushLastUsed().catch((e) => log.error({ err: e }, 'could not write token last-use times'));
    }, FLUSH_LAST_USED_MS);
    flush.unref();
    return { stop: async () => clearInterval(flush) };
  },
};

/** The request log's batches, written every second (and when full, and at shutdown by deps.close). */
export const requestLogPart: Part = {
  name: 'request log',
  async start({ deps }) {
    const flush = setInterval(() => void deps.requestLog.flush(), FLUSH_EVERY_MS);
    flush.unref();
    return { stop: async () => clearInterval(flush) };
  },
};

/** What answers HTTP. */
export const API_PARTS: readonly Part[] = [httpPart, adminChannelPart, lastUsedPart, requestLogPart];
