import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * Events imported from iCalendar files keep their UID, so importing the same file again updates them
 * instead of adding copies. A UID is unique within one calendar (the same file imported into two
 * calendars makes two events); events made here have none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    ALTER TABLE events ADD COLUMN ical_uid text;
    CREATE UNIQUE INDEX events_calendar_ical_uid ON events (calendar_id, ical_uid) WHERE ical_uid IS NOT NULL;
  `);
}
