import { isPromise, type MaybePromise } from '../domain/maybe-promise.js';
import { clientKey } from './client-address.js';
import type { RateLimitStore, WindowCount } from './store.js';

/**
 * Rate limits (spec "Limits", docs/spec-decisions.md §9): sliding windows counted per key, in a
 * RateLimitStore (limits/sliding-log.ts): no span of `windowMs` admits more than `max` calls.
 */
export interface Limit {
  /** Key prefix naming the limit, e.g. `read:<tokenId>`. */
  key: string;
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type RateClass = 'read' | 'availability' | 'create';

function limitsOf(rateClass: RateClass, tokenId: string, ownerId: string): Limit[] {
  const owner: Limit = { key: `owner:${ownerId}`, max: 3000, windowMs: MINUTE };
  switch (rateClass) {
    case 'read':
      return [{ key: `read:${tokenId}`, max: 600, windowMs: MINUTE }, owner];
    case 'availability':
      return [{ key: `availability:${tokenId}`, max: 60, windowMs: MINUTE }, owner];
    case 'create':
      return [
        { key: `create-hour:${tokenId}`, max: 30, windowMs: HOUR },
        { key: `create-day:${tokenId}`, max: 200, windowMs: DAY },
        owner,
      ];
  }
}

/**
 * The same limits serve every call of a token, so they are made once per class and token (at most
 * MAX_REMEMBERED tokens, then forgotten together): their keys are then the same strings each call,
 * whose hashes the store's Map already knows.
 */
const remembered = new Map<RateClass, Map<string, { ownerId: string; limits: Limit[] }>>();
const MAX_REMEMBERED = 10_000;

/** The limits of one authenticated call: its class, per token, and the owner's total. */
export function limitsFor(rateClass: RateClass, tokenId: string, ownerId: string): Limit[] {
  let byToken = remembered.get(rateClass);
  if (!byToken) remembered.set(rateClass, (byToken = new Map()));
  const known = byToken.get(tokenId);
  if (known && known.ownerId === ownerId) return known.limits;
  if (byToken.size >= MAX_REMEMBERED) byToken.clear();
  const limits = limitsOf(rateClass, tokenId, ownerId);
  byToken.set(tokenId, { ownerId, limits });
  return limits;
}

/** Calls without a valid token, per client address, so tokens cannot be guessed at speed. */
export const anonymousLimit = (address: string): Limit => ({ key: `anon:${address}`, max: 60, windowMs: MINUTE });

// --- The public booking page's posts (issue #11 point 1) ---------------------------------------
// Not the spec's limits: they keep the page from being a relay of emails to addresses nobody
// verified. The spec's per-requester limits (5 a day, 3 pending) still apply behind them.

/** How many booking-page posts an hour (BOOKING_POSTS_PER_HOUR_PER_ADDRESS, ..._PER_OWNER). */
export interface BookingPostBudget {
  perAddress: number;
  perOwner: number;
}

/**
 * The limits of one post of a booking form: per client (IPv6 by its /64, across every owner's
 * page), then per owner (all visitors of one page together). Counted in that order, so one client
 * past its own budget does not use up the page's budget for everyone else.
 */
export function bookingPostLimits(address: string, ownerId: string, budget: BookingPostBudget): Limit[] {
  return [
    { key: `booking-address:${clientKey(address)}`, max: budget.perAddress, windowMs: HOUR },
    { key: `booking-owner:${ownerId}`, max: budget.perOwner, windowMs: HOUR },
  ];
}

// --- Sign-up (not the spec's: each attempt costs a strength estimate and an argon2 hash) --------

/**
 * The limit of one sign-up attempt, counted whether it succeeds or not, per client (IPv6 by its
 * /64): `perHour` (config.signUpsPerHourPerAddress, 10 unless set) lets a household or an office sign
 * up a few people, not a script thousands.
 */
export const signUpLimit = (address: string, perHour: number): Limit => ({ key: `signup-address:${clientKey(address)}`, max: perHour, windowMs: HOUR });

// -----------------------------------------------------------------------------------------------

export interface LimitVerdict {
  allowed: boolean;
  headers: Record<string, string>;
  /** Seconds to wait, when not allowed. */
  retryAfter?: number;
  /** The exceeded limit the headers describe, when not allowed (a page may say which it was). */
  exceeded?: Limit;
}

/**
 * The headers' figures of one limit: `remaining` is what can be sent now, `reset` the seconds until
 * the count falls (one more call is admitted then, when none is left): draft-ietf-httpapi-ratelimit-headers,
 * whose reset is "the seconds until additional quota is made available"; 0 when nothing is counted.
 */
function describe(limit: Limit, c: WindowCount, now: number) {
  return {
    limit: limit.max,
    remaining: Math.max(0, limit.max - c.count),
    reset: Math.max(0, Math.ceil((c.resetAt - now) / 1000)),
  };
}

type Described = ReturnType<typeof describe>;

/** The counts read so far: the limit closest to running out, and the exceeded one that resets last. */
interface Tally {
  closest: Described | null;
  exceeded: Described | null;
  exceededLimit?: Limit;
}

/**
 * Counts a call against every limit that applies. Headers describe the limit closest to running out
 * (fewest calls remaining; on a tie, the one that resets last); once one is exceeded, the exceeded
 * one that resets last. With `count` false nothing is counted and the verdict says whether a call
 * now would be admitted (a limit with no call left refuses it). The verdict comes at once when the
 * store answers at once (the in-process store: no promise on the API's hot path), else as a promise.
 */
export function countLimits(store: RateLimitStore, limits: Limit[], now: number, count = true): MaybePromise<LimitVerdict> {
  return countFrom(store, limits, 0, now, count, { closest: null, exceeded: null });
}

/** The limits from `i` on, in order (see checkLimits), waiting only for a store that makes it wait. */
function countFrom(store: RateLimitStore, limits: Limit[], i: number, now: number, count: boolean, tally: Tally): MaybePromise<LimitVerdict> {
  for (; i < limits.length; i++) {
    const l = limits[i]!;
    // In order, most specific first: once one is exceeded, the later ones are only read, so a token
    // that keeps calling past its own limit does not use up its owner's budget for other tokens.
    const counting = count && tally.exceeded === null;
    const c = counting ? store.hit(l.key, l.windowMs, now, l.max) : store.peek(l.key, l.windowMs, now, l.max);
    if (isPromise(c)) {
      const next = i + 1;
      return c.then((window) => {
        add(tally, l, window, now, counting);
        return countFrom(store, limits, next, now, count, tally);
      });
    }
    add(tally, l, c, now, counting);
  }
  return verdictOf(tally);
}

/** A counted call is refused past `max`; a read one says whether a call now would be (at `max`). */
function add(tally: Tally, l: Limit, c: WindowCount, now: number, counted: boolean): void {
  const d = describe(l, c, now);
  const closest = tally.closest;
  if (closest === null || d.remaining < closest.remaining || (d.remaining === closest.remaining && d.reset > closest.reset)) tally.closest = d;
  if ((counted ? c.count > l.max : c.count >= l.max) && (tally.exceeded === null || d.reset > tally.exceeded.reset)) {
    tally.exceeded = d;
    tally.exceededLimit = l;
  }
}

function verdictOf(tally: Tally): LimitVerdict {
  const shown = tally.exceeded ?? tally.closest!;
  const headers = {
    'RateLimit-Limit': String(shown.limit),
    'RateLimit-Remaining': String(shown.remaining),
    'RateLimit-Reset': String(shown.reset),
  };
  if (tally.exceeded === null) return { allowed: true, headers };
  return { allowed: false, headers, retryAfter: Math.max(1, shown.reset), exceeded: tally.exceededLimit! };
}

/**
 * Gives one admitted call back to the first of `limits` (a token's own limit of its class, as
 * limitsFor lists them) and describes every limit after it: the verdict whose headers the answer
 * carries. The later limits (the owner's 3,000 a minute) are only read: the call still counts
 * there. A 304 Not Modified is answered so (docs/conditional-get.md): free for the token, not for
 * the owner. At once when the store answers at once, as countLimits.
 */
export function refundCall(store: RateLimitStore, limits: Limit[], now: number): MaybePromise<LimitVerdict> {
  const own = limits[0]!;
  const tally: Tally = { closest: null, exceeded: null };
  const after = (c: WindowCount) => {
    add(tally, own, c, now, false);
    return countFrom(store, limits, 1, now, false, tally);
  };
  const given = store.refund(own.key, own.windowMs, now, own.max);
  return isPromise(given) ? given.then(after) : after(given);
}

/** countLimits, always as a promise: for the callers off the hot path, which await it. */
export async function checkLimits(store: RateLimitStore, limits: Limit[], now: number, count = true): Promise<LimitVerdict> {
  return countLimits(store, limits, now, count);
}
