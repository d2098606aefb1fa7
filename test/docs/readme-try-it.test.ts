import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { cliEnv, PATIENCE_MS, removeDataDir, startServe, tempDataDir, type ServeProcess } from '../cli/cli-harness.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The shell block of the README's "Try it" section, as a reader copies it. */
function tryItCommands(): string {
  const readme = readFileSync(new URL('README.md', `file://${ROOT}`), 'utf8');
  const section = readme.slice(readme.indexOf('## Try it'));
  const block = /```sh\n([\s\S]*?)```/.exec(section);
  assert.ok(block, 'the Try it section has a sh block');
  return block[1]!;
}

/** Runs `script` in bash, stopping at the first command that fails, from the repository's root (where `npx calendar-access` resolves). */
function bash(script: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-euo', 'pipefail', '-c', script], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), PATIENCE_MS);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe("the README's Try it", () => {
  test('holds no date: every date is computed from today, so the commands keep working', () => {
    const dates = tryItCommands().match(/\b\d{4}-\d{2}-\d{2}\b/g);
    assert.equal(dates, null, `dates written into the commands stop working once they pass: ${dates?.join(', ')}`);
  });

  describe('run as a reader runs them, against a started service', () => {
    let dir: string;
    let env: NodeJS.ProcessEnv;
    let server: ServeProcess | undefined;
    before(async () => {
      dir = tempDataDir();
      env = cliEnv({ DATA_DIR: dir });
      server = await startServe(env);
    });
    after(async () => {
      await server?.stop();
      removeDataDir(dir);
    });

    test('reads the demo owner, asks for the first free slot, and the owner accepts it', async () => {
      // The service listens on a port of its own here instead of 3000.
      const script = tryItCommands().replaceAll('localhost:3000', new URL(server!.url).host);
      const run = await bash(script, env);
      assert.equal(run.code, 0, `the commands failed\nstdout: ${run.stdout.slice(-3000)}\nstderr: ${run.stderr}`);
      const asked = /\{"request":\{"id":"([0-9a-f-]{36})"[^\n]*"status":"pending"[^\n]*"statusUrl":\{"url":"[^"]+"/.exec(run.stdout);
      assert.ok(asked, `the appointment request was made: ${run.stdout.slice(0, 3000)}`);
      assert.match(run.stdout, new RegExp(`^Accepted ${asked[1]}; takes effect at \\S+Z unless undone`, 'm'));
      assert.match(run.stdout, /"openapi":"3\.1\.\d+"/);
      assert.match(run.stdout, /\{"events":\[[^\n]*"nextCursor":"[^"]+","nextSyncToken":null\}/, 'the change feed answers its first page');
      assert.match(run.stdout, / GET \/me with its ETag: 304$/m, 'GET /me asked again with its ETag is a 304');
    });
  });
});
