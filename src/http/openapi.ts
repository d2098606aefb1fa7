import Fastify from 'fastify';
import { apiPlugin } from './api-plugin.js';
import type { Guard } from './guard.js';
import type { Deps } from '../deps.js';
import type { AnyRoute } from './route.js';
import { API_ROUTES } from './routes/index.js';

/** Writing the document runs no handler and no guard: anything they would use refuses to be read. */
const NOT_SERVED = new Proxy({} as Deps, {
  get(_target, name) {
    throw new Error(`the OpenAPI document is written without services (a route read services.${String(name)})`);
  },
});
const NO_GUARD: Guard = () => async () => {
  throw new Error('the OpenAPI document is written without a guard');
};

/**
 * The OpenAPI 3.1 document of a list of routes (the public API by default), written by the same
 * plugin that serves them: the document depends on the route definitions only, and no database or
 * runtime is opened.
 */
export async function generateOpenApi(routes: readonly AnyRoute[] = API_ROUTES): Promise<Record<string, unknown>> {
  const app = Fastify({ logger: false, exposeHeadRoutes: true });
  try {
    await app.register(apiPlugin, { routes, services: NOT_SERVED, guard: NO_GUARD });
    await app.ready();
    const res = await app.inject({ method: 'GET', url: '/openapi.json' });
    if (res.statusCode !== 200) throw new Error(`the OpenAPI document could not be written: ${res.body}`);
    return res.json() as Record<string, unknown>;
  } finally {
    await app.close();
  }
}

export const OPENAPI_FILE = 'openapi.json';

export function serializeOpenApi(doc: unknown): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}
