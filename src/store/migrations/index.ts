import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001_owners_world.js';
import * as m0002 from './0002_booking.js';
import * as m0003 from './0003_jobs_feeds.js';
import * as m0004 from './0004_event_import.js';
import * as m0005 from './0005_requests_flow.js';
import * as m0006 from './0006_webhooks.js';
import * as m0007 from './0007_accounts.js';
import * as m0008 from './0008_event_occurrences.js';
import * as m0009 from './0009_list_indexes.js';
import * as m0010 from './0010_tasks_version.js';
import * as m0011 from './0011_moved_occurrences.js';
import * as m0012 from './0012_recurrence_sets.js';
import * as m0013 from './0013_oauth_apps.js';
import * as m0014 from './0014_feed_warnings.js';
import * as m0015 from './0015_app_webhooks.js';
import * as m0016 from './0016_request_log.js';
import * as m0017 from './0017_event_changes.js';
import * as m0018 from './0018_webhook_filters.js';

/** Numbered, forward-only migrations, each run in its own transaction by Kysely's Migrator. */
const MIGRATIONS: Record<string, Migration> = {
  '0001_owners_world': m0001,
  '0002_booking': m0002,
  '0003_jobs_feeds': m0003,
  '0004_event_import': m0004,
  '0005_requests_flow': m0005,
  '0006_webhooks': m0006,
  '0007_accounts': m0007,
  '0008_event_occurrences': m0008,
  '0009_list_indexes': m0009,
  '0010_tasks_version': m0010,
  '0011_moved_occurrences': m0011,
  '0012_recurrence_sets': m0012,
  '0013_oauth_apps': m0013,
  '0014_feed_warnings': m0014,
  '0015_app_webhooks': m0015,
  '0016_request_log': m0016,
  '0017_event_changes': m0017,
  '0018_webhook_filters': m0018,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
