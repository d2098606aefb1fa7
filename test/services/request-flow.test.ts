import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from '../helpers/engines.js';
import { useApi, type ApiHarness } from '../helpers/api.js';
import { bookableOwner, envOf, type Bookable } from '../helpers/requests.js';
import { seedContact, tokenIdOf } from '../helpers/seed.js';
import { createRequest, type NewRequest } from '../../src/services/requests/create.js';
import { decide, undoDecision, UNDO_WINDOW_MS, waitingDecision, type OwnerDecision } from '../../src/services/requests/decisions.js';
import { REQUEST_COMPLETE, REQUEST_DECISION, REQUEST_EXPIRE } from '../../src/services/requests/moves.js';
import { requesterAct, withdrawByToken } from '../../src/services/requests/requester.js';
import { completeTask } from '../../src/services/requests/todos.js';
import { ServiceError, type ServiceErrorKind } from '../../src/domain/service-error.js';
import { eventsOf } from '../../src/store/repos/outbox.js';
import type { RequestRow } from '../../src/store/schema.js';
import { claimJobs, findJobByKey } from '../../src/store/repos/jobs.js';
import { jobKinds } from '../../src/server/job-kinds.js';
import { Worker } from '../../src/jobs/queue.js';

/*
 * Every row of the state table (docs/spec-decisions.md §3) driven for real through the request services, with a
 * pinned clock: what the request row, the outbox of webhook events, the calendar, the to-do list and
 * the requester's emails show after each move. Owner decisions run both at once and through the
 * 5-second undo window (a durable job run by a Worker with the production job kinds).
 */

const SEC = 1000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

// Monday 2026-03-30 06:00Z = 08:00 in Berlin (summer time since the 29th); the owner takes 09:00-17:00 Berlin.
const T0 = '2026-03-30T06:00:00.000Z';
const SLOT = { start: '2026-03-30T08:00:00.000Z', end: '2026-03-30T08:30:00.000Z' };
const NEW_TIME = { start: '2026-03-31T09:00:00.000Z', end: '2026-03-31T09:30:00.000Z' };
const AGAIN_TIME = { start: '2026-04-01T12:00:00.000Z', end: '2026-04-01T12:30:00.000Z' };
const MESSAGE = 'Please review the draft\nIt is in the shared folder.';

type Mode = 'at once' | 'after the undo window';
const MODES: Mode[] = ['at once', 'after the undo window'];

interface World extends Bookable {
  tokenId: string;
  seenEvents: Set<string>;
  seenEmails: Set<string>;
}

type Want = [type: string, object: 'request' | 'event' | 'task', id: string];

const isServiceError = (kind: ServiceErrorKind) => (e: unknown) => {
  assert.ok(e instanceof ServiceError, String(e));
  assert.equal(e.kind, kind, e.message);
  return true;
};

function harness(api: ApiHarness) {
  const db = () => api.rt.store.db;
  const env = () => envOf(api);

  const worker = () =>
    new Worker({
      db: db(),
      clock: api.clock,
      kinds: jobKinds(api.rt),
      batchSize: 50,
    });

  /** Runs every job due now (other tests' too: each test has its own owner). */
  async function runJobs(w: Worker = worker()): Promise<number> {
    let total = 0;
    for (let i = 0; i < 20; i++) {
      const n = await w.runOnce();
      if (n === 0) break;
      total += n;
    }
    await w.close();
    return total;
  }

  async function world(zone = 'Europe/Berlin'): Promise<World> {
    const b = await bookableOwner(api, zone);
    return { ...b, tokenId: await tokenIdOf(db(), b.token), seenEvents: new Set(), seenEmails: new Set() };
  }

  const appt = (w: World, over: Partial<NewRequest> = {}): NewRequest => ({
    ownerId: w.owner.id,
    tokenId: w.tokenId,
    source: 'api',
    test: false,
    kind: 'appointment',
    appointmentTypeId: w.typeId,
    slot: { start: new Date(SLOT.start), end: new Date(SLOT.end) },
    message: 'Intro, please',
    requester: { name: 'Ana Ruiz', email: 'Ana@Example.com' },
    requesterTimezone: 'America/New_York',
    requesterLocale: 'en-us',
    notifyRequester: true,
    ...over,
  });

  const task = (w: World, over: Partial<NewRequest> = {}): NewRequest => ({
    ownerId: w.owner.id,
    tokenId: w.tokenId,
    source: 'api',
    test: false,
    kind: 'task',
    message: MESSAGE,
    suggestedDueDate: '2026-04-02',
    requester: { name: 'Ana Ruiz', email: 'Ana@Example.com' },
    requesterTimezone: 'America/New_York',
    requesterLocale: 'en-US',
    notifyRequester: true,
    ...over,
  });

  const create = (input: NewRequest) => createRequest(env(), api.rt.availability, input);

  const row = (id: string) => db().selectFrom('requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const calendarOf = (requestId: string) => db().selectFrom('events').selectAll().where('request_id', '=', requestId).execute();
  const todosOf = (requestId: string) => db().selectFrom('tasks').selectAll().where('request_id', '=', requestId).execute();

  /** The owner's webhook events recorded since the last look. */
  async function newEvents(w: World) {
    const all = await eventsOf(db(), w.owner.id);
    const fresh = all.filter((e) => !w.seenEvents.has(e.id));
    for (const e of fresh) w.seenEvents.add(e.id);
    return fresh.map((e) => ({ type: e.type, data: typeof e.data === 'string' ? JSON.parse(e.data) : e.data, test: e.test, at: iso(e.occurred_at) }));
  }

  /** Exactly these events (any order within one move), each with data {object, id}. */
  async function expectEvents(w: World, want: Want[], opts: { test?: boolean; at?: string } = {}): Promise<void> {
    const got = await newEvents(w);
    const sorted = (d: unknown) => Object.fromEntries(Object.entries(d as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)));
    const norm = (xs: { type: string; data: unknown }[]) => xs.map((x) => JSON.stringify([x.type, sorted(x.data)])).sort();
    assert.deepEqual(norm(got), norm(want.map(([type, object, id]) => ({ type, data: { object, id } }))));
    for (const e of got) {
      assert.equal(e.test, opts.test ?? false, `${e.type} test flag`);
      if (opts.at) assert.equal(e.at, opts.at, `${e.type} occurredAt`);
    }
  }

  /** The owner's emails written since the last look, oldest first. */
  async function newEmails(w: World) {
    const all = await db().selectFrom('emails').selectAll().where('owner_id', '=', w.owner.id).orderBy('created_at').execute();
    const fresh = all.filter((e) => !w.seenEmails.has(e.id));
    for (const e of fresh) w.seenEmails.add(e.id);
    return fresh.map((e) => ({ kind: e.kind, to: e.to_address, request: e.request_id, status: e.status }));
  }

  async function expectEmails(w: World, requestId: string, kinds: string[], to = 'ana@example.com'): Promise<void> {
    assert.deepEqual(await newEmails(w), kinds.map((kind) => ({ kind, to, request: requestId, status: 'local' })));
  }

  /** Forgets what creating the request recorded (checked in its own tests). */
  async function settle(w: World): Promise<void> {
    await newEvents(w);
    await newEmails(w);
  }

  /**
   * The owner decides; with the undo window, checks that nothing shows for 5 seconds, then runs the
   * decision job. Returns the instant the move took effect.
   */
  async function ownerDecides(w: World, id: string, d: OwnerDecision, mode: Mode): Promise<string> {
    if (mode === 'at once') {
      const r = await decide(env(), w.owner.id, id, d, { undoWindow: false });
      assert.equal(r.effectiveAt, null);
      return api.clock.now().toISOString();
    }
    const before = await row(id);
    const decidedAt = api.clock.now().getTime();
    const r = await decide(env(), w.owner.id, id, d, { undoWindow: true });
    assert.equal(iso(r.effectiveAt), new Date(decidedAt + UNDO_WINDOW_MS).toISOString());
    assert.deepEqual(r.request, before, 'the answer shows the old state');
    const waiting = await waitingDecision(db(), w.owner.id, id);
    assert.equal(waiting?.action, d.action);
    assert.equal(iso(waiting?.effectiveAt), iso(r.effectiveAt));
    // Nothing happens inside the window, even when the worker runs.
    api.clock.advance(UNDO_WINDOW_MS - 1);
    await runJobs();
    assert.deepEqual(await row(id), before, 'unchanged inside the undo window');
    assert.deepEqual(await newEvents(w), [], 'no event inside the undo window');
    assert.deepEqual(await newEmails(w), [], 'no email inside the undo window');
    api.clock.advance(1);
    await runJobs();
    assert.equal(await waitingDecision(db(), w.owner.id, id), null);
    assert.equal(await findJobByKey(db(), REQUEST_DECISION, id), null);
    return api.clock.now().toISOString();
  }

  const atOnce = (w: World, id: string, d: OwnerDecision) => decide(env(), w.owner.id, id, d, { undoWindow: false });

  function expectRow(r: RequestRow, want: { status: string; cancelledBy?: string | null; slot?: { start: string; end: string } | null; updatedAt?: string }): void {
    assert.equal(r.status, want.status);
    assert.equal(r.cancelled_by, want.cancelledBy ?? null);
    if (want.slot !== undefined) assert.deepEqual(r.slot_start ? { start: iso(r.slot_start), end: iso(r.slot_end) } : null, want.slot);
    if (want.updatedAt) assert.equal(iso(r.updated_at), want.updatedAt);
  }

  async function expectCalendar(requestId: string, ownerId: string, want: { start: string; end: string; deletedAt?: string | null } | null) {
    const rows = await calendarOf(requestId);
    if (want === null) {
      assert.equal(rows.length, 0, 'no calendar event');
      return null;
    }
    assert.equal(rows.length, 1, 'one calendar event');
    const e = rows[0]!;
    assert.equal(e.owner_id, ownerId);
    assert.equal(e.is_appointment, true);
    assert.equal(e.request_id, requestId);
    assert.equal(iso(e.start_at), want.start);
    assert.equal(iso(e.end_at), want.end);
    assert.equal(iso(e.deleted_at), want.deletedAt ?? null);
    return e;
  }

  return { db, env, worker, runJobs, world, appt, task, create, row, calendarOf, todosOf, newEvents, expectEvents, newEmails, expectEmails, settle, ownerDecides, atOnce, expectRow, expectCalendar };
}

for (const engine of ENGINES) {
  describe(`request flow through the services on ${engine}`, () => {
    const api = useApi(engine, T0);
    const h = harness(api);

    describe('(new) → pending: request.created', () => {
      it('an appointment request: the row, its expiry timer at the slot start, the status link, request.created and the "received" email', async () => {
        api.clock.set(T0);
        const w = await h.world();
        const { request, statusUrl } = await h.create(h.appt(w));
        const r = await h.row(request.id);
        h.expectRow(r, { status: 'pending', slot: SLOT, updatedAt: T0 });
        assert.equal(r.requester_email, 'ana@example.com');
        assert.equal(r.requester_locale, 'en-US');
        assert.equal(r.from_blocked, false);
        assert.equal(r.token_id, w.tokenId);
        assert.equal(iso(r.expires_at), SLOT.start);
        assert.equal(iso(statusUrl.expiresAt), new Date(Date.parse(SLOT.end) + 30 * DAY).toISOString());
        assert.match(statusUrl.url, new RegExp(`^https://cal\\.example/status/${request.id}/[A-Za-z0-9_-]{32}$`));
        assert.equal(iso((await findJobByKey(h.db(), REQUEST_EXPIRE, request.id))?.run_at), SLOT.start);
        await h.expectEvents(w, [['request.created', 'request', request.id]], { at: T0 });
        await h.expectEmails(w, request.id, ['received']);
        await h.expectCalendar(request.id, w.owner.id, null);
      });

      it('a task request: expires at the end of its suggested date in the requester\'s zone', async () => {
        api.clock.set(T0);
        const w = await h.world();
        const { request } = await h.create(h.task(w));
        h.expectRow(await h.row(request.id), { status: 'pending', slot: null });
        assert.equal(iso(request.expires_at), '2026-04-03T04:00:00.000Z');
        await h.expectEvents(w, [['request.created', 'request', request.id]], { at: T0 });
        await h.expectEmails(w, request.id, ['received']);
        assert.deepEqual(await h.todosOf(request.id), []);
      });

      it('notifyRequester false: the event but no email; a requester with only a phone: no email either', async () => {
        api.clock.set(T0);
        const w = await h.world();
        const a = await h.create(h.task(w, { notifyRequester: false }));
        await h.expectEvents(w, [['request.created', 'request', a.request.id]]);
        assert.deepEqual(await h.newEmails(w), []);
        const b = await h.create(h.task(w, { requester: { name: 'Bo', phone: '+4915112345678' } }));
        await h.expectEvents(w, [['request.created', 'request', b.request.id]]);
        assert.deepEqual(await h.newEmails(w), []);
      });

      it('a test request: request.created carries test: true, and no email is written even with notifyRequester', async () => {
        api.clock.set(T0);
        const w = await h.world();
        const { request } = await h.create(h.appt(w, { test: true }));
        assert.equal(request.test, true);
        await h.expectEvents(w, [['request.created', 'request', request.id]], { test: true });
        assert.deepEqual(await h.newEmails(w), []);
      });
    });

    for (const mode of MODES) {
      describe(`owner moves, ${mode}`, () => {
        it('pending → accepted (appointment): request.accepted, the calendar event (event.created), completion timer at the slot end, "accepted" email', async () => {
          api.clock.set(T0);
          const w = await h.world();
          const { request } = await h.create(h.appt(w));
          await h.settle(w);
          const at = await h.ownerDecides(w, request.id, { action: 'accept' }, mode);
          h.expectRow(await h.row(request.id), { status: 'accepted', slot: SLOT, updatedAt: at });
          const cal = (await h.expectCalendar(request.id, w.owner.id, SLOT))!;
          assert.equal(cal.title, 'Intro call with Ana Ruiz');
          assert.equal(cal.timezone, 'Europe/Berlin');
          assert.equal(cal.status, 'confirmed');
          await h.expectEvents(w, [['request.accepted', 'request', request.id], ['event.created', 'event', cal.id]], { at });
          await h.expectEmails(w, request.id, ['accepted']);
          assert.equal(iso((await findJobByKey(h.db(), REQUEST_COMPLETE, request.id))?.run_at), SLOT.end);
          assert.deepEqual(await h.todosOf(request.id), []);
        });

        it('pending → accepted (task): request.accepted, the to-do from the requester (task.created), "accepted" email', async () => {
          api.clock.set(T0);
          const w = await h.world();
          const { request } = await h.create(h.task(w, { note: 'No rush' }));
          await h.settle(w);
          const at = await h.ownerDecides(w, request.id, { action: 'accept' }, mode);
          h.expectRow(await h.row(request.id), { status: 'accepted', slot: null, updatedAt: at });
          const todos = await h.todosOf(request.id);
          assert.equal(todos.length, 1);
          const todo = todos[0]!;
          assert.equal(todo.owner_id, w.owner.id);
          assert.equal(todo.from_requester, 'Ana Ruiz');
          assert.equal(todo.request_id, request.id);
          assert.equal(todo.title, 'Please review the draft');
          assert.equal(todo.description, 'It is in the shared folder.\n\nNo rush');
          assert.equal(todo.due_date, '2026-04-02');
          assert.equal(todo.timezone, 'America/New_York');
          assert.equal(todo.status, 'open');
          await h.expectEvents(w, [['request.accepted', 'request', request.id], ['task.created', 'task', todo.id]], { at });
          await h.expectEmails(w, request.id, ['accepted']);
          await h.expectCalendar(request.id, w.owner.id, null);
        });

        for (const kind of ['appointment', 'task'] as const) {
          it(`pending → declined (${kind}): request.declined, "declined" email, nothing on the calendar or the to-do list`, async () => {
            api.clock.set(T0);
            const w = await h.world();
            const { request } = await h.create(kind === 'task' ? h.task(w) : h.appt(w));
            await h.settle(w);
            const at = await h.ownerDecides(w, request.id, { action: 'decline' }, mode);
            h.expectRow(await h.row(request.id), { status: 'declined', updatedAt: at });
            await h.expectEvents(w, [['request.declined', 'request', request.id]], { at });
            await h.expectEmails(w, request.id, ['declined']);
            await h.expectCalendar(request.id, w.owner.id, null);
            assert.deepEqual(await h.todosOf(request.id), []);
          });
        }

        it('pending → rescheduled: appointment.rescheduled, the slot is the proposed time, its expiry moves there, no calendar event yet', async () => {
          api.clock.set(T0);
          const w = await h.world();
          const { request } = await h.create(h.appt(w));
          await h.settle(w);
          const at = await h.ownerDecides(w, request.id, { action: 'reschedule', start: new Date(NEW_TIME.start) }, mode);
          const r = await h.row(request.id);
          h.expectRow(r, { status: 'rescheduled', slot: NEW_TIME, updatedAt: at });
          assert.equal(iso(r.expires_at), NEW_TIME.start);
          assert.equal(iso((await findJobByKey(h.db(), REQUEST_EXPIRE, request.id))?.run_at), NEW_TIME.start);
          await h.expectEvents(w, [['appointment.rescheduled', 'request', request.id]], { at });
          await h.expectEmails(w, request.id, ['rescheduled']);
          await h.expectCalendar(request.id, w.owner.id, null);
        });

        it('accepted → rescheduled: appointment.rescheduled and the calendar event moves to the proposed time (event.updated)', async () => {
          api.clock.set(T0);
          const w = await h.world();
          const { request } = await h.create(h.appt(w));
          await h.atOnce(w, request.id, { action: 'accept' });
          const cal = (await h.expectCalendar(request.id, w.owner.id, SLOT))!;
          await h.settle(w);
          const at = await h.ownerDecides(w, request.id, { action: 'reschedule', start: new Date(NEW_TIME.start) }, mode);
          h.expectRow(await h.row(request.id), { status: 'rescheduled', slot: NEW_TIME, updatedAt: at });
          const moved = (await h.expectCalendar(request.id, w.owner.id, NEW_TIME))!;
          assert.equal(moved.id, cal.id);
          await h.expectEvents(w, [['appointment.rescheduled', 'request', request.id], ['event.updated', 'event', cal.id]], { at });
          await h.expectEmails(w, request.id, ['rescheduled']);
        });

        it('rescheduled → rescheduled: the owner proposes again (appointment.rescheduled; event.updated when on the calendar)', async () => {
          api.clock.set(T0);
          const w = await h.world();
          // One that was accepted first (its event moves along), one that never was (nothing on the calendar).
          const a = (await h.create(h.appt(w))).request;
          await h.atOnce(w, a.id, { action: 'accept' });
          await h.atOnce(w, a.id, { action: 'reschedule', start: new Date(NEW_TIME.start) });
          const b = (await h.create(h.appt(w, { requester: { name: 'Bo', email: 'bo@example.com' } }))).request;
          await h.atOnce(w, b.id, { action: 'reschedule', start: new Date(NEW_TIME.start) });
          await h.settle(w);
          const cal = (await h.expectCalendar(a.id, w.owner.id, NEW_TIME))!;
          const at = await h.ownerDecides(w, a.id, { action: 'reschedule', start: new Date(AGAIN_TIME.start) }, mode);
          h.expectRow(await h.row(a.id), { status: 'rescheduled', slot: AGAIN_TIME, updatedAt: at });
          await h.expectCalendar(a.id, w.owner.id, AGAIN_TIME);
          await h.expectEvents(w, [['appointment.rescheduled', 'request', a.id], ['event.updated', 'event', cal.id]], { at });
          await h.expectEmails(w, a.id, ['rescheduled']);
          const at2 = await h.ownerDecides(w, b.id, { action: 'reschedule', start: new Date(AGAIN_TIME.start) }, mode);
          h.expectRow(await h.row(b.id), { status: 'rescheduled', slot: AGAIN_TIME, updatedAt: at2 });
          await h.expectCalendar(b.id, w.owner.id, null);
          await h.expectEvents(w, [['appointment.rescheduled', 'request', b.id]], { at: at2 });
          await h.expectEmails(w, b.id, ['rescheduled'], 'bo@example.com');
          assert.equal(iso((await findJobByKey(h.db(), REQUEST_EXPIRE, b.id))?.run_at), AGAIN_TIME.start);
        });

        it('accepted → cancelled by the owner: appointment.cancelled, cancelledBy owner, the calendar event is removed (event.deleted), "cancelled" email', async () => {
          api.clock.set(T0);
          const w = await h.world();
          const { request } = await h.create(h.appt(w));
          await h.atOnce(w, request.id, { action: 'accept' });
          const cal = (await h.expectCalendar(request.id, w.owner.id, SLOT))!;
          await h.settle(w);
          const at = await h.ownerDecides(w, request.id, { action: 'cancel' }, mode);
          h.expectRow(await h.row(request.id), { status: 'cancelled', cancelledBy: 'owner', slot: SLOT, updatedAt: at });
          await h.expectCalendar(request.id, w.owner.id, { ...SLOT, deletedAt: at });
          await h.expectEvents(w, [['appointment.cancelled', 'request', request.id], ['event.deleted', 'event', cal.id]], { at });
          await h.expectEmails(w, request.id, ['cancelled']);
        });

        it('rescheduled → cancelled by the owner: appointment.cancelled (and event.deleted only when an event was on the calendar)', async () => {
          api.clock.set(T0);
          const w = await h.world();
          const { request } = await h.create(h.appt(w));
          await h.atOnce(w, request.id, { action: 'reschedule', start: new Date(NEW_TIME.start) });
          await h.settle(w);
          const at = await h.ownerDecides(w, request.id, { action: 'cancel' }, mode);
          h.expectRow(await h.row(request.id), { status: 'cancelled', cancelledBy: 'owner', slot: NEW_TIME, updatedAt: at });
          await h.expectCalendar(request.id, w.owner.id, null);
          await h.expectEvents(w, [['appointment.cancelled', 'request', request.id]], { at });
          await h.expectEmails(w, request.id, ['cancelled']);
        });
      });
    }

    describe('requester and token moves (at once)', () => {
      for (const kind of ['appointment', 'task'] as const) {
        it(`pending → withdrawn by the requester (${kind}): request.withdrawn, no email`, async () => {
          api.clock.set(T0);
          const w = await h.world();
          const { request } = await h.create(kind === 'task' ? h.task(w) : h.appt(w));
          await h.settle(w);
          api.clock.advance(90 * SEC);
          const r = await requesterAct(h.env(), request.id, 'withdraw');
          const at = api.clock.now().toISOString();
          h.expectRow(r, { status: 'withdrawn', updatedAt: at });
          h.expectRow(await h.row(request.id), { status: 'withdrawn', updatedAt: at });
          await h.expectEvents(w, [['request.withdrawn', 'request', request.id]], { at });
          assert.deepEqual(await h.newEmails(w), []);
          await assert.rejects(requesterAct(h.env(), request.id, 'withdraw'), isServiceError('conflict'));
        });

        it(`pending → withdrawn by the creating token (${kind}), in the caller's transaction`, async () => {
          api.clock.set(T0);
          const w = await h.world();
          const { request } = await h.create(kind === 'task' ? h.task(w) : h.appt(w));
          await h.settle(w);
          const other = await tokenIdOf(h.db(), await api.token(w.owner));
          const now = api.clock.now();
          await assert.rejects(
            h.db().transaction().execute((trx) => withdrawByToken(trx, h.env(), { ownerId: w.owner.id, tokenId: other, requestId: request.id }, now)),
            isServiceError('not_found'),
          );
          const r = await h.db().transaction().execute((trx) => withdrawByToken(trx, h.env(), { ownerId: w.owner.id, tokenId: w.tokenId, requestId: request.id }, now));
          h.expectRow(r, { status: 'withdrawn', updatedAt: T0 });
          await h.expectEvents(w, [['request.withdrawn', 'request', request.id]], { at: T0 });
          assert.deepEqual(await h.newEmails(w), []);
          await assert.rejects(
            h.db().transaction().execute((trx) => withdrawByToken(trx, h.env(), { ownerId: w.owner.id, tokenId: w.tokenId, requestId: request.id }, now)),
            isServiceError('conflict'),
          );
          await h.expectEvents(w, []);
        });
      }

      it('a token cannot withdraw once the owner accepted: conflict, nothing recorded', async () => {
        api.clock.set(T0);
        const w = await h.world();
        const { request } = await h.create(h.appt(w));
        await h.atOnce(w, request.id, { action: 'accept' });
        await h.settle(w);
        await assert.rejects(
          h.db().transaction().execute((trx) => withdrawByToken(trx, h.env(), { ownerId: w.owner.id, tokenId: w.tokenId, requestId: request.id }, api.clock.now())),
          isServiceError('conflict'),
        );
        await assert.rejects(requesterAct(h.env(), request.id, 'withdraw'), isServiceError('conflict'));
        h.expectRow(await h.row(request.id), { status: 'accepted' });
        await h.expectEvents(w, []);
        assert.deepEqual(await h.newEmails(w), []);
      });

      it('rescheduled → accepted when the requester confirms: appointment.confirmed, the event is made at the new time (event.created), no email', async () => {
        api.clock.set(T0);
        const w = await h.world();
        const { request } = await h.create(h.appt(w));
        await h.atOnce(w, request.id, { action: 'reschedule', start: new Date(NEW_TIME.start) });
        await h.settle(w);
        api.clock.advance(HOUR);
        const at = api.clock.now().toISOString();
        const r = await requesterAct(h.env(), request.id, 'confirm');
        h.expectRow(r, { status: 'accepted', slot: NEW_TIME, updatedAt: at });
        const cal = (await h.expectCalendar(request.id, w.owner.id, NEW_TIME))!;
        await h.expectEvents(w, [['appointment.confirmed', 'request', request.id], ['event.created', 'event', cal.id]], { at });
        assert.deepEqual(await h.newEmails(w), []);
        assert.equal(iso((await findJobByKey(h.db(), REQUEST_COMPLETE, request.id))?.run_at), NEW_TIME.end);
      });

      it('rescheduled → accepted when the event already moved there: appointment.confirmed only', async () => {
        api.clock.set(T0);
        const w = await h.world();
        const { request } = await h.create(h.appt(w));
        await h.atOnce(w, request.id, { action: 'accept' });
        await h.atOnce(w, request.id, { action: 'reschedule', start: new Date(NEW_TIME.start) });
        await h.settle(w);
        const r = await requesterAct(h.env(), request.id, 'confirm');
        h.expectRow(r, { status: 'accepted', slot: NEW_TIME });
        await h.expectCalendar(request.id, w.owner.id, NEW_TIME);
        await h.expectEvents(w, [['appointment.confirmed', 'request', request.id]]);
        assert.deepEqual(await h.newEmails(w), []);
      });

      it('rescheduled → cancelled by the requester: cancelledBy requester, the moved event is removed (event.deleted), "cancelled" email', async () => {
        api.clock.set(T0);
        const w = await h.world();
        const { request } = await h.create(h.appt(w));
        await h.atOnce(w, request.id, { action: 'accept' });
        await h.atOnce(w, request.id, { action: 'reschedule', start: new Date(NEW_TIME.start) });
        const cal = (await h.expectCalendar(request.id, w.owner.id, NEW_TIME))!;
        await h.settle(w);
        api.clock.advance(MIN);
        const at = api.clock.now().toISOString();
        const r = await requesterAct(h.env(), request.id, 'cancel');
        h.expectRow(r, { status: 'cancelled', cancelledBy: 'requester', slot: NEW_TIME, updatedAt: at });
        await h.expectCalendar(request.id, w.owner.id, { ...NEW_TIME, deletedAt: at });
        await h.expectEvents(w, [['appointment.cancelled', 'request', request.id], ['event.deleted', 'event', cal.id]], { at });
        await h.expectEmails(w, request.id, ['cancelled']);
      });

      it('accepted → cancelled by the requester: cancelledBy requester, event.deleted', async () => {
        api.clock.set(T0);
        const w = await h.world();
        const { request } = await h.create(h.appt(w));
        await h.atOnce(w, request.id, { action: 'accept' });
        const cal = (await h.expectCalendar(request.id, w.owner.id, SLOT))!;
        await h.settle(w);
        const r = await requesterAct(h.env(), request.id, 'cancel');
        h.expectRow(r, { status: 'cancelled', cancelledBy: 'requester' });
        await h.expectCalendar(request.id, w.owner.id, { ...SLOT, deletedAt: T0 });
        await h.expectEvents(w, [['appointment.cancelled', 'request', request.id], ['event.deleted', 'event', cal.id]]);
        await h.expectEmails(w, request.id, ['cancelled']);
      });

      it('the requester cannot confirm or cancel what the table does not allow: conflict, nothing recorded', async () => {
        api.clock.set(T0);
        const w = await h.world();
        const pending = (await h.create(h.appt(w))).request;
        const accepted = (await h.create(h.task(w))).request;
        await h.atOnce(w, accepted.id, { action: 'accept' });
        await h.settle(w);
        await assert.rejects(requesterAct(h.env(), pending.id, 'confirm'), isServiceError('conflict'));
        await assert.rejects(requesterAct(h.env(), pending.id, 'cancel'), isServiceError('conflict'));
        await assert.rejects(requesterAct(h.env(), accepted.id, 'cancel'), isServiceError('conflict'));
        await assert.rejects(requesterAct(h.env(), accepted.id, 'confirm'), isServiceError('conflict'));
        await assert.rejects(requesterAct(h.env(), '00000000-0000-4000-8000-000000000000', 'withdraw'), isServiceError('not_found'));
        h.expectRow(await h.row(pending.id), { status: 'pending' });
        h.expectRow(await h.row(accepted.id), { status: 'accepted' });
        await h.expectEvents(w, []);
        assert.deepEqual(await h.newEmails(w), []);
      });

      it('the owner cannot make a move the table does not allow: conflict at once, no job left waiting', async () => {
        api.clock.set(T0);
        const w = await h.world();
        const t = (await h.create(h.task(w))).request;
        await assert.rejects(h.atOnce(w, t.id, { action: 'reschedule', start: new Date(NEW_TIME.start) }), isServiceError('conflict'));
        await assert.rejects(decide(h.env(), w.owner.id, t.id, { action: 'cancel' }, { undoWindow: true }), isServiceError('conflict'));
        await h.atOnce(w, t.id, { action: 'decline' });
        for (const action of ['accept', 'decline', 'cancel'] as const) {
          await assert.rejects(decide(h.env(), w.owner.id, t.id, { action }, { undoWindow: true }), isServiceError('conflict'), action);
        }
        assert.equal(await findJobByKey(h.db(), REQUEST_DECISION, t.id), null);
        const a = (await h.create(h.appt(w))).request;
        await assert.rejects(h.atOnce(w, a.id, { action: 'reschedule', start: new Date(T0) }), isServiceError('invalid'));
        await assert.rejects(h.atOnce(w, a.id, { action: 'cancel' }), isServiceError('conflict'));
        await assert.rejects(decide(h.env(), 'f0000000-0000-4000-8000-000000000000', a.id, { action: 'accept' }, { undoWindow: false }), isServiceError('not_found'));
      });
    });

    describe('accepted (task) → completed: its to-do is completed', () => {
      it('task.completed only (no request event), the request completed with it; completing again changes nothing', async () => {
        api.clock.set(T0);
        const w = await h.world();
        const { request } = await h.create(h.task(w));
        await h.atOnce(w, request.id, { action: 'accept' });
        const todo = (await h.todosOf(request.id))[0]!;
        await h.settle(w);
        api.clock.advance(DAY);
        const at = api.clock.now().toISOString();
        const done = await completeTask(h.env(), w.owner.id, todo.id);
        assert.deepEqual(done, { taskId: todo.id, requestId: request.id, changed: true });
        h.expectRow(await h.row(request.id), { status: 'completed', updatedAt: at });
        const after = (await h.todosOf(request.id))[0]!;
        assert.equal(after.status, 'completed');
        assert.equal(iso(after.completed_at), at);
        await h.expectEvents(w, [['task.completed', 'task', todo.id]], { at });
        assert.deepEqual(await h.newEmails(w), []);
        api.clock.advance(MIN);
        assert.deepEqual(await completeTask(h.env(), w.owner.id, todo.id), { taskId: todo.id, requestId: request.id, changed: false });
        await h.expectEvents(w, []);
      });
    });

    describe('the undo window (5 s, durable)', () => {
      it('undone inside the window: nothing changes, no event, no email, and nothing happens after it either', async () => {
        api.clock.set(T0);
        const w = await h.world();
        const { request } = await h.create(h.appt(w));
        await h.settle(w);
        const before = await h.row(request.id);
        const r = await decide(h.env(), w.owner.id, request.id, { action: 'accept' }, { undoWindow: true });
        assert.deepEqual(r.request, before);
        api.clock.advance(4 * SEC);
        assert.equal(await undoDecision(h.env(), w.owner.id, request.id), true);
        assert.equal(await waitingDecision(h.db(), w.owner.id, request.id), null);
        assert.equal(await undoDecision(h.env(), w.owner.id, request.id), false);
        api.clock.advance(2 * SEC);
        await h.runJobs();
        assert.deepEqual(await h.row(request.id), before);
        await h.expectEvents(w, []);
        assert.deepEqual(await h.newEmails(w), []);
        await h.expectCalendar(request.id, w.owner.id, null);
        // The owner may decide anew afterwards.
        await h.atOnce(w, request.id, { action: 'decline' });
        await h.expectEvents(w, [['request.declined', 'request', request.id]]);
      });

      it('undo is refused once the window has passed (the decision stands) and for another owner', async () => {
        api.clock.set(T0);
        const w = await h.world();
        const other = await h.world();
        const { request } = await h.create(h.appt(w));
        await h.settle(w);
        await decide(h.env(), w.owner.id, request.id, { action: 'decline' }, { undoWindow: true });
        assert.equal(await undoDecision(h.env(), other.owner.id, request.id), false);
        assert.equal(await waitingDecision(h.db(), other.owner.id, request.id), null);
        api.clock.advance(UNDO_WINDOW_MS);
        assert.equal(await undoDecision(h.env(), w.owner.id, request.id), false);
        await h.runJobs();
        h.expectRow(await h.row(request.id), { status: 'declined' });
        await h.expectEvents(w, [['request.declined', 'request', request.id]]);
        await h.expectEmails(w, request.id, ['declined']);
      });

      it('a second decision while one waits: conflict', async () => {
        api.clock.set(T0);
        const w = await h.world();
        const { request } = await h.create(h.appt(w));
        await h.settle(w);
        await decide(h.env(), w.owner.id, request.id, { action: 'accept' }, { undoWindow: true });
        api.clock.advance(SEC);
        await assert.rejects(decide(h.env(), w.owner.id, request.id, { action: 'decline' }, { undoWindow: true }), isServiceError('conflict'));
        await assert.rejects(decide(h.env(), w.owner.id, request.id, { action: 'decline' }, { undoWindow: false }), isServiceError('conflict'));
        assert.equal((await waitingDecision(h.db(), w.owner.id, request.id))?.action, 'accept');
        api.clock.advance(UNDO_WINDOW_MS);
        await h.runJobs();
        h.expectRow(await h.row(request.id), { status: 'accepted' });
        const cal = (await h.calendarOf(request.id))[0]!;
        await h.expectEvents(w, [['request.accepted', 'request', request.id], ['event.created', 'event', cal.id]]);
        await h.expectEmails(w, request.id, ['accepted']);
      });

      it('a restart inside the window: a new worker after the window makes the move exactly once', async () => {
        api.clock.set(T0);
        const w = await h.world();
        const { request } = await h.create(h.appt(w));
        await h.settle(w);
        await decide(h.env(), w.owner.id, request.id, { action: 'reschedule', start: new Date(NEW_TIME.start) }, { undoWindow: true });
        // The process that took the decision is gone; another starts after the window.
        api.clock.advance(UNDO_WINDOW_MS + 30 * SEC);
        const at = api.clock.now().toISOString();
        assert.ok((await h.runJobs(h.worker())) >= 1);
        h.expectRow(await h.row(request.id), { status: 'rescheduled', slot: NEW_TIME, updatedAt: at });
        await h.expectEvents(w, [['appointment.rescheduled', 'request', request.id]], { at });
        await h.expectEmails(w, request.id, ['rescheduled']);
        api.clock.advance(SEC);
        await h.runJobs(h.worker());
        await h.runJobs(h.worker());
        await h.expectEvents(w, []);
        assert.deepEqual(await h.newEmails(w), []);
      });

      it('a worker that claimed the decision and died: the next one takes it after the lease, and the move happens once', async () => {
        api.clock.set(T0);
        const w = await h.world();
        const { request } = await h.create(h.appt(w));
        await h.settle(w);
        await decide(h.env(), w.owner.id, request.id, { action: 'accept' }, { undoWindow: true });
        api.clock.advance(UNDO_WINDOW_MS);
        const claimed = await claimJobs(h.db(), { workerId: 'crashed', kinds: [REQUEST_DECISION], limit: 100, now: api.clock.now(), leaseMs: MIN });
        assert.ok(claimed.some((j) => j.key === request.id));
        await h.runJobs();
        h.expectRow(await h.row(request.id), { status: 'pending' });
        assert.equal(await undoDecision(h.env(), w.owner.id, request.id), false);
        api.clock.advance(MIN);
        await h.runJobs(h.worker());
        h.expectRow(await h.row(request.id), { status: 'accepted' });
        const cal = (await h.expectCalendar(request.id, w.owner.id, SLOT))!;
        await h.expectEvents(w, [['request.accepted', 'request', request.id], ['event.created', 'event', cal.id]]);
        await h.expectEmails(w, request.id, ['accepted']);
        await h.runJobs(h.worker());
        await h.expectEvents(w, []);
      });

      for (const by of ['requester', 'token'] as const) {
        it(`the owner accepts, then the ${by} withdraws inside the window: the request stays withdrawn, only request.withdrawn`, async () => {
          api.clock.set(T0);
          const w = await h.world();
          const { request } = await h.create(h.appt(w));
          await h.settle(w);
          await decide(h.env(), w.owner.id, request.id, { action: 'accept' }, { undoWindow: true });
          api.clock.advance(2 * SEC);
          const at = api.clock.now().toISOString();
          if (by === 'requester') await requesterAct(h.env(), request.id, 'withdraw');
          else await h.db().transaction().execute((trx) => withdrawByToken(trx, h.env(), { ownerId: w.owner.id, tokenId: w.tokenId, requestId: request.id }, api.clock.now()));
          assert.equal(await waitingDecision(h.db(), w.owner.id, request.id), null);
          api.clock.advance(10 * SEC);
          await h.runJobs();
          h.expectRow(await h.row(request.id), { status: 'withdrawn', updatedAt: at });
          await h.expectEvents(w, [['request.withdrawn', 'request', request.id]], { at });
          assert.deepEqual(await h.newEmails(w), []);
          await h.expectCalendar(request.id, w.owner.id, null);
        });
      }

      it('the decision job finds the request withdrawn (its job still there): it is dropped, nothing more recorded', async () => {
        api.clock.set(T0);
        const w = await h.world();
        const { request } = await h.create(h.appt(w));
        await h.settle(w);
        await decide(h.env(), w.owner.id, request.id, { action: 'accept' }, { undoWindow: true });
        // As if the withdrawal had not cleared the job: the state alone must stop the move.
        await h.db().updateTable('requests').set({ status: 'withdrawn' }).where('id', '=', request.id).execute();
        api.clock.advance(UNDO_WINDOW_MS);
        await h.runJobs();
        h.expectRow(await h.row(request.id), { status: 'withdrawn' });
        assert.equal(await findJobByKey(h.db(), REQUEST_DECISION, request.id), null);
        await h.expectEvents(w, []);
        assert.deepEqual(await h.newEmails(w), []);
      });

      it('a decision made before the slot start and still waiting when it passes goes first: accepted, never expired', async () => {
        api.clock.set(T0);
        const w = await h.world();
        const { request } = await h.create(h.appt(w));
        await h.settle(w);
        api.clock.set(new Date(Date.parse(SLOT.start) - 2 * SEC));
        await decide(h.env(), w.owner.id, request.id, { action: 'accept' }, { undoWindow: true });
        api.clock.set(new Date(Date.parse(SLOT.start) + 10 * SEC));
        for (let i = 0; i < 3; i++) await h.runJobs();
        const r = await h.row(request.id);
        assert.equal(r.status, 'accepted');
        assert.deepEqual((await h.newEvents(w)).map((e) => e.type).sort(), ['event.created', 'request.accepted']);
        assert.equal(await findJobByKey(h.db(), REQUEST_DECISION, request.id), null);
      });
    });

    describe('a blocked contact (docs/spec-decisions.md §3)', () => {
      it('the request is made (pending, from_blocked) but sends no event and no email, the owner cannot act on it, and it expires at its time silently', async () => {
        api.clock.set(T0);
        const w = await h.world();
        await seedContact(h.db(), w.owner.id, { name: 'Ana', email: 'ANA@example.COM', blocked: true });
        const { request, statusUrl } = await h.create(h.appt(w, { requester: { name: 'Ana Ruiz', email: 'ana@EXAMPLE.com' } }));
        assert.ok(statusUrl.url.includes(request.id));
        const r = await h.row(request.id);
        h.expectRow(r, { status: 'pending', slot: SLOT });
        assert.equal(r.from_blocked, true);
        await h.expectEvents(w, []);
        assert.deepEqual(await h.newEmails(w), []);
        await assert.rejects(h.atOnce(w, request.id, { action: 'accept' }), isServiceError('not_found'));
        await assert.rejects(decide(h.env(), w.owner.id, request.id, { action: 'decline' }, { undoWindow: true }), isServiceError('not_found'));
        api.clock.set(new Date(Date.parse(SLOT.start) - 1));
        await h.runJobs();
        h.expectRow(await h.row(request.id), { status: 'pending' });
        api.clock.set(SLOT.start);
        await h.runJobs();
        h.expectRow(await h.row(request.id), { status: 'expired', updatedAt: SLOT.start });
        await h.expectEvents(w, []);
        assert.deepEqual(await h.newEmails(w), []);
      });

      it('blocked by phone: a task request with that phone (another email) sends nothing either; the token may still withdraw it silently', async () => {
        api.clock.set(T0);
        const w = await h.world();
        await seedContact(h.db(), w.owner.id, { phone: '+4915112345678', blocked: true });
        await seedContact(h.db(), w.owner.id, { email: 'fine@example.com', blocked: false });
        const { request } = await h.create(h.task(w, { requester: { name: 'Ana', email: 'new@example.com', phone: '+4915112345678' } }));
        assert.equal((await h.row(request.id)).from_blocked, true);
        const ok = await h.create(h.task(w, { requester: { name: 'Fine', email: 'Fine@Example.com' } }));
        assert.equal((await h.row(ok.request.id)).from_blocked, false);
        await h.expectEvents(w, [['request.created', 'request', ok.request.id]]);
        await h.expectEmails(w, ok.request.id, ['received'], 'fine@example.com');
        await h.db().transaction().execute((trx) => withdrawByToken(trx, h.env(), { ownerId: w.owner.id, tokenId: w.tokenId, requestId: request.id }, api.clock.now()));
        h.expectRow(await h.row(request.id), { status: 'withdrawn' });
        await h.expectEvents(w, []);
      });
    });

    describe('a test request through its moves', () => {
      it('every event carries test: true and no email is ever written', async () => {
        api.clock.set(T0);
        const w = await h.world();
        const { request } = await h.create(h.appt(w, { test: true }));
        await h.expectEvents(w, [['request.created', 'request', request.id]], { test: true });
        await h.ownerDecides(w, request.id, { action: 'accept' }, 'after the undo window');
        const cal = (await h.calendarOf(request.id))[0]!;
        await h.expectEvents(w, [['request.accepted', 'request', request.id], ['event.created', 'event', cal.id]], { test: true });
        await h.atOnce(w, request.id, { action: 'cancel' });
        await h.expectEvents(w, [['appointment.cancelled', 'request', request.id], ['event.deleted', 'event', cal.id]], { test: true });
        const t = (await h.create(h.task(w, { test: true }))).request;
        await h.atOnce(w, t.id, { action: 'accept' });
        const todo = (await h.todosOf(t.id))[0]!;
        await completeTask(h.env(), w.owner.id, todo.id);
        const events = await h.newEvents(w);
        assert.deepEqual(events.map((e) => e.type).sort(), ['request.accepted', 'request.created', 'task.completed', 'task.created']);
        assert.ok(events.every((e) => e.test));
        assert.deepEqual(await h.newEmails(w), []);
      });
    });

    describe('requester limits (docs/spec-decisions.md §4)', () => {
      it('a 4th pending request from the same requester (email in another case) is too_many_pending, from any source', async () => {
        api.clock.set(T0);
        const w = await h.world();
        const made: string[] = [];
        for (const email of ['ana@example.com', 'ANA@example.com', 'Ana@Example.Com']) {
          made.push((await h.create(h.task(w, { requester: { name: 'Ana', email } }))).request.id);
          api.clock.advance(MIN);
        }
        await assert.rejects(h.create(h.task(w, { requester: { name: 'Ana', email: 'aNa@EXAMPLE.com' } })), isServiceError('too_many_pending'));
        await assert.rejects(h.create(h.appt(w, { source: 'public', tokenId: null, requester: { name: 'Ana', email: 'ana@example.com' } })), isServiceError('too_many_pending'));
        // Someone else is not limited by Ana; a test request is counted apart from live ones.
        await h.create(h.task(w, { requester: { name: 'Bo', email: 'bo@example.com' } }));
        await h.create(h.task(w, { test: true, requester: { name: 'Ana', email: 'ANA@EXAMPLE.COM' } }));
        // Once one is answered, a new one fits.
        await h.atOnce(w, made[1]!, { action: 'decline' });
        const ok = await h.create(h.task(w, { requester: { name: 'Ana', email: 'ana@example.com' } }));
        assert.equal(ok.request.status, 'pending');
        const pending = await h.db().selectFrom('requests').select('id').where('owner_id', '=', w.owner.id).where('status', '=', 'pending').where('test', '=', false).where('requester_email', '=', 'ana@example.com').execute();
        assert.equal(pending.length, 3);
        await assert.rejects(h.create(h.task(w, { requester: { name: 'Ana', email: 'ana@example.com' } })), isServiceError('too_many_pending'));
      });

      it('3 pending with the same phone (different emails): a 4th with that phone is too_many_pending', async () => {
        api.clock.set(T0);
        const w = await h.world();
        for (let i = 0; i < 3; i++) await h.create(h.task(w, { requester: { name: 'Pat', email: `pat${i}@example.com`, phone: '+34600111222' } }));
        await assert.rejects(h.create(h.task(w, { requester: { name: 'Pat', email: 'pat.new@example.com', phone: '+34600111222' } })), isServiceError('too_many_pending'));
        await assert.rejects(h.create(h.task(w, { requester: { name: 'Pat', phone: '+34600111222' } })), isServiceError('too_many_pending'));
        // By email alone pat0 has one pending request; another phone is another requester.
        await h.create(h.task(w, { requester: { name: 'Pat', email: 'PAT0@example.com' } }));
        await h.create(h.task(w, { requester: { name: 'Pat', email: 'pat.new@example.com', phone: '+34600111223' } }));
      });

      it('test-mode requests have their own 3 pending', async () => {
        api.clock.set(T0);
        const w = await h.world();
        for (let i = 0; i < 3; i++) await h.create(h.task(w, { test: true }));
        await assert.rejects(h.create(h.task(w, { test: true, requester: { name: 'Ana', email: 'ana@example.COM' } })), isServiceError('too_many_pending'));
        for (let i = 0; i < 3; i++) await h.create(h.task(w));
        await assert.rejects(h.create(h.task(w)), isServiceError('too_many_pending'));
      });

      it('a 6th request within a rolling 24 h is rate_limited with the seconds to wait, from any source; test mode counts apart', async () => {
        const start = Date.parse(T0);
        api.clock.set(T0);
        const w = await h.world();
        for (let i = 0; i < 5; i++) {
          api.clock.set(new Date(start + i * HOUR));
          const input = i % 2 === 0 ? h.task(w, { requester: { name: 'Ana', email: i === 2 ? 'ANA@example.com' : 'ana@example.com' } }) : h.task(w, { source: 'public', tokenId: null });
          const { request } = await h.create(input);
          await requesterAct(h.env(), request.id, 'withdraw');
        }
        api.clock.set(new Date(start + 5 * HOUR));
        await assert.rejects(h.create(h.task(w, { requester: { name: 'Ana', email: 'Ana@example.com' } })), (e: unknown) => {
          assert.ok(e instanceof ServiceError);
          assert.equal(e.kind, 'rate_limited');
          assert.equal(e.retryAfterSeconds, 19 * 3600);
          return true;
        });
        await h.create(h.task(w, { test: true }));
        await h.create(h.task(w, { requester: { name: 'Bo', email: 'bo@example.com' } }));
        api.clock.set(new Date(start + DAY - SEC));
        await assert.rejects(h.create(h.task(w)), (e: unknown) => e instanceof ServiceError && e.kind === 'rate_limited' && e.retryAfterSeconds === 1);
        api.clock.set(new Date(start + DAY));
        const { request } = await h.create(h.task(w));
        assert.equal(request.status, 'pending');
        // That one is in the window again: the first of the hour-1 request leaves at start + 25 h.
        await assert.rejects(h.create(h.task(w)), (e: unknown) => e instanceof ServiceError && e.kind === 'rate_limited' && e.retryAfterSeconds === 3600);
      });

      it('rate limit by the same phone', async () => {
        api.clock.set(T0);
        const w = await h.world();
        for (let i = 0; i < 5; i++) {
          const { request } = await h.create(h.task(w, { requester: { name: 'P', email: `p${i}@example.com`, phone: '+12125550100' } }));
          await requesterAct(h.env(), request.id, 'withdraw');
          api.clock.advance(MIN);
        }
        await assert.rejects(h.create(h.task(w, { requester: { name: 'P', phone: '+12125550100' } })), (e: unknown) => {
          assert.ok(e instanceof ServiceError);
          assert.equal(e.kind, 'rate_limited');
          assert.equal(e.retryAfterSeconds, (DAY - 5 * MIN) / SEC);
          return true;
        });
      });
    });
  });
}
