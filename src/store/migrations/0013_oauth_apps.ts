import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * OAuth apps (issue 12, docs/oauth.md): the `apps` stub of 0001 becomes a registered app (who
 * registered it, redirect URIs matched exactly, the scopes it may ask for, public or confidential
 * with a hashed secret); one grant per app and owner; single-use authorization codes; rotated
 * refresh tokens in families. Access tokens stay in `tokens` (kind `at`), tied to their grant and
 * family so a disconnect or a reused code revokes exactly what it must. Only hashes are stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    ALTER TABLE apps ADD COLUMN owner_id uuid REFERENCES owners(id) ON DELETE CASCADE;
    ALTER TABLE apps ADD COLUMN homepage_url text;
    ALTER TABLE apps ADD COLUMN logo_url text;
    ALTER TABLE apps ADD COLUMN redirect_uris text[] NOT NULL DEFAULT '{}';
    ALTER TABLE apps ADD COLUMN scopes text[] NOT NULL DEFAULT '{}';
    ALTER TABLE apps ADD COLUMN client_type text NOT NULL DEFAULT 'confidential' CHECK (client_type IN ('public', 'confidential'));
    ALTER TABLE apps ADD COLUMN secret_hash text;
    ALTER TABLE apps ADD COLUMN secret_last_four text;
    ALTER TABLE apps ADD COLUMN suspended_reason text;
    ALTER TABLE apps ADD COLUMN deleted_at timestamptz;
    CREATE INDEX apps_owner ON apps (owner_id, created_at);

    CREATE TABLE oauth_grants (
      id uuid PRIMARY KEY,
      app_id uuid NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
      owner_id uuid NOT NULL REFERENCES owners(id) ON DELETE CASCADE,
      scopes text[] NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      last_used_at timestamptz,
      revoked_at timestamptz,
      revoked_reason text CHECK (revoked_reason IN ('owner', 'reuse', 'app_deleted', 'client'))
    );
    CREATE UNIQUE INDEX oauth_grants_live ON oauth_grants (app_id, owner_id) WHERE revoked_at IS NULL;
    CREATE INDEX oauth_grants_owner ON oauth_grants (owner_id, created_at);

    CREATE TABLE oauth_codes (
      code_hash text PRIMARY KEY,
      app_id uuid NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
      owner_id uuid NOT NULL REFERENCES owners(id) ON DELETE CASCADE,
      redirect_uri text NOT NULL,
      scopes text[] NOT NULL,
      code_challenge text NOT NULL,
      family_id uuid NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX oauth_codes_expiry ON oauth_codes (expires_at);

    CREATE TABLE oauth_refresh_tokens (
      id uuid PRIMARY KEY,
      token_hash text NOT NULL UNIQUE,
      grant_id uuid NOT NULL REFERENCES oauth_grants(id) ON DELETE CASCADE,
      owner_id uuid NOT NULL REFERENCES owners(id) ON DELETE CASCADE,
      family_id uuid NOT NULL,
      scopes text[] NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      revoked_at timestamptz,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX oauth_refresh_tokens_grant ON oauth_refresh_tokens (grant_id);
    CREATE INDEX oauth_refresh_tokens_family ON oauth_refresh_tokens (family_id);

    ALTER TABLE tokens ADD COLUMN grant_id uuid REFERENCES oauth_grants(id) ON DELETE CASCADE;
    ALTER TABLE tokens ADD COLUMN family_id uuid;
    CREATE INDEX tokens_grant ON tokens (grant_id) WHERE grant_id IS NOT NULL;
    CREATE INDEX tokens_family ON tokens (family_id) WHERE family_id IS NOT NULL;
  `);
}
