#!/usr/bin/env node
// Explores new cases for every property and fuzz test (each file that uses test/helpers/property-runs.ts):
// runs the files one after another, not in parallel, with FC_RUNS_FACTOR times their runs (20 by
// default) and a fresh random seed per property, then prints per file the properties, the cases run
// and each counterexample with the line that replays it. Not part of `npm test`, whose seeds are fixed.
//
//   npm run explore                      every file, 20x
//   FC_RUNS_FACTOR=50 npm run explore -- test/ical/fuzz.test.ts
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chosenFiles, postgresAnswers } from './test-files.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);

const only = process.argv.slice(2);
const files = only.length > 0 ? chosenFiles(only) : chosenFiles([]).filter((f) => readFileSync(f, 'utf8').includes('helpers/property-runs.js'));
const factor = process.env.FC_RUNS_FACTOR || '20';

let engines = process.env.TEST_ENGINES;
if (!engines) {
  engines = (await postgresAnswers()) ? 'pglite,postgres' : 'pglite';
}
console.log(`exploring ${files.length} files at ${factor}x their runs, fresh seeds, engines ${engines}, one file at a time`);

const results = [];
for (const file of files) {
  const report = path.join(os.tmpdir(), `calendar-access-explore-${process.pid}.jsonl`);
  writeFileSync(report, '');
  const started = Date.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-timeout=3600000', '--test-reporter=spec', file], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, TZ: process.env.TZ ?? 'America/Los_Angeles', TEST_ENGINES: engines, FC_RUNS_FACTOR: factor, FC_RANDOM_SEEDS: '1', FC_REPORT: report },
  });
  const seconds = Math.round((Date.now() - started) / 1000);
  const lines = existsSync(report) ? readFileSync(report, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)) : [];
  rmSync(report, { force: true });
  const cases = lines.reduce((n, l) => n + l.cases, 0);
  const failed = lines.filter((l) => l.failed);
  console.log(`\n${file}: ${lines.length} properties, ${cases} cases, ${seconds} s, ${run.status === 0 ? 'passed' : `FAILED (exit ${run.status ?? run.signal})`}`);
  for (const f of failed) console.log(`  counterexample: FC_PROPERTY='${f.property}' FC_SEED=${f.seed} FC_PATH=${f.path} node --import tsx --test ${file}`);
  if (run.status !== 0) {
    // The runner's own account of what failed (the counterexample's values and the assertion).
    const out = `${run.stdout}\n${run.stderr}`;
    const at = out.indexOf('✖ failing tests');
    console.log((at >= 0 ? out.slice(at) : out.slice(-20_000)).trimEnd().split('\n').map((l) => `  | ${l}`).join('\n'));
  }
  results.push({ file, properties: lines.length, cases, seconds, passed: run.status === 0, counterexamples: failed.length });
}

console.log('\nsummary');
for (const r of results) console.log(`  ${r.passed ? 'ok  ' : 'FAIL'} ${r.file}: ${r.properties} properties, ${r.cases} cases, ${r.counterexamples} counterexamples, ${r.seconds} s`);
process.exit(results.every((r) => r.passed) ? 0 : 1);
