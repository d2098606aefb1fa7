import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { act, apiRequest, askAppointment, runJobs, signedUpOwner } from '../helpers/inbox.js';
import { post, taskBody } from '../helpers/requests.js';
import { setBooking } from '../helpers/seed.js';
import { eventsOf } from '../../src/store/repos/outbox.js';
import { instantFromLocal } from '../../src/web/console/inbox.js';

/*
 * The owner's inbox in the console: decisions go through `decide` with the 5-second undo window, so
 * the API shows the old state until the window passes and the decision job runs; Undo inside the
 * window leaves nothing behind. Sunday 2026-03-29 is the day Berlin moves to summer time (01:00Z).
 */
const START = '2026-03-29T00:30:00Z';
// Monday 2026-03-30 10:00-10:30 in Berlin (summer time, +02:00).
const SLOT = { start: '2026-03-30T08:00:00Z', end: '2026-03-30T08:30:00Z' };
const OTHER = { start: '2026-03-30T09:00:00Z', end: '2026-03-30T09:30:00Z' };
const SEC = 1000;

for (const engine of ENGINES) {
  describe(`console inbox on ${engine}`, () => {
    const api = useApi(engine, START);

    it('shows a pending request with its requester, type, slot in the owner\'s zone and message', async () => {
      api.clock.set(START);
      const o = await signedUpOwner(api);
      const id = await askAppointment(api, o, SLOT, { requester: { name: 'Ana Ruiz', email: 'ana@example.com', phone: '+14155550101' } });
      const task = await post(api, '/api/v1/requests/tasks', o.token, taskBody({ requester: { name: 'Bo Chen', phone: '+14155550102' }, note: 'Call me on Signal', suggestedDueDate: '2026-04-02' }));
      assert.equal(task.statusCode, 201, task.body);
      const taskId = (task.json() as { request: { id: string } }).request.id;
      const page = await o.web.get('/app/inbox');
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /Waiting for you \(2\)/);
      assert.match(page.body, /Ana Ruiz/);
      assert.match(page.body, /mailto:ana@example.com/);
      assert.match(page.body, /\+14155550101/);
      assert.match(page.body, /Intro call/);
      assert.match(page.body, /Mon, 30 Mar 2026, 10:00–10:30 <span class="muted">\(your time, Europe\/Berlin\)/, 'the slot in Berlin summer time');
      assert.match(page.body, /Mon, 30 Mar 2026, 04:00–04:30 <span class="muted">\(Ana Ruiz's time, America\/New_York\)/, 'and beside it in the requester\'s zone (New York, already on summer time)');
      assert.match(page.body, /Intro, please/);
      assert.match(page.body, /Bo Chen <span class="muted">· Task<\/span>/);
      assert.match(page.body, /Please review the draft\nIt is in the shared folder\./);
      assert.match(page.body, /Call me on Signal/);
      assert.match(page.body, /Suggested due date<\/dt><dd>Thu, 2 Apr 2026/);
      assert.doesNotMatch(page.body, new RegExp(`/app/inbox/${taskId}/reschedule`), 'a task cannot be given a new time');
      assert.match(page.body, new RegExp(`/app/inbox/${taskId}/accept`));
      for (const action of ['accept', 'decline', 'reschedule', 'block']) assert.match(page.body, new RegExp(`action="/app/inbox/${id}/${action}"`));
      assert.doesNotMatch(page.body, new RegExp(`/app/inbox/${id}/cancel`), 'a pending request cannot be cancelled');
      assert.match(page.body, /<label for="start-[^"]+">New start \(Europe\/Berlin\)<\/label>/);
    });

    it('with nothing waiting, offers the booking page while it is on, and where to turn it on while it is off (its address answers 404 then)', async () => {
      api.clock.set(START);
      const o = await signedUpOwner(api);
      const on = await o.web.get('/app/inbox');
      assert.match(on.body, /No requests are waiting\. Share your booking page <a href="\/inbox-[^"]+">/);
      await setBooking(api.rt.store.db, o.owner.id, false);
      const off = await o.web.get('/app/inbox');
      assert.match(off.body, /Your booking page is off: <a href="\/app\/booking">turn it on<\/a>/);
      assert.doesNotMatch(off.body, /Share your booking page/);
      assert.equal((await api.app.inject({ method: 'GET', url: `/${o.owner.username}` })).statusCode, 404, 'the link it no longer offers would be a 404');
    });

    it('accepts with a real 5-second undo: Undo leaves nothing; accepting again takes effect after the window', async () => {
      api.clock.set(START);
      const o = await signedUpOwner(api);
      const id = await askAppointment(api, o, SLOT);

      const accepted = await act(o.web, `/app/inbox/${id}/accept`);
      assert.equal(accepted.status, 303);
      assert.match(accepted.notice ?? '', /^Accepting Ana Ruiz's appointment request in 5 seconds — you can still undo it\./);
      assert.match(accepted.body, /Waiting to take effect/);
      assert.match(accepted.body, new RegExp(`action="/app/inbox/${id}/undo"`));
      assert.match(accepted.body, /takes effect at 1:30:05/, 'the window ends at 00:30:05Z, 01:30:05 in Berlin (still winter time)');
      assert.equal((await apiRequest(api, o, id)).status, 'pending', 'the API shows the old state inside the window');

      api.clock.advance(4 * SEC);
      const again = await o.web.submit(`/app/inbox/${id}/decline`, {});
      assert.equal(again.statusCode, 422, 'a second decision waits for the first to be undone');
      assert.match(again.body, /undo it first/);

      const undone = await act(o.web, `/app/inbox/${id}/undo`);
      assert.equal(undone.notice, 'Undone: nothing was changed.');
      assert.doesNotMatch(undone.body, /Waiting to take effect/);
      api.clock.advance(10 * SEC);
      await runJobs(api);
      assert.equal((await apiRequest(api, o, id)).status, 'pending', 'nothing happened after the undo, even with the worker run');
      assert.deepEqual((await eventsOf(api.rt.store.db, o.owner.id)).map((e) => e.type), ['request.created']);

      await act(o.web, `/app/inbox/${id}/accept`);
      api.clock.advance(5 * SEC - 1);
      await runJobs(api);
      assert.equal((await apiRequest(api, o, id)).status, 'pending', 'still waiting 1 ms before the window ends');
      api.clock.advance(1);
      const late = await act(o.web, `/app/inbox/${id}/undo`);
      assert.match(late.notice ?? '', /Too late to undo/);
      await runJobs(api);
      assert.equal((await apiRequest(api, o, id)).status, 'accepted');

      const calendar = await api.get('/api/v1/events?from=2026-03-30T00:00:00Z&to=2026-03-31T00:00:00Z', o.token);
      const appointments = (calendar.json() as { data: { start: string; end: string; requestId: string | null; isAppointment: boolean }[] }).data;
      assert.deepEqual(appointments.map((e) => [e.start, e.end, e.requestId, e.isAppointment]), [['2026-03-30T08:00:00Z', '2026-03-30T08:30:00Z', id, true]]);

      const types = (await eventsOf(api.rt.store.db, o.owner.id)).map((e) => e.type);
      assert.equal(types[0], 'request.created');
      assert.deepEqual(types.slice(1).sort(), ['event.created', 'request.accepted']);
      assert.equal(types.length, 3);

      const page = await o.web.get('/app/inbox');
      assert.match(page.body, /Waiting for you \(0\)/);
      assert.match(page.body, /Booked appointments \(1\)/);
      assert.match(page.body, new RegExp(`action="/app/inbox/${id}/cancel"`));
      assert.doesNotMatch(page.body, /Waiting to take effect/);
    });

    it('declines: the request moves to Handled with its status', async () => {
      api.clock.set(START);
      const o = await signedUpOwner(api);
      const id = await askAppointment(api, o, SLOT);
      const declined = await act(o.web, `/app/inbox/${id}/decline`);
      assert.match(declined.notice ?? '', /^Declining Ana Ruiz's appointment request in 5 seconds — you can still undo it/);
      api.clock.advance(5 * SEC);
      await runJobs(api);
      assert.equal((await apiRequest(api, o, id)).status, 'declined');
      const page = await o.web.get('/app/inbox');
      assert.match(page.body, /Waiting for you \(0\)/);
      assert.match(page.body, new RegExp(`<tr id="r-${id}">[\\s\\S]*?<span class="status bad">declined</span>`));
      const types = (await eventsOf(api.rt.store.db, o.owner.id)).map((e) => e.type);
      assert.deepEqual(types, ['request.created', 'request.declined']);
    });

    it('proposes a new time entered as Berlin wall-clock time on the day the clocks go forward, then cancels', async () => {
      api.clock.set(START); // 01:30 in Berlin, winter time; at 01:00Z the clocks jump to 03:00 summer time
      const o = await signedUpOwner(api);
      const id = await askAppointment(api, o, SLOT);
      const page = await o.web.get('/app/inbox');
      assert.match(page.body, /type="datetime-local" required min="2026-03-29T01:30" value="2026-03-30T10:00"/);

      const proposed = await act(o.web, `/app/inbox/${id}/reschedule`, { start: '2026-03-29T15:00' });
      assert.match(proposed.notice ?? '', /^Proposing a new time for Ana Ruiz's appointment request \(Sun, 29 Mar 2026, 15:00\) in 5 seconds/);
      api.clock.advance(5 * SEC);
      await runJobs(api);
      const moved = await apiRequest(api, o, id);
      assert.equal(moved.status, 'rescheduled');
      assert.deepEqual(moved.slot, { start: '2026-03-29T13:00:00Z', end: '2026-03-29T13:30:00Z' }, '15:00 summer time is 13:00Z, not 14:00Z');
      const booked = await o.web.get('/app/inbox');
      assert.match(booked.body, /Booked appointments \(1\)/);
      assert.match(booked.body, /new time proposed/);
      assert.match(booked.body, /Sun, 29 Mar 2026, 15:00–15:30/);

      const cancelled = await act(o.web, `/app/inbox/${id}/cancel`);
      assert.match(cancelled.notice ?? '', /^Cancelling Ana Ruiz's appointment request in 5 seconds/);
      api.clock.advance(5 * SEC);
      await runJobs(api);
      const gone = await apiRequest(api, o, id);
      assert.deepEqual([gone.status, gone.cancelledBy], ['cancelled', 'owner']);
      assert.match((await o.web.get('/app/inbox')).body, /cancelled by you/);
      const types = (await eventsOf(api.rt.store.db, o.owner.id)).map((e) => e.type);
      assert.deepEqual(types, ['request.created', 'appointment.rescheduled', 'appointment.cancelled']);
    });

    it('refuses a new time in the past or that is not a time, and unknown requests', async () => {
      api.clock.set(START);
      const o = await signedUpOwner(api);
      const id = await askAppointment(api, o, OTHER);
      const past = await o.web.submit(`/app/inbox/${id}/reschedule`, { start: '2026-03-29T01:00' });
      assert.equal(past.statusCode, 422);
      assert.match(past.body, /must be in the future/);
      const garbage = await o.web.submit(`/app/inbox/${id}/reschedule`, { start: 'tomorrow' });
      assert.equal(garbage.statusCode, 422);
      assert.match(garbage.body, /Choose the new date and time/);
      assert.equal((await o.web.submit('/app/inbox/not-an-id/accept', {})).statusCode, 422);
      const stranger = await signedUpOwner(api);
      const foreign = await stranger.web.submit(`/app/inbox/${id}/accept`, {});
      assert.equal(foreign.statusCode, 422, 'another owner\'s request is not in this inbox');
      assert.equal((await apiRequest(api, o, id)).status, 'pending');
    });

    it('reads datetime-local values in the owner\'s zone across both DST changes', () => {
      const berlin = 'Europe/Berlin';
      assert.equal(instantFromLocal('2026-03-29T01:30', berlin)?.toISOString(), '2026-03-29T00:30:00.000Z');
      assert.equal(instantFromLocal('2026-03-29T03:30', berlin)?.toISOString(), '2026-03-29T01:30:00.000Z');
      assert.equal(instantFromLocal('2026-03-29T02:30', berlin)?.toISOString(), '2026-03-29T01:30:00.000Z', 'a skipped time moves forward by the gap');
      assert.equal(instantFromLocal('2026-10-25T02:30', berlin)?.toISOString(), '2026-10-25T00:30:00.000Z', 'a repeated time takes the earlier');
      assert.equal(instantFromLocal('2026-02-30T10:00', berlin), null);
      assert.equal(instantFromLocal('2026-03-29', berlin), null);
    });
  });
}
