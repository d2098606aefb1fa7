import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hashToken } from '../../src/domain/token-format.js';
import { createPersonalToken } from '../../src/services/tokens.js';
import { useApi, type ApiHarness } from '../helpers/api.js';
import { ENGINES } from '../helpers/engines.js';
import { webSession, type WebSession } from '../helpers/web.js';

const PASSWORD = 'long enough pw';

async function signedIn(api: ApiHarness, username: string, timezone: string): Promise<{ web: WebSession; ownerId: string }> {
  const web = webSession(api);
  const made = await web.post('/signup', { username, name: 'Dev', timezone, password: PASSWORD });
  assert.equal(made.statusCode, 303, made.body);
  const owner = await api.rt.db.selectFrom('owners').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  return { web, ownerId: owner.id };
}

async function token(api: ApiHarness, ownerId: string, name: string): Promise<{ id: string; value: string }> {
  const made = await createPersonalToken(api.rt.db, api.clock, { ownerId, name, scopes: ['profile:read', 'events:read'], test: false, expiresInSeconds: null });
  const row = await api.rt.db.selectFrom('tokens').select('id').where('token_hash', '=', hashToken(made.token)).executeTakeFirstOrThrow();
  return { id: row.id, value: made.token };
}

/** The request ids listed in the log's table, in order. */
const listed = (body: string): string[] => [...body.matchAll(/<td[^>]*><a href="[^"]*"><code>(req_[A-Za-z0-9_-]{22})<\/code><\/a><\/td>/g)].map((m) => m[1]!);

/** Nothing a strict CSP would block (as test/web/security-headers.test.ts checks every page). */
function assertNothingInline(body: string): void {
  assert.doesNotMatch(body, /<script(?![^>]*\ssrc=)[^>]*>/i, 'an inline script');
  assert.doesNotMatch(body, /<style[\s>]/i, 'a style element');
  assert.doesNotMatch(body, /<[a-z][^>]*\sstyle=/i, 'a style attribute');
  assert.doesNotMatch(body, /<[a-z][^>]*\son[a-z]+=/i, 'an event handler');
}

for (const engine of ENGINES) {
  describe(`Settings → Developer → Request log on ${engine}`, () => {
    const api = useApi(engine, '2026-10-25T00:30:00Z');

    it("lists the owner's calls newest first, in the owner's zone, with nothing inline and no token value", async () => {
      const { web, ownerId } = await signedIn(api, `logs-${engine}-1`, 'Europe/Berlin');
      const kitchen = await token(api, ownerId, 'Kitchen display');
      const first = await api.get('/api/v1/me', kitchen.value);
      // Across the end of summer time in Berlin (01:00Z on 2026-10-25): 02:30 CEST, then 02:30 CET.
      api.clock.set('2026-10-25T01:30:00Z');
      const second = await api.get('/api/v1/events?from=2026-10-25T00:00:00Z&to=2026-10-26T00:00:00Z', kitchen.value);
      assert.equal(second.statusCode, 200, second.body);
      await api.rt.requestLog.flush();

      const dev = await web.get('/app/developer');
      assert.match(dev.body, /href="\/app\/developer\/logs"/, 'the Developer page links to the log');
      const res = await web.get('/app/developer/logs');
      assert.equal(res.statusCode, 200, res.body);
      assertNothingInline(res.body);
      assert.deepEqual(listed(res.body), [second.headers['svc-request-id'], first.headers['svc-request-id']]);
      assert.match(res.body, /<code class="u-wrap">\/api\/v1\/events\?from&amp;to<\/code>/, 'query names only');
      assert.ok(!res.body.includes('2026-10-26T00:00:00Z'), 'no query value');
      assert.ok(!res.body.includes(kitchen.value), 'no token value');
      assert.match(res.body, /Kitchen display/);
      assert.match(res.body, /datetime="2026-10-25T01:30:00.000Z">[^<]*2:30:00/, 'the later call at 02:30 CET');
      assert.match(res.body, /datetime="2026-10-25T00:30:00.000Z">[^<]*2:30:00/, 'the earlier at 02:30 CEST');
    });

    it('filters by token and by status or code, and finds one call by its request id', async () => {
      const { web, ownerId } = await signedIn(api, `logs-${engine}-2`, 'America/Sao_Paulo');
      const a = await token(api, ownerId, 'Script A');
      const b = await token(api, ownerId, 'Script B');
      const ok = String((await api.get('/api/v1/me', a.value)).headers['svc-request-id']);
      const bad = await api.get('/api/v1/me?verbose=1', a.value);
      assert.equal(bad.statusCode, 422);
      const badId = String(bad.headers['svc-request-id']);
      const other = String((await api.get('/api/v1/me', b.value)).headers['svc-request-id']);
      await api.rt.requestLog.flush();

      assert.deepEqual(new Set(listed((await web.get(`/app/developer/logs?source=${a.id}`)).body)), new Set([ok, badId]));
      assert.deepEqual(listed((await web.get(`/app/developer/logs?source=${b.id}`)).body), [other]);
      const failures = await web.get('/app/developer/logs?status=4xx');
      assert.deepEqual(listed(failures.body), [badId]);
      assert.match(failures.body, /<code>invalid_input<\/code>/);
      assert.match(failures.body, /<option value="4xx" selected>/, 'the filter is shown as chosen');
      assert.deepEqual(listed((await web.get('/app/developer/logs?status=invalid_input')).body), [badId]);
      assert.deepEqual(new Set(listed((await web.get('/app/developer/logs?status=2xx')).body)), new Set([ok, other]));
      assert.deepEqual(listed((await web.get(`/app/developer/logs?q=${other}`)).body), [other]);
      const none = await web.get('/app/developer/logs?q=req_AAAAAAAAAAAAAAAAAAAAAA');
      assert.deepEqual(listed(none.body), []);
      assert.match(none.body, /No call with that request id/);

      const { web: stranger } = await signedIn(api, `logs-${engine}-3`, 'UTC');
      assert.deepEqual(listed((await stranger.get(`/app/developer/logs?q=${other}`)).body), [], "another owner's calls are never shown");
      assert.deepEqual(listed((await stranger.get(`/app/developer/logs?source=${a.id}`)).body), [], "nor under another owner's token");
    });

    it('pages to older calls by a link, 50 at a time', async () => {
      const { web, ownerId } = await signedIn(api, `logs-${engine}-4`, 'Asia/Kolkata');
      const t = await token(api, ownerId, 'Busy');
      for (let i = 0; i < 55; i += 1) {
        await api.get('/api/v1/me', t.value);
        api.clock.advance(1000);
      }
      await api.rt.requestLog.flush();
      const first = await web.get('/app/developer/logs');
      assert.equal(listed(first.body).length, 50);
      const next = /<a class="button secondary" href="([^"]+)" rel="next">/.exec(first.body)?.[1];
      assert.ok(next, 'a link to older calls');
      const second = await web.get(next.replaceAll('&amp;', '&'));
      assert.equal(listed(second.body).length, 5);
      assert.equal(new Set([...listed(first.body), ...listed(second.body)]).size, 55, 'no call twice');
      assert.doesNotMatch(second.body, /rel="next"/);
    });

    it('asks for sign-in first', async () => {
      const res = await api.get('/app/developer/logs');
      assert.equal(res.statusCode, 303);
    });
  });
}
