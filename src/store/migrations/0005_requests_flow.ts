import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * What asking needs (issue 4):
 * - idempotency_keys: one row per (token, key) for 24 hours; `status` is null while the first call
 *   with the key is still running (its transaction holds the row), then the stored outcome.
 * - webhook_events: the outbox. Each move of a request, to-do or calendar event writes its rows in
 *   the same transaction as the change; delivery reads them (issue 5). Never about the journal.
 * - emails: every message to a requester, written in the same transaction as the move it tells of.
 *   With SMTP configured an `email.send` job sends it; without, the row is the local outbox.
 * - requests: the status link's expiry and indexes for the per-requester limits.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    CREATE TABLE idempotency_keys (
      token_id uuid NOT NULL REFERENCES tokens(id) ON DELETE CASCADE,
      key text NOT NULL,
      fingerprint text NOT NULL,
      status integer,
      body jsonb,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (token_id, key)
    );
    CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);

    CREATE TABLE webhook_events (
      id uuid PRIMARY KEY,
      owner_id uuid NOT NULL REFERENCES owners(id) ON DELETE CASCADE,
      type text NOT NULL,
      occurred_at timestamptz NOT NULL,
      data jsonb NOT NULL,
      test boolean NOT NULL DEFAULT false,
      -- set for an event meant for one token only (authorization.revoked, ping)
      token_id uuid REFERENCES tokens(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX webhook_events_owner_time ON webhook_events (owner_id, occurred_at, id);

    CREATE TABLE emails (
      id uuid PRIMARY KEY,
      owner_id uuid NOT NULL REFERENCES owners(id) ON DELETE CASCADE,
      request_id uuid REFERENCES requests(id) ON DELETE SET NULL,
      kind text NOT NULL,
      to_address text NOT NULL,
      locale text NOT NULL,
      subject text NOT NULL,
      text_body text NOT NULL,
      html_body text NOT NULL,
      -- local: kept here for the console (no SMTP); queued: an email.send job sends it; sent; failed
      status text NOT NULL CHECK (status IN ('local', 'queued', 'sent', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      last_error text,
      sent_at timestamptz,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX emails_owner_created ON emails (owner_id, created_at);

    ALTER TABLE requests ADD COLUMN status_link_expires_at timestamptz;
    CREATE INDEX requests_owner_email ON requests (owner_id, requester_email, created_at) WHERE requester_email IS NOT NULL;
    CREATE INDEX requests_owner_phone ON requests (owner_id, requester_phone, created_at) WHERE requester_phone IS NOT NULL;
  `);
}
