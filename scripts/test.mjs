#!/usr/bin/env node
// The test command: type-check, then every test file under test/ with node's test runner (via tsx),
// then say which storage engines the storage and API tests covered.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chosenFiles, postgresAnswers, TEST_DATABASE_URL } from './test-files.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);

const files = chosenFiles(process.argv.slice(2));

// TEST_TYPECHECK=skip: the type check ran already on this checkout (.ci/run's second Node.js); its result does not depend on the runtime.
if (process.env.TEST_TYPECHECK === 'skip') console.log('type check skipped (TEST_TYPECHECK=skip)');
else {
  const tsc = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', '.'], { stdio: 'inherit' });
  if (tsc.status !== 0) {
    console.error('type check failed');
    process.exit(tsc.status ?? 1);
  }
}

const url = TEST_DATABASE_URL;
const postgres = process.env.TEST_ENGINES !== 'pglite' && (await postgresAnswers());
console.log(`storage engines: pglite${postgres ? ' and postgres (' + url.replace(/\/\/[^@]*@/, '//') + ')' : ' only (no PostgreSQL answered at ' + url.replace(/\/\/[^@]*@/, '//') + ')'}`);

// Beside the spec reporter, scripts/test-crashes.mjs notes each failure: a file whose process died of
// a signal (a V8 fatal error in Node itself) is run again once, alone, and the run says so; any other
// failure fails the run as it always did.
const failures = path.join(os.tmpdir(), `calendar-access-test-failures-${process.pid}.jsonl`);
const runFiles = (list, reporters) =>
  spawnSync(
    process.execPath,
    // A test or hook still waiting after 15 minutes fails with its name, instead of holding the run.
    ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-timeout=900000', ...reporters, ...list],
    {
      stdio: 'inherit',
      // Every file runs on the engines probed here, whatever the machine's load when it starts.
      env: { ...process.env, TZ: process.env.TZ ?? 'America/Los_Angeles', TEST_ENGINES: postgres ? 'pglite,postgres' : 'pglite' },
    },
  );
const spec = ['--test-reporter=spec', '--test-reporter-destination=stdout'];
const times = ['--test-reporter=./scripts/test-times.mjs', '--test-reporter-destination=stdout'];
const run = runFiles(files, [...spec, ...times, '--test-reporter=./scripts/test-crashes.mjs', `--test-reporter-destination=${failures}`]);
const noted = existsSync(failures) ? readFileSync(failures, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)) : [];
rmSync(failures, { force: true });
let status = run.status ?? 1;
const crashed = noted.filter((n) => n.signal);
if (status !== 0 && crashed.length > 0) {
  // The run passes if its only failures were crashes and each crashed file passes when run again.
  let passed = noted.length === crashed.length;
  for (const { file, signal } of crashed) {
    console.log(`\n${path.relative(root, file)}: its process died of ${signal} (a fatal error in Node itself, not a failed test); running it again, alone, once`);
    const rerun = runFiles([file], spec);
    console.log(`${path.relative(root, file)} run again: ${rerun.status === 0 ? 'passed' : 'failed'}`);
    passed &&= rerun.status === 0;
  }
  if (passed) status = 0;
}
console.log(`storage engines covered: ${postgres ? 'pglite, postgres' : 'pglite'}`);
process.exit(status);
