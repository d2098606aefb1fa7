import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fixedClock } from '../../src/domain/clock.js';
import type { Store } from '../../src/store/db.js';
import { HOUSEKEEPING, housekeepingKind, scheduleHousekeeping } from '../../src/services/housekeeping.js';
import { Worker } from '../../src/jobs/queue.js';
import { createOwner } from '../../src/services/owners.js';
import { createPersonalToken } from '../../src/services/tokens.js';
import { ENGINES, openTestStore } from '../helpers/engines.js';

for (const engine of ENGINES) {
  describe(`housekeeping on ${engine}`, () => {
    let store: Store;
    before(async () => {
      store = await openTestStore(engine);
    });
    after(async () => {
      await store?.close();
    });

    it('forgets idempotency keys older than 24 hours, keeps newer ones, and runs again an hour later', async () => {
      const clock = fixedClock('2026-10-25T01:30:00Z');
      const owner = await createOwner(store.db, clock, { username: `hk-${engine}`, displayName: 'HK', timezone: 'Europe/Berlin' });
      const { id: tokenId } = await createPersonalToken(store.db, clock, { ownerId: owner.id, name: 't', scopes: ['requests:create'], test: false, expiresInSeconds: null });
      const key = (k: string, createdAt: string) => ({ token_id: tokenId, key: k, fingerprint: 'f', status: 201, body: '{}', created_at: new Date(createdAt) });
      await store.db.insertInto('idempotency_keys').values([key('old-key-0000000001', '2026-10-24T01:29:59Z'), key('new-key-0000000001', '2026-10-24T01:30:01Z')]).execute();
      await scheduleHousekeeping(store.db, clock.now());
      await scheduleHousekeeping(store.db, clock.now());
      const jobs = await store.db.selectFrom('jobs').selectAll().where('kind', '=', HOUSEKEEPING).execute();
      assert.equal(jobs.length, 1, 'one job whatever the number of instances starting');
      const worker = new Worker({ db: store.db, clock, kinds: { [HOUSEKEEPING]: housekeepingKind(store.db) } });
      assert.equal(await worker.runOnce(), 1);
      const left = await store.db.selectFrom('idempotency_keys').select('key').where('token_id', '=', tokenId).execute();
      assert.deepEqual(left.map((r) => r.key), ['new-key-0000000001']);
      const next = await store.db.selectFrom('jobs').select('run_at').where('kind', '=', HOUSEKEEPING).executeTakeFirstOrThrow();
      assert.equal(next.run_at.toISOString(), '2026-10-25T02:30:00.000Z');
      await worker.close();
    });
  });
}
