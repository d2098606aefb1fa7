import type { Scope } from './scopes.js';

/**
 * The webhook event types of the spec's table, the scope each needs, and the retry schedules of
 * docs/spec-decisions.md §8. Pure.
 */
export const EVENT_SCOPES = {
  'request.created': 'requests:read',
  'request.withdrawn': 'requests:read',
  'request.accepted': 'requests:read',
  'request.declined': 'requests:read',
  'request.expired': 'requests:read',
  'appointment.rescheduled': 'requests:read',
  'appointment.confirmed': 'requests:read',
  'appointment.cancelled': 'requests:read',
  'appointment.completed': 'requests:read',
  'task.created': 'tasks:read',
  'task.updated': 'tasks:read',
  'task.completed': 'tasks:read',
  'task.deleted': 'tasks:read',
  'event.created': 'events:read',
  'event.updated': 'events:read',
  'event.deleted': 'events:read',
  'authorization.revoked': null,
  ping: null,
} as const satisfies Record<string, Scope | null>;

export type EventType = keyof typeof EVENT_SCOPES;
export const EVENT_TYPES = Object.keys(EVENT_SCOPES) as EventType[];

/** The scopes a token needs, besides being alive, to be given an event of this type (`webhooks` always). */
export function scopesFor(type: EventType): Scope[] {
  const own = EVENT_SCOPES[type];
  return own ? ['webhooks', own] : ['webhooks'];
}

const S = 1000;
const M = 60 * S;
const H = 60 * M;
/** Delay before each attempt, from the attempt before it (attempt 1 at once). Live: about 3 days in all. */
export const LIVE_SCHEDULE = [0, 5 * S, 5 * M, 30 * M, 2 * H, 5 * H, 10 * H, 14 * H, 20 * H, 24 * H];
/** Test tokens: at once, 5 min, 30 min, 2 h. */
export const TEST_SCHEDULE = [0, 5 * M, 30 * M, 2 * H];
export const JITTER = 0.2;
/** A Retry-After pushes the next attempt later, never more than this. */
export const MAX_RETRY_AFTER_MS = 24 * H;

/**
 * When to try again after failed attempt number `attempt` (1-based), or null when it was the last.
 * `random` in [0, 1) spreads the delay ±20 %; a Retry-After (429 or 503) is honoured when later.
 */
export function nextAttemptAt(o: { attempt: number; mode: 'live' | 'test'; now: Date; random: number; retryAfterMs?: number | null }): Date | null {
  const schedule = o.mode === 'test' ? TEST_SCHEDULE : LIVE_SCHEDULE;
  const delay = schedule[o.attempt];
  if (delay === undefined) return null;
  const spread = delay * (1 + (o.random * 2 - 1) * JITTER);
  const wait = Math.max(spread, Math.min(o.retryAfterMs ?? 0, MAX_RETRY_AFTER_MS));
  return new Date(o.now.getTime() + Math.round(wait));
}

/** An endpoint with no success for this long, while failing, is disabled and its owner told. */
export const DISABLE_AFTER_MS = 5 * 24 * H;

/** Reads a Retry-After header: seconds, or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now: Date): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}
