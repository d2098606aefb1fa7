import type { Deps } from '../deps.js';
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
  /** The call's claim on its Idempotency-Key: set on every idempotent route (`idempotent: true`). */
  idempotency?: IdempotencyScope;
}

/**
 * One definition per route: its schemas validate the request, shape the response and write the
 * OpenAPI document; scope and rate class drive the checks made before the handler runs.
 */
export interface RouteDef<Q extends TSchema, P extends TSchema, B extends TSchema, R extends TSchema> {
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
  /** A POST that changes something: needs an Idempotency-Key and answers replays (decisions §5). */
  idempotent?: boolean;
  /** Error codes the spec lists for the route, for the OpenAPI document. */
  errors: ErrorCode[];
  handler(ctx: HandlerContext<Static<Q>, Static<P>, Static<B>>): Promise<Static<R> | JsonBytes>;
}

/**
 * A response body already written by the route's own response schema (a page kept in memory is
 * serialised once, not on every call): sent as it is, as application/json.
 */
export class JsonBytes {
  constructor(readonly bytes: Buffer) {}
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRoute = RouteDef<any, any, any, any>;

export function defineRoute<Q extends TSchema, P extends TSchema, B extends TSchema, R extends TSchema>(
  def: RouteDef<Q, P, B, R>,
): RouteDef<Q, P, B, R> {
  return def;
}
