import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * Booking: a busy-time version per owner, moved by triggers on every table that holds busy time
 * (events, their overrides, imported busy time, requests, calendars), so an instance's cache of the
 * owner's expanded busy time knows it is stale with one indexed read, whichever instance or
 * command made the change, and no writer can forget to say so. The owner's booking rules live in
 * booking_settings.rules (JSON, shaped by src/domain/booking-rules.ts).
 * Function bodies sit on one line: runStatements splits the text at a `;` that ends a line.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    CREATE TABLE owner_busy_versions (
      owner_id uuid PRIMARY KEY,
      version bigint NOT NULL DEFAULT 1
    );

    CREATE FUNCTION bump_busy_version() RETURNS trigger LANGUAGE plpgsql AS $$ DECLARE owner uuid; BEGIN IF TG_OP = 'DELETE' THEN owner := OLD.owner_id; ELSE owner := NEW.owner_id; END IF; INSERT INTO owner_busy_versions AS v (owner_id, version) VALUES (owner, 2) ON CONFLICT (owner_id) DO UPDATE SET version = v.version + 1; IF TG_OP = 'UPDATE' AND OLD.owner_id IS DISTINCT FROM NEW.owner_id THEN INSERT INTO owner_busy_versions AS v (owner_id, version) VALUES (OLD.owner_id, 2) ON CONFLICT (owner_id) DO UPDATE SET version = v.version + 1; END IF; RETURN NULL; END $$;

    CREATE TRIGGER events_busy_version AFTER INSERT OR UPDATE OR DELETE ON events FOR EACH ROW EXECUTE FUNCTION bump_busy_version();
    CREATE TRIGGER event_overrides_busy_version AFTER INSERT OR UPDATE OR DELETE ON event_overrides FOR EACH ROW EXECUTE FUNCTION bump_busy_version();
    CREATE TRIGGER imported_busy_busy_version AFTER INSERT OR UPDATE OR DELETE ON imported_busy FOR EACH ROW EXECUTE FUNCTION bump_busy_version();
    CREATE TRIGGER requests_busy_version AFTER INSERT OR UPDATE OR DELETE ON requests FOR EACH ROW EXECUTE FUNCTION bump_busy_version();
    CREATE TRIGGER calendars_busy_version AFTER INSERT OR UPDATE OR DELETE ON calendars FOR EACH ROW EXECUTE FUNCTION bump_busy_version();

    CREATE INDEX requests_owner_accepted_slots ON requests (owner_id, slot_start) WHERE kind = 'appointment' AND status = 'accepted';
  `);
}
