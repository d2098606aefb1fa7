import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request a piece of work runs for, kept across awaits (AsyncLocalStorage): the log's mixin adds
 * its id to every line written while the request is answered, whichever floor writes it (a service's
 * deps.log included), so one grep finds a request's whole story (docs/deploy.md "Logs").
 */
const current = new AsyncLocalStorage<{ reqId: string }>();

/** Called first for each request (app.ts): the rest of its handling runs inside. */
export function enterRequest(reqId: string): void {
  current.enterWith({ reqId });
}

/**
 * For pino's `mixin` (given the logger's bindings): `{ reqId }` inside a request, nothing outside one, nor on Fastify's own request
 * logger, which is bound to the id already (a key written twice would be a doubled JSON key).
 */
export function requestLogFields(bindings: Record<string, unknown>): { reqId?: string } {
  const store = current.getStore();
  if (!store || 'reqId' in bindings) return {};
  return { reqId: store.reqId };
}
