// What the test command and the exploration command share: which files are tests, and whether
// PostgreSQL answers (the engines every file then runs on).
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** Every `*.test.ts` below `dir`, or `dir` itself when it is a file. */
export function testFiles(dir) {
  if (!statSync(dir).isDirectory()) return [dir];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return testFiles(full);
    return name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The files named (a folder stands for every test file in it), or every one under test/, sorted. */
export function chosenFiles(args) {
  return (args.length > 0 ? args.flatMap(testFiles) : testFiles('test')).sort();
}

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A probe that times out turns PostgreSQL off for the whole run without a failure, so it is long: a
 * loaded machine (load 12-24 on 2 cores) can take seconds to connect. An absent server costs nothing (refused at once).
 */
const PROBE_MS = 30_000;

/** Whether PostgreSQL answers at TEST_DATABASE_URL, asked once for the whole run. */
export async function postgresAnswers() {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: PROBE_MS });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
