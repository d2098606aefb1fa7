import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../src/config.js';
import { openDeps, type Deps } from '../../src/deps.js';
import { fixedClock } from '../../src/domain/clock.js';
import { buildApp } from '../../src/http/app.js';
import { createOwner } from '../../src/services/owners.js';
import { createPersonalToken } from '../../src/services/tokens.js';
import type { Store } from '../../src/store/db.js';
import { QUIET_TEST_ENV } from '../helpers/api.js';
import { ENGINES, openTestStore, schemaTurn } from '../helpers/engines.js';
import { REDIS_PRESENT, TEST_REDIS_URL } from './redis-helper.js';

if (!REDIS_PRESENT) console.log(`# no Redis answers at ${TEST_REDIS_URL}: the limits shared between instances were not tested (each instance counts alone without it)`);
else
  for (const engine of ENGINES) {
    describe(`two API instances on one ${engine} store and one Redis`, () => {
      const clock = fixedClock('2026-03-29T00:30:10Z');
      let store: Store;
      const instances: { deps: Deps; app: FastifyInstance }[] = [];
      let token: string;
      before(async () => {
        store = await openTestStore(engine);
        for (let i = 0; i < 2; i++) {
          // The store is shared in this process: each instance's close leaves it open, the file closes it once.
          const deps = await schemaTurn(() => openDeps(loadConfig({ ...QUIET_TEST_ENV, REDIS_URL: TEST_REDIS_URL }), { clock, store: { ...store, close: async () => undefined } }));
          instances.push({ deps, app: await buildApp(deps) });
        }
        const owner = await createOwner(store.db, clock, { username: `limits-${process.pid}-${engine}`, displayName: 'Limits', timezone: 'Europe/Berlin' });
        token = (await createPersonalToken(store.db, clock, { ownerId: owner.id, name: 'shared', scopes: ['events:read'], test: false, expiresInSeconds: null })).token;
      });
      after(async () => {
        for (const { app, deps } of instances) {
          await app.close();
          await deps.close();
        }
        await store.close();
      });

      test('600 reads spread over both instances pass, and the 601st through the other instance gets 429 with the same headers', async () => {
        const read = (i: number) => instances[i % 2]!.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } });
        for (let i = 0; i < 600; i++) {
          const res = await read(i);
          assert.equal(res.statusCode, 200, `read ${i + 1}`);
          assert.equal(res.headers['ratelimit-remaining'], String(599 - i));
        }
        const refused = await read(1);
        assert.equal(refused.statusCode, 429);
        assert.equal(refused.json().error.code, 'rate_limited');
        assert.equal(refused.headers['ratelimit-limit'], '600');
        assert.equal(refused.headers['ratelimit-remaining'], '0');
        // Every read came at the same instant: one more is admitted when the first leaves the 60 s span.
        assert.equal(refused.headers['ratelimit-reset'], '60');
        assert.equal((await read(0)).statusCode, 429, 'and through the first one');
      });
    });
  }
