import { spawn } from 'node:child_process';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BIN, cliEnv, freePort, PATIENCE_MS, removeDataDir, runCli, tempDataDir } from './cli-harness.js';

/**
 * What a person at a shell meets first: a command piped into `head`, and a client command (`mcp`,
 * `listen`) started where no service answers. Each ends with a sentence, never a stack trace.
 */

/** A stack trace's frames, as Node prints them. */
const STACK = /^\s+at .+:\d+:\d+\)?$/m;

/** Runs the CLI with its stdout's reading end closed at once, as `| head -0` would leave it. */
function runIntoClosedPipe(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`calendar-access ${args.join(' ')} did not finish in ${PATIENCE_MS} ms; stderr: ${stderr}`));
    }, PATIENCE_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe('the CLI at a shell', () => {
  it('piped into a reader that has gone, finishes its command and ends quietly, with no EPIPE stack trace', async () => {
    const dir = tempDataDir();
    try {
      const env = cliEnv({ DATA_DIR: dir, TZ: 'Europe/Berlin' });
      const piped = await runIntoClosedPipe(['demo'], env);
      assert.equal(piped.code, 0, piped.stderr);
      assert.doesNotMatch(piped.stderr, /EPIPE|Unhandled 'error'/);
      assert.doesNotMatch(piped.stderr, STACK);
      // The command was carried out all the same: the demo owner is there, with its token.
      const listed = await runCli(['token', 'list', '--owner', 'demo', '--json'], env);
      assert.equal(listed.code, 0, listed.stderr);
      assert.ok((JSON.parse(listed.stdout) as unknown[]).length >= 1, listed.stdout);
    } finally {
      removeDataDir(dir);
    }
  });

  for (const command of ['mcp', 'listen'] as const) {
    const args = command === 'mcp' ? ['mcp'] : ['listen', '--token', 'svc_pat_x', '--forward-to', 'http://localhost:4242/webhooks'];

    it(`${command}: with no service on the data folder or the configured port, says where it looked and how to point it, in one sentence`, async () => {
      const dir = tempDataDir();
      try {
        const port = await freePort();
        const run = await runCli(args, cliEnv({ DATA_DIR: dir, PORT: String(port), CALENDAR_ACCESS_TOKEN: 'svc_pat_x' }));
        assert.equal(run.code, 1, run.stderr);
        assert.doesNotMatch(run.stderr, STACK);
        const lines = run.stderr.trim().split('\n');
        assert.equal(lines.length, 1, run.stderr);
        assert.match(lines[0]!, new RegExp(`^calendar-access: no calendar-access service answers at http://localhost:${port} \\(.*ECONNREFUSED.*; no \`serve\` runs on the data folder `));
        assert.match(lines[0]!, /Start one with `calendar-access serve`.*--data-dir.*--api/);
      } finally {
        removeDataDir(dir);
      }
    });

    it(`${command}: with --api where nothing listens, names that address`, async () => {
      const port = await freePort();
      const run = await runCli([...args, '--api', `http://127.0.0.1:${port}`], cliEnv({ CALENDAR_ACCESS_TOKEN: 'svc_pat_x' }));
      assert.equal(run.code, 1, run.stderr);
      assert.doesNotMatch(run.stderr, STACK);
      assert.match(run.stderr.trim(), new RegExp(`^calendar-access: no calendar-access service answers at http://127\\.0\\.0\\.1:${port} \\(.*ECONNREFUSED.*; given by --api\\)\\. Check that the service runs there and that --api names it\\.$`));
    });
  }

  it('mcp: with CALENDAR_ACCESS_API where nothing listens, names the variable, not --api', async () => {
    const port = await freePort();
    const run = await runCli(['mcp'], cliEnv({ CALENDAR_ACCESS_TOKEN: 'svc_pat_x', CALENDAR_ACCESS_API: `http://127.0.0.1:${port}` }));
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stderr.trim(), new RegExp(`^calendar-access: no calendar-access service answers at http://127\\.0\\.0\\.1:${port} \\(.*ECONNREFUSED.*; given by CALENDAR_ACCESS_API\\)\\. Check that the service runs there and that CALENDAR_ACCESS_API names it\\.$`));
  });

  it('mcp: without a token anywhere, says the ways to give one', async () => {
    const run = await runCli(['mcp', '--api', 'http://127.0.0.1:9'], cliEnv({}));
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /^calendar-access: the token the assistant acts with: set CALENDAR_ACCESS_TOKEN, or pass --token-file <file>/);
  });
});
