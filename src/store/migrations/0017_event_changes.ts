import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * The events change feed (issue 31, docs/sync.md): every events row carries the id of the transaction
 * that last changed it (`change_xid`, PostgreSQL's 64-bit xid8, which never wraps), stamped by a
 * trigger on every insert and update, so no writer can forget it. A change of one occurrence (a row
 * of event_overrides written or dropped) stamps its series the same way, by a statement trigger.
 *
 * The feed reads rows whose stamp lies between two snapshot horizons (pg_snapshot_xmin): every
 * transaction below the horizon has ended, so a row a slower writer commits later always carries a
 * stamp above it and is read by the next round. A counter (or updated_at) taken at write time would
 * let a writer that commits after a faster one hide its change behind the reader's last position.
 * Deleted events stay as rows (deleted_at), so a deletion is a change like any other.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    ALTER TABLE events ADD COLUMN change_xid xid8 NOT NULL DEFAULT pg_current_xact_id();
    CREATE INDEX events_changes ON events (owner_id, change_xid, id);

    CREATE FUNCTION stamp_event_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.change_xid := pg_current_xact_id(); RETURN NEW; END $$;
    CREATE TRIGGER events_stamp_change BEFORE UPDATE ON events FOR EACH ROW EXECUTE FUNCTION stamp_event_change();

    CREATE FUNCTION stamp_series_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE events SET change_xid = pg_current_xact_id() WHERE id IN (SELECT DISTINCT event_id FROM changed) AND change_xid <> pg_current_xact_id(); RETURN NULL; END $$;
    CREATE TRIGGER event_overrides_stamp_series_ins AFTER INSERT ON event_overrides REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stamp_series_change();
    CREATE TRIGGER event_overrides_stamp_series_upd AFTER UPDATE ON event_overrides REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stamp_series_change();
    CREATE TRIGGER event_overrides_stamp_series_del AFTER DELETE ON event_overrides REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stamp_series_change();
  `);
}
