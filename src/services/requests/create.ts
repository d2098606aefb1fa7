import { newId } from '../../domain/ids.js';
import { statusLinkExpiry } from '../../domain/request-moves.js';
import {
  canonicalLocale,
  dailyLimitWait,
  hasText,
  isE164,
  isEmailAddress,
  isPastDate,
  isTooFarAhead,
  MAX_PENDING_PER_REQUESTER,
  MAX_PER_REQUESTER_PER_DAY,
  MAX_SUGGESTED_YEARS_AHEAD,
  requestDeadline,
  requesterIdentity,
} from '../../domain/request-rules.js';
import { ianaZone } from '../../domain/zones.js';
import type { Db } from '../../store/db.js';
import { creationsSince, insertRequest, isBlocked, lockRequester, pendingOf } from '../../store/repos/request-changes.js';
import type { RequestRow } from '../../store/schema.js';
import { setTimerJob } from '../../store/repos/jobs.js';
import type { AvailabilityService } from '../availability.js';
import { ServiceError } from '../../domain/service-error.js';
import type { RequestEnv } from './env.js';
import { statusUrl } from '../status-links.js';
import { emailRequester, record, REQUEST_EXPIRE } from './moves.js';

const DAY_MS = 86_400_000;
const MINUTE = 60_000;

export interface RequesterInput {
  name: string;
  email?: string;
  phone?: string;
  contactMethod?: string;
  contactHandle?: string;
}

/** One request as the API or the public booking page asks it; field shapes are checked by the caller's schema. */
export interface NewRequest {
  ownerId: string;
  /** The creating token; null from the public page. */
  tokenId: string | null;
  source: 'api' | 'public';
  test: boolean;
  kind: 'appointment' | 'task';
  appointmentTypeId?: string;
  slot?: { start: Date; end: Date };
  suggestedDueDate?: string;
  message?: string;
  note?: string;
  requester: RequesterInput;
  requesterTimezone: string;
  requesterLocale: string;
  notifyRequester: boolean;
}

export interface CheckedRequest extends NewRequest {
  requesterTimezone: string;
  requesterLocale: string;
}

export interface CreatedRequest {
  request: RequestRow;
  statusUrl: { url: string; expiresAt: Date };
}

const invalid = (field: string, message: string) => new ServiceError('invalid', message, field);

/**
 * Checks that need no lock, in the order a client fixes them: the requester, zone and locale, the
 * dates, then (appointments) the type, the slot's length and whether the slot is offered right now.
 * Throws `invalid` (422), `not_found` (404) or `slot_unavailable` (409).
 */
export async function checkNewRequest(availability: AvailabilityService, input: NewRequest, now: Date): Promise<CheckedRequest> {
  const r = input.requester;
  if (!hasText(r.name)) throw invalid('requester.name', 'requester.name must contain some text.');
  if (r.email === undefined && r.phone === undefined) throw invalid('requester', 'requester needs an email or a phone (or both).');
  // Callers without the API's schema (the public page) get the same checks here.
  if (r.email !== undefined && !isEmailAddress(r.email.trim())) throw invalid('requester.email', 'requester.email is not an email address.');
  if (r.phone !== undefined && !isE164(r.phone)) throw invalid('requester.phone', 'requester.phone must be E.164, such as +4915112345678.');
  const zone = ianaZone(input.requesterTimezone);
  if (!zone) throw invalid('requesterTimezone', `"${input.requesterTimezone}" is not an IANA time zone such as Europe/Berlin.`);
  const locale = canonicalLocale(input.requesterLocale);
  if (!locale) throw invalid('requesterLocale', `"${input.requesterLocale}" is not a BCP 47 language tag such as en-US.`);
  if (input.kind === 'task') {
    if (input.message === undefined || !hasText(input.message)) throw invalid('message', 'message must contain some text.');
    if (input.suggestedDueDate !== undefined && isPastDate(input.suggestedDueDate, zone, now)) {
      throw invalid('suggestedDueDate', 'suggestedDueDate has passed in the requester\u2019s time zone.');
    }
    if (input.suggestedDueDate !== undefined && isTooFarAhead(input.suggestedDueDate, zone, now)) {
      throw invalid('suggestedDueDate', `suggestedDueDate may be at most ${MAX_SUGGESTED_YEARS_AHEAD} years ahead.`);
    }
  }
  if (input.kind === 'appointment') {
    const slot = input.slot!;
    if (slot.end.getTime() <= slot.start.getTime()) throw invalid('slot', 'slot.end must be after slot.start.');
    const offer = await availability.checkSlot(input.ownerId, input.appointmentTypeId!, slot, now);
    if (offer.kind === 'unknown') throw new ServiceError('not_found', 'No such appointment type.');
    if ((slot.end.getTime() - slot.start.getTime()) / MINUTE !== offer.durationMinutes) {
      throw invalid('slot', `The slot must last the type's ${offer.durationMinutes} minutes.`);
    }
    if (!offer.offered) throw new ServiceError('slot_unavailable', 'That time is not free; ask GET /availability for the times offered now.');
  }
  return { ...input, requesterTimezone: zone, requesterLocale: locale };
}

/**
 * Creates the request in the caller's transaction (docs/spec-decisions.md §3-4): the requester's limits under a
 * lock on the requester, then the row, its expiry timer, `request.created` and the "received" email.
 * A blocked contact's request is made like any other but never reaches the inbox: no event, no email.
 */
export async function insertNewRequest(trx: Db, env: RequestEnv, input: CheckedRequest, now: Date): Promise<CreatedRequest> {
  const identity = requesterIdentity(input.requester);
  await lockRequester(trx, input.ownerId, identity);
  const wait = dailyLimitWait(await creationsSince(trx, input.ownerId, identity, input.test, new Date(now.getTime() - DAY_MS)), now);
  if (wait > 0) {
    throw new ServiceError('rate_limited', 'This requester has sent 5 requests in the last 24 hours; retry after the time in Retry-After.', undefined, wait, MAX_PER_REQUESTER_PER_DAY);
  }
  const pending = await pendingOf(trx, input.ownerId, identity, input.test);
  if (pending.count >= MAX_PENDING_PER_REQUESTER) {
    // Retry-After: when the first of them ends at the latest (it expires at its time unless answered sooner).
    const after = pending.firstEnds ? Math.max(1, Math.ceil((pending.firstEnds.getTime() - now.getTime()) / 1000)) : undefined;
    throw new ServiceError('too_many_pending', 'This requester already has three requests waiting for the owner.', undefined, after);
  }
  const blocked = await isBlocked(trx, input.ownerId, identity);
  const expiresAt = requestDeadline(
    { kind: input.kind, slotStart: input.slot?.start ?? null, suggestedDueDate: input.suggestedDueDate ?? null, requesterTimezone: input.requesterTimezone },
    now,
  );
  const linkExpiresAt = statusLinkExpiry({ status: 'pending', expiresAt, slotEnd: input.slot?.end ?? null, updatedAt: now });
  const row = await insertRequest(trx, {
    id: newId(),
    owner_id: input.ownerId,
    kind: input.kind,
    status: 'pending',
    cancelled_by: null,
    appointment_type_id: input.kind === 'appointment' ? input.appointmentTypeId!.toLowerCase() : null,
    slot_start: input.slot?.start ?? null,
    slot_end: input.slot?.end ?? null,
    suggested_due_date: input.suggestedDueDate ?? null,
    message: input.message ?? null,
    note: input.note ?? null,
    requester_name: input.requester.name.trim(),
    requester_email: identity.email,
    requester_phone: identity.phone,
    contact_method: input.requester.contactMethod ?? null,
    contact_handle: input.requester.contactHandle ?? null,
    requester_timezone: input.requesterTimezone,
    requester_locale: input.requesterLocale,
    notify_requester: input.notifyRequester,
    source: input.source,
    token_id: input.tokenId,
    test: input.test,
    from_blocked: blocked,
    expires_at: expiresAt,
    status_link_expires_at: linkExpiresAt,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  });
  await setTimerJob(trx, { kind: REQUEST_EXPIRE, ownerId: row.owner_id, key: row.id, runAt: expiresAt, payload: { requestId: row.id } }, now);
  await record(trx, row, 'request.created', { object: 'request', id: row.id }, now);
  await emailRequester(trx, env, row, 'received', now);
  return { request: row, statusUrl: { url: statusUrl(env, row.id), expiresAt: linkExpiresAt } };
}

/** Checks and creates in one go, for callers without an idempotency key (the public booking page). */
export async function createRequest(env: RequestEnv, availability: AvailabilityService, input: NewRequest): Promise<CreatedRequest> {
  const now = env.clock.now();
  const checked = await checkNewRequest(availability, input, now);
  return env.db.transaction().execute((trx) => insertNewRequest(trx, env, checked, now));
}
