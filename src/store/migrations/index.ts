import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001_owners_world.js';

/** Numbered, forward-only migrations, each run in its own transaction by Kysely's Migrator. */
const MIGRATIONS: Record<string, Migration> = {
  '0001_owners_world': m0001,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
