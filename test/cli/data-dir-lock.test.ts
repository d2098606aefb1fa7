import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { loadConfig } from '../../src/config.js';
import { execute } from '../../src/cli/execute.js';
import { FolderBusyError } from '../../src/cli/errors.js';
import { adminSocketPath } from '../../src/server/admin-socket.js';
import { lockFilePath, tryLock } from '../../src/server/data-dir-lock.js';
import { removeDataDir, tempDataDir, until } from './cli-harness.js';

/** The pid of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('the data folder lock', () => {
  let dir: string;
  before(() => {
    dir = tempDataDir();
  });
  after(() => removeDataDir(dir));

  test('a free folder is locked with the pid and command, and released without a trace', () => {
    const attempt = tryLock(dir, 'demo');
    assert.ok(attempt.ok);
    const held = JSON.parse(readFileSync(lockFilePath(dir), 'utf8'));
    assert.equal(held.pid, process.pid);
    assert.equal(held.command, 'demo');
    attempt.lock.release();
    assert.equal(existsSync(lockFilePath(dir)), false);
    assert.deepEqual(readdirSync(dir), [], 'no draft file is left behind');
  });

  test('a folder locked by a live process is refused, naming the holder', () => {
    const first = tryLock(dir, 'serve');
    assert.ok(first.ok);
    try {
      const second = tryLock(dir, 'token.create');
      assert.equal(second.ok, false);
      assert.equal(!second.ok && second.holder?.pid, process.pid);
      assert.equal(!second.ok && second.holder?.command, 'serve');
    } finally {
      first.lock.release();
    }
  });

  test('a lock left by a process that has died is taken over', () => {
    writeFileSync(lockFilePath(dir), JSON.stringify({ pid: deadPid(), command: 'serve', startedAt: '2026-03-29T00:30:00Z' }));
    const attempt = tryLock(dir, 'migrate');
    assert.ok(attempt.ok);
    assert.equal(JSON.parse(readFileSync(lockFilePath(dir), 'utf8')).pid, process.pid);
    attempt.lock.release();
  });

  test('a lock file that cannot be read as one is taken over', () => {
    writeFileSync(lockFilePath(dir), 'garbage');
    const attempt = tryLock(dir, 'migrate');
    assert.ok(attempt.ok);
    attempt.lock.release();
  });

  test('releasing leaves alone a lock that another process has taken over since', () => {
    const attempt = tryLock(dir, 'demo');
    assert.ok(attempt.ok);
    const other = JSON.stringify({ pid: process.ppid, command: 'serve', startedAt: '2026-03-29T00:30:00Z' });
    writeFileSync(lockFilePath(dir), other);
    attempt.lock.release();
    assert.equal(readFileSync(lockFilePath(dir), 'utf8'), other);
    unlinkSync(lockFilePath(dir));
  });

  test('a command on a folder held by a process without an admin channel gives up with a message naming it', async () => {
    const sub = path.join(dir, 'busy');
    const held = tryLock(sub, 'demo');
    assert.ok(held.ok);
    const notices: string[] = [];
    try {
      await assert.rejects(
        execute(loadConfig({ DATA_DIR: sub }), 'migrate', {}, { waitMs: 300, notice: (l) => notices.push(l) }),
        (e: unknown) => e instanceof FolderBusyError && e.message.includes(`process ${process.pid} (calendar-access demo`) && e.message.includes('admin.sock'),
      );
      assert.equal(notices.length, 1);
    } finally {
      held.lock.release();
    }
  });
});

describe('waiting for a held data folder', () => {
  let dir: string;
  before(() => {
    dir = tempDataDir();
  });
  after(() => removeDataDir(dir));

  test('a command waits minutes, not seconds, saying so, and runs as soon as the holder lets go', async () => {
    const held = tryLock(dir, 'demo');
    assert.ok(held.ok);
    const notices: string[] = [];
    let released = false;
    try {
      const run = execute(loadConfig({ DATA_DIR: dir }), 'migrate', {}, { notice: (l) => notices.push(l) });
      // The wait is on the holder, not on the clock: the command is still waiting when told so.
      await until(() => notices.length > 0, 'the waiting notice');
      assert.equal(notices[0], `waiting (up to 5 minutes) for process ${process.pid} (calendar-access demo, since ${held.lock.holder.startedAt}) to release ${dir}…`);
      held.lock.release();
      released = true;
      const result = await run;
      assert.ok(Array.isArray(result.ran), 'the command ran once the folder was free');
      assert.equal(existsSync(lockFilePath(dir)), false, 'and let the folder go');
    } finally {
      if (!released) held.lock.release();
    }
  });
});

describe('the admin socket path', () => {
  test('is admin.sock inside the data folder', () => {
    assert.equal(adminSocketPath('/srv/calendar/data'), '/srv/calendar/data/admin.sock');
  });

  test('moves to the temp folder, under a name fixed by the data folder, when too long for a Unix socket', { skip: process.platform === 'win32' }, () => {
    const deep = path.join('/srv', 'x'.repeat(120));
    const p = adminSocketPath(deep);
    assert.equal(path.dirname(p), os.tmpdir());
    assert.equal(adminSocketPath(deep), p);
    assert.notEqual(adminSocketPath(`${deep}y`), p);
  });
});
