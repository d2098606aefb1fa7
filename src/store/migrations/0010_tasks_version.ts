import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * A third change counter per owner, `tasks`, moved by every change to the owner's to-dos in the
 * change's own transaction and notified on `owner_versions` like the others (0002): pages of
 * GET /tasks are kept in memory as of it (issue 10). Requests already move `busy`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    ALTER TABLE owner_versions ADD COLUMN tasks bigint NOT NULL DEFAULT 1;
    CREATE FUNCTION bump_tasks_version() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO owner_versions AS v (owner_id, tasks) SELECT DISTINCT owner_id, 2 FROM changed ON CONFLICT (owner_id) DO UPDATE SET tasks = v.tasks + 1; PERFORM pg_notify('owner_versions', o::text) FROM (SELECT DISTINCT owner_id AS o FROM changed) s; RETURN NULL; END $$;
    CREATE TRIGGER tasks_bump_tasks_version_ins AFTER INSERT ON tasks REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_tasks_version();
    CREATE TRIGGER tasks_bump_tasks_version_upd AFTER UPDATE ON tasks REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_tasks_version();
    CREATE TRIGGER tasks_bump_tasks_version_del AFTER DELETE ON tasks REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_tasks_version();
  `);
}
