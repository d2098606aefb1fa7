import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { ENGINES, openTestStore } from '../helpers/engines.js';
import { fixedClock } from '../../src/domain/clock.js';
import { createOwner } from '../../src/services/owners.js';
import type { Store } from '../../src/store/db.js';
import { seedJournalEntry, seedRequest, seedTask } from '../helpers/seed.js';

/** Zones at both ends of the offset range, the test runner's default, and UTC. */
const ZONES = ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/Los_Angeles', 'Asia/Kolkata', 'UTC'];

/** Runs `fn` with the process time zone set to `zone` (Node reads TZ again when it changes). */
async function inZone<T>(zone: string, fn: () => Promise<T>): Promise<T> {
  const before = process.env.TZ;
  process.env.TZ = zone;
  try {
    return await fn();
  } finally {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  }
}

for (const engine of ENGINES) {
  describe(`local dates and instants in the store on ${engine}`, () => {
    let store: Store;
    let ownerId: string;
    before(async () => {
      store = await openTestStore(engine);
      ownerId = (await createOwner(store.db, fixedClock('2026-03-29T00:30:00Z'), { username: 'dates', displayName: 'Dates', timezone: 'Pacific/Auckland' })).id;
    });
    after(async () => {
      await store?.close();
    });

    it('reads a date column back as the same YYYY-MM-DD text whatever the process time zone', async () => {
      const db = store.db;
      const task = await seedTask(db, ownerId, { dueDate: '2026-03-29', dueTime: '00:30', timezone: 'Pacific/Auckland' });
      const request = await seedRequest(db, ownerId, { suggestedDueDate: '2026-01-01' });
      const entry = await seedJournalEntry(db, ownerId, { entryDate: '2028-02-29', body: 'leap' });
      for (const zone of ZONES) {
        await inZone(zone, async () => {
          assert.equal(new Date('2026-03-29T00:00:00').getTimezoneOffset() === 0, zone === 'UTC', `the process is really in ${zone}`);
          const t = await db.selectFrom('tasks').select(['due_date', 'due_time']).where('id', '=', task).executeTakeFirstOrThrow();
          assert.deepEqual(t, { due_date: '2026-03-29', due_time: '00:30' }, zone);
          const r = await db.selectFrom('requests').select('suggested_due_date').where('id', '=', request).executeTakeFirstOrThrow();
          assert.equal(r.suggested_due_date, '2026-01-01', zone);
          const j = await db.selectFrom('journal_entries').select('entry_date').where('id', '=', entry).executeTakeFirstOrThrow();
          assert.equal(j.entry_date, '2028-02-29', zone);
          const literal = await sql<{ d: unknown }>`SELECT DATE '2026-12-31' AS d`.execute(db);
          assert.equal(literal.rows[0]!.d, '2026-12-31', zone);
        });
      }
    });

    it('stores a date written while the process is in another zone as the same local date', async () => {
      const db = store.db;
      for (const zone of ZONES) {
        const id = await inZone(zone, () => seedTask(db, ownerId, { dueDate: '2026-10-25' }));
        const t = await db.selectFrom('tasks').select('due_date').where('id', '=', id).executeTakeFirstOrThrow();
        assert.equal(t.due_date, '2026-10-25', zone);
        const found = await db.selectFrom('tasks').select('id').where('id', '=', id).where('due_date', '=', '2026-10-25').executeTakeFirst();
        assert.equal(found?.id, id, `${zone}: a date compares equal to its text`);
      }
    });

    it('keeps dates as text and instants as the same moment whatever the session time zone', async () => {
      const db = store.db;
      const id = await seedTask(db, ownerId, { dueDate: '2026-03-29', updatedAt: '2026-03-29T00:30:00.123Z' });
      for (const zone of ZONES) {
        const row = await db.transaction().execute(async (trx) => {
          await sql`SELECT set_config('TimeZone', ${zone}, true)`.execute(trx);
          return trx.selectFrom('tasks').select(['due_date', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow();
        });
        assert.equal(row.due_date, '2026-03-29', zone);
        assert.ok(row.updated_at instanceof Date);
        assert.equal(row.updated_at.toISOString(), '2026-03-29T00:30:00.123Z', zone);
      }
    });
  });
}
