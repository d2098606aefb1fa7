import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

// The test command runs a file again only when its process died of a signal: what its reporter
// (scripts/test-crashes.mjs) tells apart, with real files run by node's test runner.
const REPORTER = fileURLToPath(new URL('../../scripts/test-crashes.mjs', import.meta.url));

/** This process's environment without the variable that makes a nested `node --test` report to its parent. */
function runnerEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.NODE_TEST_CONTEXT;
  return env;
}

test('the crash reporter names a file whose process died of a signal, and tells a failed test or a non-zero exit apart', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ca-crashes-'));
  try {
    const files = {
      'dies.test.mjs': "import { test } from 'node:test';\ntest('ok', () => {});\ntest('dies', () => { process.kill(process.pid, 'SIGTRAP'); });\n",
      'fails.test.mjs': "import { test } from 'node:test';\nimport assert from 'node:assert';\ntest('wrong', () => assert.equal(1, 2));\n",
      'exits.test.mjs': "import { test } from 'node:test';\ntest('ok', () => {});\nsetTimeout(() => { throw new Error('stray'); }, 10);\n",
      'passes.test.mjs': "import { test } from 'node:test';\ntest('ok', () => {});\n",
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
    const run = spawnSync(process.execPath, ['--test', `--test-reporter=${REPORTER}`, '--test-reporter-destination=stdout', ...Object.keys(files)], { cwd: dir, encoding: 'utf8', env: runnerEnv() });
    assert.notEqual(run.status, 0);
    const lines = run.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { file: string; signal?: string; failed?: string });
    const by = (name: string) => lines.filter((l) => path.basename(l.file) === name);
    assert.deepEqual(by('dies.test.mjs').map((l) => l.signal), ['SIGTRAP']);
    assert.deepEqual(by('fails.test.mjs').map((l) => [l.signal, l.failed]), [[undefined, 'wrong']]);
    assert.equal(by('exits.test.mjs').length, 1);
    assert.equal(by('exits.test.mjs')[0]!.signal, undefined, 'an exit code is not a crash');
    assert.deepEqual(by('passes.test.mjs'), []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
