import type { Clock } from '../domain/clock.js';
import { newAccountId, newId } from '../domain/ids.js';
import { isEmailAddress } from '../domain/request-rules.js';
import { ianaZone } from '../domain/zones.js';
import type { Db } from '../store/db.js';
import { insertBookingSettings } from '../store/repos/booking.js';
import { insertPersonalCalendar } from '../store/repos/calendars.js';
import { createHorizon } from '../store/repos/occurrences.js';
import { findOwnerByUsername, insertOwner } from '../store/repos/owners.js';
import type { OwnerRow } from '../store/schema.js';
import { ServiceError } from '../domain/service-error.js';

export interface NewOwner {
  username: string;
  displayName: string;
  timezone: string;
  locale?: string;
  /** Where the owner is told of things needing them (a webhook endpoint disabled). */
  email?: string | null;
  /** argon2id hash of the owner's password (accounts.ts makes it). */
  passwordHash?: string | null;
}


const USERNAME_RE = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
/** Paths of the service itself: a booking page /{username} must not hide them. */
const RESERVED = new Set(['api', 'app', 'signin', 'signup', 'signout', 'status', 'openapi', 'static', 'assets', 'admin', 'well-known', 'oauth', 'docs', 'healthz', 'readyz', 'metrics']);

/** Creates an owner with a first calendar, `personal`, and booking switched off. */
export async function createOwner(db: Db, clock: Clock, input: NewOwner): Promise<OwnerRow> {
  if (!USERNAME_RE.test(input.username)) {
    throw new ServiceError('invalid', 'username: 1 to 64 lowercase letters, digits and inner hyphens');
  }
  if (RESERVED.has(input.username)) throw new ServiceError('invalid', `username: "${input.username}" is reserved`);
  const displayName = input.displayName.trim();
  if (displayName.length === 0 || displayName.length > 100) throw new ServiceError('invalid', 'name: 1 to 100 characters');
  const timezone = ianaZone(input.timezone);
  if (!timezone) throw new ServiceError('invalid', `timezone: "${input.timezone}" is not an IANA time zone such as Europe/Berlin`);
  const email = input.email?.trim().toLowerCase() || null;
  if (email !== null && !isEmailAddress(email)) throw new ServiceError('invalid', `email: "${input.email}" is not an email address`);
  if (await findOwnerByUsername(db, input.username)) throw new ServiceError('conflict', `username "${input.username}" is taken`);
  const now = clock.now();
  const owner: OwnerRow = {
    id: newId(),
    account_id: newAccountId(),
    username: input.username,
    display_name: displayName,
    timezone,
    locale: input.locale ?? 'en',
    email,
    password_hash: input.passwordHash ?? null,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  };
  await db.transaction().execute(async (trx) => {
    await insertOwner(trx, owner);
    await insertPersonalCalendar(trx, owner.id, now);
    await insertBookingSettings(trx, { owner_id: owner.id, enabled: false, updated_at: now });
    await createHorizon(trx, owner.id, now);
  });
  return owner;
}

export async function requireOwner(db: Db, username: string): Promise<OwnerRow> {
  const owner = await findOwnerByUsername(db, username);
  if (!owner) throw new ServiceError('not_found', `no owner "${username}"`);
  return owner;
}
