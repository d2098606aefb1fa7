// What the test command and the exploration command share: which files are tests, and whether
// PostgreSQL answers (the engines every file then runs on).
import { readdirSync, readFileSync, statSync } from 'node:fs';
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

/**
 * Seconds each test file took in a measured run of the whole suite on a quiet 2-core machine
 * (scripts/test-seconds.json; refresh it from the "slowest test files" list of a run with
 * TEST_TIMES_SHOWN=999). A file not in it counts as a short one.
 */
const SECONDS = JSON.parse(readFileSync(new URL('./test-seconds.json', import.meta.url), 'utf8'));
const UNMEASURED_SECONDS = 5;

/**
 * The files named (a folder stands for every test file in it), or every one under test/, longest
 * first: the runner starts them in this order two at a time, and a long file started last would
 * run alone while the other slot idles (issue 32 point 8; docs/decisions.md "Deadlines").
 * Ties, and files of the same measured length, keep the order of their names.
 */
export function chosenFiles(args) {
  const files = (args.length > 0 ? args.flatMap(testFiles) : testFiles('test')).sort();
  const seconds = (file) => SECONDS[file.split(path.sep).join('/')] ?? UNMEASURED_SECONDS;
  return files.sort((a, b) => seconds(b) - seconds(a));
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
