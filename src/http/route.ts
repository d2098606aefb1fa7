import type { Deps } from '../deps.js';
import type { MaybePromise } from '../domain/maybe-promise.js';
import type { Static, TSchema } from 'typebox';
import type { Scope } from '../domain/scopes.js';
import type { Principal } from '../services/authenticator.js';
import type { ErrorCode } from './errors.js';
import type { IdempotencyScope } from './idempotency.js';
import type { RateClass } from '../limits/policy.js';

export interface HandlerContext<Q, P, B> {
  principal: Principal;
  query: Q;
  params: P;
  body: B;
  now: Date;
  /** The instance's dependencies (deps.ts): store, clock, caches, secrets. */
  services: Deps;
}

/** What the handler of an idempotent route gets besides: the call's claim on its Idempotency-Key. */
export interface IdempotentContext<Q, P, B> extends HandlerContext<Q, P, B> {
  idempotency: IdempotencyScope;
}

/**
 * One definition per route: its schemas validate the request, shape the response and write the
 * OpenAPI document; scope and rate class drive the guard, which runs before the handler.
 */
interface RouteFields<Q extends TSchema, P extends TSchema, B extends TSchema, R extends TSchema> {
  method: 'GET' | 'POST';
  /** Path below /api/v1, in Fastify's syntax (`/events/:id`). */
  url: string;
  operationId: string;
  summary: string;
  tag: string;
  /** null: any valid token. */
  scope: Scope | null;
  rateClass: RateClass;
  querystring?: Q;
  params?: P;
  body?: B;
  response: R;
  successStatus?: 200 | 201;
  /**
   * The codes the route itself answers, for the OpenAPI document. The codes of the steps in front
   * of every route (HTTP parser, guard, body parser, validator, Idempotency-Key) and `internal`/`unavailable` are
   * added by the route loop (api-plugin.ts routeErrors).
   */
  errors: ErrorCode[];
}

/** A handler that has its answer in memory (GET /me) returns it as it is: no promise to wait for. */
type Answer<R extends TSchema> = MaybePromise<Static<R> | JsonBytes>;

/** A route that changes nothing, or changes without a key. */
export interface PlainRoute<Q extends TSchema, P extends TSchema, B extends TSchema, R extends TSchema> extends RouteFields<Q, P, B, R> {
  idempotent?: false;
  handler(ctx: HandlerContext<Static<Q>, Static<P>, Static<B>>): Answer<R>;
}

/** A POST that changes something: needs an Idempotency-Key and answers replays (docs/spec-decisions.md §5). */
export interface IdempotentRoute<Q extends TSchema, P extends TSchema, B extends TSchema, R extends TSchema> extends RouteFields<Q, P, B, R> {
  idempotent: true;
  handler(ctx: IdempotentContext<Static<Q>, Static<P>, Static<B>>): Answer<R>;
}

export type RouteDef<Q extends TSchema, P extends TSchema, B extends TSchema, R extends TSchema> = PlainRoute<Q, P, B, R> | IdempotentRoute<Q, P, B, R>;

/**
 * A response body already written by the route's own response schema (a page kept in memory is
 * serialised once, not on every call): sent as it is, as application/json. A small body is best
 * kept as a string: Node then sends the headers and the body in one `write`, where a Buffer takes a
 * `writev` of both, 2–10 µs more a call under load (`bench/me-variants.ts`, GET /me's 337 bytes).
 */
export class JsonBytes {
  constructor(readonly bytes: Buffer | string) {}
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRoute = RouteDef<any, any, any, any>;

/** A route as a value; `idempotent: true` gives its handler `ctx.idempotency`. */
export function defineRoute<Q extends TSchema, P extends TSchema, B extends TSchema, R extends TSchema>(def: IdempotentRoute<Q, P, B, R>): IdempotentRoute<Q, P, B, R>;
export function defineRoute<Q extends TSchema, P extends TSchema, B extends TSchema, R extends TSchema>(def: PlainRoute<Q, P, B, R>): PlainRoute<Q, P, B, R>;
export function defineRoute<Q extends TSchema, P extends TSchema, B extends TSchema, R extends TSchema>(def: RouteDef<Q, P, B, R>): RouteDef<Q, P, B, R> {
  return def;
}
