import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { act, apiRequest, askAppointment, runJobs, signedUpOwner } from '../helpers/inbox.js';
import { createEvent } from '../../src/services/calendar-events.js';
import { decide } from '../../src/services/requests/decisions.js';
import { ConflictRefusal } from '../../src/services/requests/conflicts.js';
import { requestEnv } from '../../src/services/requests/env.js';
import { eventsOf } from '../../src/store/repos/outbox.js';

/*
 * Conflicts, seen and guarded (issue 30 point 1): the inbox marks a pending request whose time
 * overlaps another request, an accepted appointment (or one being accepted) or the owner's busy
 * time, naming it; accepting into held time needs the owner's tick, and two accepts racing on two
 * connections are made one after the other. The API's answers do not change.
 * Sunday 2026-03-29 is the day Berlin moves to summer time (01:00Z); the slots are on the Monday after.
 */
const START = '2026-03-29T00:30:00Z';
// Monday 2026-03-30 10:00-10:30 in Berlin (+02:00 since Sunday), 04:00 in New York: two visitors ask for it
// (pending requests hold no time, so the API takes both).
const SLOT = { start: '2026-03-30T08:00:00Z', end: '2026-03-30T08:30:00Z' };
// 10:30-11:00: back to back with SLOT, no overlap.
const NEXT = { start: '2026-03-30T08:30:00Z', end: '2026-03-30T09:00:00Z' };
const SEC = 1000;

/** The inbox card of one request. */
const card = (body: string, id: string) => (body.match(new RegExp(`<article[^>]*id="r-${id}"[\\s\\S]*?</article>`))?.[0] ?? '').replaceAll('&#39;', "'");
/** The marker, not the "even if it overlaps" of the new-time form. */
const MARKED = /class="notice bad conflict"/;

for (const engine of ENGINES) {
  describe(`conflicts in the console inbox on ${engine}`, () => {
    const api = useApi(engine, START);

    it('marks two requests for the same time as competing; once one is being accepted the other is a conflict that needs a tick, and the API shows neither marker', async () => {
      api.clock.set(START);
      const o = await signedUpOwner(api);
      const first = await askAppointment(api, o, SLOT, { requester: { name: 'Ana Ruiz', email: 'ana@example.com' } });
      const second = await askAppointment(api, o, SLOT, { requester: { name: 'Bo Chen', email: 'bo@example.com' } });
      const apart = await askAppointment(api, o, NEXT, { requester: { name: 'Cy Dee', email: 'cy@example.com' } });

      const page = (await o.web.get('/app/inbox')).body;
      assert.match(card(page, first), /Competing request:<\/strong> overlaps Bo Chen's Intro call \(pending\)\./);
      assert.match(card(page, second), /Competing request:<\/strong> overlaps Ana Ruiz's Intro call \(pending\)\./);
      assert.doesNotMatch(card(page, apart), MARKED, 'back to back is no overlap');
      // Pending requests hold nothing: either may be accepted without a tick.
      assert.doesNotMatch(card(page, first), /name="confirm" value="overlap" required/);

      const accepted = await act(o.web, `/app/inbox/${first}/accept`);
      assert.equal(accepted.status, 303);
      // At once, inside the undo window: the other request conflicts with the one being accepted.
      const other = card(accepted.body, second);
      assert.match(other, /<span class="status bad">conflict<\/span>/);
      assert.match(other, /Conflict:<\/strong> overlaps Ana Ruiz's Intro call \(being accepted\)\. Accepting it needs your confirmation\./);
      assert.match(other, /<input type="checkbox" name="confirm" value="overlap" required[^>]*> I know it overlaps<\/label> <button type="submit">Accept anyway<\/button>/);

      const refused = await o.web.submit(`/app/inbox/${second}/accept`, {});
      assert.equal(refused.statusCode, 422);
      assert.match(refused.body.replaceAll('&#39;', "'"), /Not done: This time overlaps Ana Ruiz's Intro call \(being accepted\)\. Tick “I know it overlaps” on the request to accept it anyway\./);
      api.clock.advance(6 * SEC);
      await runJobs(api);
      assert.equal((await apiRequest(api, o, first)).status, 'accepted');
      const after = (await o.web.get('/app/inbox')).body;
      assert.match(card(after, second), /overlaps Ana Ruiz's Intro call \(accepted\)/);

      // The API's answer is the same as for any pending request: no conflict field, no marker.
      const seen = await api.get(`/api/v1/requests/${second}`, o.token);
      assert.equal(seen.statusCode, 200);
      assert.doesNotMatch(seen.body, /conflict|overlap/i);

      const ticked = await act(o.web, `/app/inbox/${second}/accept`, { confirm: 'overlap' });
      assert.equal(ticked.status, 303);
      assert.match(ticked.notice ?? '', /^Accepting Bo Chen's appointment request/);
      api.clock.advance(6 * SEC);
      await runJobs(api);
      assert.equal((await apiRequest(api, o, second)).status, 'accepted', 'the owner decided: both are accepted');
    });

    it("marks a request over the owner's own busy event by its title, and refuses a new time into it without the tick", async () => {
      api.clock.set(START);
      const o = await signedUpOwner(api);
      // The request came first (the API refuses busy time); the owner's event was added after it, from 10:15 to 11:00.
      const id = await askAppointment(api, o, SLOT);
      await createEvent({ db: api.rt.store.db, clock: api.clock }, { id: o.owner.id, timezone: 'Europe/Berlin' }, { title: 'Dentist', calendar: 'personal', times: { allDay: false, start: '2026-03-30T10:15', end: '2026-03-30T11:00' } } as never);
      const later = await askAppointment(api, o, { start: '2026-03-30T12:00:00Z', end: '2026-03-30T12:30:00Z' }, { requester: { name: 'Di Eve', email: 'di@example.com' } });
      const page = (await o.web.get('/app/inbox')).body;
      assert.match(card(page, id), /Conflict:<\/strong> overlaps Dentist \(your calendar\)\./);
      assert.doesNotMatch(card(page, later), MARKED);
      const moved = await o.web.submit(`/app/inbox/${later}/reschedule`, { start: '2026-03-30T10:30' });
      assert.equal(moved.statusCode, 422);
      assert.match(moved.body, /Not done: This time overlaps Dentist \(your calendar\)\. Tick “even if it overlaps something” to propose it anyway\./);
      const anyway = await act(o.web, `/app/inbox/${later}/reschedule`, { start: '2026-03-30T10:30', confirm: 'overlap' });
      assert.equal(anyway.status, 303);
      assert.match(anyway.notice ?? '', /^Proposing a new time for Di Eve's/);
    });

    it('two accepts of competing requests racing on two connections: one is made, the other is refused naming it', async () => {
      api.clock.set(START);
      const o = await signedUpOwner(api);
      const a = await askAppointment(api, o, SLOT, { requester: { name: 'Ana Ruiz', email: 'ana@example.com' } });
      const b = await askAppointment(api, o, SLOT, { requester: { name: 'Bo Chen', email: 'bo@example.com' } });
      const env = requestEnv(api.rt);
      const outcomes = await Promise.allSettled([a, b].map((id) => decide(env, o.owner.id, id, { action: 'accept' }, { undoWindow: false, conflicts: 'refuse' })));
      const made = outcomes.filter((x) => x.status === 'fulfilled');
      const refused = outcomes.filter((x): x is PromiseRejectedResult => x.status === 'rejected');
      assert.equal(made.length, 1, 'exactly one accept is made');
      assert.equal(refused.length, 1);
      assert.ok(refused[0]!.reason instanceof ConflictRefusal, String(refused[0]!.reason));
      assert.match((refused[0]!.reason as Error).message, /overlaps (Ana Ruiz|Bo Chen)'s Intro call \(accepted\)/);
      const statuses = await Promise.all([a, b].map(async (id) => (await apiRequest(api, o, id)).status));
      assert.deepEqual(statuses.sort(), ['accepted', 'pending']);
      const acceptedEvents = (await eventsOf(api.rt.store.db, o.owner.id)).filter((e) => e.type === 'request.accepted');
      assert.equal(acceptedEvents.length, 1, 'one request.accepted recorded');
    });
  });
}
