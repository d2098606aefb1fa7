import type { Deps } from '../deps.js';
import { migrate } from '../store/db.js';
import { migrationProvider } from '../store/migrations/index.js';
import type { Operation } from './operation.js';

export interface MigrateResult {
  /** Migrations this command ran, in order. */
  ran: string[];
  /** The newest migration, now applied. */
  latest: string | null;
}

// Opening the dependencies already migrates (deps.ts); a CLI process that opened the store for this
// command notes here what that opening ran, so `migrate` reports it. The dependencies of `serve`
// carry no note: its start-up migrations are in its log, not this command's doing.
const ranAtOpen = new WeakMap<Deps, string[]>();

export function noteMigrationsRanAtOpen(rt: Deps, names: string[]): void {
  ranAtOpen.set(rt, names);
}

export const migrateOperation: Operation<MigrateResult> = async (rt) => {
  const before = ranAtOpen.get(rt) ?? [];
  ranAtOpen.delete(rt);
  const now = await migrate(rt.store);
  const names = Object.keys(await migrationProvider.getMigrations()).sort();
  return { ran: [...before, ...now], latest: names.at(-1) ?? null };
};
