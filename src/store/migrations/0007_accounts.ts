import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * The owner's own sign-in (issue 6): an argon2id password hash on the owner (who signs in with the
 * username), and sessions kept by the SHA-256 hash of their cookie value (the value is never stored).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    ALTER TABLE owners ADD COLUMN password_hash text;

    CREATE TABLE sessions (
      id_hash text PRIMARY KEY,
      owner_id uuid NOT NULL REFERENCES owners(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL,
      last_seen_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX sessions_owner ON sessions (owner_id);
  `);
}
