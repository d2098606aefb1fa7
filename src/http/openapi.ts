import { loadConfig } from '../config.js';
import { openRuntime } from '../runtime.js';
import { buildApp } from './app.js';

/**
 * The OpenAPI 3.1 document, generated from the same route definitions the server enforces. Built on
 * an in-memory store: the document depends on the code only.
 */
export async function generateOpenApi(): Promise<Record<string, unknown>> {
  const rt = await openRuntime(loadConfig({}), { store: { databaseUrl: null, dataDir: null } });
  try {
    const app = await buildApp({ services: rt.services, authenticator: rt.authenticator, rateLimits: rt.rateLimits });
    // The document is the API plugin's own (swagger lives inside it): asked for as a client would.
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json() as Record<string, unknown>;
    await app.close();
    return doc;
  } finally {
    await rt.close();
  }
}

export const OPENAPI_FILE = 'openapi.json';

export function serializeOpenApi(doc: unknown): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}
