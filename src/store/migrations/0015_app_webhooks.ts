import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * An OAuth app's own webhook endpoint (issue 12, docs/webhooks.md "App endpoints"): one URL and
 * signing secret per app, like a GitHub App's, held by the app instead of a token (exactly one of
 * `token_id`, `app_id`; `owner_id` is the developer who manages it). Its deliveries are owed to a
 * grant (`grant_id`: the connected owner whose event it is) rather than to a token, so an app whose
 * access tokens have all run out between refreshes still receives its owners' events; a ping to an
 * app endpoint has neither.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    ALTER TABLE webhook_endpoints ALTER COLUMN token_id DROP NOT NULL;
    ALTER TABLE webhook_endpoints ADD COLUMN app_id uuid REFERENCES apps(id) ON DELETE CASCADE;
    ALTER TABLE webhook_endpoints ADD CONSTRAINT webhook_endpoints_holder CHECK (token_id IS NULL OR app_id IS NULL);
    CREATE UNIQUE INDEX webhook_endpoints_app ON webhook_endpoints (app_id) WHERE app_id IS NOT NULL AND deleted_at IS NULL;

    ALTER TABLE webhook_deliveries ALTER COLUMN token_id DROP NOT NULL;
    ALTER TABLE webhook_deliveries ADD COLUMN grant_id uuid REFERENCES oauth_grants(id) ON DELETE CASCADE;
    CREATE INDEX webhook_deliveries_grant ON webhook_deliveries (grant_id) WHERE grant_id IS NOT NULL AND status = 'pending';
  `);
}
