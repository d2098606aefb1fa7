import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { formatInstant } from '../../src/domain/instant.js';
import { openStore, type Db } from '../../src/store/db.js';
import { ENGINES } from '../helpers/engines.js';
import { seedRequest } from '../helpers/seed.js';
import { cliStore, runCli } from './cli-harness.js';

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const SETTINGS = {
  enabled: true,
  weeklyHours: Object.fromEntries(DAYS.map((d) => [d, [['00:00', '24:00']]])),
  appointmentTypes: [{ name: 'Intro call', durationMinutes: 30 }],
};

const HOUR = 3_600_000;
/** A whole hour a few days ahead, so every slot of the test is in the future. */
const base = Math.ceil((Date.now() + 3 * 24 * HOUR) / HOUR) * HOUR;
const at = (hours: number) => formatInstant(new Date(base + hours * HOUR));
const slotAt = (hours: number) => ({ start: at(hours), end: formatInstant(new Date(base + hours * HOUR + 30 * 60_000)) });

interface Shown {
  id: string;
  status: string;
  cancelledBy: string | null;
  slot: { start: string; end: string } | null;
  waitingDecision: { action: string; start: string | null; effectiveAt: string } | null;
  calendarEventId: string | null;
  todoId: string | null;
  events: { type: string; occurredAt: string }[];
}

for (const engine of ENGINES) {
  describe(`the request flow through the CLI on ${engine}`, () => {
    let dir: string;
    let env: NodeJS.ProcessEnv;
    let store: Awaited<ReturnType<typeof cliStore>>;
    const ids: Record<'appointment' | 'waiting' | 'task' | 'withdrawn' | 'accepted' | 'clash', string> = { appointment: '', waiting: '', task: '', withdrawn: '', accepted: '', clash: '' };

    /** The store, opened in this process between CLI runs (PGlite takes one process at a time). */
    async function withDb<T>(fn: (db: Db, ownerId: string) => Promise<T>): Promise<T> {
      const s = await openStore({ databaseUrl: env.DATABASE_URL ?? null, dataDir: env.DATABASE_URL ? null : dir });
      try {
        const owner = await s.db.selectFrom('owners').select('id').where('username', '=', 'lena').executeTakeFirstOrThrow();
        return await fn(s.db, owner.id);
      } finally {
        await s.close();
      }
    }

    const cli = async (...args: string[]) => {
      const run = await runCli(args, env);
      assert.equal(run.code, 0, `${args.join(' ')}\n${run.stderr}`);
      return run;
    };
    const json = async (...args: string[]) => JSON.parse((await cli(...args, '--json')).stdout);
    const show = async (id: string): Promise<Shown> => json('request', 'show', '--owner', 'lena', id);
    const types = (s: Shown) => s.events.map((e) => e.type);

    before(async () => {
      store = await cliStore(engine, 'requests');
      ({ dir, env } = store);
      await cli('owner', 'create', '--username', 'lena', '--name', 'Lena', '--timezone', 'Europe/Berlin');
      const file = path.join(dir, 'booking.json');
      writeFileSync(file, JSON.stringify(SETTINGS));
      await cli('booking', 'set', '--owner', 'lena', '--file', file);
      const typeId: string = JSON.parse((await cli('booking', 'get', '--owner', 'lena')).stdout).appointmentTypes[0].id;
      await withDb(async (db, ownerId) => {
        const appointment = (hours: number, status: 'pending' | 'accepted' = 'pending') =>
          seedRequest(db, ownerId, { kind: 'appointment', appointmentTypeId: typeId, slot: slotAt(hours), status });
        ids.appointment = await appointment(1);
        ids.waiting = await appointment(2);
        ids.task = await seedRequest(db, ownerId, { kind: 'task', message: 'Review the draft\nIt is in the shared folder.' });
        ids.withdrawn = await appointment(3);
        ids.accepted = await appointment(4, 'accepted');
        // The same hour as the accepted one: accepting it too is the owner's choice, made with a flag.
        ids.clash = await appointment(4);
      });
    });
    after(() => store.close());

    test('accept --no-undo-window takes effect at once: the appointment is on the calendar, with its events', async () => {
      const run = await cli('request', 'accept', '--owner', 'lena', ids.appointment, '--no-undo-window');
      assert.equal(run.stdout, `Accepted ${ids.appointment} (now accepted).\n`);
      const shown = await show(ids.appointment);
      assert.equal(shown.status, 'accepted');
      assert.deepEqual(shown.slot, slotAt(1));
      assert.equal(shown.cancelledBy, null);
      assert.equal(shown.waitingDecision, null);
      assert.deepEqual(types(shown).sort(), ['event.created', 'request.accepted']);
      const event = await withDb((db, ownerId) =>
        db.selectFrom('events').select(['id', 'start_at']).where('owner_id', '=', ownerId).where('request_id', '=', ids.appointment).where('deleted_at', 'is', null).execute(),
      );
      assert.equal(event.length, 1);
      assert.equal(shown.calendarEventId, event[0]!.id);
      assert.equal(formatInstant(event[0]!.start_at), slotAt(1).start);
    });

    test('accept refuses a time that overlaps an accepted appointment, naming it, and changes nothing; --allow-overlap accepts it', async () => {
      const refused = await runCli(['request', 'accept', '--owner', 'lena', ids.clash, '--no-undo-window'], env);
      assert.equal(refused.code, 1);
      assert.match(refused.stderr, /^calendar-access: This time overlaps .+'s Intro call \(accepted\)\. Run it again with --allow-overlap to accept it anyway\.\n$/);
      assert.equal((await show(ids.clash)).status, 'pending');
      const run = await cli('request', 'accept', '--owner', 'lena', ids.clash, '--no-undo-window', '--allow-overlap');
      assert.equal(run.stdout, `Accepted ${ids.clash} (now accepted).\n`);
    });

    test('decline with the undo window waits (no serve runs it); undo drops it, and a second undo has nothing to undo', async () => {
      const askedAt = Date.now();
      const declined = await cli('request', 'decline', '--owner', 'lena', ids.waiting);
      const answeredAt = Date.now();
      const effectiveAt = /takes effect at (\S+Z) unless undone/.exec(declined.stdout)?.[1];
      assert.ok(effectiveAt, declined.stdout);
      assert.equal(
        declined.stdout,
        `Declined ${ids.waiting}; takes effect at ${effectiveAt} unless undone (calendar-access request undo --owner lena ${ids.waiting}). ` +
          'A running `calendar-access serve` applies it; without one, at its next start.\n',
      );
      // 5 s after the decision, which happened while the command ran (however long a busy machine took).
      const at = Date.parse(effectiveAt);
      assert.ok(at >= askedAt + 5000 - 1000 && at <= answeredAt + 5000, `effective at ${effectiveAt}, decided between ${new Date(askedAt).toISOString()} and ${new Date(answeredAt).toISOString()}`);
      // The undo window is 5 seconds of real time; on a busy machine the CLI runs below could outlast
      // it, so the waiting decision is moved an hour on (nothing runs it without serve anyway).
      await withDb((db) => db.updateTable('jobs').set({ run_at: new Date(Date.now() + HOUR) }).where('kind', '=', 'request.decision').where('key', '=', ids.waiting).execute());

      const waiting = await show(ids.waiting);
      assert.equal(waiting.status, 'pending');
      assert.equal(waiting.waitingDecision?.action, 'decline');
      assert.equal(waiting.waitingDecision?.start, null);
      assert.deepEqual(waiting.events, []);
      const human = await cli('request', 'show', '--owner', 'lena', ids.waiting);
      assert.match(human.stdout, /^Status: +pending$/m);
      assert.match(human.stdout, /^Waiting decision: +decline, takes effect at \S+Z unless undone$/m);
      assert.match(human.stdout, /No webhook events recorded for it\./);

      // A second decision is refused while one waits.
      const again = await runCli(['request', 'accept', '--owner', 'lena', ids.waiting], env);
      assert.equal(again.code, 1);
      assert.match(again.stderr, /waiting out its undo window; undo it first/);

      const undone = await cli('request', 'undo', '--owner', 'lena', ids.waiting);
      assert.equal(undone.stdout, 'Undone: nothing changed.\n');
      const after = await show(ids.waiting);
      assert.equal(after.status, 'pending');
      assert.equal(after.waitingDecision, null);
      assert.deepEqual(after.events, []);

      const twice = await runCli(['request', 'undo', '--owner', 'lena', ids.waiting], env);
      assert.equal(twice.code, 1);
      assert.equal(twice.stderr, `calendar-access: Nothing to undo: no decision is waiting on ${ids.waiting} (it took effect or was never made).\n`);
    });

    test('reschedule --no-undo-window proposes the new time, same length; the requester confirms, then cancels', async () => {
      const start = at(30);
      const moved = await json('request', 'reschedule', '--owner', 'lena', ids.appointment, '--start', start, '--no-undo-window');
      assert.equal(moved.status, 'rescheduled');
      assert.deepEqual(moved.slot, slotAt(30));
      assert.equal(moved.effectiveAt, null);
      let shown = await show(ids.appointment);
      assert.deepEqual(shown.slot, slotAt(30));
      assert.deepEqual(types(shown).slice(2).sort(), ['appointment.rescheduled', 'event.updated']);

      const confirmed = await json('requester', 'confirm', '--owner', 'lena', ids.appointment);
      assert.equal(confirmed.status, 'accepted');
      shown = await show(ids.appointment);
      assert.deepEqual(types(shown).slice(4), ['appointment.confirmed']);

      const cancelled = await cli('requester', 'cancel', '--owner', 'lena', ids.appointment);
      assert.equal(cancelled.stdout, `Cancelled ${ids.appointment} as the requester (now cancelled).\n`);
      shown = await show(ids.appointment);
      assert.equal(shown.status, 'cancelled');
      assert.equal(shown.cancelledBy, 'requester');
      assert.equal(shown.calendarEventId, null);
      assert.deepEqual(types(shown).slice(5).sort(), ['appointment.cancelled', 'event.deleted']);
      const live = await withDb((db, ownerId) =>
        db.selectFrom('events').select('id').where('owner_id', '=', ownerId).where('request_id', '=', ids.appointment).where('deleted_at', 'is', null).execute(),
      );
      assert.deepEqual(live, []);
    });

    test('a task request accepted at once becomes a to-do; completing the to-do completes the request', async () => {
      const accepted = await json('request', 'accept', '--owner', 'lena', ids.task, '--no-undo-window');
      assert.equal(accepted.status, 'accepted');
      assert.equal(accepted.slot, null);
      const todos = await withDb((db, ownerId) =>
        db.selectFrom('tasks').select(['id', 'title', 'status']).where('owner_id', '=', ownerId).where('request_id', '=', ids.task).execute(),
      );
      assert.deepEqual(todos.map((t) => [t.title, t.status]), [['Review the draft', 'open']]);
      const todoId = todos[0]!.id;
      assert.equal((await show(ids.task)).todoId, todoId);

      const done = await cli('task', 'complete', '--owner', 'lena', todoId);
      assert.equal(done.stdout, `Completed to-do ${todoId}, and with it request ${ids.task}.\n`);
      const shown = await show(ids.task);
      assert.equal(shown.status, 'completed');
      assert.deepEqual(types(shown).sort(), ['request.accepted', 'task.completed', 'task.created']);
      assert.equal(types(shown).at(-1), 'task.completed');
      assert.deepEqual(await json('task', 'complete', '--owner', 'lena', todoId), { taskId: todoId, requestId: ids.task, changed: false });
    });

    test('requester withdraw takes a pending request back at once', async () => {
      const withdrawn = await json('requester', 'withdraw', '--owner', 'lena', ids.withdrawn);
      assert.equal(withdrawn.status, 'withdrawn');
      assert.deepEqual(types(await show(ids.withdrawn)), ['request.withdrawn']);
    });

    test('refusals: a move the state forbids and an unknown id exit 1; a bad --start exits 2', async () => {
      const decline = await runCli(['request', 'decline', '--owner', 'lena', ids.accepted, '--no-undo-window'], env);
      assert.equal(decline.code, 1);
      assert.equal(decline.stderr, 'calendar-access: The request is accepted; it cannot be declined now.\n');
      const confirm = await runCli(['requester', 'confirm', '--owner', 'lena', ids.withdrawn], env);
      assert.equal(confirm.code, 1);
      assert.match(confirm.stderr, /The request is withdrawn; it cannot be confirmed now\./);

      for (const start of ['tomorrow', '2030-01-01T10:00:00+01:00', '2030-02-30T10:00:00Z']) {
        const bad = await runCli(['request', 'reschedule', '--owner', 'lena', ids.accepted, '--start', start], env);
        assert.equal(bad.code, 2, start);
        assert.match(bad.stderr, /--start: .* is not an RFC 3339 UTC instant/);
      }
      const past = await runCli(['request', 'reschedule', '--owner', 'lena', ids.accepted, '--start', '2020-01-01T10:00:00Z', '--no-undo-window'], env);
      assert.equal(past.code, 1);
      assert.match(past.stderr, /The new time must be in the future/);

      const unknown = '00000000-0000-4000-8000-000000000000';
      for (const args of [
        ['request', 'accept', '--owner', 'lena', unknown],
        ['request', 'undo', '--owner', 'lena', unknown],
        ['request', 'show', '--owner', 'lena', 'req-1'],
        ['requester', 'withdraw', '--owner', 'lena', unknown],
        ['task', 'complete', '--owner', 'lena', unknown],
      ]) {
        const run = await runCli(args, env);
        assert.equal(run.code, 1, args.join(' '));
        assert.match(run.stderr, /^calendar-access: No (request|to-do) /, args.join(' '));
      }
      assert.equal((await show(ids.accepted)).status, 'accepted');
    });
  });
}
