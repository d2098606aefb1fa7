import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import semver from 'semver';

interface LockEntry {
  engines?: { node?: string } | string[];
}

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockEntry> };

describe('the declared engines', () => {
  it('admit the Node.js running the tests, and so does every package the lockfile installs (npm ci warns of none)', () => {
    assert.ok(semver.satisfies(process.version, pkg.engines.node), `package.json says node ${pkg.engines.node}; this is ${process.version}`);
    const refusing = Object.entries(lock.packages).flatMap(([where, entry]) => {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      return where && range && !semver.satisfies(process.version, range, { includePrerelease: true }) ? [`${where.replace(/^.*node_modules\//, '')} needs node ${range}`] : [];
    });
    assert.deepEqual(refusing, []);
  });
});
