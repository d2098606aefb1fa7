import type { Clock } from '../domain/clock.js';
import { asUuid, newId } from '../domain/ids.js';
import { isE164, isEmailAddress } from '../domain/request-rules.js';
import type { Db } from '../store/db.js';
import {
  blockedContacts, insertContact, lockContactByEmail, lockContactByPhone, unblockContactRow, updateContact, type ContactRow,
} from '../store/repos/contacts.js';
import { ServiceError } from '../domain/service-error.js';

/**
 * The owner's blocked contacts (docs/spec-decisions.md §3): a requester matched by email (in any case) or phone
 * still gets its 201, but the request never reaches the inbox, records no event and sends no email.
 * Blocking changes no request already made. A contact is one row per email or phone (the unique
 * indexes (owner_id, email) and (owner_id, phone)); unblocking keeps the row with blocked = false.
 */

export interface ContactInput {
  email?: string | null;
  phone?: string | null;
  name?: string | null;
}

function checked(input: ContactInput): { email: string | null; phone: string | null; name: string | null } {
  const email = input.email?.trim().toLowerCase() || null;
  const phone = input.phone?.replace(/[\s\-().]/g, '') || null;
  const name = input.name?.trim().slice(0, 200) || null;
  if (email === null && phone === null) throw new ServiceError('invalid', 'Give an email address or a phone number to block.', 'email');
  if (email !== null && !isEmailAddress(email)) throw new ServiceError('invalid', `"${email}" is not an email address.`, 'email');
  if (phone !== null && !isE164(phone)) throw new ServiceError('invalid', 'A phone number must be in international form, such as +4930123456.', 'phone');
  return { email, phone, name };
}

/**
 * Blocks a requester by email, phone or both: each identity given ends up on a blocked contact
 * (an existing contact is marked blocked, a missing identity is added to it or gets its own row).
 */
export async function blockContact(db: Db, clock: Clock, ownerId: string, input: ContactInput): Promise<ContactRow[]> {
  const { email, phone, name } = checked(input);
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    const byEmail = email === null ? undefined : await lockContactByEmail(trx, ownerId, email);
    const byPhone = phone === null ? undefined : await lockContactByPhone(trx, ownerId, phone);
    const home = byEmail ?? byPhone;
    if (home === undefined) {
      return [await insertContact(trx, { id: newId(), owner_id: ownerId, name, email, phone, blocked: true, created_at: now, updated_at: now })];
    }
    // The contact found takes what it lacks (an identity no other contact holds, a name); every match is blocked.
    const addEmail = email !== null && byEmail === undefined && home.email === null;
    const addPhone = phone !== null && byPhone === undefined && home.phone === null;
    const change = { ...(addEmail ? { email } : {}), ...(addPhone ? { phone } : {}), ...(name !== null && home.name === null ? { name } : {}) };
    const rows: ContactRow[] = [];
    for (const row of new Map([byEmail, byPhone].filter((r) => r !== undefined).map((r) => [r.id, r])).values()) {
      const set = row.id === home.id ? { ...change, blocked: true, updated_at: now } : { blocked: true, updated_at: now };
      rows.push(await updateContact(trx, ownerId, row.id, set));
    }
    const missing = { email: email !== null && byEmail === undefined && !addEmail ? email : null, phone: phone !== null && byPhone === undefined && !addPhone ? phone : null };
    if (missing.email !== null || missing.phone !== null) {
      rows.push(await insertContact(trx, { id: newId(), owner_id: ownerId, name, ...missing, blocked: true, created_at: now, updated_at: now }));
    }
    return rows;
  });
}

/** Unblocks one of the owner's contacts; false when the owner has no such blocked contact. */
export async function unblockContact(db: Db, clock: Clock, ownerId: string, contactId: string): Promise<boolean> {
  const id = asUuid(contactId);
  if (id === null) return false;
  return unblockContactRow(db, ownerId, id, clock.now());
}

/** The owner's blocked contacts, most recently blocked first. */
export async function listBlocked(db: Db, ownerId: string): Promise<ContactRow[]> {
  return blockedContacts(db, ownerId);
}
