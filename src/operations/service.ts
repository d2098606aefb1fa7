import type { Operation } from './operation.js';

export interface ServiceAddress {
  /** How the running service is reached (PUBLIC_BASE_URL, else http://localhost:PORT), as `demo` prints it. */
  publicBaseUrl: string;
  apiBaseUrl: string;
}

/** Where the service that runs this operation answers HTTP: lets `listen` find a `serve` on another port. */
export const serviceAddressOperation: Operation<ServiceAddress> = async (rt) => ({
  publicBaseUrl: rt.config.publicBaseUrl,
  apiBaseUrl: `${rt.config.publicBaseUrl}/api/v1`,
});
