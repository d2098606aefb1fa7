import type { IncomingMessage, ServerResponse } from 'node:http';
import type { onRequestHookHandler } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers that depend on nothing in the request, worked out once by helmet itself and set
 * by one hook. @fastify/helmet builds helmet's middleware again on every call, which was half of
 * `/me`'s server CPU (87 → 40 µs a call, measured side by side). Set among Fastify's own headers,
 * not on the raw response as helmet does: one header set on the raw response sends Node's
 * writeHead down its slow path, which sets every other header of the answer again one by one. A
 * later hook of an inner scope (the pages over the API's set) replaces them, and a route may still
 * adjust one (the consent page's `form-action`), always with reply.header.
 */
export type FixedHeaders = readonly (readonly [string, string])[];

/** The headers helmet sets for these options. */
export function fixedHeaders(options: HelmetOptions): FixedHeaders {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: unknown) {
      headers.set(name.toLowerCase(), String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let done = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  if (!done) throw new Error('helmet did not set its headers synchronously');
  return Object.freeze([...headers].map(([name, value]) => Object.freeze([name, value] as const)));
}

/** Sets `headers` on every answer of the scope it is added to (as its first onRequest hook). */
export function setFixedHeaders(headers: FixedHeaders): onRequestHookHandler {
  return function securityHeaders(_request, reply, done) {
    for (const [name, value] of headers) reply.header(name, value);
    done();
  };
}
