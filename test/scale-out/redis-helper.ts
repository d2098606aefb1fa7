import { randomBytes } from 'node:crypto';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { PATIENCE_MS } from '../helpers/patience.js';

/**
 * Redis for the scale-out tests: REDIS_URL's, else 127.0.0.1:6379, when it answers a PING. Without
 * it, the tests that need it are not defined and the file says so (like PostgreSQL in
 * test/helpers/engines.ts): they run what they can on the memory store.
 */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/**
 * A wrong "absent" would not fail a test but silently leave the Redis half untested, so the probe
 * waits as a test does (PATIENCE_MS) for the connection and the PONG. An absent Redis costs nothing:
 * a refused connection fails at once.
 */
async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(TEST_REDIS_URL, { lazyConnect: true, connectTimeout: PATIENCE_MS, commandTimeout: PATIENCE_MS, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

export const REDIS_PRESENT = await redisAnswers();

/** A prefix of its own per test, so runs and files never see each other's keys. */
export const testPrefix = (what: string) => `ca:test:${what}:${randomBytes(5).toString('hex')}:`;

/**
 * A TCP relay in front of Redis that a test can cut (as if Redis went away: connections dropped, new
 * ones refused) and mend (Redis is back on the same address).
 */
export class CuttableRelay {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    const server = createServer((client) => {
      const upstream = createConnection(this.target);
      this.sockets.add(client).add(upstream);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        this.sockets.delete(client);
        this.sockets.delete(upstream);
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

export function redisTarget(): { host: string; port: number } {
  const u = new URL(TEST_REDIS_URL);
  return { host: u.hostname, port: Number(u.port || 6379) };
}
