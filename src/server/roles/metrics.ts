import { buildMetricsApp } from '../../http/metrics.js';
import { gateConnections } from '../connection-gate.js';
import { closableServer } from '../http-close.js';
import { ServeError } from '../serve-error.js';
import type { Part } from './part.js';

/** GET /metrics on METRICS_HOST:METRICS_PORT, for every role; nothing when METRICS_PORT is unset. */
export const metricsPart: Part = {
  name: 'metrics',
  async start({ deps, log, metrics, connections }) {
    const { config } = deps;
    if (!metrics || config.metricsPort === null || !connections.metrics) return null;
    const app = await buildMetricsApp(metrics);
    const closable = closableServer(app.server);
    try {
      await app.listen({ host: config.metricsHost, port: config.metricsPort });
    } catch (e) {
      await app.close();
      if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new ServeError(`METRICS_PORT ${config.metricsPort} on ${config.metricsHost} is in use`);
      throw e;
    }
    gateConnections(app.server, connections.metrics, { trustProxy: config.trustProxy, log, name: 'metrics' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.metricsPort;
    return { metricsUrl: `http://${config.metricsHost}:${port}/metrics`, stop: () => closable.close(app.close(), config.shutdownGraceMs) };
  },
};
