import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { ENGINES, openTestStore } from '../helpers/engines.js';
import { fixedClock } from '../../src/domain/clock.js';
import { createOwner } from '../../src/services/owners.js';
import type { Store } from '../../src/store/db.js';
import { seedTask } from '../helpers/seed.js';

const clock = fixedClock('2026-03-29T00:30:00Z');
let n = 0;

for (const engine of ENGINES) {
  describe(`transactions on ${engine}`, () => {
    let store: Store;
    before(async () => {
      store = await openTestStore(engine);
    });
    after(async () => {
      await store?.close();
    });
    const newOwner = () => createOwner(store.db, clock, { username: `tx-${engine}-${++n}`, displayName: 'Tx', timezone: 'Europe/Berlin' });
    const taskCount = async (ownerId: string) =>
      Number((await store.db.selectFrom('tasks').select((eb) => eb.fn.countAll().as('n')).where('owner_id', '=', ownerId).executeTakeFirstOrThrow()).n);

    it('leave nothing written when the work inside throws, and pass the error on', async () => {
      const owner = await newOwner();
      const boom = new Error('boom');
      await assert.rejects(
        store.db.transaction().execute(async (trx) => {
          await seedTask(trx, owner.id, { title: 'first' });
          await seedTask(trx, owner.id, { title: 'second' });
          await trx.updateTable('owners').set({ display_name: 'Changed' }).where('id', '=', owner.id).execute();
          throw boom;
        }),
        (e) => e === boom,
      );
      assert.equal(await taskCount(owner.id), 0);
      const o = await store.db.selectFrom('owners').select('display_name').where('id', '=', owner.id).executeTakeFirstOrThrow();
      assert.equal(o.display_name, 'Tx');
    });

    it('leave nothing written when a statement inside fails, and the store answers afterwards', async () => {
      const owner = await newOwner();
      await assert.rejects(
        store.db.transaction().execute(async (trx) => {
          await seedTask(trx, owner.id, {});
          await sql`SELECT 1 / 0`.execute(trx);
        }),
      );
      assert.equal(await taskCount(owner.id), 0);
      // A failing statement outside a transaction frees the store too.
      await assert.rejects(sql`SELECT * FROM no_such_table`.execute(store.db));
      await seedTask(store.db, owner.id, {});
      assert.equal(await taskCount(owner.id), 1);
    });

    it('keep their uncommitted rows from concurrent queries, and a concurrent write is not swept into their rollback', async () => {
      const owner = await newOwner();
      let inside!: () => void;
      const wroteInside = new Promise<void>((resolve) => { inside = resolve; });
      const tx = store.db.transaction().execute(async (trx) => {
        await seedTask(trx, owner.id, { title: 'inside' });
        inside();
        await sleep(50);
        const seen = await trx.selectFrom('tasks').select('title').where('owner_id', '=', owner.id).execute();
        assert.ok(seen.some((r) => r.title === 'inside'), 'the transaction sees its own row');
        throw new Error('roll back');
      });
      await wroteInside;
      // Issued while the transaction is open: on PGlite these wait for it, on PostgreSQL they use another connection.
      const [outsideWrite, outsideRead] = await Promise.all([
        seedTask(store.db, owner.id, { title: 'outside' }),
        store.db.selectFrom('tasks').select('title').where('owner_id', '=', owner.id).where('title', '=', 'inside').execute(),
        assert.rejects(tx, /roll back/),
      ]);
      assert.ok(outsideWrite);
      assert.deepEqual(outsideRead, [], 'an uncommitted row is never seen from outside');
      const rows = await store.db.selectFrom('tasks').select('title').where('owner_id', '=', owner.id).execute();
      assert.deepEqual(rows.map((r) => r.title), ['outside']);
    });

    it('run concurrently without losing an update when each locks the row it changes', async () => {
      const owner = await newOwner();
      const id = await seedTask(store.db, owner.id, { durationMinutes: 1 });
      await Promise.all(
        Array.from({ length: 20 }, () =>
          store.db.transaction().execute(async (trx) => {
            const row = await trx.selectFrom('tasks').select('duration_minutes').where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
            await sleep(1);
            await trx.updateTable('tasks').set({ duration_minutes: row.duration_minutes! + 1 }).where('id', '=', id).execute();
          }),
        ),
      );
      const row = await store.db.selectFrom('tasks').select('duration_minutes').where('id', '=', id).executeTakeFirstOrThrow();
      assert.equal(row.duration_minutes, 21);
    });

    it('commit everything written inside when the work succeeds', async () => {
      const owner = await newOwner();
      const ids = await store.db.transaction().execute(async (trx) => [await seedTask(trx, owner.id, {}), await seedTask(trx, owner.id, {})]);
      assert.equal(await taskCount(owner.id), 2);
      assert.equal(new Set(ids).size, 2);
    });

    // PGlite has one connection: the dialect's lock must hand it to one whole transaction at a time.
    if (engine === 'pglite') {
      it('run one at a time on PGlite: statements of concurrent transactions never interleave', async () => {
        const log: string[] = [];
        const work = (name: string) =>
          store.db.transaction().execute(async (trx) => {
            log.push(`${name} begin`);
            await sql`SELECT 1`.execute(trx);
            await sleep(5);
            await sql`SELECT 2`.execute(trx);
            log.push(`${name} end`);
          });
        const plain = async () => {
          await sql`SELECT 3`.execute(store.db);
          log.push('plain');
        };
        await Promise.all([work('a'), plain(), work('b'), plain(), work('c')]);
        for (const name of ['a', 'b', 'c']) {
          const i = log.indexOf(`${name} begin`);
          assert.equal(log[i + 1], `${name} end`, log.join(', '));
        }
        assert.equal(log.filter((l) => l === 'plain').length, 2);
      });
    }
  });
}
