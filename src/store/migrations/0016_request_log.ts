import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * The request log for developers (issue 14 point 5, docs/console.md "Request log"): each API call
 * made with an owner's token, kept 30 days and at most a cap per owner (the housekeeping job
 * prunes). A row is a batch: one owner's calls of one flush of the writer (src/request-log/), at
 * most 500, packed as one JSON text (src/store/repos/request-log-pack.ts) with the span of their times and their
 * count. A row per call cost the service about 20 µs a call on PGlite, which writes on the service's
 * own thread: as much again as `GET /me` itself; a packed batch about 3 µs a call. A call's id is
 * its batch's id × 1000 + its place: `logs tail` follows those, the console pages by them (newest
 * first). Calls hold no body, header or token value; the path keeps the query's parameter names
 * only; `source` is the personal token's id, or the app's id for an OAuth access token.
 *
 * No foreign key (owners are never deleted outright: an account deletion marks them). The calls are
 * stored as they are, not compressed (compressing cost more than writing). Unlogged: the log is a
 * developer's diagnostic, and an unlogged table writes no WAL. The price, documented
 * (docs/console.md "Request log"): a crash of the database (not a clean stop) empties the log, and
 * PostgreSQL's replicas do not carry it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    CREATE UNLOGGED TABLE request_log (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      owner_id uuid NOT NULL,
      first_at timestamptz NOT NULL,
      last_at timestamptz NOT NULL,
      n integer NOT NULL,
      calls text NOT NULL
    );
    ALTER TABLE request_log ALTER COLUMN calls SET STORAGE EXTERNAL;
    CREATE INDEX request_log_owner ON request_log (owner_id, id);
  `);
}
