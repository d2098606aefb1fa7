import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * The change feeds GET /tasks and GET /requests (issue 10): each page is read in (updated_at, id)
 * order from two runs merged, so no page reads rows it will not list (store/repos/tasks.ts,
 * requests.ts). 0001's (owner_id, updated_at, id) indexes serve what changed in the last 90 days;
 * these serve the rest:
 * - to-dos still open and requests still pending, whatever their age (a year-old open to-do is
 *   listed; the thousands of to-dos done and requests handled before it are not);
 * - the requests a token made itself (createdByThisToken=true), without reading the owner's others.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    CREATE INDEX tasks_owner_open_feed ON tasks (owner_id, updated_at, id) WHERE deleted_at IS NULL AND status = 'open';
    CREATE INDEX requests_owner_pending_feed ON requests (owner_id, updated_at, id) WHERE deleted_at IS NULL AND status = 'pending';
    CREATE INDEX requests_token_feed ON requests (token_id, updated_at, id) WHERE token_id IS NOT NULL;
  `);
}
