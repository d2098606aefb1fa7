#!/usr/bin/env node
// The test command: type-check, then every test file under test/ with node's test runner (via tsx),
// then say which storage engines the storage and API tests covered.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);

function testFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return testFiles(full);
    return name.endsWith('.test.ts') ? [full] : [];
  });
}

const only = process.argv.slice(2);
const files = only.length > 0 ? only : testFiles('test').sort();

const tsc = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', '.'], { stdio: 'inherit' });
if (tsc.status !== 0) {
  console.error('type check failed');
  process.exit(tsc.status ?? 1);
}

const url = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
let postgres = false;
if (process.env.TEST_ENGINES !== 'pglite') {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    postgres = true;
  } catch {
    postgres = false;
  } finally {
    await client.end().catch(() => {});
  }
}
console.log(`storage engines: pglite${postgres ? ' and postgres (' + url.replace(/\/\/[^@]*@/, '//') + ')' : ' only (no PostgreSQL answered at ' + url.replace(/\/\/[^@]*@/, '//') + ')'}`);

const run = spawnSync(
  process.execPath,
  // A test or hook still waiting after 15 minutes fails with its name, instead of holding the run.
  ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-timeout=900000', '--test-reporter=spec', ...files],
  {
    stdio: 'inherit',
    // Every file runs on the engines probed here, whatever the machine's load when it starts.
    env: { ...process.env, TZ: process.env.TZ ?? 'America/Los_Angeles', TEST_ENGINES: postgres ? 'pglite,postgres' : 'pglite' },
  },
);
console.log(`storage engines covered: ${postgres ? 'pglite, postgres' : 'pglite'}`);
process.exit(run.status ?? 1);
