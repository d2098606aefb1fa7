import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../domain/clock.js';
import type { Scope } from '../domain/scopes.js';
import type { Authenticator, Principal } from '../services/authenticator.js';
import { ApiError, type ErrorCode } from './errors.js';
import { anonymousLimit, checkLimits, limitsFor, type RateClass } from '../limits/policy.js';
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

/** The guard of one route: an onRequest hook, so it runs before the body is read or validated. */
export type Guard = (needs: GuardNeeds) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

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
  return (needs) =>
    async function guard(request, reply) {
      const now = clock.now().getTime();
      // An address past its budget of wrong tokens is answered before any look-up: a guess and a real
      // token get the same 429 until the window ends, so the answer tells nothing (docs/spec-decisions.md §9).
      const barred = await checkLimits(rateLimits, [anonymousLimit(request.ip)], now, false);
      if (!barred.allowed) {
        request.limitRefused = classOf(barred.exceeded?.key);
        reply.headers(barred.headers);
        throw new ApiError('rate_limited', undefined, undefined, { 'Retry-After': String(barred.retryAfter) });
      }
      const outcome = await authenticator.authenticate(bearer(request.headers.authorization), now);
      if (!outcome.ok) {
        // A token that exists but expired, or whose app is suspended, is no guess: it is not counted
        // against the address (docs/spec-decisions.md §9 counts missing, malformed, unknown and revoked ones).
        const guess = outcome.code === 'invalid_token';
        const verdict = await checkLimits(rateLimits, [anonymousLimit(request.ip)], now, guess);
        reply.headers(verdict.headers);
        if (guess && !verdict.allowed) request.limitRefused = classOf(verdict.exceeded?.key);
        if (guess && !verdict.allowed) throw new ApiError('rate_limited', undefined, undefined, { 'Retry-After': String(verdict.retryAfter) });
        if (outcome.code === 'app_suspended') throw new ApiError('app_suspended');
        throw new ApiError(outcome.code, undefined, undefined, { 'WWW-Authenticate': INVALID_TOKEN_CHALLENGE });
      }
      const { principal } = outcome;
      request.caller = principal;
      const verdict = await checkLimits(rateLimits, limitsFor(needs.rateClass, principal.tokenId, principal.ownerId), now);
      reply.headers(verdict.headers);
      if (needs.scope && !principal.scopes.includes(needs.scope)) {
        throw new ApiError('insufficient_scope', `This route needs the scope ${needs.scope}.`, undefined, {
          'WWW-Authenticate': `Bearer error="insufficient_scope", scope="${needs.scope}"`,
        });
      }
      if (!verdict.allowed) request.limitRefused = classOf(verdict.exceeded?.key);
      if (!verdict.allowed) throw new ApiError('rate_limited', undefined, undefined, { 'Retry-After': String(verdict.retryAfter) });
      request.principal = principal;
    };
}
