import { randomUUID } from 'node:crypto';
import { after, before } from 'node:test';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { loadConfig } from '../../src/config.js';
import { fixedClock } from '../../src/domain/clock.js';
import { buildApp } from '../../src/http/app.js';
import { openDeps, type Deps } from '../../src/deps.js';
import { createOwner } from '../../src/services/owners.js';
import { createPersonalToken } from '../../src/services/tokens.js';
import { SCOPES } from '../../src/domain/scopes.js';
import { generateTokenValue, hashToken } from '../../src/domain/token-format.js';
import type { EngineName } from '../../src/store/db.js';
import type { OwnerRow } from '../../src/store/schema.js';
import { openTestStore, schemaTurn } from './engines.js';
import { PATIENT_SERVICE_ENV } from './patience.js';

export const ALL_SCOPES = [...SCOPES];

export interface ApiHarness {
  app: FastifyInstance;
  rt: Deps;
  clock: ReturnType<typeof fixedClock>;
  /** A new owner with a unique username (tests share one store per file). */
  owner(timezone?: string): Promise<OwnerRow>;
  /** A new token of the owner; returns its value. */
  token(owner: OwnerRow, scopes?: string[], opts?: { test?: boolean; expiresInSeconds?: number }): Promise<string>;
  get(url: string, token?: string, extra?: Partial<InjectOptions>): Promise<LightMyRequestResponse>;
  /** An OAuth access token (svc_at_) of an app already suspended, written straight to the store (no app can be registered yet). */
  suspendedAppToken(owner: OwnerRow, scopes: string[]): Promise<string>;
}

let counter = 0;

/**
 * An in-process API on one engine with a pinned clock, built once per describe block (`before`) and
 * closed after it. Requests go through app.inject: no socket. `env` adds settings to the test
 * configuration (ALLOW_PRIVATE_HOSTS=localhost for a webhook endpoint on this machine).
 */
/**
 * Settings for a test's own service: load shedding out of the way unless a test sets it
 * (test/http/load-shedding.test.ts): the test process is the server and its own client, and its
 * work holding the loop on a busy machine is not load to shed (a sample of a minute is never taken
 * while a file runs). The service's deadlines (readiness, a duplicate's wait, Redis at start, a
 * webhook receiver) are raised to the tests' patience (test/helpers/patience.ts). The tests sign many
 * owners up from one address: the sign-up limit is a test of its own (test/web/sign-up.test.ts).
 */
export const QUIET_TEST_ENV = { ...PATIENT_SERVICE_ENV, SIGN_UPS_PER_HOUR_PER_ADDRESS: '10000' } as const;

export function useApi(engine: EngineName, start = '2026-03-29T00:30:00Z', env: Record<string, string> = {}): ApiHarness {
  const clock = fixedClock(start);
  const h = { clock } as ApiHarness;
  before(async () => {
    const store = await openTestStore(engine);
    // openRuntime runs the (already applied) migrations again: in turn with other files' schema drops.
    const rt = await schemaTurn(() => openDeps(loadConfig({ PUBLIC_BASE_URL: 'https://cal.example', ...QUIET_TEST_ENV, ...env }), { clock, store }));
    h.rt = rt;
    h.app = await buildApp(rt);
  });
  after(async () => {
    await h.app?.close();
    await h.rt?.close();
  });
  h.owner = async (timezone = 'Europe/Berlin') => {
    counter += 1;
    return createOwner(h.rt.store.db, clock, { username: `owner-${process.pid}-${counter}`, displayName: `Owner ${counter}`, timezone });
  };
  h.token = async (owner, scopes = ALL_SCOPES, opts = {}) =>
    (await createPersonalToken(h.rt.store.db, clock, { ownerId: owner.id, name: 'test', scopes, test: opts.test ?? false, expiresInSeconds: opts.expiresInSeconds ?? null })).token;
  h.suspendedAppToken = async (owner, scopes) => {
    const db = h.rt.store.db;
    const appId = randomUUID();
    await db.insertInto('apps').values({ id: appId, name: 'Suspended', suspended_at: clock.now(), created_at: clock.now() }).execute();
    const value = generateTokenValue('at');
    await db
      .insertInto('tokens')
      .values({
        id: randomUUID(), owner_id: owner.id, kind: 'at', name: 'Suspended', scopes, mode: 'live', token_hash: hashToken(value),
        last_four: value.slice(-4), app_id: appId, expires_at: null, created_at: clock.now(),
      })
      .execute();
    return value;
  };
  h.get = (url, token, extra = {}) =>
    h.app.inject({ method: 'GET', url, ...extra, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(extra.headers ?? {}) } });
  return h;
}

/**
 * The harness's app listening on a free local port (call it after useApi, in the same describe): the
 * API's base URL, for the SDK and other real HTTP clients, set once the `before` has run.
 */
export function listeningApi(api: ApiHarness): { baseUrl: string } {
  const listening = { baseUrl: '' };
  before(async () => {
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    const address = api.app.server.address();
    if (typeof address !== 'object' || address === null) throw new Error('the API listens on no address');
    listening.baseUrl = `http://127.0.0.1:${address.port}/api/v1`;
  });
  return listening;
}
