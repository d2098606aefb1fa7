import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { cliEnv, removeDataDir, runCli, tempDataDir } from './cli-harness.js';

// A script that asks for --json reads the answer from stdout; an error must be readable there too.
describe('CLI errors with --json', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  before(() => {
    dir = tempDataDir();
    env = cliEnv({ DATA_DIR: dir });
  });
  after(() => removeDataDir(dir));

  const cases: { what: string; args: string[]; code: string; exit: number; message: RegExp }[] = [
    { what: 'a service refusal', args: ['token', 'create', '--owner', 'nobody', '--name', 'ci', '--scopes', 'events:read'], code: 'not_found', exit: 1, message: /^no owner "nobody"$/ },
    { what: 'a missing option (commander)', args: ['token', 'create', '--name', 'ci', '--scopes', 'events:read'], code: 'usage', exit: 2, message: /^required option '--owner <u>' not specified$/ },
    { what: 'a bad option value', args: ['token', 'create', '--owner', 'a', '--name', 'ci', '--scopes', 'events:read', '--expires-in', 'soon'], code: 'usage', exit: 2, message: /--expires-in/ },
    { what: 'an unknown command', args: ['tokens'], code: 'usage', exit: 2, message: /^unknown command 'tokens'/ },
  ];

  for (const c of cases) {
    test(`print ${c.what} as {"error": {code, message}} on stdout, with the same exit status as without`, async () => {
      const run = await runCli([...c.args, '--json'], env);
      assert.equal(run.code, c.exit, run.stderr);
      const body = JSON.parse(run.stdout) as { error: { code: string; message: string } };
      assert.deepEqual(Object.keys(body), ['error']);
      assert.deepEqual(Object.keys(body.error), ['code', 'message']);
      assert.equal(body.error.code, c.code);
      assert.match(body.error.message, c.message);
      assert.equal(run.stderr, '', 'nothing else is printed');
    });
  }

  test('without --json the same error stays one line for people on stderr, and stdout stays empty', async () => {
    const run = await runCli(['token', 'create', '--owner', 'nobody', '--name', 'ci', '--scopes', 'events:read'], env);
    assert.equal(run.code, 1);
    assert.equal(run.stdout, '');
    assert.equal(run.stderr, 'calendar-access: no owner "nobody"\n');
  });
});
