import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/** The warnings of a feed's last good reading (docs/calendar-import.md, "The report"), shown with the feed. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    ALTER TABLE calendar_feeds ADD COLUMN last_warnings text[] NOT NULL DEFAULT '{}';
  `);
}
