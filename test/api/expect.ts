import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';

/** Field lists of the spec's "Resources and their fields", sorted, to compare with Object.keys. */
export const FIELDS = {
  account: ['accountId', 'mode', 'profile', 'scopes'],
  profile: ['displayName', 'locale', 'publicUrl', 'timezone', 'username'],
  appointmentType: ['durationMinutes', 'id', 'name'],
  task: [
    'completedAt', 'description', 'dueDate', 'dueTime', 'durationMinutes', 'fromRequester', 'id', 'priority', 'requestId', 'status',
    'timezone', 'title', 'updatedAt',
  ],
  request: [
    'appointmentTypeId', 'cancelledBy', 'createdAt', 'createdByThisToken', 'id', 'kind', 'message', 'note', 'requester', 'slot', 'source',
    'status', 'suggestedDueDate', 'test', 'updatedAt',
  ],
  requesterAll: ['contactHandle', 'contactMethod', 'email', 'name', 'phone'],
  slot: ['end', 'start'],
  deletedMarker: ['deletedAt', 'id'],
  page: ['data', 'nextCursor'],
  pageWithDeleted: ['data', 'deleted', 'nextCursor'],
  error: ['code', 'message', 'requestId'],
  errorWithField: ['code', 'field', 'message', 'requestId'],
} as const;

export const keys = (o: unknown): string[] => Object.keys(o as object).sort();

export const REQUEST_ID = /^req_[A-Za-z0-9_-]{22}$/;

/** The headers every answer carries (spec fixed properties 6-8, Limits; docs/spec-decisions.md §1). */
export function assertEnvelope(res: LightMyRequestResponse, what = ''): void {
  const label = `${what} ${res.statusCode}`.trim();
  assert.match(String(res.headers['svc-request-id']), REQUEST_ID, `${label}: Svc-Request-Id`);
  assert.equal(res.headers['cache-control'], 'no-store', `${label}: Cache-Control`);
  for (const h of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']) {
    assert.match(String(res.headers[h]), /^\d+$/, `${label}: ${h}`);
  }
  const cors = Object.keys(res.headers).filter((h) => h.toLowerCase().startsWith('access-control-'));
  assert.deepEqual(cors, [], `${label}: no CORS headers`);
}

/**
 * An error answer: status, code, the full envelope, a body with exactly code, message, requestId
 * (and field when one parameter is at fault), and requestId equal to the Svc-Request-Id header.
 */
export function assertError(res: LightMyRequestResponse, status: number, code: string, field?: string): { code: string; message: string; field?: string; requestId: string } {
  assert.equal(res.statusCode, status, `expected ${status} ${code}, got ${res.statusCode} ${res.body}`);
  assertEnvelope(res, code);
  assert.match(String(res.headers['content-type']), /^application\/json/);
  const body = res.json();
  assert.deepEqual(keys(body), ['error']);
  const error = body.error;
  assert.equal(error.code, code, res.body);
  assert.equal(typeof error.message, 'string');
  assert.ok(error.message.length > 0);
  assert.equal(error.requestId, res.headers['svc-request-id']);
  if (field === undefined) {
    assert.deepEqual(keys(error), FIELDS.error, `no field expected: ${res.body}`);
  } else {
    assert.deepEqual(keys(error), FIELDS.errorWithField, res.body);
    assert.equal(error.field, field, res.body);
  }
  return error;
}

/** The error body without its per-answer requestId, to compare two 404s. */
export function withoutRequestId(res: LightMyRequestResponse): unknown {
  const { requestId: _requestId, ...rest } = res.json().error;
  return rest;
}

export const DAY = 86_400_000;

/** The instant `days` days before or after `from`, in wire form (whole seconds). */
export function shift(from: Date, days: number, extraMs = 0): string {
  return new Date(from.getTime() + days * DAY + extraMs).toISOString().replace('.000Z', 'Z');
}
