import type { Clock } from '../domain/clock.js';
import { newAccountId, newId } from '../domain/ids.js';
import type { Db } from '../store/db.js';
import type { OwnerRow } from '../store/schema.js';
import { findOwnerByUsername } from '../store/repos/owners.js';
import { ServiceError } from './service-error.js';

export interface NewOwner {
  username: string;
  displayName: string;
  timezone: string;
  locale?: string;
}

const USERNAME_RE = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

export function isKnownTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Creates an owner with a first calendar, `personal`, and booking switched off. */
export async function createOwner(db: Db, clock: Clock, input: NewOwner): Promise<OwnerRow> {
  if (!USERNAME_RE.test(input.username)) {
    throw new ServiceError('invalid', 'username: 1 to 64 lowercase letters, digits and inner hyphens');
  }
  const displayName = input.displayName.trim();
  if (displayName.length === 0 || displayName.length > 100) throw new ServiceError('invalid', 'name: 1 to 100 characters');
  if (!isKnownTimeZone(input.timezone)) throw new ServiceError('invalid', `timezone: "${input.timezone}" is not an IANA time zone`);
  if (await findOwnerByUsername(db, input.username)) throw new ServiceError('conflict', `username "${input.username}" is taken`);
  const now = clock.now();
  const owner: OwnerRow = {
    id: newId(),
    account_id: newAccountId(),
    username: input.username,
    display_name: displayName,
    timezone: input.timezone,
    locale: input.locale ?? 'en',
    created_at: now,
    updated_at: now,
    deleted_at: null,
  };
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('owners').values(owner).execute();
    await trx.insertInto('calendars').values({ id: newId(), owner_id: owner.id, slug: 'personal', name: 'Personal', position: 0, created_at: now }).execute();
    await trx.insertInto('booking_settings').values({ owner_id: owner.id, enabled: false, updated_at: now }).execute();
  });
  return owner;
}

export async function requireOwner(db: Db, username: string): Promise<OwnerRow> {
  const owner = await findOwnerByUsername(db, username);
  if (!owner) throw new ServiceError('not_found', `no owner "${username}"`);
  return owner;
}
