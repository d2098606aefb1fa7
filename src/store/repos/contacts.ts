import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../db.js';
import type { ContactsTable } from '../schema.js';

/** The owner's contacts: one row per email or phone (unique per owner), blocked or not. */
export type ContactRow = Selectable<ContactsTable>;

/** The owner's contact of this email (in any case), locked until the transaction ends. */
export async function lockContactByEmail(trx: Db, ownerId: string, email: string): Promise<ContactRow | undefined> {
  return trx.selectFrom('contacts').selectAll().where('owner_id', '=', ownerId).where(sql<boolean>`lower(email) = ${email}`).forUpdate().executeTakeFirst();
}

/** The owner's contact of this phone number, locked until the transaction ends. */
export async function lockContactByPhone(trx: Db, ownerId: string, phone: string): Promise<ContactRow | undefined> {
  return trx.selectFrom('contacts').selectAll().where('owner_id', '=', ownerId).where('phone', '=', phone).forUpdate().executeTakeFirst();
}

export async function insertContact(db: Db, row: Insertable<ContactsTable>): Promise<ContactRow> {
  return db.insertInto('contacts').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Many contacts at once (the demo). */
export async function insertContacts(db: Db, rows: readonly Insertable<ContactsTable>[]): Promise<void> {
  await db.insertInto('contacts').values(rows).execute();
}

export async function updateContact(db: Db, ownerId: string, id: string, change: Updateable<ContactsTable>): Promise<ContactRow> {
  return db.updateTable('contacts').set(change).where('owner_id', '=', ownerId).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Unblocks one of the owner's contacts; false when the owner has no such blocked contact. */
export async function unblockContactRow(db: Db, ownerId: string, id: string, now: Date): Promise<boolean> {
  const r = await db
    .updateTable('contacts')
    .set({ blocked: false, updated_at: now })
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .where('blocked', '=', true)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The owner's blocked contacts, most recently blocked first. */
export async function blockedContacts(db: Db, ownerId: string): Promise<ContactRow[]> {
  return db.selectFrom('contacts').selectAll().where('owner_id', '=', ownerId).where('blocked', '=', true).orderBy('updated_at', 'desc').orderBy('id').execute();
}
