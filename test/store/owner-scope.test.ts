import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES, openTestStore } from '../helpers/engines.js';
import { fixedClock } from '../../src/domain/clock.js';
import { createOwner } from '../../src/services/owners.js';
import { createPersonalToken } from '../../src/services/tokens.js';
import type { Store } from '../../src/store/db.js';
import type { OwnerRow } from '../../src/store/schema.js';
import { findTask, taskFeed } from '../../src/store/repos/tasks.js';
import { findVisibleRequest, requestFeed } from '../../src/store/repos/requests.js';
import { listAppointmentTypes } from '../../src/store/repos/appointment-types.js';
import { calendarSlugs, findOwner, isBookingEnabled } from '../../src/store/repos/owners.js';
import { eventsForWindow, eventWithOverrides } from '../../src/store/repos/events.js';
import { listTokens, revokeToken } from '../../src/store/repos/tokens.js';
import { seedAppointmentType, seedRequest, seedTask, setBooking } from '../helpers/seed.js';
import { seedEvent, seedOverride } from '../helpers/seed-events.js';

const clock = fixedClock('2026-03-29T00:30:00Z');
const LONG_AGO = new Date('2000-01-01T00:00:00Z');

interface World {
  owner: OwnerRow;
  tokenId: string;
  tasks: string[];
  deletedTask: string;
  requests: string[];
  deletedRequest: string;
  types: string[];
  events: string[];
}

for (const engine of ENGINES) {
  describe(`every repository query is scoped to its owner on ${engine}`, () => {
    let store: Store;
    let a: World;
    let b: World;

    /** Two owners with the same kinds of rows at the same instants, so only owner_id tells them apart. */
    async function world(username: string, bookingOn: boolean): Promise<World> {
      const db = store.db;
      const owner = await createOwner(db, clock, { username, displayName: username, timezone: 'Europe/Berlin' });
      const token = await createPersonalToken(db, clock, { ownerId: owner.id, name: 't', scopes: ['tasks:read'], test: false, expiresInSeconds: null });
      await setBooking(db, owner.id, bookingOn);
      const tasks = [await seedTask(db, owner.id, { updatedAt: '2026-03-10T00:00:00Z', dueDate: '2026-04-01' }), await seedTask(db, owner.id, { updatedAt: '2026-03-11T00:00:00Z', completedAt: '2026-03-11T00:00:00Z' })];
      const deletedTask = await seedTask(db, owner.id, { deletedAt: '2026-03-20T00:00:00Z' });
      const requests = [
        await seedRequest(db, owner.id, { createdAt: '2026-03-10T00:00:00Z' }),
        await seedRequest(db, owner.id, { createdAt: '2026-03-11T00:00:00Z', status: 'accepted', tokenId: token.id }),
        await seedRequest(db, owner.id, { createdAt: '2026-03-12T00:00:00Z', fromBlocked: true, tokenId: token.id }),
      ];
      const deletedRequest = await seedRequest(db, owner.id, { createdAt: '2026-03-01T00:00:00Z', deletedAt: '2026-03-20T00:00:00Z' });
      const types = [await seedAppointmentType(db, owner.id, { position: 0 }), await seedAppointmentType(db, owner.id, { position: 1 })];
      const series = await seedEvent(db, owner.id, { start: '2026-03-16T08:00:00Z', end: '2026-03-16T09:00:00Z', rrule: 'FREQ=DAILY;COUNT=10', calendar: 'work' });
      await seedOverride(db, owner.id, series, { originalStart: '2026-03-17T08:00:00Z', cancelled: true });
      const single = await seedEvent(db, owner.id, { start: '2026-03-20T08:00:00Z', end: '2026-03-20T09:00:00Z' });
      const gone = await seedEvent(db, owner.id, { start: '2026-03-21T08:00:00Z', end: '2026-03-21T09:00:00Z', deletedAt: '2026-03-25T00:00:00Z' });
      return { owner, tokenId: token.id, tasks, deletedTask, requests, deletedRequest, types, events: [series, single, gone] };
    }

    before(async () => {
      store = await openTestStore(engine);
      a = await world(`scope-a-${engine}`, true);
      b = await world(`scope-b-${engine}`, false);
    });
    after(async () => {
      await store?.close();
    });

    it('the to-do feed and look-up', async () => {
      const feed = await taskFeed(store.db, {
        ownerId: a.owner.id, status: null, dueFrom: null, dueTo: null, updatedSince: null, deletedSince: LONG_AGO, completedSince: LONG_AGO, after: null, limit: 100,
      });
      assert.deepEqual(feed.map((r) => r.id).sort(), [...a.tasks, a.deletedTask].sort());
      assert.ok(feed.every((r) => !b.tasks.includes(r.id)));
      assert.equal((await findTask(store.db, a.owner.id, a.tasks[0]!))?.id, a.tasks[0]);
      assert.equal(await findTask(store.db, a.owner.id, b.tasks[0]!), undefined);
      assert.equal(await findTask(store.db, b.owner.id, a.tasks[0]!), undefined);
    });

    it('the request feed and look-up, even given the other owner\'s token id', async () => {
      const base = { status: null, kind: null, createdByThisToken: null, updatedSince: null, deletedSince: LONG_AGO, handledSince: LONG_AGO, after: null, limit: 100 } as const;
      const feed = await requestFeed(store.db, { ...base, ownerId: a.owner.id, tokenId: a.tokenId });
      assert.deepEqual(feed.map((r) => r.id).sort(), [...a.requests, a.deletedRequest].sort());
      const crossed = await requestFeed(store.db, { ...base, ownerId: a.owner.id, tokenId: b.tokenId });
      assert.ok(crossed.every((r) => [...a.requests, a.deletedRequest].includes(r.id)));
      assert.equal(crossed.some((r) => r.id === a.requests[2]), false, 'a blocked request stays with its own token');
      const mine = await requestFeed(store.db, { ...base, ownerId: a.owner.id, tokenId: b.tokenId, createdByThisToken: true, deletedSince: null });
      assert.deepEqual(mine, [], 'no request of this owner was made by the other owner\'s token');
      for (const id of b.requests) {
        assert.equal(await findVisibleRequest(store.db, { ownerId: a.owner.id, tokenId: b.tokenId, id, handledSince: LONG_AGO }), undefined);
      }
      assert.equal((await findVisibleRequest(store.db, { ownerId: a.owner.id, tokenId: a.tokenId, id: a.requests[2]!, handledSince: LONG_AGO }))?.id, a.requests[2]);
    });

    it('appointment types, booking settings and calendars', async () => {
      assert.deepEqual((await listAppointmentTypes(store.db, a.owner.id)).map((t) => t.id), a.types);
      assert.deepEqual((await listAppointmentTypes(store.db, b.owner.id)).map((t) => t.id), b.types);
      assert.equal(await isBookingEnabled(store.db, a.owner.id), true);
      assert.equal(await isBookingEnabled(store.db, b.owner.id), false);
      const slugsA = await calendarSlugs(store.db, a.owner.id);
      const slugsB = await calendarSlugs(store.db, b.owner.id);
      assert.deepEqual([...slugsA.values()].sort(), ['personal', 'work']);
      assert.equal([...slugsA.keys()].some((id) => slugsB.has(id)), false);
    });

    it('events, their overrides and deleted events', async () => {
      const window = { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-04-30T00:00:00Z'), deletedSince: LONG_AGO };
      const { events, overrides } = await eventsForWindow(store.db, { ...window, ownerId: a.owner.id });
      assert.deepEqual(events.map((e) => e.id).sort(), [...a.events].sort());
      assert.deepEqual(overrides.map((o) => o.eventId), [a.events[0]]);
      assert.equal(await eventWithOverrides(store.db, a.owner.id, b.events[0]!), null);
      assert.equal((await eventWithOverrides(store.db, a.owner.id, a.events[0]!))?.overrides.length, 1);
    });

    it('owners and tokens: no owner can list or revoke another\'s token', async () => {
      assert.deepEqual((await listTokens(store.db, a.owner.id)).map((t) => t.id), [a.tokenId]);
      assert.equal(await revokeToken(store.db, a.owner.id, b.tokenId, clock.now()), undefined);
      const bTokens = await listTokens(store.db, b.owner.id);
      assert.equal(bTokens[0]!.revoked_at, null);
      assert.equal((await findOwner(store.db, a.owner.id))?.username, a.owner.username);
    });
  });
}
