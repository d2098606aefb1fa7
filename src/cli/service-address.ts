import type { Config } from '../config.js';
import type { ServiceAddress } from '../operations/service.js';
import { adminSocketPath } from '../server/admin-socket.js';
import { callAdmin } from './admin-client.js';

/**
 * The base URL of the service a command should talk to over HTTP: the address the `serve` holding
 * the data folder answers at (asked over its admin channel, as `demo` learns it), or, when none
 * runs there (or the store is PostgreSQL, whose servers have no admin channel), the configuration's
 * own (PUBLIC_BASE_URL, else http://localhost:PORT). Never opens the store.
 */
export async function serviceBaseUrl(config: Config): Promise<string> {
  if (!config.databaseUrl) {
    const answer = await callAdmin(adminSocketPath(config.dataDir), 'service.address', {});
    if (answer.answered) return (answer.result as ServiceAddress).publicBaseUrl;
  }
  return config.publicBaseUrl;
}
