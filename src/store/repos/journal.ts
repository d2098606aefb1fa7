import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../db.js';
import type { JournalEntriesTable } from '../schema.js';

/**
 * The owner's private journal. Only the console reads this file's functions: no API route, field or
 * webhook event may (spec: "The journal is unreachable through any token").
 */
export type JournalEntryRow = Selectable<JournalEntriesTable>;

export async function insertEntry(db: Db, row: Insertable<JournalEntriesTable>): Promise<void> {
  await db.insertInto('journal_entries').values(row).execute();
}

/** Many entries at once (the demo). */
export async function insertEntries(db: Db, rows: readonly Insertable<JournalEntriesTable>[]): Promise<void> {
  await db.insertInto('journal_entries').values(rows).execute();
}

export async function findEntry(db: Db, ownerId: string, id: string): Promise<JournalEntryRow | undefined> {
  return db.selectFrom('journal_entries').selectAll().where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
}

/** Changes an entry of the owner; false when there is none. */
export async function updateEntry(db: Db, ownerId: string, id: string, change: Updateable<JournalEntriesTable>): Promise<boolean> {
  const r = await db.updateTable('journal_entries').set(change).where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteEntryRow(db: Db, ownerId: string, id: string): Promise<boolean> {
  const r = await db.deleteFrom('journal_entries').where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Entries by date, the newest first (within a date, the latest written first). */
export async function entriesOf(db: Db, ownerId: string, limit: number, offset: number): Promise<JournalEntryRow[]> {
  return db
    .selectFrom('journal_entries')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .orderBy('entry_date', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
}
