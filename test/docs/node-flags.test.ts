import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { SERVE_NODE_FLAGS } from '../../scripts/node-flags.mjs';

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

test('every way of starting the service runs Node with the same options (scripts/node-flags.mjs)', () => {
  const flags = SERVE_NODE_FLAGS.join(' ');
  assert.equal(read('bin/calendar-access.js').split('\n')[0], `#!/usr/bin/env -S node ${flags}`);
  const start = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.start;
  assert.equal(start, `node ${flags} bin/calendar-access.js serve`);
  assert.match(read('Dockerfile'), new RegExp(`^ENTRYPOINT \\["node", ${SERVE_NODE_FLAGS.map((f) => `"${f}"`).join(', ')}, "bin/calendar-access.js"\\]$`, 'm'));
  assert.match(read('scripts/cluster.mjs'), /spawn\(process\.execPath, \[\.\.\.SERVE_NODE_FLAGS, bin, 'serve'/);
});

test('the options are ones this Node accepts, and they take effect: the young generation is at most 2 × 2 MB', () => {
  const script = "const v8 = require('node:v8'); let k = []; for (let i = 0; i < 2e6; i++) { k.push({ i }); if (k.length > 5e4) k = []; } console.log(v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size)";
  const newSpace = Number(execFileSync(process.execPath, [...SERVE_NODE_FLAGS, '-e', script], { encoding: 'utf8' }));
  assert.ok(newSpace > 0 && newSpace <= 4 * 1024 * 1024, `new space ${newSpace} bytes`);
  const defaults = Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
  assert.ok(defaults > newSpace, `without the options the new space grows past it (${defaults} bytes)`);
});
