import { buildHealthApp } from '../../http/health.js';
import { gateConnections } from '../connection-gate.js';
import { closableServer } from '../http-close.js';
import { ServeError } from '../serve-error.js';
import type { Part } from './part.js';

/** The worker role answers only GET /healthz and /readyz, on config.host:port, for its orchestrator. */
export const healthPart: Part = {
  name: 'health',
  async start({ deps, log, connections }) {
    const { config } = deps;
    const app = await buildHealthApp({ readiness: () => deps.readiness() });
    const closable = closableServer(app.server);
    try {
      await app.listen({ host: config.host, port: config.port });
    } catch (e) {
      await app.close();
      if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new ServeError(`port ${config.port} on ${config.host} is in use; choose another with --port or PORT`);
      throw e;
    }
    gateConnections(app.server, connections.http, { trustProxy: config.trustProxy, log, name: 'health' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    return { url: `http://${host}:${port}`, stop: () => closable.close(app.close(), config.shutdownGraceMs) };
  },
};
