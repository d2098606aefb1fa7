import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * The event types a webhook endpoint chose (issue 31 point 5, docs/webhooks.md "Choosing event
 * types"): null, as every endpoint has until now, is every type its token's or grant's scopes allow,
 * types added to the service later included; a list is those types only (exact names, in the
 * catalogue's order), so a type added later is opt-in. `ping` and `authorization.revoked` are never
 * in it: they always arrive. An empty list is refused (an endpoint that wants nothing is disabled),
 * here as well as by the service. The fan-out (store/repos/outbox.ts) reads it with the endpoint's
 * row it already reads: no index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `
    ALTER TABLE webhook_endpoints ADD COLUMN event_types text[];
    ALTER TABLE webhook_endpoints ADD CONSTRAINT webhook_endpoints_event_types_chosen CHECK (event_types IS NULL OR cardinality(event_types) > 0);
  `);
}
