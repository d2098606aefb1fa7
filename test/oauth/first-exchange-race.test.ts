import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { authorizationUrl, consent, REDIRECT, registerClient, signedInOwner, tokenPost } from './harness.js';

/**
 * Two first code exchanges at once (the owner consented in two tabs, each with its own code): both
 * codes were issued for real, so each gets its own pair of tokens on the one grant of the app and
 * owner (never a 500 from the grant's unique index). Fired together, several times, on both engines.
 */
for (const engine of ENGINES) {
  describe(`two first code exchanges at once on ${engine}`, () => {
    const api = useApi(engine, '2026-03-29T00:30:00Z');

    it('both answer a pair of tokens on one grant, and both access tokens work', async () => {
      const c = await registerClient(api);
      for (let round = 0; round < 4; round++) {
        const { web, owner } = await signedInOwner(api);
        const one = await authorizationUrl(c);
        const two = await authorizationUrl(c, {}, 'profile:read');
        const codeOne = (await consent(api, web, one)).searchParams.get('code')!;
        const codeTwo = (await consent(api, web, two)).searchParams.get('code')!;
        const exchange = (code: string, verifier: string) =>
          tokenPost(api, { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: REDIRECT }, { authorization: `Basic ${Buffer.from(`${c.appId}:${c.secret}`).toString('base64')}` });
        const [a, b] = await Promise.all([exchange(codeOne, one.verifier), exchange(codeTwo, two.verifier)]);
        assert.equal(a.statusCode, 200, a.body);
        assert.equal(b.statusCode, 200, b.body);
        for (const answer of [a, b]) {
          const me = await api.get('/api/v1/me', answer.json().access_token as string);
          assert.equal(me.statusCode, 200, me.body);
          assert.equal(me.json().accountId, owner.account_id);
        }
        const grants = await api.rt.db.selectFrom('oauth_grants').selectAll().where('owner_id', '=', owner.id).where('app_id', '=', c.appId).execute();
        assert.equal(grants.length, 1, 'one grant of the app and owner');
        assert.equal(grants[0]!.revoked_at, null);
      }
    });
  });
}
