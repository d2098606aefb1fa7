import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * Webhooks (issue 5):
 * - webhook_endpoints: an https address under a token holding `webhooks`, with its signing secret and,
 *   for 24 hours after a rotation, the previous one (both sign). Disabled by the owner, by a 410, or
 *   after 5 days without a success.
 * - webhook_event_tokens: which tokens were entitled to each event when it occurred (their scopes
 *   then), so catch-up answers exactly what the token could have received.
 * - webhook_deliveries: the delivery queue, one row per (event, endpoint), claimed FOR UPDATE SKIP
 *   LOCKED under a lease by any instance; webhook_attempts logs every attempt.
 * - owners.email: where the owner is told of a disabled endpoint.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    ALTER TABLE owners ADD COLUMN email text;

    CREATE TABLE webhook_endpoints (
      id uuid PRIMARY KEY,
      owner_id uuid NOT NULL REFERENCES owners(id) ON DELETE CASCADE,
      token_id uuid NOT NULL REFERENCES tokens(id) ON DELETE CASCADE,
      url text NOT NULL,
      description text,
      secret text NOT NULL,
      previous_secret text,
      previous_secret_expires_at timestamptz,
      disabled_at timestamptz,
      disabled_reason text CHECK (disabled_reason IN ('owner', 'gone', 'failing')),
      last_success_at timestamptz,
      failing_since timestamptz,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      deleted_at timestamptz
    );
    CREATE INDEX webhook_endpoints_token ON webhook_endpoints (token_id) WHERE deleted_at IS NULL;
    CREATE INDEX webhook_endpoints_owner ON webhook_endpoints (owner_id, created_at);

    CREATE TABLE webhook_event_tokens (
      token_id uuid NOT NULL REFERENCES tokens(id) ON DELETE CASCADE,
      occurred_at timestamptz NOT NULL,
      event_id uuid NOT NULL REFERENCES webhook_events(id) ON DELETE CASCADE,
      PRIMARY KEY (token_id, occurred_at, event_id)
    );
    CREATE INDEX webhook_event_tokens_event ON webhook_event_tokens (event_id);

    CREATE TABLE webhook_deliveries (
      id uuid PRIMARY KEY,
      event_id uuid NOT NULL REFERENCES webhook_events(id) ON DELETE CASCADE,
      endpoint_id uuid NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
      owner_id uuid NOT NULL REFERENCES owners(id) ON DELETE CASCADE,
      token_id uuid NOT NULL REFERENCES tokens(id) ON DELETE CASCADE,
      status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed', 'cancelled')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL,
      locked_by text,
      locked_until timestamptz,
      last_status integer,
      last_error text,
      created_at timestamptz NOT NULL,
      finished_at timestamptz,
      UNIQUE (event_id, endpoint_id)
    );
    CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
    CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at);

    CREATE TABLE webhook_attempts (
      id uuid PRIMARY KEY,
      delivery_id uuid NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
      endpoint_id uuid NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
      attempt integer NOT NULL,
      started_at timestamptz NOT NULL,
      duration_ms integer NOT NULL,
      status_code integer,
      error text
    );
    CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, attempt);
  `);
}
