import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fixedClock } from '../../src/domain/clock.js';
import type { Store } from '../../src/store/db.js';
import { claimJobs, completeJob, enqueueJob, failJob, rescheduleJob } from '../../src/store/repos/jobs.js';
import { JobAborted, Worker, type JobKind } from '../../src/jobs/queue.js';
import { ENGINES, openTestStore } from '../helpers/engines.js';

const T0 = '2026-03-29T00:30:00Z';
const at = (iso: string) => new Date(iso);
const plus = (d: Date, ms: number) => new Date(d.getTime() + ms);
const MIN = 60_000;

for (const engine of ENGINES) {
  describe(`jobs on ${engine}`, () => {
    let store: Store;
    before(async () => {
      store = await openTestStore(engine);
    });
    after(async () => {
      await store?.close();
    });
    beforeEach(async () => {
      await store.db.deleteFrom('jobs').execute();
    });

    const claim = (workerId: string, now: Date, limit = 10, leaseMs = MIN, kinds = ['test.a', 'test.b']) =>
      claimJobs(store.db, { workerId, kinds, limit, now, leaseMs });

    it('claims due jobs of its kinds, oldest first, under a lease, counting the attempt', async () => {
      const now = at(T0);
      await enqueueJob(store.db, { kind: 'test.a', payload: { n: 2 }, runAt: plus(now, -MIN) }, now);
      await enqueueJob(store.db, { kind: 'test.a', payload: { n: 1 }, runAt: plus(now, -2 * MIN) }, now);
      await enqueueJob(store.db, { kind: 'test.a', payload: { n: 3 }, runAt: plus(now, MIN) }, now);
      await enqueueJob(store.db, { kind: 'test.other', payload: { n: 4 }, runAt: now }, now);
      const got = await claim('w1', now);
      assert.deepEqual(got.map((j) => j.payload), [{ n: 1 }, { n: 2 }], 'not the future one, nor a kind it cannot run');
      for (const j of got) {
        assert.equal(j.locked_by, 'w1');
        assert.equal(j.locked_until?.toISOString(), plus(now, MIN).toISOString());
        assert.equal(j.attempts, 1);
      }
      assert.deepEqual(await claim('w2', now), [], 'claimed jobs are not due for another worker');
    });

    it('never hands the same job to two workers claiming at once', async () => {
      const now = at(T0);
      for (let i = 0; i < 60; i++) await enqueueJob(store.db, { kind: 'test.a', payload: { i }, runAt: plus(now, -i * 1000) }, now);
      const seen = new Map<string, string>();
      for (let round = 0; round < 10 && seen.size < 60; round++) {
        const batches = await Promise.all(Array.from({ length: 6 }, (_, w) => claim(`w${w}`, now, 4)));
        batches.forEach((batch, w) => {
          for (const job of batch) {
            assert.ok(!seen.has(job.id), `job ${job.id} claimed by w${w} and ${seen.get(job.id)}`);
            seen.set(job.id, `w${w}`);
          }
        });
      }
      assert.equal(seen.size, 60, 'every job claimed exactly once');
    });

    if (engine === 'postgres') {
      // A claim that waited on the lock would never return: this transaction holds it until the claim
      // is done. So the answer itself is the proof, and the limit only ends a hang (no timed assertion).
      it('skips a job another transaction holds instead of waiting for it', { timeout: 5 * MIN }, async () => {
        const now = at(T0);
        const held = await enqueueJob(store.db, { kind: 'test.a', runAt: plus(now, -MIN) }, now);
        const free = await enqueueJob(store.db, { kind: 'test.a', runAt: now }, now);
        await store.db.transaction().execute(async (trx) => {
          await trx.selectFrom('jobs').select('id').where('id', '=', held.id).forUpdate().execute();
          const got = await claim('w2', now);
          assert.deepEqual(got.map((j) => j.id), [free.id]);
        });
      });
    }

    it("claims a job again once its worker's lease has run out, and the old worker can no longer end it", async () => {
      const clock = fixedClock(T0);
      const job = await enqueueJob(store.db, { kind: 'test.a', runAt: clock.now() }, clock.now());
      assert.equal((await claim('crashed', clock.now(), 10, 5 * MIN)).length, 1);
      clock.advance(5 * MIN - 1);
      assert.deepEqual(await claim('w2', clock.now()), [], 'the lease still holds');
      clock.advance(1);
      const again = await claim('w2', clock.now());
      assert.deepEqual(again.map((j) => [j.id, j.locked_by, j.attempts]), [[job.id, 'w2', 2]]);
      assert.equal(await completeJob(store.db, job.id, 'crashed'), false);
      assert.equal(await completeJob(store.db, job.id, 'w2'), true);
      assert.equal((await store.db.selectFrom('jobs').select('id').execute()).length, 0);
    });

    it('backs off 30 s, 1 min, 2 min … after failures, capped at 6 h, computed in SQL from the attempts', async () => {
      const clock = fixedClock(T0);
      const job = await enqueueJob(store.db, { kind: 'test.a', runAt: clock.now() }, clock.now());
      const waits: number[] = [];
      for (let i = 0; i < 4; i++) {
        const [claimed] = await claim('w1', clock.now());
        assert.ok(claimed);
        const next = await failJob(store.db, job.id, 'w1', `boom ${i}`, clock.now());
        waits.push((next!.getTime() - clock.now().getTime()) / 1000);
        clock.set(next!);
      }
      assert.deepEqual(waits, [30, 60, 120, 240]);
      const row = await store.db.selectFrom('jobs').selectAll().where('id', '=', job.id).executeTakeFirstOrThrow();
      assert.equal(row.last_error, 'boom 3');
      assert.equal(row.locked_by, null);
      await store.db.updateTable('jobs').set({ attempts: 40, locked_by: 'w1' }).where('id', '=', job.id).execute();
      const capped = await failJob(store.db, job.id, 'w1', 'again', clock.now());
      assert.equal((capped!.getTime() - clock.now().getTime()) / 1000, 6 * 3600);
      await store.db.updateTable('jobs').set({ attempts: 1, locked_by: 'w1' }).where('id', '=', job.id).execute();
      const jittered = await failJob(store.db, job.id, 'w1', 'again', clock.now(), { baseSeconds: 100, maxSeconds: 1000, jitter: 0.2 });
      const wait = (jittered!.getTime() - clock.now().getTime()) / 1000;
      assert.ok(wait >= 80 && wait <= 120, `${wait} s is within ±20 % of 100 s`);
    });

    it('keeps one job per kind and key: enqueueing again updates it and never postpones it', async () => {
      const now = at(T0);
      const first = await enqueueJob(store.db, { kind: 'test.a', key: 'feed-1', payload: { v: 1 }, runAt: plus(now, 15 * MIN) }, now);
      const sooner = await enqueueJob(store.db, { kind: 'test.a', key: 'feed-1', payload: { v: 2 }, runAt: now }, now);
      assert.equal(sooner.id, first.id);
      assert.equal(sooner.run_at.toISOString(), now.toISOString());
      assert.deepEqual(sooner.payload, { v: 2 });
      const later = await enqueueJob(store.db, { kind: 'test.a', key: 'feed-1', payload: { v: 3 }, runAt: plus(now, 60 * MIN) }, now);
      assert.equal(later.run_at.toISOString(), now.toISOString(), 'the earlier run time stays');
      await enqueueJob(store.db, { kind: 'test.b', key: 'feed-1', runAt: now }, now);
      await enqueueJob(store.db, { kind: 'test.a', runAt: now }, now);
      await enqueueJob(store.db, { kind: 'test.a', runAt: now }, now);
      const rows = await store.db.selectFrom('jobs').select(['kind', 'key']).orderBy('kind').orderBy('key').execute();
      assert.deepEqual(rows, [
        { kind: 'test.a', key: 'feed-1' },
        { kind: 'test.a', key: null },
        { kind: 'test.a', key: null },
        { kind: 'test.b', key: 'feed-1' },
      ]);
    });

    it('reschedules a periodic job as a fresh start: attempts and error cleared, lease released', async () => {
      const now = at(T0);
      const job = await enqueueJob(store.db, { kind: 'test.a', runAt: now }, now);
      await claim('w1', now);
      assert.equal(await rescheduleJob(store.db, job.id, 'w2', plus(now, MIN)), false, 'only the holder may');
      assert.equal(await rescheduleJob(store.db, job.id, 'w1', plus(now, 15 * MIN)), true);
      const row = await store.db.selectFrom('jobs').selectAll().where('id', '=', job.id).executeTakeFirstOrThrow();
      assert.deepEqual([row.attempts, row.locked_by, row.locked_until, row.run_at.toISOString()], [0, null, null, plus(now, 15 * MIN).toISOString()]);
    });

    describe('the worker', () => {
      it('runs each due job with its handler: done deletes, runAt keeps, a throw backs off with the error', async () => {
        const clock = fixedClock(T0);
        const now = clock.now();
        const seen: string[] = [];
        const kinds: Record<string, JobKind> = {
          'test.done': { run: async (job) => { seen.push(`done ${(job.payload as { n: number }).n}`); } },
          'test.again': { run: async () => ({ runAt: plus(clock.now(), 15 * MIN) }) },
          'test.fail': { run: async () => { throw new Error('the feed answered HTTP 500'); }, backoff: { baseSeconds: 10 } },
        };
        const worker = new Worker({ db: store.db, clock, kinds, id: 'w1' });
        const done = await enqueueJob(store.db, { kind: 'test.done', payload: { n: 1 }, runAt: now }, now);
        const again = await enqueueJob(store.db, { kind: 'test.again', runAt: now }, now);
        const fail = await enqueueJob(store.db, { kind: 'test.fail', runAt: now }, now);
        assert.equal(await worker.runOnce(), 3);
        assert.deepEqual(seen, ['done 1']);
        const rows = new Map((await store.db.selectFrom('jobs').selectAll().execute()).map((r) => [r.id, r]));
        assert.equal(rows.has(done.id), false);
        assert.equal(rows.get(again.id)!.run_at.toISOString(), plus(now, 15 * MIN).toISOString());
        assert.equal(rows.get(fail.id)!.run_at.toISOString(), plus(now, 10_000).toISOString());
        assert.equal(rows.get(fail.id)!.last_error, 'the feed answered HTTP 500');
        assert.equal(await worker.runOnce(), 0, 'nothing is due at the same instant');
        await worker.close();
      });

      it('runs each job once when two workers poll the same table at once', async () => {
        const clock = fixedClock(T0);
        const ran: string[] = [];
        const kinds: Record<string, JobKind> = {
          'test.a': { run: async (job) => { ran.push(job.id); await new Promise((r) => setTimeout(r, 1)); } },
        };
        const workers = [new Worker({ db: store.db, clock, kinds, batchSize: 3 }), new Worker({ db: store.db, clock, kinds, batchSize: 3 })];
        for (let i = 0; i < 20; i++) await enqueueJob(store.db, { kind: 'test.a', runAt: clock.now() }, clock.now());
        while ((await Promise.all(workers.map((w) => w.runOnce()))).some((n) => n > 0));
        assert.equal(ran.length, 20);
        assert.equal(new Set(ran).size, 20, 'no job ran twice');
        assert.equal((await store.db.selectFrom('jobs').select('id').execute()).length, 0);
        await Promise.all(workers.map((w) => w.close()));
      });

      it('polls on its own until closed, then leaves no timer and claims nothing more', async () => {
        const clock = fixedClock(T0);
        let runs = 0;
        let resolveFirst!: () => void;
        const firstRun = new Promise<void>((r) => { resolveFirst = r; });
        const worker = new Worker({
          db: store.db, clock, pollMs: 5, id: 'poller',
          kinds: { 'test.a': { run: async () => { runs++; resolveFirst(); } } },
        });
        worker.start();
        await enqueueJob(store.db, { kind: 'test.a', runAt: clock.now() }, clock.now());
        await firstRun;
        await worker.close();
        assert.equal(worker.polling, false, 'no timer left behind');
        await enqueueJob(store.db, { kind: 'test.a', runAt: clock.now() }, clock.now());
        await new Promise((r) => setTimeout(r, 40));
        assert.equal(runs, 1, 'a closed worker claims nothing');
        assert.equal(await worker.runOnce(), 0);
      });

      it('hands a running job back untouched when it closes mid-job', async () => {
        const clock = fixedClock(T0);
        let started!: () => void;
        const running = new Promise<void>((r) => { started = r; });
        const worker = new Worker({
          db: store.db, clock, id: 'closing',
          kinds: {
            'test.a': {
              run: (_job, ctx) => new Promise((_ok, fail) => {
                started();
                ctx.signal.addEventListener('abort', () => fail(new JobAborted('stopping')));
              }),
            },
          },
        });
        const job = await enqueueJob(store.db, { kind: 'test.a', runAt: clock.now() }, clock.now());
        const run = worker.runOnce();
        await running;
        await worker.close();
        await run;
        const row = await store.db.selectFrom('jobs').selectAll().where('id', '=', job.id).executeTakeFirstOrThrow();
        assert.deepEqual([row.attempts, row.locked_by, row.last_error, row.run_at.toISOString()], [0, null, null, clock.now().toISOString()]);
      });
    });
  });
}
