import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { generateTokenValue } from '../../src/domain/token-format.js';
import { assertEnvelope, assertError } from './expect.js';

const limitHeaders = (res: LightMyRequestResponse) => [res.headers['ratelimit-limit'], res.headers['ratelimit-remaining'], res.headers['ratelimit-reset']];

for (const engine of ENGINES) {
  describe(`rate limits on ${engine}`, () => {
    // Whole minutes, ten apart: every call a test makes has left the last minute of the test before.
    const api = useApi(engine, '2026-03-29T00:30:00Z');
    let minute = 0;
    /** Each test starts in a fresh minute of its own, so no window is shared between tests. */
    const freshMinute = () => {
      minute += 10;
      api.clock.set(new Date(Date.parse('2026-03-29T00:30:00Z') + minute * 60_000));
      return api.clock.now();
    };
    /** A read the route refuses with 422 before touching the database; it counts like any read. */
    const cheapRead = (token: string, remoteAddress = '127.0.0.1') => api.get('/api/v1/me?count=1', token, { remoteAddress });

    it('allows 600 reads a minute per token and answers the 601st with 429 rate_limited, Retry-After and RateLimit-Remaining 0', async () => {
      freshMinute();
      const owner = await api.owner();
      const token = await api.token(owner, ['tasks:read']);
      const first = await api.get('/api/v1/me', token);
      assert.deepEqual(limitHeaders(first), ['600', '599', '60']);
      let last = first;
      for (let i = 2; i <= 600; i++) last = await api.get('/api/v1/me', token);
      assert.equal(last.statusCode, 200);
      assert.deepEqual(limitHeaders(last), ['600', '0', '60']);
      const limited = await api.get('/api/v1/me', token);
      assertError(limited, 429, 'rate_limited');
      assert.deepEqual(limitHeaders(limited), ['600', '0', '60']);
      assert.equal(limited.headers['retry-after'], '60');
      // Every read route shares the token's budget.
      assertError(await api.get('/api/v1/tasks', token), 429, 'rate_limited');
    });

    it('counts down Retry-After and RateLimit-Reset with the clock and opens a new window on the next minute', async () => {
      const t = freshMinute();
      const owner = await api.owner();
      const token = await api.token(owner, ['tasks:read']);
      for (let i = 0; i < 600; i++) await cheapRead(token);
      api.clock.set(new Date(t.getTime() + 45_500));
      const limited = await api.get('/api/v1/tasks', token);
      assertError(limited, 429, 'rate_limited');
      assert.equal(limited.headers['retry-after'], '15');
      assert.equal(limited.headers['ratelimit-reset'], '15');
      api.clock.set(new Date(t.getTime() + 60_000));
      const next = await api.get('/api/v1/tasks', token);
      assert.equal(next.statusCode, 200);
      assert.deepEqual(limitHeaders(next), ['600', '599', '60']);
    });

    it('limits each token on its own: another token of the same owner still reads', async () => {
      freshMinute();
      const owner = await api.owner();
      const busy = await api.token(owner, ['tasks:read']);
      const quiet = await api.token(owner, ['tasks:read']);
      for (let i = 0; i < 601; i++) await cheapRead(busy);
      assertError(await api.get('/api/v1/tasks', busy), 429, 'rate_limited');
      const res = await api.get('/api/v1/tasks', quiet);
      assert.equal(res.statusCode, 200);
      assert.deepEqual(limitHeaders(res), ['600', '599', '60']);
    });

    it('limits all tokens of one owner together at 3,000 a minute, and the headers then describe that limit', async () => {
      freshMinute();
      const owner = await api.owner();
      const tokens = await Promise.all(Array.from({ length: 6 }, () => api.token(owner, ['tasks:read'])));
      for (const token of tokens.slice(0, 5)) for (let i = 0; i < 550; i++) await cheapRead(token);
      // The sixth token has 599 reads left, the owner 249: the owner's limit is closer to running out.
      const sixth = tokens[5]!;
      const res = await api.get('/api/v1/tasks', sixth);
      assert.equal(res.statusCode, 200);
      assert.deepEqual(limitHeaders(res), ['3000', '249', '60']);
      for (let i = 0; i < 249; i++) await cheapRead(sixth);
      const limited = await api.get('/api/v1/tasks', sixth);
      assertError(limited, 429, 'rate_limited');
      assert.deepEqual(limitHeaders(limited), ['3000', '0', '60']);
      assert.equal(limited.headers['retry-after'], '60');
      // Another owner is not affected.
      const other = await api.owner();
      assert.equal((await api.get('/api/v1/tasks', await api.token(other, ['tasks:read']))).statusCode, 200);
    });

    it('does not let a token that keeps calling past its own limit use up the budget of the owner\'s other tokens', async () => {
      freshMinute();
      const owner = await api.owner();
      const runaway = await api.token(owner, ['tasks:read']);
      const other = await api.token(owner, ['tasks:read']);
      // 600 reads served, then 2,401 refused with 429: the owner's tokens together read 600 times.
      for (let i = 0; i < 3001; i++) await cheapRead(runaway);
      assertError(await api.get('/api/v1/tasks', runaway), 429, 'rate_limited');
      const res = await api.get('/api/v1/tasks', other);
      assert.equal(res.statusCode, 200, `the other token is refused: ${res.body}`);
    });

    it('answers a suspended app\'s token 403 app_suspended however often it calls from one address', async () => {
      freshMinute();
      const owner = await api.owner();
      const value = await api.suspendedAppToken(owner, ['tasks:read']);
      const ip = '203.0.113.40';
      for (let i = 1; i <= 61; i++) {
        const res = await api.get('/api/v1/tasks', value, { remoteAddress: ip });
        assert.equal(res.statusCode, 403, `call ${i}: ${res.body}`);
        assert.equal(res.json().error.code, 'app_suspended');
      }
    });

    it('describes the token\'s own limit while it is the closer one', async () => {
      freshMinute();
      const owner = await api.owner();
      const token = await api.token(owner, ['tasks:read']);
      for (let i = 0; i < 590; i++) await cheapRead(token);
      assert.deepEqual(limitHeaders(await api.get('/api/v1/tasks', token)), ['600', '9', '60']);
    });

    it('limits calls without a valid token to 60 a minute per address: the 61st answers 429 even with a bad token', async () => {
      freshMinute();
      const ip = '203.0.113.7';
      const bad = (authorization?: string) =>
        api.app.inject({ method: 'GET', url: '/api/v1/tasks', remoteAddress: ip, headers: authorization ? { authorization } : {} });
      const first = await bad('Bearer svc_pat_nope');
      assertError(first, 401, 'invalid_token');
      assert.deepEqual(limitHeaders(first), ['60', '59', '60']);
      let last = first;
      for (let i = 2; i <= 60; i++) last = await bad(i % 2 ? undefined : 'Bearer svc_pat_nope');
      assertError(last, 401, 'invalid_token');
      assert.deepEqual(limitHeaders(last), ['60', '0', '60']);
      const limited = await bad('Bearer svc_pat_nope');
      assertError(limited, 429, 'rate_limited');
      assert.equal(limited.headers['retry-after'], '60');
      assert.deepEqual(limitHeaders(limited), ['60', '0', '60']);
      assertError(await bad(), 429, 'rate_limited');
      // Another address is not limited.
      const elsewhere = await api.app.inject({ method: 'GET', url: '/api/v1/tasks', remoteAddress: '203.0.113.8' });
      assertError(elsewhere, 401, 'invalid_token');
      assert.equal(elsewhere.headers['ratelimit-remaining'], '59');
      // From the limited address a valid token is answered like a guess until the window ends, so
      // the answer tells a right token from a wrong one no more.
      const owner = await api.owner();
      const real = await api.token(owner, ['tasks:read']);
      const barred = await api.get('/api/v1/tasks', real, { remoteAddress: ip });
      assertError(barred, 429, 'rate_limited');
      assert.equal(barred.headers['retry-after'], '60');
      assert.deepEqual(limitHeaders(barred), limitHeaders(limited));
      api.clock.advance(60_000);
      const ok = await api.get('/api/v1/tasks', real, { remoteAddress: ip });
      assert.equal(ok.statusCode, 200);
      assert.equal(ok.headers['ratelimit-limit'], '600');
    });

    it('answers an expired token 401 token_expired however often it calls from one address: it is no guess', async () => {
      freshMinute();
      const owner = await api.owner();
      const token = await api.token(owner, ['tasks:read'], { expiresInSeconds: 60 });
      api.clock.advance(60_000);
      for (let i = 1; i <= 61; i++) {
        const res = await api.get('/api/v1/tasks', token, { remoteAddress: '203.0.113.50' });
        assert.equal(res.json().error.code, 'token_expired', `call ${i}`);
      }
    });

    it('does not let an unknown token guess past the limit by switching tokens', async () => {
      freshMinute();
      const ip = '203.0.113.20';
      const owner = await api.owner();
      const real = await api.token(owner, ['tasks:read']);
      for (let i = 0; i < 60; i++) {
        // Well-formed guesses and near misses of the real token (one character changed) alike.
        const at = 10 + (i % 30);
        const guess = i % 2 ? generateTokenValue('pat') : `${real.slice(0, at)}${real[at] === 'a' ? 'b' : 'a'}${real.slice(at + 1)}`;
        assert.equal((await api.get('/api/v1/tasks', guess, { remoteAddress: ip })).statusCode, 401);
      }
      const last = real.at(-1) === 'x' ? 'y' : 'x';
      const guessed = await api.get('/api/v1/tasks', `${real.slice(0, -1)}${last}`, { remoteAddress: ip });
      assertError(guessed, 429, 'rate_limited');
      // The real token gets the very same answer: status, code, headers.
      const right = await api.get('/api/v1/tasks', real, { remoteAddress: ip });
      assertError(right, 429, 'rate_limited');
      assert.deepEqual([right.headers['retry-after'], ...limitHeaders(right)], [guessed.headers['retry-after'], ...limitHeaders(guessed)]);
    });

    it('shows the per-address limit, without counting it, on answers that never reach the token check', async () => {
      freshMinute();
      const ip = '203.0.113.30';
      for (let i = 0; i < 10; i++) {
        const res = await api.app.inject({ method: 'GET', url: '/api/v1/nowhere', remoteAddress: ip });
        assert.equal(res.statusCode, 404);
        // Nothing counted: every call is there, and no more will come back (RateLimit-Reset 0).
        assert.deepEqual(limitHeaders(res), ['60', '60', '0']);
        const wrongMethod = await api.app.inject({ method: 'PUT', url: '/api/v1/tasks', remoteAddress: ip });
        assert.equal(wrongMethod.statusCode, 405);
        assertEnvelope(wrongMethod);
      }
      const counted = await api.app.inject({ method: 'GET', url: '/api/v1/tasks', remoteAddress: ip });
      assert.deepEqual(limitHeaders(counted), ['60', '59', '60']);
    });

    it('refuses 60 availability calls sent just after a minute boundary when 60 went just before it, with true headers at every step', async () => {
      // 2026-10-25T01:00:00Z: Europe/Berlin falls back 03:00 -> 02:00; later than every other test's minute.
      const boundary = Date.parse('2026-10-25T01:00:00Z');
      api.clock.set(new Date(boundary - 950));
      const owner = await api.owner('Europe/Berlin');
      const token = await api.token(owner, ['availability:read']);
      // Refused with 422 before the database is read; counted like any availability call.
      const call = () => api.get('/api/v1/availability?count=1', token);
      for (let i = 1; i <= 60; i++) {
        const res = await call();
        assert.equal(res.statusCode, 422, `call ${i} before the boundary: ${res.body}`);
        assert.deepEqual(limitHeaders(res), ['60', String(60 - i), '60'], `call ${i} before the boundary`);
      }
      api.clock.set(new Date(boundary + 950));
      for (let i = 1; i <= 60; i++) {
        const res = await call();
        assertError(res, 429, 'rate_limited');
        // The first 60 leave the last minute at 01:00:59.050: 58.1 s from now, 59 whole seconds.
        assert.deepEqual([res.headers['retry-after'], ...limitHeaders(res)], ['59', '60', '0', '59'], `call ${i} after the boundary`);
      }
      api.clock.set(new Date(boundary - 950 + 60_000));
      const back = await call();
      assert.equal(back.statusCode, 422, 'admitted once the first 60 are a minute old');
      assert.deepEqual(limitHeaders(back), ['60', '59', '60'], 'the 60 refused calls were not counted');
    });

    it('answers a token without the scope 403 before any 429, and counts that call', async () => {
      freshMinute();
      const owner = await api.owner();
      const token = await api.token(owner, ['events:read']);
      for (let i = 0; i < 600; i++) await cheapRead(token);
      assertError(await api.get('/api/v1/tasks', token), 403, 'insufficient_scope');
      assertError(await api.get('/api/v1/me', token), 429, 'rate_limited');
    });
  });
}
