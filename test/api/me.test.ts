import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';

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
  });
}
