import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { SDK_TYPES_FILE, sdkTypes } from '../../scripts/sdk-types.js';

/** packages/sdk as a user gets it: generated types up to date, no dependencies, a README program that compiles. */
const SDK = 'packages/sdk';
const tsc = (project: string) => spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', project, '--noEmit'], { encoding: 'utf8' });

describe('the SDK package', () => {
  it('has types generated from the committed openapi.json (run `npm run sdk:types` when this fails)', async () => {
    assert.equal(readFileSync(SDK_TYPES_FILE, 'utf8'), await sdkTypes());
  });

  it('depends on nothing at run time and imports only its own files (fetch and Web Crypto are the platform’s)', () => {
    const pkg = JSON.parse(readFileSync(`${SDK}/package.json`, 'utf8'));
    assert.equal(pkg.dependencies, undefined);
    assert.equal(pkg.name, '@calendar-access/sdk');
    for (const file of readdirSync(`${SDK}/src`)) {
      const imports = [...readFileSync(`${SDK}/src/${file}`, 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1]!);
      assert.deepEqual(imports.filter((i) => !i.startsWith('./')), [], file);
    }
  });

  it('compiles on its own with no Node.js types, under strict', () => {
    const out = tsc(`${SDK}/tsconfig.build.json`);
    assert.equal(out.status, 0, out.stdout + out.stderr);
  });

  it('shows in its README a program of at most 15 lines, the one in examples/, that compiles under strict with no any and no cast', () => {
    const readme = readFileSync(`${SDK}/README.md`, 'utf8');
    const block = /<!-- quickstart -->\n```ts\n([\s\S]*?)```\n<!-- \/quickstart -->/.exec(readme)?.[1];
    const program = readFileSync(`${SDK}/examples/quickstart.ts`, 'utf8');
    assert.equal(block, program);
    assert.ok(program.trimEnd().split('\n').length <= 15, 'fifteen lines at most');
    assert.doesNotMatch(program, /\bany\b|\bas [A-Z{]/);
    const out = tsc(`${SDK}/examples/tsconfig.json`);
    assert.equal(out.status, 0, out.stdout + out.stderr);
  });
});
