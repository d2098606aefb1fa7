import type { Insertable } from 'kysely';
import { newId } from '../../domain/ids.js';
import type { Db } from '../db.js';
import type { CalendarsTable } from '../schema.js';

/** The owner's calendars (the rows events belong to). */

export async function insertCalendars(db: Db, rows: readonly Insertable<CalendarsTable>[]): Promise<void> {
  await db.insertInto('calendars').values(rows).execute();
}

/** The first calendar every owner gets, `personal`; returns its id. */
export async function insertPersonalCalendar(db: Db, ownerId: string, now: Date): Promise<string> {
  const id = newId();
  await db.insertInto('calendars').values({ id, owner_id: ownerId, slug: 'personal', name: 'Personal', position: 0, created_at: now }).execute();
  return id;
}
