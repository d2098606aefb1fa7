import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * The request log for developers (issue 14 point 5, docs/console.md "Request log"): one small row
 * per API call made with an owner's token, kept 30 days and at most a cap per owner (the
 * housekeeping job prunes). `source_id` is what the console lists calls under: the personal
 * token's id, or the app's id for an OAuth access token (they rotate hourly; the app is what the
 * owner knows). Never a body, a header or a token value; the path keeps the query's parameter names
 * only. Rows are written in batches after the answers (src/request-log/), so ids follow the
 * order of flushes: `logs tail` follows them by id, the console pages by (at, id). No foreign key:
 * its check per row took about 40 % of a batch's time on PGlite (which writes on the service's own
 * thread); owners are never deleted outright (an account deletion marks them), and a row outlives
 * nothing by more than its 30 days.
 *
 * Unlogged, with one index: the log is a developer's diagnostic, written at the API's own rate (on
 * PGlite on the service's own thread, where each logged row cost as much again as `GET /me` itself).
 * An unlogged table writes no WAL: 96 → 39 µs a row of wall time on PGlite on disk, measured with
 * 500-row batches; the request-id index cost another 6 µs of CPU a row, and a search by request id
 * runs within one owner's rows (at most 100,000, housekeeping's cap) without it. The price,
 * documented (docs/console.md "Request log"): a crash of the database (not a clean stop) empties the
 * log, and PostgreSQL's replicas do not carry it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    CREATE UNLOGGED TABLE request_log (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      owner_id uuid NOT NULL,
      source_id uuid NOT NULL,
      token_id uuid NOT NULL,
      at timestamptz NOT NULL,
      method text NOT NULL,
      path text NOT NULL,
      status smallint NOT NULL,
      code text,
      request_id text NOT NULL,
      duration_us integer NOT NULL
    );
    CREATE INDEX request_log_source ON request_log (owner_id, source_id, at, id);
  `);
}
