import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * The calendar as the API lists it, materialised: one row per single event and per occurrence of a
 * series (moved, cancelled and deleted ones as they are shown), so a page of GET /events is one index
 * seek plus `limit` rows whatever the owner's size (issue #10). Rows are rewritten in the same
 * transaction as any change of their event or its overrides (store/repos/occurrences.ts).
 *
 * Occurrences of a series are kept over the owner's horizon (event_horizons): every occurrence that
 * overlaps [from_at, until_at) is present. Readers use the rows only for windows inside
 * [from_at, ready_until); outside it (or before the first build) the calendar is expanded on the fly.
 * until_at is what writers materialise to; ready_until trails it while a job extends the horizon.
 *
 * Rows carry every field the API shows, so a page needs no join. `span` sorts rows by length (up to
 * 1 hour, 4 hours, 26 hours, 8 days, longer): rows of each span up to 8 days are found in start order
 * from `from` less that span's length, so the first page reads only a few rows before the window;
 * longer ones by their end.
 * Ids sort as JavaScript compares them (COLLATE "C"), so SQL order equals the API's (start, id).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    CREATE TABLE event_horizons (
      owner_id uuid PRIMARY KEY REFERENCES owners(id) ON DELETE CASCADE,
      from_at timestamptz NOT NULL,
      until_at timestamptz NOT NULL,
      ready_until timestamptz,
      updated_at timestamptz NOT NULL
    );

    CREATE TABLE event_occurrences (
      event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      id text COLLATE "C" NOT NULL,
      owner_id uuid NOT NULL REFERENCES owners(id) ON DELETE CASCADE,
      start_at timestamptz NOT NULL,
      end_at timestamptz NOT NULL,
      span smallint NOT NULL,
      all_day boolean NOT NULL,
      start_date date,
      end_date date,
      timezone text NOT NULL,
      title text NOT NULL,
      show_as text NOT NULL,
      status text NOT NULL,
      calendar text NOT NULL,
      location text,
      url text,
      is_appointment boolean NOT NULL,
      request_id uuid,
      occurrence_of uuid,
      updated_at timestamptz NOT NULL,
      -- A deleted marker: the event or occurrence was deleted then.
      deleted_at timestamptz,
      -- The whole series was deleted: its rows only say where it had occurrences (one marker for it).
      series_deleted_at timestamptz,
      PRIMARY KEY (event_id, id)
    );
    CREATE INDEX event_occurrences_page ON event_occurrences (owner_id, span, start_at, id) WHERE series_deleted_at IS NULL;
    CREATE INDEX event_occurrences_long ON event_occurrences (owner_id, end_at) WHERE span = 4 AND series_deleted_at IS NULL;
  `);
}
