import { loadConfig } from '../config.js';
import { openDeps } from '../deps.js';
import { buildApp } from './app.js';

/**
 * The OpenAPI 3.1 document, generated from the same route definitions the server enforces. Built on
 * an in-memory store: the document depends on the code only.
 */
export async function generateOpenApi(): Promise<Record<string, unknown>> {
  const rt = await openDeps(loadConfig({}), { storeOptions: { databaseUrl: null, dataDir: null } });
  try {
    const app = await buildApp({ services: rt, authenticator: rt.authenticator, rateLimits: rt.limits });
    await app.ready();
    const doc = app.swagger() as Record<string, unknown>;
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
