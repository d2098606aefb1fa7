import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { createOwner } from '../../src/services/owners.js';

for (const engine of ENGINES) {
  describe(`GET /me on ${engine}`, () => {
    const api = useApi(engine);

    it('answers the account, scopes in the spec order, mode and the profile with profile:read', async () => {
      const owner = await api.owner('Asia/Kolkata');
      const token = await api.token(owner, ['tasks:read', 'profile:read']);
      const res = await api.get('/api/v1/me', token);
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), {
        accountId: owner.account_id,
        scopes: ['profile:read', 'tasks:read'],
        mode: 'live',
        profile: { displayName: owner.display_name, username: owner.username, publicUrl: `https://cal.example/${owner.username}`, timezone: 'Asia/Kolkata', locale: 'en' },
      });
      assert.match(owner.account_id, /^acct_[A-Za-z0-9_-]{22}$/);
    });

    it('leaves the profile out without profile:read and says test for a test token', async () => {
      const owner = await api.owner();
      const token = await api.token(owner, ['events:read'], { test: true });
      assert.ok(token.startsWith('svc_test_'));
      const res = await api.get('/api/v1/me', token);
      assert.deepEqual(res.json(), { accountId: owner.account_id, scopes: ['events:read'], mode: 'test' });
    });

    it('sends a name outside ASCII whole over a real connection, the kept answer too, with its length in bytes', async () => {
      const name = 'Zoë Ñúñez 東京 🗓';
      const owner = await createOwner(api.rt.store.db, api.clock, { username: `zoe-${process.pid}`, displayName: name, timezone: 'Asia/Tokyo' });
      const token = await api.token(owner, ['profile:read']);
      // Closed with the app after the file.
      const base = await api.app.listen({ port: 0, host: '127.0.0.1' });
      for (const round of ['first', 'kept']) {
        const res = await fetch(`${base}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });
        const bytes = Buffer.from(await res.arrayBuffer());
        assert.equal(res.status, 200, round);
        assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8', round);
        assert.equal(Number(res.headers.get('content-length')), bytes.length, round);
        const body = JSON.parse(bytes.toString('utf8')) as { profile: { displayName: string; timezone: string } };
        assert.equal(body.profile.displayName, name, round);
        assert.equal(body.profile.timezone, 'Asia/Tokyo', round);
      }
    });
  });
}
