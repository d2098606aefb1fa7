import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { enqueueJob } from '../../src/store/repos/jobs.js';
import type { Store } from '../../src/store/db.js';
import { PATIENCE_MS, until } from '../cli/cli-harness.js';
import { ENGINES, openTestStore, TEST_DATABASE_URL } from '../helpers/engines.js';

const FIXTURE = fileURLToPath(new URL('./fixtures/probe-worker.ts', import.meta.url));

function startWorker(schema: string, name: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, TEST_DATABASE_URL, schema, name], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('ready')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`worker ${name} exited (${code}) before it was ready: ${err}`)));
  });
}

if (!ENGINES.includes('postgres')) console.log('# no PostgreSQL answers: the job loop across worker processes was not tested (PGlite is one process)');
else
  describe('the job loop in two worker processes on one PostgreSQL database', () => {
    let store: Store;
    const children: ChildProcess[] = [];
    before(async () => {
      store = await openTestStore('postgres');
      await sql`CREATE TABLE probe_runs (job_id uuid NOT NULL, worker text NOT NULL, at timestamptz NOT NULL DEFAULT now())`.execute(store.db);
    });
    after(async () => {
      for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
      await store.close();
    });

    const enqueue = async (n: number) => {
      const ids: string[] = [];
      for (let i = 0; i < n; i++) ids.push((await enqueueJob(store.db, { kind: 'scaleout.probe', runAt: new Date(Date.now() - 1000), payload: { i } }, new Date())).id);
      return ids;
    };
    const runs = async () => (await sql<{ job_id: string; worker: string }>`SELECT job_id, worker FROM probe_runs`.execute(store.db)).rows;
    const left = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM jobs WHERE kind = 'scaleout.probe'`.execute(store.db)).rows[0]!.n);

    test('two workers share 300 jobs: each runs exactly once, and both take part', async () => {
      children.push(await startWorker(store.schema!, 'w1'), await startWorker(store.schema!, 'w2'));
      const ids = await enqueue(300);
      await until(async () => (await left()) === 0, 'every job to be done', PATIENCE_MS);
      const all = await runs();
      assert.equal(all.length, 300, 'no job ran twice');
      assert.deepEqual(new Set(all.map((r) => r.job_id)), new Set(ids));
      assert.deepEqual(new Set(all.map((r) => r.worker)), new Set(['w1', 'w2']));
    });

    test('kill -9 of one worker mid-way loses no job: the other finishes its leased jobs after the lease, and only those may run again', async () => {
      await sql`DELETE FROM probe_runs`.execute(store.db);
      const ids = await enqueue(300);
      await until(async () => (await runs()).length >= 60, 'some jobs to run', PATIENCE_MS);
      const victim = children[0]!;
      victim.kill('SIGKILL');
      await new Promise((r) => victim.once('exit', r));
      const leased = new Set(
        (await sql<{ id: string }>`SELECT id FROM jobs WHERE locked_by = 'w1' AND locked_until > now()`.execute(store.db)).rows.map((r) => r.id),
      );
      // Its leases end, as their time passing would (the fixture's lease is minutes long).
      await sql`UPDATE jobs SET locked_until = now() WHERE locked_by = 'w1' AND locked_until > now()`.execute(store.db);
      await until(async () => (await left()) === 0, 'every job to be done by the surviving worker', PATIENCE_MS);
      const all = await runs();
      assert.deepEqual(new Set(all.map((r) => r.job_id)), new Set(ids), 'every job ran');
      const count = new Map<string, number>();
      for (const r of all) count.set(r.job_id, (count.get(r.job_id) ?? 0) + 1);
      const twice = [...count].filter(([, n]) => n > 1).map(([id]) => id);
      for (const id of twice) assert.ok(leased.has(id), `job ${id} ran twice but was not held by the killed worker`);
    });

    test('SIGTERM lets the running jobs finish and releases nothing half-done', async () => {
      const survivor = children[1]!;
      await sql`DELETE FROM probe_runs`.execute(store.db);
      await enqueue(40);
      await until(async () => (await runs()).length >= 5, 'some jobs to run', PATIENCE_MS);
      survivor.kill('SIGTERM');
      const code = await new Promise<number | null>((r) => survivor.once('exit', (c) => r(c)));
      assert.equal(code, 0);
      const held = (await sql<{ n: string }>`SELECT count(*) AS n FROM jobs WHERE kind = 'scaleout.probe' AND locked_by IS NOT NULL AND locked_until > now()`.execute(store.db)).rows[0]!.n;
      assert.equal(Number(held), 0, 'no job left leased to a stopped worker');
    });
  });
