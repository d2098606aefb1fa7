import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { ENGINES } from '../helpers/engines.js';
import { calendarText, manyEvents, series } from '../helpers/ical-text.js';
import { cliEnv, cliStore, getJson, removeDataDir, runCli, startServe, tempDataDir, until } from './cli-harness.js';

const GOOGLE = fileURLToPath(new URL('../fixtures/ical/google-work.ics', import.meta.url));
const OUTLOOK = fileURLToPath(new URL('../fixtures/ical/outlook-misc.ics', import.meta.url));

for (const engine of ENGINES) {
  describe(`calendar import through the CLI on ${engine}`, () => {
    let dir: string;
    let env: NodeJS.ProcessEnv;
    let store: Awaited<ReturnType<typeof cliStore>>;

    before(async () => {
      store = await cliStore(engine, 'import');
      ({ dir, env } = store);
      const created = await runCli(['owner', 'create', '--username', 'alice', '--name', 'Alice', '--timezone', 'Europe/Berlin'], env);
      assert.equal(created.code, 0, created.stderr);
    });
    after(() => store.close());

    test('imports with --json, then a second import prints a one-line summary of nothing changed', async () => {
      const first = await runCli(['calendar', 'import', '--owner', 'alice', '--calendar', 'personal', GOOGLE, '--json'], env);
      assert.equal(first.code, 0, first.stderr);
      assert.deepEqual(JSON.parse(first.stdout), {
        owner: 'alice', calendar: 'personal', created: 4, updated: 0, unchanged: 0, cancelled: 0, skipped: 1, warnings: [],
      });
      const second = await runCli(['calendar', 'import', '--owner', 'alice', '--calendar', 'personal', GOOGLE], env);
      assert.equal(second.code, 0, second.stderr);
      assert.equal(second.stdout, `Imported ${GOOGLE} into alice/personal: 0 created, 0 updated, 4 unchanged, 0 cancelled, 1 skipped.\n`);
      assert.equal(second.stderr, '');
    });

    test('prints the warnings on stderr and the summary on stdout', async () => {
      const run = await runCli(['calendar', 'import', '--owner', 'alice', '--calendar', 'personal', OUTLOOK], env);
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stdout, /: 7 created, 0 updated, 0 unchanged, 0 cancelled, 1 skipped, \d+ warnings\.\n$/);
      assert.match(run.stderr, /^warning: line \d+: UID no-start@example\.org.*no DTSTART$/m);
    });

    test('imports a damaged file, with --json, every warning naming its line', async () => {
      const damaged = path.join(dir, 'damaged.ics');
      writeFileSync(damaged, calendarText([
        ['UID:kept@cli.test', 'SUMMARY:Kept', 'DTSTART:20260701T090000Z', 'X-APPLE-RADIUS=70.5', 'RRULE:FREQ=WEEKLY;BYDAI=MO;COUNT=2'],
        ['UID:bad@cli.test', 'DTSTART:20261301T090000Z'],
      ]).replace('END:VCALENDAR', 'END:VCALENDAR\r\nVERSION:2.0'));
      const run = await runCli(['calendar', 'import', '--owner', 'alice', '--calendar', 'personal', damaged, '--json'], env);
      assert.equal(run.code, 0, run.stderr);
      assert.deepEqual(JSON.parse(run.stdout), {
        owner: 'alice', calendar: 'personal', created: 1, updated: 0, unchanged: 0, cancelled: 0, skipped: 1,
        warnings: [
          'line 8: "X-APPLE-RADIUS=70.5" skipped: it has no colon between name and value',
          'line 9: RRULE part BYDAI=MO ignored: RFC 5545 rules have no such part',
          'line 11: UID bad@cli.test skipped: no DTSTART',
          'line 13: DTSTART dropped: "20261301T090000Z" is not a date of the calendar',
          'line 16: VERSION skipped: it is outside any calendar',
        ],
      });
    });

    test('an unknown calendar is refused with the owner\'s calendars named; a missing file is a usage error', async () => {
      const unknown = await runCli(['calendar', 'import', '--owner', 'alice', '--calendar', 'holidays', GOOGLE], env);
      assert.equal(unknown.code, 1);
      assert.equal(unknown.stderr, 'calendar-access: no calendar "holidays" of this owner (its calendars: personal)\n');
      const missing = await runCli(['calendar', 'import', '--owner', 'alice', '--calendar', 'personal', path.join(dir, 'none.ics')], env);
      assert.equal(missing.code, 2);
      assert.match(missing.stderr, /^calendar-access: cannot read .*none\.ics/);
      const noFile = await runCli(['calendar', 'import', '--owner', 'alice', '--calendar', 'personal'], env);
      assert.equal(noFile.code, 2);
    });
  });
}

describe('calendar import while serve holds the PGlite folder', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  before(() => {
    dir = tempDataDir();
    env = cliEnv({ DATA_DIR: dir });
  });
  after(() => removeDataDir(dir));

  test('the file text goes through the admin channel and the served API shows the events at once', async () => {
    const server = await startServe(env);
    try {
      assert.equal((await runCli(['owner', 'create', '--username', 'bob', '--name', 'Bob', '--timezone', 'Europe/Berlin'], env)).code, 0);
      const run = await runCli(['calendar', 'import', '--owner', 'bob', '--calendar', 'personal', GOOGLE, '--json'], env);
      assert.equal(run.code, 0, run.stderr);
      assert.equal(JSON.parse(run.stdout).created, 4);
      // The server logs the command as it answers: its line may reach this process just after the answer.
      await until(() => server.logs.some((l) => l.command === 'calendar.import'), 'the server to log calendar.import: run inside the server');
      const token = await runCli(['token', 'create', '--owner', 'bob', '--name', 't', '--scopes', 'events:read', '--json'], env);
      const { status, body } = await getJson(`${server.url}/api/v1/events?from=2026-03-01T00:00:00Z&to=2026-03-10T00:00:00Z`, JSON.parse(token.stdout).token);
      assert.equal(status, 200);
      assert.deepEqual(body.data.map((e: { title: string; start: string }) => [e.title, e.start]), [
        ['Weekly planning', '2026-03-02T08:30:00Z'],
        ['Weekly planning', '2026-03-09T08:30:00Z'],
      ]);
    } finally {
      await server.stop();
    }
  });

  test('a file over 1 MiB goes through the admin channel whole; files over a limit are refused naming it, exit status 1', async () => {
    const big = path.join(dir, 'big.ics');
    writeFileSync(big, calendarText(manyEvents(6000, { descriptionBytes: 100 })));
    const huge = path.join(dir, 'huge.ics');
    writeFileSync(huge, calendarText([['UID:huge@limits.test', 'DTSTART:20260401T090000Z', `DESCRIPTION:${'x'.repeat(10 * 1024 * 1024)}`]]));
    const minutely = path.join(dir, 'minutely.ics');
    writeFileSync(minutely, calendarText([series('minutely@limits.test', '2026-04-01T00:00:00Z', 'FREQ=MINUTELY;COUNT=100000000')]));
    const server = await startServe(env);
    try {
      assert.equal((await runCli(['owner', 'create', '--username', 'carol', '--name', 'Carol', '--timezone', 'Europe/Berlin'], env)).code, 0);
      const run = await runCli(['calendar', 'import', '--owner', 'carol', '--calendar', 'personal', big, '--json'], env);
      assert.equal(run.code, 0, run.stderr);
      assert.equal(JSON.parse(run.stdout).created, 6000);
      await until(() => server.logs.some((l) => l.command === 'calendar.import' && l.msg === 'admin command calendar.import'), 'the server to log calendar.import: run inside the server');

      const tooBig = await runCli(['calendar', 'import', '--owner', 'carol', '--calendar', 'personal', huge], env);
      assert.equal(tooBig.code, 1);
      assert.match(tooBig.stderr, /^calendar-access: cannot import .*huge\.ics: the calendar has 10,485,\d{3} bytes, more than the 10 MiB one calendar may have\n$/);
      const dense = await runCli(['calendar', 'import', '--owner', 'carol', '--calendar', 'personal', minutely], env);
      assert.equal(dense.code, 1);
      assert.match(dense.stderr, /^calendar-access: the series UID minutely@limits\.test \(RRULE FREQ=MINUTELY;COUNT=100000000\) has more than 10,000 occurrences between \d{4}-\d{2}-\d{2} and \d{4}-\d{2}-\d{2}, the most one series may have\n$/);
    } finally {
      await server.stop();
    }
  });
});
