import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { KyselyPlugin } from 'kysely';
import { fixedClock } from '../../src/domain/clock.js';
import { createOwner } from '../../src/services/owners.js';
import { OwnerVersions } from '../../src/services/owner-versions.js';
import type { Store } from '../../src/store/db.js';
import { ENGINES, openTestStore } from '../helpers/engines.js';
import { seedTask } from '../helpers/seed.js';

/** Counts the statements a Kysely instance runs. */
function counting(): { plugin: KyselyPlugin; count: () => number } {
  let n = 0;
  return {
    plugin: { transformQuery: (args) => { n += 1; return args.node; }, transformResult: async (args) => args.result },
    count: () => n,
  };
}

for (const engine of ENGINES) {
  describe(`owner change counters on ${engine}, read without following notices`, () => {
    let store: Store;
    before(async () => { store = await openTestStore(engine); });
    after(async () => { await store.close(); });
    const clock = fixedClock('2026-10-25T00:30:00Z');
    let n = 0;
    const owner = () => createOwner(store.db, clock, { username: `versions-${engine}-${process.pid}-${n++}`, displayName: 'V', timezone: 'Europe/Berlin' });

    it('answers many questions at once with one statement per round, each with its owner\'s counters', async () => {
      const owners = [await owner(), await owner(), await owner()];
      await seedTask(store.db, owners[1]!.id, {});
      await seedTask(store.db, owners[1]!.id, {});
      const stats = counting();
      const versions = new OwnerVersions(store.db.withPlugin(stats.plugin));
      const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => versions.get(owners[i % 3]!.id)));
      assert.ok(stats.count() <= 2, `${stats.count()} statements for 30 questions`);
      for (let i = 0; i < 30; i++) assert.equal(answers[i]!.tasks, i % 3 === 1 ? '3' : '1');
    });

    it('never answers a question with a read begun before it: a change committed before the question is seen', async () => {
      const o = await owner();
      const versions = new OwnerVersions(store.db);
      const first = versions.get(o.id); // a read on its way
      await seedTask(store.db, o.id, {}); // committed before the next question
      const second = versions.get(o.id);
      assert.equal((await first).tasks === '1' || (await first).tasks === '2', true);
      assert.equal((await second).tasks, '2');
      for (let i = 0; i < 5; i++) {
        const pending = versions.get(o.id);
        await seedTask(store.db, o.id, {});
        assert.equal((await versions.get(o.id)).tasks, String(3 + i));
        await pending;
      }
    });
  });
}
