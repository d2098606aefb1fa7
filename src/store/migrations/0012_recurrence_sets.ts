import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * All of RFC 5545 recurrence (docs/calendar-import.md, "Recurrence"):
 * - events.rdates: a series' RDATEs, 'YYYY-MM-DDThh:mm:ssZ' or 'start/end' for a PERIOD (events.rrule
 *   holds one RRULE per line, or '' for a series of DTSTART and RDATEs only);
 * - event_overrides.all_day, start_date, end_date: an occurrence that turned all-day (with its dates)
 *   or timed against its series; null: as the series;
 * - event_overrides.this_and_future: RECURRENCE-ID;RANGE=THISANDFUTURE, the change holds for that
 *   occurrence and every later one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    ALTER TABLE events ADD COLUMN rdates text[] NOT NULL DEFAULT '{}';
    ALTER TABLE event_overrides ADD COLUMN all_day boolean;
    ALTER TABLE event_overrides ADD COLUMN start_date date;
    ALTER TABLE event_overrides ADD COLUMN end_date date;
    ALTER TABLE event_overrides ADD COLUMN this_and_future boolean NOT NULL DEFAULT false;
  `);
}
