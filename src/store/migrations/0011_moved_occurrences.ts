import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * Occurrences moved to another time, by where they now are: a window read by expansion (outside the
 * materialised horizon) finds a series whose rule places nothing in it but one occurrence of which
 * was moved into it (store/repos/events.ts, eventsForWindow).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    CREATE INDEX event_overrides_owner_moved ON event_overrides (owner_id, start_at) WHERE start_at IS NOT NULL;
  `);
}
