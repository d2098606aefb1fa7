import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ENGINES } from '../helpers/engines.js';
import { cliStore, runCli } from './cli-harness.js';

const SETTINGS = {
  enabled: true,
  weeklyHours: { mon: [['13:00', '17:00'], ['09:00', '12:00']], fri: [['09:00', '24:00']] },
  minimumNoticeMinutes: 120,
  bookingWindowDays: 45,
  holidays: { country: 'US', region: 'CA' },
  blockedDates: ['2026-12-31', '2026-12-24'],
  appointmentTypes: [
    { name: 'Intro call', durationMinutes: 20, slotStepMinutes: 20 },
    { name: 'Consultation', durationMinutes: 60, bufferBeforeMinutes: 15, bufferAfterMinutes: 15 },
  ],
};

for (const engine of ENGINES) {
  describe(`booking get and set through the CLI on ${engine}`, () => {
    let dir: string;
    let env: NodeJS.ProcessEnv;
    let store: Awaited<ReturnType<typeof cliStore>>;
    const file = (name: string, value: unknown) => {
      const where = path.join(dir, name);
      writeFileSync(where, typeof value === 'string' ? value : JSON.stringify(value));
      return where;
    };

    before(async () => {
      store = await cliStore(engine, 'booking');
      ({ dir, env } = store);
      const created = await runCli(['owner', 'create', '--username', 'lena', '--name', 'Lena', '--timezone', 'America/Los_Angeles'], env);
      assert.equal(created.code, 0, created.stderr);
    });
    after(() => store.close());

    test('a new owner has booking off, no hours and no appointment types', async () => {
      const got = await runCli(['booking', 'get', '--owner', 'lena'], env);
      assert.equal(got.code, 0, got.stderr);
      const doc = JSON.parse(got.stdout);
      assert.equal(doc.enabled, false);
      assert.deepEqual(doc.appointmentTypes, []);
      assert.deepEqual(doc.weeklyHours, { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] });
    });

    test('set replaces the settings; get prints them back, ordered, with defaults filled in and ids for new types', async () => {
      const set = await runCli(['booking', 'set', '--owner', 'lena', '--file', file('settings.json', SETTINGS)], env);
      assert.equal(set.code, 0, set.stderr);
      assert.equal(set.stdout, 'Booking for lena is on, with 2 appointment type(s).\n');
      const doc = JSON.parse((await runCli(['booking', 'get', '--owner', 'lena'], env)).stdout);
      assert.deepEqual(doc.weeklyHours.mon, [['09:00', '12:00'], ['13:00', '17:00']]);
      assert.deepEqual(doc.weeklyHours.fri, [['09:00', '24:00']]);
      assert.equal(doc.slotStepMinutes, 30);
      assert.deepEqual(doc.holidays, { country: 'US', region: 'CA', types: ['public'] });
      assert.deepEqual(doc.blockedDates, ['2026-12-24', '2026-12-31']);
      assert.deepEqual(doc.appointmentTypes.map((t: { name: string }) => t.name), ['Intro call', 'Consultation']);
      assert.match(doc.appointmentTypes[0].id, /^[0-9a-f-]{36}$/);

      // What get prints, set takes: the same document again changes nothing but may reorder types.
      const [intro, consultation] = doc.appointmentTypes;
      const again = await runCli(['booking', 'set', '--owner', 'lena', '--file', file('again.json', { ...doc, appointmentTypes: [consultation, intro] })], env);
      assert.equal(again.code, 0, again.stderr);
      const reordered = JSON.parse((await runCli(['booking', 'get', '--owner', 'lena'], env)).stdout);
      assert.deepEqual(reordered.appointmentTypes.map((t: { id: string }) => t.id), [consultation.id, intro.id]);
    });

    test('refuses a bad document with exit 1, naming the field, and writes nothing', async () => {
      const before = (await runCli(['booking', 'get', '--owner', 'lena'], env)).stdout;
      const cases: [unknown, RegExp][] = [
        [{ weeklyHours: { mon: [['09:00', '08:00']] } }, /weeklyHours\.mon\[0\]: ends at 08:00, not after its start 09:00/],
        [{ weeklyHours: { mon: [['09:00', '12:00'], ['11:00', '13:00']] } }, /weeklyHours\.mon: 09:00-12:00 and 11:00-13:00 overlap/],
        [{ weeklyHours: { funday: [] } }, /weeklyHours\.funday: unknown field/],
        [{ bookingWindowDays: 0 }, /bookingWindowDays: a whole number from 1 to 730/],
        [{ holidays: { country: 'DE', region: 'XX' } }, /holidays\.region: "XX" is not a region of DE/],
        [{ blockedDates: ['2026-02-30'] }, /blockedDates\[0\]: "2026-02-30" is not a date/],
        [{ appointmentTypes: [{ name: 'Walk', durationMinutes: 0 }] }, /appointmentTypes\[0\]\.durationMinutes/],
        [{ appointmentTypes: [{ id: '00000000-0000-4000-8000-000000000000', name: 'Walk', durationMinutes: 30 }] }, /is not one of your appointment types/],
        [{ colour: 'blue' }, /colour: unknown field/],
      ];
      for (const [doc, message] of cases) {
        const run = await runCli(['booking', 'set', '--owner', 'lena', '--file', file('bad.json', doc)], env);
        assert.equal(run.code, 1, JSON.stringify(doc));
        assert.match(run.stderr, message);
      }
      const notJson = await runCli(['booking', 'set', '--owner', 'lena', '--file', file('bad.txt', '{hours: 9-5}')], env);
      assert.equal(notJson.code, 2);
      assert.match(notJson.stderr, /bad\.txt is not JSON: unexpected text at line 1 column 2 \(found "hours"\)/);
      assert.equal((await runCli(['booking', 'get', '--owner', 'lena'], env)).stdout, before);
    });
  });
}
