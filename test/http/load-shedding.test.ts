import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { buildApp } from '../../src/http/app.js';
import { NEVER_SHED } from '../../src/http/load-shedding.js';
import { loadConfig } from '../../src/config.js';

/**
 * Under overload the service sheds early (issue #11 point 11): while the event loop lags, every
 * request is answered at once with 503 and Retry-After, the API's in the spec's error envelope and
 * the pages' with a small HTML page; a route marked NEVER_SHED (health checks) is still served. The
 * loop is made to lag for real: the test blocks it for longer than one sample of the delay.
 */
const SETTINGS = { SHED_EVENT_LOOP_DELAY_MS: '50', SHED_SAMPLE_INTERVAL_MS: '1000', SHED_RETRY_AFTER_SECONDS: '7' };
const PATIENCE = 20;

/** Blocks the event loop for `ms` (a request being computed on the loop), without sleeping. */
function blockLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy: nothing else runs
  }
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Blocks the loop until the app sheds a request (a few tries at most; a condition, not a clock): the
 * lag must be sampled, and the app sheds nothing in its first two samples after it is ready.
 */
async function makePressure(app: FastifyInstance): Promise<void> {
  await app.ready();
  for (let i = 0; i < PATIENCE; i++) {
    blockLoop(1200);
    for (let turn = 0; turn < 50 && !app.isUnderPressure(); turn++) await nextTurn();
    if (app.isUnderPressure() && (await app.inject({ method: 'GET', url: '/api/v1/me' })).statusCode === 503) return;
  }
  assert.fail('the loop never counted as lagging');
}

/** Waits, loop free, until the app no longer reports pressure. */
async function pressureGone(app: FastifyInstance): Promise<void> {
  for (let i = 0; i < 600 && app.isUnderPressure(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(app.isUnderPressure(), false, 'the pressure never went');
}

describe('load shedding settings', () => {
  it('defaults to 500 ms of mean delay over a 1 s sample and Retry-After 2, and refuses 0 or words', () => {
    assert.deepEqual(loadConfig({}).shedding, { maxEventLoopDelayMs: 500, sampleIntervalMs: 1000, retryAfterSeconds: 2 });
    assert.deepEqual(loadConfig(SETTINGS).shedding, { maxEventLoopDelayMs: 50, sampleIntervalMs: 1000, retryAfterSeconds: 7 });
    assert.throws(() => loadConfig({ SHED_EVENT_LOOP_DELAY_MS: '0' }), /SHED_EVENT_LOOP_DELAY_MS must be at least 1/);
    assert.throws(() => loadConfig({ SHED_RETRY_AFTER_SECONDS: 'soon' }), /SHED_RETRY_AFTER_SECONDS must be a whole number/);
  });
});

for (const engine of ENGINES) {
  describe(`load shedding on ${engine}`, () => {
    const api = useApi(engine, '2026-03-29T00:30:00Z', SETTINGS);

    it('answers 503 unavailable with Retry-After in the error envelope while the loop lags, before the token is checked, and serves again after', async () => {
      const owner = await api.owner();
      const token = await api.token(owner);
      await makePressure(api.app);
      const shed = await api.get('/api/v1/me', token);
      const anonymous = await api.get('/api/v1/me');
      const unknown = await api.get('/no/such/path');
      for (const res of [shed, anonymous, unknown]) {
        assert.equal(res.statusCode, 503, res.body);
        assert.equal(res.headers['retry-after'], '7');
        assert.match(String(res.headers['content-type']), /^application\/json/);
        const body = res.json() as { error: Record<string, string> };
        assert.deepEqual(Object.keys(body.error).sort(), ['code', 'message', 'requestId']);
        assert.equal(body.error.code, 'unavailable');
        assert.match(body.error.message ?? '', /overloaded/);
        assert.equal(body.error.requestId, res.headers['svc-request-id']);
        assert.equal(res.headers['cache-control'], 'no-store');
      }
      await pressureGone(api.app);
      const served = await api.get('/api/v1/me', token);
      assert.equal(served.statusCode, 200, served.body);
    });

    it('answers a page with a small HTML page, 503 and Retry-After, while the loop lags', async () => {
      const owner = await api.owner();
      await makePressure(api.app);
      for (const url of ['/signin', `/${owner.username}`, '/app/calendar']) {
        const res = await api.get(url);
        assert.equal(res.statusCode, 503, `${url}: ${res.body}`);
        assert.equal(res.headers['retry-after'], '7');
        assert.match(String(res.headers['content-type']), /^text\/html/);
        assert.match(res.body, /Busy right now/);
      }
      await pressureGone(api.app);
      assert.equal((await api.get('/signin')).statusCode, 200);
    });

    it('serves the first requests after start, although building the app held the loop', async () => {
      const app = await buildApp(api.rt);
      try {
        await app.ready();
        const first = await app.inject({ method: 'GET', url: '/api/v1/me' });
        assert.equal(first.statusCode, 401, first.body);
      } finally {
        await app.close();
      }
    });

    it('serves a route marked NEVER_SHED (a health check) while every other is shed', async () => {
      const app = await buildApp(api.rt);
      app.get('/probe', { config: NEVER_SHED }, async () => ({ ok: true }));
      try {
        await makePressure(app);
        const probe = await app.inject({ method: 'GET', url: '/probe' });
        const me = await app.inject({ method: 'GET', url: '/api/v1/me' });
        assert.equal(probe.statusCode, 200, probe.body);
        assert.equal(me.statusCode, 503);
      } finally {
        await app.close();
      }
    });
  });
}
