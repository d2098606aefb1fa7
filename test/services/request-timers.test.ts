import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from '../helpers/engines.js';
import { useApi, type ApiHarness } from '../helpers/api.js';
import { bookableOwner, envOf, type Bookable } from '../helpers/requests.js';
import { tokenIdOf } from '../helpers/seed.js';
import { createRequest, type NewRequest } from '../../src/services/requests/create.js';
import { decide, type OwnerDecision } from '../../src/services/requests/decisions.js';
import { REQUEST_COMPLETE, REQUEST_EXPIRE } from '../../src/services/requests/moves.js';
import { requesterAct } from '../../src/services/requests/requester.js';
import { eventsOf } from '../../src/store/repos/outbox.js';
import { findJobByKey } from '../../src/store/repos/jobs.js';
import { jobKinds } from '../../src/server/job-kinds.js';
import { Worker } from '../../src/jobs/queue.js';

/*
 * The time-driven moves of docs/spec-decisions.md §3, run by a Worker with the production job kinds on a pinned
 * clock: a request expires at "its time" (an appointment's slot start; a task's suggested date's end
 * of day in the requester's zone, or 30 days after creation), a proposed time expires unconfirmed at
 * its start, and an accepted appointment completes at its end. Each is checked 1 ms before (nothing)
 * and at the instant (the move, once).
 */

const SEC = 1000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
const before = (at: string) => new Date(Date.parse(at) - 1);

interface World extends Bookable {
  tokenId: string;
  seenEvents: Set<string>;
  seenEmails: Set<string>;
}
type Want = [type: string, object: 'request' | 'event' | 'task', id: string];

function harness(api: ApiHarness) {
  const db = () => api.rt.store.db;
  const env = () => envOf(api);
  const kinds = () => jobKinds(api.rt);

  /** A fresh worker (as after a restart) runs every job due now. */
  async function runJobs(): Promise<number> {
    const w = new Worker({ db: db(), clock: api.clock, kinds: kinds(), batchSize: 50 });
    let total = 0;
    for (let i = 0; i < 20; i++) {
      const n = await w.runOnce();
      if (n === 0) break;
      total += n;
    }
    await w.close();
    return total;
  }

  async function world(zone: string): Promise<World> {
    const b = await bookableOwner(api, zone);
    return { ...b, tokenId: await tokenIdOf(db(), b.token), seenEvents: new Set(), seenEmails: new Set() };
  }

  const base = (w: World) => ({
    ownerId: w.owner.id,
    tokenId: w.tokenId,
    source: 'api' as const,
    test: false,
    requester: { name: 'Ana Ruiz', email: 'Ana@Example.com' },
    requesterLocale: 'en-US',
    notifyRequester: true,
  });

  const appt = (w: World, slot: { start: string; end: string }, over: Partial<NewRequest> = {}): NewRequest => ({
    ...base(w),
    kind: 'appointment',
    appointmentTypeId: w.typeId,
    slot: { start: new Date(slot.start), end: new Date(slot.end) },
    requesterTimezone: 'America/New_York',
    ...over,
  });

  const task = (w: World, zone: string, suggestedDueDate: string | undefined, over: Partial<NewRequest> = {}): NewRequest => ({
    ...base(w),
    kind: 'task',
    message: 'Please review the draft',
    requesterTimezone: zone,
    ...(suggestedDueDate ? { suggestedDueDate } : {}),
    ...over,
  });

  const create = (input: NewRequest) => createRequest(env(), api.rt.availability, input);
  const row = (id: string) => db().selectFrom('requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const status = async (id: string) => (await row(id)).status;
  const calendarOf = (requestId: string) => db().selectFrom('events').selectAll().where('request_id', '=', requestId).execute();
  const atOnce = (w: World, id: string, d: OwnerDecision) => decide(env(), w.owner.id, id, d, { undoWindow: false });

  async function expectEvents(w: World, want: Want[], at?: string): Promise<void> {
    const all = await eventsOf(db(), w.owner.id);
    const fresh = all.filter((e) => !w.seenEvents.has(e.id));
    for (const e of fresh) w.seenEvents.add(e.id);
    const data = (d: unknown) => (typeof d === 'string' ? JSON.parse(d) : d) as { object: string; id: string };
    const got = fresh.map((e) => JSON.stringify([e.type, data(e.data).object, data(e.data).id])).sort();
    assert.deepEqual(got, want.map((x) => JSON.stringify(x)).sort());
    if (at) for (const e of fresh) assert.equal(iso(e.occurred_at), at, e.type);
  }

  async function expectEmails(w: World, want: [kind: string, requestId: string][]): Promise<void> {
    const all = await db().selectFrom('emails').selectAll().where('owner_id', '=', w.owner.id).orderBy('created_at').execute();
    const fresh = all.filter((e) => !w.seenEmails.has(e.id));
    for (const e of fresh) w.seenEmails.add(e.id);
    assert.deepEqual(
      fresh.map((e) => [e.kind, e.request_id, e.to_address]),
      want.map(([kind, id]) => [kind, id, 'ana@example.com']),
    );
  }

  /** Forgets what was recorded so far (creation and the set-up moves are checked elsewhere). */
  async function settle(w: World): Promise<void> {
    for (const e of await eventsOf(db(), w.owner.id)) w.seenEvents.add(e.id);
    for (const e of await db().selectFrom('emails').select('id').where('owner_id', '=', w.owner.id).execute()) w.seenEmails.add(e.id);
  }

  /** Sets the clock 1 ms before `at` and runs the worker (nothing may change), then at `at`. */
  async function passes(at: string, id: string, statusBefore: string): Promise<void> {
    api.clock.set(before(at));
    await runJobs();
    assert.equal(await status(id), statusBefore, `still ${statusBefore} 1 ms before ${at}`);
    api.clock.set(at);
    await runJobs();
  }

  return { db, runJobs, world, appt, task, create, row, status, calendarOf, atOnce, expectEvents, expectEmails, settle, passes };
}

for (const engine of ENGINES) {
  describe(`request timers on ${engine}`, () => {
    const api = useApi(engine, '2026-03-28T12:00:00Z');
    const h = harness(api);

    describe('pending → expired when its time passes unanswered', () => {
      it('an appointment request expires at its slot start (owner in Asia/Tokyo): request.expired and the "expired" email, once', async () => {
        api.clock.set('2026-03-31T00:00:00Z'); // 09:00 in Tokyo
        const w = await h.world('Asia/Tokyo');
        const slot = { start: '2026-04-01T01:00:00.000Z', end: '2026-04-01T01:30:00.000Z' }; // 10:00 JST
        const { request } = await h.create(h.appt(w, slot));
        assert.equal(iso(request.expires_at), slot.start);
        await h.settle(w);
        await h.passes(slot.start, request.id, 'pending');
        const r = await h.row(request.id);
        assert.equal(r.status, 'expired');
        assert.equal(r.cancelled_by, null);
        assert.equal(iso(r.updated_at), slot.start);
        await h.expectEvents(w, [['request.expired', 'request', request.id]], slot.start);
        await h.expectEmails(w, [['expired', request.id]]);
        assert.equal(await findJobByKey(h.db(), REQUEST_EXPIRE, request.id), null);
        api.clock.set(new Date(Date.parse(slot.start) + HOUR));
        await h.runJobs();
        await h.expectEvents(w, []);
        await h.expectEmails(w, []);
      });

      it('task requests with the same suggested date expire at the end of that day in each requester\'s zone (Tokyo, New York)', async () => {
        api.clock.set('2026-03-31T00:00:00Z');
        const w = await h.world('Europe/Berlin');
        const tokyo = (await h.create(h.task(w, 'Asia/Tokyo', '2026-04-02'))).request;
        const ny = (await h.create(h.task(w, 'America/New_York', '2026-04-02', { requester: { name: 'Ana Ruiz', email: 'ANA@example.com' } }))).request;
        assert.equal(iso(tokyo.expires_at), '2026-04-02T15:00:00.000Z');
        assert.equal(iso(ny.expires_at), '2026-04-03T04:00:00.000Z');
        await h.settle(w);
        await h.passes('2026-04-02T15:00:00.000Z', tokyo.id, 'pending');
        assert.equal(await h.status(tokyo.id), 'expired');
        assert.equal(await h.status(ny.id), 'pending');
        await h.expectEvents(w, [['request.expired', 'request', tokyo.id]], '2026-04-02T15:00:00.000Z');
        await h.expectEmails(w, [['expired', tokyo.id]]);
        await h.passes('2026-04-03T04:00:00.000Z', ny.id, 'pending');
        assert.equal(await h.status(ny.id), 'expired');
        await h.expectEvents(w, [['request.expired', 'request', ny.id]], '2026-04-03T04:00:00.000Z');
        await h.expectEmails(w, [['expired', ny.id]]);
      });

      it('Europe/Berlin, suggested 2026-03-29 (the 23-hour day): expires at 2026-03-29T22:00Z', async () => {
        api.clock.set('2026-03-28T12:00:00Z');
        const w = await h.world('Europe/Berlin');
        const { request } = await h.create(h.task(w, 'Europe/Berlin', '2026-03-29'));
        assert.equal(iso(request.expires_at), '2026-03-29T22:00:00.000Z');
        await h.settle(w);
        await h.passes('2026-03-29T22:00:00.000Z', request.id, 'pending');
        assert.equal(await h.status(request.id), 'expired');
        await h.expectEvents(w, [['request.expired', 'request', request.id]], '2026-03-29T22:00:00.000Z');
      });

      it('Europe/Berlin, suggested 2026-10-25 (the 25-hour day): expires at 2026-10-25T23:00Z', async () => {
        api.clock.set('2026-10-24T12:00:00Z');
        const w = await h.world('Europe/Berlin');
        const { request } = await h.create(h.task(w, 'Europe/Berlin', '2026-10-25'));
        assert.equal(iso(request.expires_at), '2026-10-25T23:00:00.000Z');
        await h.settle(w);
        // At 23:00 CEST (the old zone's midnight would be 22:00Z) it is still the 25th in Berlin.
        await h.passes('2026-10-25T23:00:00.000Z', request.id, 'pending');
        assert.equal(await h.status(request.id), 'expired');
        await h.expectEvents(w, [['request.expired', 'request', request.id]], '2026-10-25T23:00:00.000Z');
      });

      it('Pacific/Chatham (+13:45), suggested the requester\'s today: expires at its midnight, 10:15Z', async () => {
        api.clock.set('2026-01-15T03:00:00Z'); // 16:45 on the 15th in Chatham
        const w = await h.world('Europe/Berlin');
        const { request } = await h.create(h.task(w, 'Pacific/Chatham', '2026-01-15'));
        assert.equal(iso(request.expires_at), '2026-01-15T10:15:00.000Z');
        await h.settle(w);
        await h.passes('2026-01-15T10:15:00.000Z', request.id, 'pending');
        assert.equal(await h.status(request.id), 'expired');
        await h.expectEvents(w, [['request.expired', 'request', request.id]]);
      });

      it('a task request without a suggested date expires 30 days after it was made', async () => {
        api.clock.set('2026-03-28T12:34:56.789Z');
        const w = await h.world('America/New_York');
        const { request } = await h.create(h.task(w, 'America/New_York', undefined));
        const at = new Date(Date.parse('2026-03-28T12:34:56.789Z') + 30 * DAY).toISOString();
        assert.equal(iso(request.expires_at), at);
        await h.settle(w);
        await h.passes(at, request.id, 'pending');
        assert.equal(await h.status(request.id), 'expired');
        await h.expectEvents(w, [['request.expired', 'request', request.id]], at);
        await h.expectEmails(w, [['expired', request.id]]);
      });

      it('an answered request does not expire: the timer runs at its time and records nothing', async () => {
        api.clock.set('2026-03-31T00:00:00Z');
        const w = await h.world('Europe/Berlin');
        const accepted = (await h.create(h.task(w, 'America/New_York', '2026-04-02'))).request;
        const declined = (await h.create(h.task(w, 'Asia/Tokyo', '2026-04-02'))).request;
        await h.atOnce(w, accepted.id, { action: 'accept' });
        await h.atOnce(w, declined.id, { action: 'decline' });
        await h.settle(w);
        api.clock.set('2026-04-03T04:00:00Z');
        await h.runJobs();
        assert.equal(await h.status(accepted.id), 'accepted');
        assert.equal(await h.status(declined.id), 'declined');
        assert.equal(await findJobByKey(h.db(), REQUEST_EXPIRE, accepted.id), null);
        await h.expectEvents(w, []);
        await h.expectEmails(w, []);
      });
    });

    describe('accepted (appointment) → completed when the slot ends', () => {
      it('owner in America/New_York on its DST day (2026-03-08): at the slot start nothing happens, at its end appointment.completed, no email', async () => {
        api.clock.set('2026-03-08T05:00:00Z'); // midnight EST
        const w = await h.world('America/New_York');
        const slot = { start: '2026-03-08T13:00:00.000Z', end: '2026-03-08T13:30:00.000Z' }; // 09:00 EDT
        const { request } = await h.create(h.appt(w, slot));
        await h.atOnce(w, request.id, { action: 'accept' });
        const cal = (await h.calendarOf(request.id))[0]!;
        assert.equal(cal.timezone, 'America/New_York');
        await h.settle(w);
        assert.equal(iso((await findJobByKey(h.db(), REQUEST_COMPLETE, request.id))?.run_at), slot.end);
        // Its expiry timer runs at the slot start and leaves an accepted request alone.
        await h.passes(slot.start, request.id, 'accepted');
        assert.equal(await h.status(request.id), 'accepted');
        await h.expectEvents(w, []);
        await h.passes(slot.end, request.id, 'accepted');
        const r = await h.row(request.id);
        assert.equal(r.status, 'completed');
        assert.equal(r.cancelled_by, null);
        assert.equal(iso(r.updated_at), slot.end);
        await h.expectEvents(w, [['appointment.completed', 'request', request.id]], slot.end);
        await h.expectEmails(w, []);
        // The appointment stays on the calendar.
        const after = (await h.calendarOf(request.id))[0]!;
        assert.equal(after.deleted_at, null);
        api.clock.advance(DAY);
        await h.runJobs();
        await h.expectEvents(w, []);
      });

      it('a confirmed new time completes at the new end; the old end passing does nothing', async () => {
        api.clock.set('2026-03-31T00:00:00Z');
        const w = await h.world('Asia/Tokyo');
        const slot = { start: '2026-04-01T01:00:00.000Z', end: '2026-04-01T01:30:00.000Z' };
        const later = { start: '2026-04-02T05:00:00.000Z', end: '2026-04-02T05:30:00.000Z' };
        const { request } = await h.create(h.appt(w, slot));
        await h.atOnce(w, request.id, { action: 'accept' });
        await h.atOnce(w, request.id, { action: 'reschedule', start: new Date(later.start) });
        await requesterAct(envOf(api), request.id, 'confirm');
        await h.settle(w);
        api.clock.set(slot.end);
        await h.runJobs();
        assert.equal(await h.status(request.id), 'accepted');
        await h.expectEvents(w, []);
        await h.passes(later.end, request.id, 'accepted');
        assert.equal(await h.status(request.id), 'completed');
        await h.expectEvents(w, [['appointment.completed', 'request', request.id]], later.end);
      });

      it('a completion timer that fires while the appointment is rescheduled does nothing', async () => {
        api.clock.set('2026-03-31T00:00:00Z');
        const w = await h.world('Asia/Tokyo');
        const slot = { start: '2026-04-01T01:00:00.000Z', end: '2026-04-01T01:30:00.000Z' };
        const later = { start: '2026-04-03T01:00:00.000Z', end: '2026-04-03T01:30:00.000Z' };
        const { request } = await h.create(h.appt(w, slot));
        await h.atOnce(w, request.id, { action: 'accept' });
        await h.atOnce(w, request.id, { action: 'reschedule', start: new Date(later.start) });
        await h.settle(w);
        api.clock.set(slot.end);
        await h.runJobs();
        assert.equal(await h.status(request.id), 'rescheduled');
        await h.expectEvents(w, []);
      });
    });

    describe('rescheduled → expired when the proposed time passes unconfirmed', () => {
      it('never accepted: request.expired at the proposed start (not the original one), "expired" email', async () => {
        api.clock.set('2026-03-31T00:00:00Z');
        const w = await h.world('Asia/Tokyo');
        const slot = { start: '2026-04-01T01:00:00.000Z', end: '2026-04-01T01:30:00.000Z' };
        const proposed = { start: '2026-04-02T06:00:00.000Z', end: '2026-04-02T06:30:00.000Z' };
        const { request } = await h.create(h.appt(w, slot));
        await h.atOnce(w, request.id, { action: 'reschedule', start: new Date(proposed.start) });
        await h.settle(w);
        api.clock.set(slot.start);
        await h.runJobs();
        assert.equal(await h.status(request.id), 'rescheduled');
        await h.expectEvents(w, []);
        await h.passes(proposed.start, request.id, 'rescheduled');
        const r = await h.row(request.id);
        assert.equal(r.status, 'expired');
        assert.equal(iso(r.slot_start), proposed.start);
        await h.expectEvents(w, [['request.expired', 'request', request.id]], proposed.start);
        await h.expectEmails(w, [['expired', request.id]]);
        assert.deepEqual(await h.calendarOf(request.id), []);
      });

      it('accepted, then a new time proposed: at the proposed start request.expired and the moved event is removed (event.deleted)', async () => {
        api.clock.set('2026-03-31T00:00:00Z');
        const w = await h.world('Asia/Tokyo');
        const slot = { start: '2026-04-01T01:00:00.000Z', end: '2026-04-01T01:30:00.000Z' };
        const proposed = { start: '2026-04-01T04:00:00.000Z', end: '2026-04-01T04:30:00.000Z' };
        const { request } = await h.create(h.appt(w, slot));
        await h.atOnce(w, request.id, { action: 'accept' });
        await h.atOnce(w, request.id, { action: 'reschedule', start: new Date(proposed.start) });
        const cal = (await h.calendarOf(request.id))[0]!;
        await h.settle(w);
        await h.passes(proposed.start, request.id, 'rescheduled');
        assert.equal(await h.status(request.id), 'expired');
        await h.expectEvents(w, [['request.expired', 'request', request.id], ['event.deleted', 'event', cal.id]], proposed.start);
        await h.expectEmails(w, [['expired', request.id]]);
        const after = (await h.calendarOf(request.id))[0]!;
        assert.equal(iso(after.deleted_at), proposed.start);
      });
    });
  });
}
