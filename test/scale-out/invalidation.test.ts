import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../src/config.js';
import { openDeps, type Deps } from '../../src/deps.js';
import { fixedClock } from '../../src/domain/clock.js';
import { SCOPES } from '../../src/domain/scopes.js';
import { generateTokenValue, hashToken } from '../../src/domain/token-format.js';
import { buildApp } from '../../src/http/app.js';
import { createOwner } from '../../src/services/owners.js';
import { createPersonalToken, revokePersonalToken } from '../../src/services/tokens.js';
import { openStore, type Store } from '../../src/store/db.js';
import type { OwnerRow } from '../../src/store/schema.js';
import { PATIENCE_MS, until } from '../cli/cli-harness.js';
import { QUIET_TEST_ENV } from '../helpers/api.js';
import { ENGINES, openTestStore, schemaTurn, TEST_DATABASE_URL } from '../helpers/engines.js';
import { seedAppointmentType, setBooking, tokenIdOf } from '../helpers/seed.js';
import { REDIS_PRESENT, TEST_REDIS_URL } from './redis-helper.js';

/**
 * Two instances on one PostgreSQL database, each with its own connections (as two processes would
 * be), a token cache of ten minutes: a change seen on the other instance at once can only have come
 * through the invalidation channel. The wait is generous (a busy machine); the time it took is printed.
 */
const transports: ('postgres' | 'redis')[] = [];
if (ENGINES.includes('postgres')) {
  transports.push('postgres');
  if (REDIS_PRESENT) transports.push('redis');
  else console.log(`# no Redis answers at ${TEST_REDIS_URL}: invalidation over Redis pub/sub was not tested, over PostgreSQL NOTIFY it was`);
} else {
  console.log('# no PostgreSQL answers: invalidation between instances was not tested (on PGlite one process is every instance)');
}

for (const transport of transports) {
  describe(`invalidation between two instances over ${transport === 'redis' ? 'Redis pub/sub' : 'PostgreSQL LISTEN/NOTIFY'}`, () => {
    const clock = fixedClock('2026-03-29T00:30:10Z');
    let first: Store;
    const instances: { deps: Deps; app: FastifyInstance; store: Store }[] = [];
    let owner: OwnerRow;
    before(async () => {
      first = await openTestStore('postgres');
      const env = { ...QUIET_TEST_ENV, DATABASE_URL: TEST_DATABASE_URL, TOKEN_CACHE_SECONDS: '600', ...(transport === 'redis' ? { REDIS_URL: TEST_REDIS_URL } : {}) };
      for (let i = 0; i < 2; i++) {
        const store = i === 0 ? { ...first, close: async () => undefined } : await openStore({ databaseUrl: TEST_DATABASE_URL, dataDir: null, schema: first.schema!, poolSize: 3 });
        const deps = await schemaTurn(() => openDeps(loadConfig(env), { clock, store }));
        assert.equal(deps.invalidation.transport, transport);
        instances.push({ deps, app: await buildApp(deps), store });
      }
      owner = await createOwner(first.db, clock, { username: `inval-${transport}-${process.pid}`, displayName: 'Before', timezone: 'Europe/Berlin' });
    });
    after(async () => {
      for (const { app, deps } of instances) {
        await app.close();
        await deps.close();
      }
      await first.close();
    });

    const me = (i: number, token: string) => instances[i]!.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } });

    /** Waits until `check` holds on the second instance; returns how long it took. */
    async function seenOnSecond(check: () => Promise<boolean>, what: string): Promise<number> {
      const started = performance.now();
      await until(check, what, PATIENCE_MS);
      return Math.round(performance.now() - started);
    }

    test('a token revoked on one instance is refused on the other within moments, not after its ten-minute cache', async (t) => {
      const token = (await createPersonalToken(first.db, clock, { ownerId: owner.id, name: 'r', scopes: ['events:read'], test: false, expiresInSeconds: null })).token;
      assert.equal((await me(1, token)).statusCode, 200, 'cached on the second instance');
      const id = await tokenIdOf(first.db, token);
      await revokePersonalToken(first.db, clock, owner.id, id);
      await instances[0]!.deps.forgetTokens(id);
      assert.equal((await me(0, token)).statusCode, 401, 'at once on the instance that revoked');
      const ms = await seenOnSecond(async () => (await me(1, token)).statusCode === 401, 'the revoked token to be refused on the second instance');
      t.diagnostic(`revocation reached the other instance in ${ms} ms`);
    });

    test('an app suspended and announced on one instance stops its tokens on the other', async (t) => {
      const appId = randomUUID();
      await first.db.insertInto('apps').values({ id: appId, name: 'Acme', suspended_at: null, created_at: clock.now() }).execute();
      const value = generateTokenValue('at');
      await first.db
        .insertInto('tokens')
        .values({ id: randomUUID(), owner_id: owner.id, kind: 'at', name: 'Acme', scopes: ['events:read'], mode: 'live', token_hash: hashToken(value), last_four: value.slice(-4), app_id: appId, expires_at: null, created_at: clock.now() })
        .execute();
      assert.equal((await me(1, value)).statusCode, 200);
      await first.db.updateTable('apps').set({ suspended_at: clock.now() }).where('id', '=', appId).execute();
      await instances[0]!.deps.invalidation.publish({ kind: 'app', appId });
      const ms = await seenOnSecond(async () => (await me(1, value)).json().error?.code === 'app_suspended', 'the app to be suspended on the second instance');
      t.diagnostic(`suspension reached the other instance in ${ms} ms`);
    });

    test('a grant disconnected on one instance stops the app\'s tokens for that owner on the other, and only those', async () => {
      const appId = randomUUID();
      await first.db.insertInto('apps').values({ id: appId, name: 'Grant', suspended_at: null, created_at: clock.now() }).execute();
      const value = generateTokenValue('at');
      const tokenId = randomUUID();
      await first.db
        .insertInto('tokens')
        .values({ id: tokenId, owner_id: owner.id, kind: 'at', name: 'Grant', scopes: ['events:read'], mode: 'live', token_hash: hashToken(value), last_four: value.slice(-4), app_id: appId, expires_at: null, created_at: clock.now() })
        .execute();
      const personal = (await createPersonalToken(first.db, clock, { ownerId: owner.id, name: 'p', scopes: ['events:read'], test: false, expiresInSeconds: null })).token;
      assert.equal((await me(1, value)).statusCode, 200);
      assert.equal((await me(1, personal)).statusCode, 200);
      // What a disconnection does to the app's tokens (the OAuth work deletes them with the grant).
      await first.db.updateTable('tokens').set({ revoked_at: clock.now() }).where('id', '=', tokenId).execute();
      await instances[0]!.deps.invalidation.publish({ kind: 'grant', ownerId: owner.id, appId });
      await seenOnSecond(async () => (await me(1, value)).statusCode === 401, 'the grant\'s token to be refused on the second instance');
      assert.equal((await me(1, personal)).statusCode, 200, 'the owner\'s own token still works');
    });

    test('a booking-settings change on one instance holds on the other at its next question', async () => {
      const typeId = await seedAppointmentType(first.db, owner.id, { position: 0 });
      await setBooking(first.db, owner.id, true);
      const rules = (i: number) => instances[i]!.deps.availability.rulesFor(owner.id, typeId, clock.now());
      assert.notEqual(await rules(1), null, 'booking open, as seen (and cached) by the second instance');
      await setBooking(instances[0]!.store.db, owner.id, false);
      assert.equal(await rules(1), null, 'closed at once: the owner\'s change counters are read for every question on PostgreSQL');
    });

    test('an owner change announced on one instance refreshes the profile the other instance keeps with a token', async () => {
      const token = (await createPersonalToken(first.db, clock, { ownerId: owner.id, name: 'o', scopes: [...SCOPES], test: false, expiresInSeconds: null })).token;
      assert.equal((await me(1, token)).json().profile.displayName, 'Before');
      await first.db.updateTable('owners').set({ display_name: 'After' }).where('id', '=', owner.id).execute();
      await instances[0]!.deps.invalidation.publish({ kind: 'owner', ownerId: owner.id });
      await seenOnSecond(async () => (await me(1, token)).json().profile.displayName === 'After', 'the new display name on the second instance');
    });
  });
}
