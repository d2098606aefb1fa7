import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * The events change feed (issue 31, docs/sync.md): every events row carries the owner's change
 * number of the transaction that last changed it (`change_seq`), stamped by a trigger on every
 * insert and update, so no writer can forget it. A change of one occurrence (a row of
 * event_overrides written or dropped) stamps its series the same way, by a statement trigger.
 *
 * The number comes from `owner_versions.feed_seq`, taken at the transaction's first events row of the
 * owner and kept in one transaction-local setting (`calendar_feed.taken`, "<owner>:<number>"; a
 * transaction that goes on to another owner takes that owner's, and a new one if it comes back,
 * which is as safe: the lock is still held). Taking it locks the owner's counter row until the
 * transaction ends, so the owner's writers of events take their numbers in the
 * order they commit. A reader that sees number n has therefore seen every change numbered below n,
 * and the feed hands out "after n" positions safely. A number taken at write time without that order
 * (a sequence, updated_at, the transaction id) would let a writer that began first and committed
 * last hide its change behind a reader's last position.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    ALTER TABLE owner_versions ADD COLUMN feed_seq bigint NOT NULL DEFAULT 0;
    ALTER TABLE events ADD COLUMN change_seq bigint NOT NULL DEFAULT 0;
    CREATE INDEX events_changes ON events (owner_id, change_seq, id);
    -- A full sync reads the live rows only: without this, the planner of a table without statistics
    -- (PGlite runs no autovacuum) takes the live-rows index of 0001 and sorts all of an owner's rows.
    CREATE INDEX events_changes_live ON events (owner_id, change_seq, id) WHERE deleted_at IS NULL;

    CREATE FUNCTION stamp_event_change() RETURNS trigger LANGUAGE plpgsql AS $$ DECLARE taken text := current_setting('calendar_feed.taken', true); mine text := NEW.owner_id::text || ':'; seq bigint; BEGIN IF taken IS NOT NULL AND starts_with(taken, mine) THEN seq := substr(taken, length(mine) + 1)::bigint; ELSE INSERT INTO owner_versions AS v (owner_id, feed_seq) VALUES (NEW.owner_id, 1) ON CONFLICT (owner_id) DO UPDATE SET feed_seq = v.feed_seq + 1 RETURNING v.feed_seq INTO seq; PERFORM set_config('calendar_feed.taken', mine || seq::text, true); END IF; NEW.change_seq := seq; RETURN NEW; END $$;
    CREATE TRIGGER events_stamp_change BEFORE INSERT OR UPDATE ON events FOR EACH ROW EXECUTE FUNCTION stamp_event_change();

    CREATE FUNCTION stamp_series_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE events SET change_seq = change_seq WHERE id IN (SELECT DISTINCT event_id FROM changed); RETURN NULL; END $$;
    CREATE TRIGGER event_overrides_stamp_series_ins AFTER INSERT ON event_overrides REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stamp_series_change();
    CREATE TRIGGER event_overrides_stamp_series_upd AFTER UPDATE ON event_overrides REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stamp_series_change();
    CREATE TRIGGER event_overrides_stamp_series_del AFTER DELETE ON event_overrides REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stamp_series_change();
  `);
}
