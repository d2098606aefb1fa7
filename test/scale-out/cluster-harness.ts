import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { cliStore, runCli, startServe, type ServeProcess } from '../cli/cli-harness.js';
import { startHttpsServer, type TestHttpsServer } from '../helpers/https-server.js';
import { ENGINES } from '../helpers/engines.js';
import { REDIS_PRESENT, TEST_REDIS_URL } from './redis-helper.js';

/**
 * Real instances for the scale-out tests: `calendar-access serve --role api|worker` started from the
 * built CLI as child processes, on a fresh PostgreSQL database of their own and the Redis of this
 * machine, with a local HTTPS receiver for webhook deliveries (its certificate trusted through
 * NODE_EXTRA_CA_CERTS, its host allowed through ALLOW_PRIVATE_HOSTS, as an operator would for a test).
 */

/** Why the cluster tests cannot run here, or null when PostgreSQL and Redis both answer. */
export function clusterUnavailable(): string | null {
  if (!ENGINES.includes('postgres')) return 'no PostgreSQL answers at TEST_DATABASE_URL';
  if (!REDIS_PRESENT) return `no Redis answers at ${TEST_REDIS_URL}`;
  return null;
}

export interface Receiver {
  server: TestHttpsServer;
  /** Every attempt seen: `${path} ${eventId}` -> the Svc-Delivery-Attempt numbers, in order. */
  attempts: Map<string, number[]>;
  /** Attempts answered so far (any answer). */
  answered: number;
  /** Attempts received (answered or not). */
  received: number;
  /** The first attempt of every `failEvery`-th new event is answered 500 (0: never). */
  failEvery: number;
  /** Each answer waits this long (a slow receiver keeps deliveries in flight). */
  delayMs: number;
  /** While set, answers wait for it (a receiver that holds deliveries in flight until the test lets go). */
  gate: Promise<void> | null;
  /** Events whose first attempt was refused. */
  refused: Set<string>;
  url(pathname: string): string;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const r = {
    attempts: new Map<string, number[]>(),
    answered: 0,
    received: 0,
    failEvery: 0,
    delayMs: 0,
    refused: new Set<string>(),
    gate: null,
  } as Receiver;
  let distinct = 0;
  const server = await startHttpsServer((req, res) => {
    req.resume();
    req.on('end', () => {
      r.received++;
      const key = `${req.url} ${String(req.headers['svc-event-id'])}`;
      const attempt = Number(req.headers['svc-delivery-attempt']);
      const seen = r.attempts.get(key);
      if (seen) seen.push(attempt);
      else {
        r.attempts.set(key, [attempt]);
        distinct++;
        if (r.failEvery > 0 && distinct % r.failEvery === 0 && req.headers['svc-event-type'] !== 'ping') r.refused.add(key);
      }
      const status = r.refused.has(key) && attempt === 1 ? 500 : 200;
      const answer = () =>
        setTimeout(() => {
          r.answered++;
          res.statusCode = status;
          res.end(status === 200 ? 'ok' : 'not now');
        }, r.delayMs);
      if (r.gate) void r.gate.then(answer);
      else answer();
    });
  });
  r.server = server;
  r.url = (pathname) => server.url('localhost', pathname);
  r.close = () => server.close();
  return r;
}

export interface Cluster {
  env: NodeJS.ProcessEnv;
  databaseUrl: string;
  apis: ServeProcess[];
  workers: ServeProcess[];
  /** A client on the cluster's database (the test's own view of the rows). */
  sql<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export interface ClusterOptions {
  apis: number;
  workers: number;
  /** Extra settings for every instance (leases, grace time, ...). */
  env?: Record<string, string>;
  /** The receiver whose certificate the instances trust. */
  receiver?: Receiver;
  /** Run once the database is migrated and before any instance starts (triggers, seed rows). */
  prepare?: (cluster: Pick<Cluster, 'env' | 'sql'>) => Promise<void>;
}

/** A fresh database, migrated by the CLI, then `apis` api and `workers` worker instances started together. */
export async function startCluster(o: ClusterOptions): Promise<Cluster> {
  const store = await cliStore('postgres', 'cluster');
  const databaseUrl = store.env.DATABASE_URL!;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const sql = async <T>(text: string, values: unknown[] = []) => (await client.query(text, values)).rows as T[];
  const extra: Record<string, string> = {
    REDIS_URL: TEST_REDIS_URL,
    JOB_POLL_MS: '100',
    WEBHOOK_POLL_MS: '100',
    PUBLIC_BASE_URL: 'http://cal.example',
    ...o.env,
  };
  if (o.receiver) {
    const caFile = path.join(store.dir, `receiver-ca-${randomBytes(3).toString('hex')}.pem`);
    writeFileSync(caFile, o.receiver.server.ca);
    extra.NODE_EXTRA_CA_CERTS = caFile;
    extra.ALLOW_PRIVATE_HOSTS = 'localhost';
  }
  const env = { ...store.env, ...extra };
  // `migrate` leaves the database current before any instance starts (they would agree under the advisory lock anyway).
  const migrated = await runCli(['migrate'], env);
  assert.equal(migrated.code, 0, migrated.stderr);
  await o.prepare?.({ env, sql });
  const started: ServeProcess[] = [];
  const start = async (role: 'api' | 'worker') => {
    const s = await startServe(env, { args: ['--port', '0', '--role', role] });
    started.push(s);
    return s;
  };
  try {
    const all = await Promise.all([...Array.from({ length: o.apis }, () => start('api')), ...Array.from({ length: o.workers }, () => start('worker'))]);
    return {
      env,
      databaseUrl,
      apis: all.slice(0, o.apis),
      workers: all.slice(o.apis),
      sql,
      close: async () => {
        await Promise.all(started.map((s) => s.stop('SIGKILL')));
        await client.end();
        await store.close();
      },
    };
  } catch (e) {
    await Promise.all(started.map((s) => s.stop('SIGKILL')));
    await client.end();
    await store.close();
    throw e;
  }
}

/** The process id inside a lease holder's name (`host:pid:...`), so a claim can be traced to its instance. */
export function holderPid(holder: string): number {
  return Number(holder.split(':')[1]);
}

/**
 * Records every claim of a job or a webhook delivery (a claim adds one to `attempts` and sets the
 * holder): a run or an attempt starts only with a claim, so a job claimed once ran once.
 */
export const CLAIM_AUDIT = `
  CREATE TABLE claim_audit (tbl text NOT NULL, id uuid NOT NULL, kind text, holder text NOT NULL, attempts integer NOT NULL, at timestamptz NOT NULL DEFAULT clock_timestamp());
  CREATE FUNCTION audit_job_claim() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF NEW.locked_by IS NOT NULL AND NEW.attempts > OLD.attempts THEN
      INSERT INTO claim_audit (tbl, id, kind, holder, attempts) VALUES ('jobs', NEW.id, NEW.kind, NEW.locked_by, NEW.attempts);
    END IF;
    RETURN NEW;
  END $$;
  CREATE FUNCTION audit_delivery_claim() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF NEW.locked_by IS NOT NULL AND NEW.attempts > OLD.attempts THEN
      INSERT INTO claim_audit (tbl, id, kind, holder, attempts) VALUES ('deliveries', NEW.id, NULL, NEW.locked_by, NEW.attempts);
    END IF;
    RETURN NEW;
  END $$;
  CREATE TRIGGER jobs_claim_audit AFTER UPDATE ON jobs FOR EACH ROW EXECUTE FUNCTION audit_job_claim();
  CREATE TRIGGER deliveries_claim_audit AFTER UPDATE ON webhook_deliveries FOR EACH ROW EXECUTE FUNCTION audit_delivery_claim();
`;
