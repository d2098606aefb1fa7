import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import pino from 'pino';
import { loadConfig } from '../../src/config.js';
import { callAdmin } from '../../src/cli/admin-client.js';
import { UsageError } from '../../src/cli/errors.js';
import { fixedClock } from '../../src/domain/clock.js';
import { openDeps, type Deps } from '../../src/deps.js';
import { openAdminChannel, type AdminChannel } from '../../src/server/admin-channel.js';
import { ServiceError } from '../../src/domain/service-error.js';
import { openStore, migrate } from '../../src/store/db.js';
import { calendarText, manyEvents } from '../helpers/ical-text.js';
import { removeDataDir, tempDataDir } from './cli-harness.js';

describe('the admin channel, in process', () => {
  let dir: string;
  let rt: Deps;
  let channel: AdminChannel;
  let socket: string;

  before(async () => {
    dir = tempDataDir();
    socket = path.join(dir, 'admin.sock');
    const store = await openStore({ databaseUrl: null, dataDir: null });
    await migrate(store);
    rt = await openDeps(loadConfig({ PUBLIC_BASE_URL: 'https://cal.example' }), { store, clock: fixedClock('2026-03-29T00:30:00Z') });
    channel = await openAdminChannel(rt, socket, pino({ level: 'silent' }));
  });
  after(async () => {
    await channel.close();
    await rt.close();
    removeDataDir(dir);
  });

  test('runs a command on the server runtime and answers its JSON result', async () => {
    const answer = await callAdmin(socket, 'owner.create', { username: 'carol', name: 'Carol', timezone: 'America/New_York' });
    assert.ok(answer.answered);
    const owner = answer.result as { username: string; createdAt: string };
    assert.equal(owner.username, 'carol');
    assert.equal(owner.createdAt, '2026-03-29T00:30:00Z', 'written from the server clock');
  });

  test('carries arguments over 1 MiB: an iCalendar text as large as an import takes', async () => {
    await callAdmin(socket, 'owner.create', { username: 'dave', name: 'Dave', timezone: 'Europe/Berlin' });
    const text = calendarText(manyEvents(8000, { descriptionBytes: 100 }));
    assert.ok(Buffer.byteLength(text) > 1024 * 1024);
    const answer = await callAdmin(socket, 'calendar.import', { owner: 'dave', calendar: 'personal', text });
    assert.ok(answer.answered);
    assert.equal((answer.result as { created: number }).created, 8000);
  });

  test('hands back a service refusal as the same ServiceError', async () => {
    await assert.rejects(callAdmin(socket, 'token.list', { owner: 'nobody' }), (e: unknown) => e instanceof ServiceError && e.kind === 'not_found');
  });

  test('refuses arguments of the wrong type as invalid, naming the argument', async () => {
    await assert.rejects(
      callAdmin(socket, 'token.create', { owner: 'carol', name: 'x', scopes: 'events:read' }),
      (e: unknown) => e instanceof ServiceError && e.kind === 'invalid' && e.message.startsWith('scopes:'),
    );
  });

  test('refuses a command it does not know as a usage error', async () => {
    await assert.rejects(callAdmin(socket, 'drop.everything', {}), (e: unknown) => e instanceof UsageError);
  });

  test('a socket nobody listens on is reported as not answered, so the command runs elsewhere', async () => {
    assert.deepEqual(await callAdmin(path.join(dir, 'none.sock'), 'migrate', {}), { answered: false });
  });
});
