import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, lstatSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate, openStore } from '../../src/store/db.js';

/** Every file and folder below `dir` whose mode lets anyone but the owner in. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const walk = (d: string) => {
    if ((lstatSync(d).mode & 0o077) !== 0) found.push(d);
    for (const name of readdirSync(d)) {
      const full = path.join(d, name);
      const st = lstatSync(full);
      if (st.isSymbolicLink()) continue;
      if (st.isDirectory()) walk(full);
      else if ((st.mode & 0o077) !== 0) found.push(full);
    }
  };
  walk(dir);
  return found;
}

describe('the PGlite data folder', () => {
  it('is created for its owner only (folders 0700, files 0600), and an existing open folder is repaired at start', async () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'data-folder-'));
    const dir = path.join(parent, 'data');
    try {
      const store = await openStore({ databaseUrl: null, dataDir: dir });
      await migrate(store);
      await store.close();
      assert.deepEqual(openToOthers(dir), []);
      assert.equal(lstatSync(dir).mode & 0o777, 0o700);

      // As a folder made by an earlier version: world-writable files, an open folder.
      chmodSync(dir, 0o777);
      chmodSync(path.join(dir, 'PG_VERSION'), 0o666);
      writeFileSync(path.join(dir, 'base', 'stray'), 'x', { mode: 0o666 });
      chmodSync(path.join(dir, 'base', 'stray'), 0o666);
      assert.ok(openToOthers(dir).length >= 3);
      const again = await openStore({ databaseUrl: null, dataDir: dir });
      await again.close();
      assert.deepEqual(openToOthers(dir), []);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
