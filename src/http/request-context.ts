import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request a piece of work runs for, kept across awaits (AsyncLocalStorage): the log's mixin adds
 * its id to every line written while the request is answered, whichever floor writes it (a service's
 * deps.log included), so one grep finds a request's whole story (docs/deploy.md "Logs").
 *
 * Only where AsyncLocalStorage is V8's continuation data (AsyncContextFrame: Node.js 24 on, or 22
 * with --experimental-async-context-frame), which costs nothing per promise. Node 20's (and 22's by
 * default) runs on async_hooks: once entered, a hook runs for every promise, tick, timer and write
 * of the whole process and awaits lose V8's fast path. Measured (bench/me-cpu.ts, Node 20, quiet
 * machine): 195 µs of server CPU per GET /me call with it, 111 without. There the request's own
 * logger still carries the id (Fastify's request.log and the error envelope's lines), and a
 * service's deps.log line carries none (docs/decisions.md "The request id on log lines").
 */
export const REQUEST_CONTEXT_CARRIED = !hooksBased(AsyncLocalStorage);

/** Node's async_hooks implementation of AsyncLocalStorage, told by the method its hooks call. */
function hooksBased(als: typeof AsyncLocalStorage): boolean {
  return typeof (als.prototype as unknown as Record<string, unknown>)._propagate === 'function';
}

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
