import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { setBookingSettings } from '../../src/services/booking.js';
import { requestEnv, type RequestEnv } from '../../src/services/requests/env.js';
import type { OwnerRow } from '../../src/store/schema.js';
import type { ApiHarness } from './api.js';

/** Hours 09:00-17:00 every day of the week. */
export const EVERY_DAY_9_TO_17 = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [['09:00', '17:00']]]));

export interface Bookable {
  owner: OwnerRow;
  typeId: string;
  token: string;
}

/** An owner with booking on and one 30-minute type, 09:00-17:00 every day in `zone`, step 30, no notice. */
export async function bookableOwner(api: ApiHarness, zone = 'Europe/Berlin', scopes?: string[], opts: { test?: boolean } = {}): Promise<Bookable> {
  const owner = await api.owner(zone);
  const settings = await setBookingSettings(api.rt.store.db, api.clock, owner.id, {
    enabled: true,
    weeklyHours: EVERY_DAY_9_TO_17,
    slotStepMinutes: 30,
    bookingWindowDays: 60,
    appointmentTypes: [{ name: 'Intro call', durationMinutes: 30 }],
  });
  const token = await api.token(owner, scopes, opts);
  return { owner, typeId: settings.appointmentTypes[0]!.id, token };
}

export const newKey = (): string => `key_${randomBytes(12).toString('hex')}`;

/** A POST with a JSON body and an Idempotency-Key (a new one unless given; null sends none). */
export function post(api: ApiHarness, url: string, token: string, body: unknown, key: string | null = newKey(), headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return api.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, ...(key !== null ? { 'idempotency-key': key } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
}

export function appointmentBody(typeId: string, start: string, end: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    appointmentTypeId: typeId,
    slot: { start, end },
    requester: { name: 'Ana Ruiz', email: 'ana@example.com' },
    requesterTimezone: 'America/New_York',
    requesterLocale: 'en-US',
    ...extra,
  };
}

export function taskBody(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    message: 'Please review the draft\nIt is in the shared folder.',
    requester: { name: 'Ana Ruiz', email: 'ana@example.com' },
    requesterTimezone: 'America/New_York',
    requesterLocale: 'en-US',
    ...extra,
  };
}

/** The request services as the API's instance has them. */
export const envOf = (api: ApiHarness): RequestEnv => requestEnv(api.rt);
