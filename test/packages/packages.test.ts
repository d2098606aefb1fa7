import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

// What `npm pack` gives of the SDK, the MCP server and the service, read from npm's own list
// (`--dry-run`: nothing is written, nothing built). The tarballs installed outside the repository
// and run are scripts/check-packages.mjs's, in .ci/run: a few minutes, too long for a test.
const run = promisify(execFile);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

interface Manifest {
  name: string;
  version: string;
  license?: string;
  repository?: { url?: string; directory?: string };
  homepage?: string;
  keywords?: string[];
  files?: string[];
  exports?: Record<string, unknown>;
  dependencies?: Record<string, string>;
}
const manifest = (dir: string): Manifest => JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));

/** The files `npm pack` puts in the tarball of the package in `dir`. */
async function packed(dir: string): Promise<string[]> {
  const { stdout } = await run(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: dir, encoding: 'utf8' });
  const [report] = JSON.parse(stdout) as { files: { path: string }[] }[];
  return report!.files.map((f) => f.path).sort();
}

const PACKAGES = [
  { dir: 'packages/sdk', name: '@calendar-access/sdk' },
  { dir: 'packages/mcp', name: '@calendar-access/mcp' },
  { dir: '.', name: 'calendar-access' },
];

describe('the packages as npm packs them', () => {
  for (const { dir, name } of PACKAGES) {
    it(`${name} says where it comes from: repository, homepage, keywords and the repository's licence`, () => {
      const pkg = manifest(dir);
      assert.equal(pkg.name, name);
      assert.match(pkg.repository?.url ?? '', /^git\+https:\/\/.+\.git$/);
      assert.equal(pkg.repository?.directory, dir === '.' ? undefined : dir);
      assert.match(pkg.homepage ?? '', /^https:\/\//);
      assert.ok((pkg.keywords ?? []).length >= 3, 'keywords');
      // No licence is granted for the repository (UNLICENSED): a package of it cannot claim one.
      assert.equal(pkg.license, manifest('.').license);
    });
  }

  it('the SDK gives `import` and `require` each their own code and types, and ships no sources', async () => {
    const sdk = manifest('packages/sdk');
    assert.deepEqual(sdk.exports?.['.'], {
      import: { types: './dist/index.d.ts', default: './dist/index.js' },
      require: { types: './dist/cjs/index.d.ts', default: './dist/cjs/index.js' },
    });
    const files = await packed('packages/sdk');
    for (const f of ['dist/index.js', 'dist/index.d.ts', 'dist/cjs/index.js', 'dist/cjs/index.d.ts', 'dist/cjs/package.json', 'README.md']) assert.ok(files.includes(f), f);
    assert.deepEqual(JSON.parse(readFileSync('packages/sdk/dist/cjs/package.json', 'utf8')), { type: 'commonjs' });
    assert.deepEqual(files.filter((f) => !/^dist\/|^README\.md$|^package\.json$/.test(f)), []);
    assert.ok(!files.includes('dist/.built'), 'the build stamp stays home');
  });

  it("the MCP server's types are its build's .d.ts (not its sources), and its SDK is the workspace's version", async () => {
    const mcp = manifest('packages/mcp');
    assert.deepEqual(mcp.exports?.['.'], { types: './dist/index.d.ts', default: './dist/index.js' });
    assert.equal(mcp.dependencies?.['@calendar-access/sdk'], manifest('packages/sdk').version);
    const files = await packed('packages/mcp');
    for (const f of ['dist/index.js', 'dist/index.d.ts', 'README.md']) assert.ok(files.includes(f), f);
    assert.deepEqual(files.filter((f) => !/^dist\/|^README\.md$|^package\.json$/.test(f)), []);
  });

  it('the service ships its build, the bin with the module it imports, the docs /docs reads, and no sources or tests', async () => {
    const files = await packed('.');
    for (const f of ['bin/calendar-access.js', 'bin/tsx-worker.js', 'scripts/build-stamp.mjs', 'dist/cli/main.js', 'dist/ical/worker.js', 'docs/api.md', 'docs/errors.md', 'docs/spec-decisions.md', 'docs/webhooks-receiving.md', 'README.md']) {
      assert.ok(files.includes(f), f);
    }
    assert.ok(files.some((f) => f.startsWith('dist/store/migrations/')), 'the migrations');
    assert.deepEqual(files.filter((f) => /^(src|test|bench|packages|deploy|node_modules)\//.test(f) || (f.endsWith('.ts') && !f.endsWith('.d.ts'))), []);
    // The CLI's `mcp` imports the MCP server: a dependency, so an install brings it.
    assert.equal(manifest('.').dependencies?.['@calendar-access/mcp'], manifest('packages/mcp').version);
  });

  it('an installed service (dist/ without src/ beside it) runs its dist/ and never loads tsx', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'installed-'));
    try {
      mkdirSync(path.join(dir, 'bin'));
      mkdirSync(path.join(dir, 'scripts'));
      mkdirSync(path.join(dir, 'dist/cli'), { recursive: true });
      copyFileSync('bin/calendar-access.js', path.join(dir, 'bin/calendar-access.js'));
      copyFileSync('scripts/build-stamp.mjs', path.join(dir, 'scripts/build-stamp.mjs'));
      writeFileSync(path.join(dir, 'package.json'), '{"type":"module"}\n');
      writeFileSync(path.join(dir, 'dist/cli/main.js'), "console.log('the build ran', process.argv.slice(2).join(' '));\n");
      assert.equal(existsSync(path.join(dir, 'node_modules')), false, 'no tsx to fall back on');
      const out = spawnSync(process.execPath, [path.join(dir, 'bin/calendar-access.js'), 'serve', '--help'], { cwd: dir, encoding: 'utf8' });
      assert.equal(out.stderr, '');
      assert.equal(out.stdout, 'the build ran serve --help\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
