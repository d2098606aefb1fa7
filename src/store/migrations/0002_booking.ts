import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * Booking: two version counters per owner, moved by triggers in the same transaction as the change,
 * whichever instance, command or worker makes it, so no writer can forget to say so:
 * - `busy` moves with every change to busy time (events, their overrides, imported busy time,
 *   requests, calendars);
 * - `settings` moves with every change to the booking rules, appointment types, or the owner (zone).
 * An instance keeps the owner's expanded busy time and compiled rules in memory and checks both
 * counters with one primary-key read per availability question. Each change also notifies channel
 * `owner_versions` with the owner id: on PGlite, where every writer is this process, that tells the
 * instance at once and even the read is saved.
 * Triggers are per statement with transition tables, so importing 20,000 busy intervals moves the
 * counter once, not 20,000 times. PostgreSQL allows one event per trigger with transition tables,
 * hence three triggers per table. Function bodies sit on one line: runStatements splits the text
 * at a `;` that ends a line.
 */
const BUSY_TABLES = ['events', 'event_overrides', 'imported_busy', 'requests', 'calendars'];
const SETTINGS_TABLES = ['booking_settings', 'appointment_types'];

function triggers(table: string, fn: string): string {
  return [
    `CREATE TRIGGER ${table}_${fn}_ins AFTER INSERT ON ${table} REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();`,
    `CREATE TRIGGER ${table}_${fn}_upd AFTER UPDATE ON ${table} REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();`,
    `CREATE TRIGGER ${table}_${fn}_del AFTER DELETE ON ${table} REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();`,
  ].join('\n');
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    CREATE TABLE owner_versions (
      owner_id uuid PRIMARY KEY,
      busy bigint NOT NULL DEFAULT 1,
      settings bigint NOT NULL DEFAULT 1
    );
    INSERT INTO owner_versions (owner_id) SELECT id FROM owners;

    CREATE FUNCTION bump_busy_version() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO owner_versions AS v (owner_id, busy) SELECT DISTINCT owner_id, 2 FROM changed ON CONFLICT (owner_id) DO UPDATE SET busy = v.busy + 1; PERFORM pg_notify('owner_versions', o::text) FROM (SELECT DISTINCT owner_id AS o FROM changed) s; RETURN NULL; END $$;
    CREATE FUNCTION bump_settings_version() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO owner_versions AS v (owner_id, settings) SELECT DISTINCT owner_id, 2 FROM changed ON CONFLICT (owner_id) DO UPDATE SET settings = v.settings + 1; PERFORM pg_notify('owner_versions', o::text) FROM (SELECT DISTINCT owner_id AS o FROM changed) s; RETURN NULL; END $$;
    CREATE FUNCTION bump_owner_version() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO owner_versions AS v (owner_id, settings) SELECT DISTINCT id, 2 FROM changed ON CONFLICT (owner_id) DO UPDATE SET settings = v.settings + 1; PERFORM pg_notify('owner_versions', o::text) FROM (SELECT DISTINCT id AS o FROM changed) s; RETURN NULL; END $$;

    ${BUSY_TABLES.map((t) => triggers(t, 'bump_busy_version')).join('\n')}
    ${SETTINGS_TABLES.map((t) => triggers(t, 'bump_settings_version')).join('\n')}
    CREATE TRIGGER owners_bump_owner_version_upd AFTER UPDATE ON owners REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_owner_version();

    CREATE INDEX requests_owner_accepted_slots ON requests (owner_id, slot_start) WHERE kind = 'appointment' AND status = 'accepted';
  `);
}
