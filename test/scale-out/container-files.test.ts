import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { ROLE_NAMES } from '../../src/server/roles/names.js';
import { SERVE_NODE_FLAGS } from '../../scripts/node-flags.mjs';

/**
 * No Docker engine runs where these tests run, so `docker build` is not tried here: these checks
 * keep the Dockerfile and compose.yaml consistent with the package they build (what `npm ci` and its
 * build need is copied first, the entry point is the package's bin, every role and setting named exists).
 */
const root = new URL('../../', import.meta.url);
const read = (file: string) => readFileSync(new URL(file, root), 'utf8');
const dockerfile = read('Dockerfile');
const compose = read('compose.yaml');
const pkg = JSON.parse(read('package.json')) as { bin: Record<string, string>; workspaces: string[]; engines: { node: string } };
const ignored = read('.dockerignore').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));

describe('Dockerfile and compose.yaml', () => {
  const lines = dockerfile.split('\n').map((l) => l.trim());
  const install = lines.findIndex((l) => /^RUN npm ci\b/.test(l));

  test('everything `npm ci` and its build read is copied before it runs, and nothing copied is ignored', () => {
    assert.ok(install > 0, 'the image installs with npm ci (the lock file decides the versions)');
    const copied = lines.slice(0, install).filter((l) => l.startsWith('COPY ') && !l.includes('--from')).flatMap((l) => l.split(/\s+/).slice(1, -1));
    const workspaceDirs = pkg.workspaces.map((w) => w.replace(/\/\*$/, ''));
    for (const needed of ['package.json', 'package-lock.json', 'tsconfig.json', 'src', 'scripts', 'bin', ...workspaceDirs]) {
      assert.ok(copied.includes(needed), `${needed} is copied before npm ci`);
      assert.ok(existsSync(new URL(needed, root)), `${needed} exists`);
      assert.ok(!ignored.includes(needed), `${needed} is not in .dockerignore`);
    }
    assert.match(dockerfile, /npm prune --omit=dev/, 'development packages do not ship');
  });

  test('the entry point is the package\'s bin, and its default command a role of serve', () => {
    // node, serve's Node options (scripts/node-flags.mjs), then the bin.
    const entry = JSON.parse(/^ENTRYPOINT (\[.*\])$/m.exec(dockerfile)![1]!) as string[];
    assert.deepEqual(entry, ['node', ...SERVE_NODE_FLAGS, pkg.bin['calendar-access']!.replace(/^\.\//, '')]);
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]!) as string[];
    assert.equal(cmd[0], 'serve');
    assert.ok((ROLE_NAMES as readonly string[]).includes(cmd[cmd.indexOf('--role') + 1]!));
  });

  test('the base image\'s Node satisfies the package\'s engines', () => {
    const majors = [...dockerfile.matchAll(/^FROM node:(\d+)/gm)].map((m) => Number(m[1]));
    const wanted = Number(/>=\s*(\d+)/.exec(pkg.engines.node)![1]);
    assert.ok(majors.length > 0 && majors.every((m) => m >= wanted), `node ${majors.join(', ')} against ${pkg.engines.node}`);
  });

  test('compose.yaml starts each service with a role of serve, and sets only settings the service reads', () => {
    const roles = [...compose.matchAll(/command: \["serve", "--role", "(\w+)"\]/g)].map((m) => m[1]!);
    assert.deepEqual(roles.sort(), ['api', 'worker']);
    const config = read('src/config.ts');
    const block = /environment: &env\n((?:\s{6}.*\n)+)/.exec(compose)![1]!;
    const names = [...block.matchAll(/^\s{6}([A-Z_]+):/gm)].map((m) => m[1]!);
    assert.ok(names.length >= 4);
    for (const name of names) assert.ok(config.includes(`env.${name}`), `${name} is a setting of src/config.ts`);
    assert.ok(existsSync(new URL('deploy/nginx.conf', root)), 'the balancer\'s configuration exists');
  });
});
