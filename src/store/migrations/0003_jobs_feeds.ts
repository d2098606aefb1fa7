import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * Durable jobs, and what periodic feed import needs on calendar_feeds. A job is due when run_at has
 * passed and no live lease holds it (locked_until in the past or null): a worker that crashes
 * mid-job loses its lease and another takes the job again. Keyed jobs (kind, key) exist once, so
 * one periodic import per feed. The schedule of a feed lives in its job's run_at only (one source).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    CREATE TABLE jobs (
      id uuid PRIMARY KEY,
      kind text NOT NULL,
      owner_id uuid REFERENCES owners(id) ON DELETE CASCADE,
      key text,
      payload jsonb NOT NULL DEFAULT '{}'::jsonb,
      run_at timestamptz NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      locked_by text,
      locked_until timestamptz,
      last_error text,
      created_at timestamptz NOT NULL
    );
    CREATE UNIQUE INDEX jobs_kind_key ON jobs (kind, key) WHERE key IS NOT NULL;
    -- claims scan due jobs in run_at order
    CREATE INDEX jobs_run_at ON jobs (run_at);

    ALTER TABLE calendar_feeds ADD COLUMN refresh_minutes integer NOT NULL DEFAULT 15 CHECK (refresh_minutes BETWEEN 5 AND 1440);
    ALTER TABLE calendar_feeds ADD COLUMN consecutive_failures integer NOT NULL DEFAULT 0;
    ALTER TABLE calendar_feeds ADD COLUMN last_success_at timestamptz;
    CREATE UNIQUE INDEX calendar_feeds_owner_url ON calendar_feeds (owner_id, url);
    CREATE INDEX imported_busy_feed ON imported_busy (feed_id);
  `);
}
