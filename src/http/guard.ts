import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { andThen, isPromise, type MaybePromise } from '../domain/maybe-promise.js';
import type { Clock } from '../domain/clock.js';
import type { Scope } from '../domain/scopes.js';
import type { Authenticator, Principal } from '../services/authenticator.js';
import { ApiError, type ErrorCode } from './errors.js';
import { anonymousLimit, countLimits, limitsFor, type LimitVerdict, type RateClass } from '../limits/policy.js';
import type { RateLimitStore } from '../limits/store.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who the call acts for: set by the guard before any handler of a guarded route runs. */
    principal?: Principal;
    /**
     * The token's principal as soon as the token is valid, even when its scope or a limit then
     * refuses the call: the request log (http/request-log.ts) records those calls under it too.
     */
    caller?: Principal;
    /** The limit a 429 refused, by its class (read, availability, create-hour, owner, anon, ...): the metrics count it. */
    limitRefused?: string;
  }
}

/** `read:<token>` → `read`: the class of a limit, without whose it is. */
const classOf = (key: string | undefined) => key?.split(':')[0] ?? 'unknown';

/** What a guarded route needs: a scope (null: any valid token) and the rate class it counts against. */
export interface GuardNeeds {
  scope: Scope | null;
  rateClass: RateClass;
}

export interface GuardDeps {
  authenticator: Authenticator;
  rateLimits: RateLimitStore;
  clock: Clock;
}

/**
 * The guard of one route: an onRequest hook, so it runs before the body is read or validated. A
 * callback hook that calls `done` at once when the rate-limit store and the token cache answer at
 * once (one instance, a token seen within the cache time): GET /me then allocates no promise here.
 */
export type Guard = (needs: GuardNeeds) => onRequestHookHandler;

function bearer(header: string | undefined): string | undefined {
  if (!header) return undefined;
  // RFC 6750: credentials = "Bearer" 1*SP b64token; the scheme name is case-insensitive.
  const m = /^Bearer +([^\s]+)$/i.exec(header.trim());
  return m?.[1];
}

const INVALID_TOKEN_CHALLENGE = 'Bearer error="invalid_token"';

/**
 * The codes a guarded route can answer before its handler runs, in the order of the checks
 * (docs/spec-decisions.md §1 steps 2-4): the route loop lists them in the route's OpenAPI responses.
 */
export function guardErrors(needs: GuardNeeds): ErrorCode[] {
  return ['invalid_token', 'token_expired', 'app_suspended', ...(needs.scope ? (['insufficient_scope'] as const) : []), 'rate_limited'];
}

/**
 * Token, app, scope, then rate limits (docs/spec-decisions.md §1 steps 2-4), for any plugin's routes. A call
 * counts against its limits before the scope is checked, so a token probing scopes still spends
 * its budget; a refusal of the scope wins over a refusal of the limit.
 */
export function createGuard({ authenticator, rateLimits, clock }: GuardDeps): Guard {
  return (needs) => {
    /** Throws (or rejects with) the ApiError that refuses the call; sets `request.principal` when it may go on. */
    const admit = (request: FastifyRequest, reply: FastifyReply): MaybePromise<void> => {
      const now = clock.now().getTime();
      // An address past its budget of wrong tokens is answered before any look-up: a guess and a real
      // token get the same 429 until the window ends, so the answer tells nothing (docs/spec-decisions.md §9).
      return andThen(countLimits(rateLimits, [anonymousLimit(request.ip)], now, false), (barred) => {
        if (!barred.allowed) {
          request.limitRefused = classOf(barred.exceeded?.key);
          reply.headers(barred.headers);
          throw new ApiError('rate_limited', undefined, undefined, { 'Retry-After': String(barred.retryAfter) });
        }
        return andThen(authenticator.authenticate(bearer(request.headers.authorization), now), (outcome) => {
          if (!outcome.ok) return andThen(countLimits(rateLimits, [anonymousLimit(request.ip)], now, outcome.code === 'invalid_token'), (verdict) => refuse(request, reply, outcome.code, verdict));
          request.caller = outcome.principal;
          return admitPrincipal(needs, rateLimits, request, reply, outcome.principal, now);
        });
      });
    };
    return function guard(request, reply, done) {
      let pending: MaybePromise<void>;
      try {
        pending = admit(request, reply);
      } catch (e) {
        return done(e as Error);
      }
      if (isPromise(pending)) pending.then(() => done(), (e: unknown) => done(e as Error));
      else done();
    };
  };
}

/** A valid token's call: counted against its limits, then its scope, then the verdict of the limits. */
function admitPrincipal(needs: GuardNeeds, rateLimits: RateLimitStore, request: FastifyRequest, reply: FastifyReply, principal: Principal, now: number): MaybePromise<void> {
  return andThen(countLimits(rateLimits, limitsFor(needs.rateClass, principal.tokenId, principal.ownerId), now), (verdict) => {
    reply.headers(verdict.headers);
    if (needs.scope && !principal.scopes.includes(needs.scope)) {
      throw new ApiError('insufficient_scope', `This route needs the scope ${needs.scope}.`, undefined, {
        'WWW-Authenticate': `Bearer error="insufficient_scope", scope="${needs.scope}"`,
      });
    }
    if (!verdict.allowed) request.limitRefused = classOf(verdict.exceeded?.key);
    if (!verdict.allowed) throw new ApiError('rate_limited', undefined, undefined, { 'Retry-After': String(verdict.retryAfter) });
    request.principal = principal;
  });
}

/**
 * The refusal of a call without a valid token. A token that exists but expired, or whose app is
 * suspended, is no guess: it is not counted against the address (docs/spec-decisions.md §9 counts
 * missing, malformed, unknown and revoked ones).
 */
function refuse(request: FastifyRequest, reply: FastifyReply, code: 'invalid_token' | 'token_expired' | 'app_suspended', verdict: LimitVerdict): never {
  const guess = code === 'invalid_token';
  reply.headers(verdict.headers);
  if (guess && !verdict.allowed) request.limitRefused = classOf(verdict.exceeded?.key);
  if (guess && !verdict.allowed) throw new ApiError('rate_limited', undefined, undefined, { 'Retry-After': String(verdict.retryAfter) });
  if (code === 'app_suspended') throw new ApiError('app_suspended');
  throw new ApiError(code, undefined, undefined, { 'WWW-Authenticate': INVALID_TOKEN_CHALLENGE });
}
