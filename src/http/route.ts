import type { Static, TSchema } from 'typebox';
import type { Clock } from '../domain/clock.js';
import type { Scope } from '../domain/scopes.js';
import type { Config } from '../config.js';
import type { Principal } from '../services/authenticator.js';
import type { AvailabilityService } from '../services/availability.js';
import type { OwnerVersions } from '../services/owner-versions.js';
import type { PageCache } from '../services/page-cache.js';
import type { Db } from '../store/db.js';
import type { ErrorCode } from './errors.js';
import type { IdempotencyScope } from './idempotency.js';
import type { PageBytes } from './page-bytes.js';
import type { RateClass } from './rate-limit.js';

/** What a handler may use. HTTP stays in the http layer; handlers call repositories and the domain. */
export interface ApiServices {
  db: Db;
  clock: Clock;
  config: Config;
  cursorSecret: string;
  availability: AvailabilityService;
  /** The owners' change counters, which caches are keyed by. */
  versions: OwnerVersions;
  /** Pages of GET /events, /tasks and /requests, written once, kept until a change or the clock moves them. */
  pages: PageCache<PageBytes>;
  /** Forgets cached token look-ups on this instance (one token, or all): a revocation takes effect at once. */
  forgetTokens(tokenId?: string): void;
}

export interface HandlerContext<Q, P, B> {
  principal: Principal;
  query: Q;
  params: P;
  body: B;
  now: Date;
  services: ApiServices;
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
   * The codes the route itself answers, for the OpenAPI document. The guard's codes (token, app,
   * scope, limits) and `internal` are added by the route loop to every route.
   */
  errors: ErrorCode[];
}

type Answer<R extends TSchema> = Promise<Static<R> | JsonBytes>;

/** A route that changes nothing, or changes without a key. */
export interface PlainRoute<Q extends TSchema, P extends TSchema, B extends TSchema, R extends TSchema> extends RouteFields<Q, P, B, R> {
  idempotent?: false;
  handler(ctx: HandlerContext<Static<Q>, Static<P>, Static<B>>): Answer<R>;
}

/** A POST that changes something: needs an Idempotency-Key and answers replays (decisions §5). */
export interface IdempotentRoute<Q extends TSchema, P extends TSchema, B extends TSchema, R extends TSchema> extends RouteFields<Q, P, B, R> {
  idempotent: true;
  handler(ctx: IdempotentContext<Static<Q>, Static<P>, Static<B>>): Answer<R>;
}

export type RouteDef<Q extends TSchema, P extends TSchema, B extends TSchema, R extends TSchema> = PlainRoute<Q, P, B, R> | IdempotentRoute<Q, P, B, R>;

/**
 * A response body already written by the route's own response schema (a page kept in memory is
 * serialised once, not on every call): sent as it is, as application/json.
 */
export class JsonBytes {
  constructor(readonly bytes: Buffer) {}
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRoute = RouteDef<any, any, any, any>;

/** A route as a value; `idempotent: true` gives its handler `ctx.idempotency`. */
export function defineRoute<Q extends TSchema, P extends TSchema, B extends TSchema, R extends TSchema>(def: IdempotentRoute<Q, P, B, R>): IdempotentRoute<Q, P, B, R>;
export function defineRoute<Q extends TSchema, P extends TSchema, B extends TSchema, R extends TSchema>(def: PlainRoute<Q, P, B, R>): PlainRoute<Q, P, B, R>;
export function defineRoute<Q extends TSchema, P extends TSchema, B extends TSchema, R extends TSchema>(def: RouteDef<Q, P, B, R>): RouteDef<Q, P, B, R> {
  return def;
}
