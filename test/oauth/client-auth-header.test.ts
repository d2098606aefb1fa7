import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as oauth from 'oauth4webapi';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { authorizationUrl, consent, REDIRECT, registerClient, signedInOwner, tokenPost } from './harness.js';

/** Authorization headers a client may send that are not `Basic base64(id:secret)`. */
const NOT_BASIC = ['Bearer svc_at_abcdefghijklmnopqrstuvwxyz012345678901', 'Digest username="x", realm="y"', 'Basic', 'Basic !!not-base64!!', `Basic ${Buffer.from('no-colon').toString('base64')}`, 'svc_cs_secret-alone'];

for (const engine of ENGINES) {
  describe(`a client authenticating through the Authorization header on ${engine}`, () => {
    const api = useApi(engine, '2026-03-29T00:30:00Z');

    it('any scheme but Basic, or Basic that is not id:secret, gets 401 invalid_client with a Basic challenge at the token and revocation endpoints', async () => {
      const c = await registerClient(api);
      const fields = { grant_type: 'refresh_token', refresh_token: 'svc_rt_unknown', client_id: c.client.client_id };
      for (const authorization of NOT_BASIC) {
        for (const url of ['/oauth/token', '/oauth/revoke']) {
          const res = await api.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'cal.example', authorization }, payload: new URLSearchParams({ ...fields, token: 'svc_rt_unknown' }).toString() });
          assert.equal(res.statusCode, 401, `${url} ${authorization}: ${res.body}`);
          assert.equal(res.json().error, 'invalid_client', `${url} ${authorization}`);
          assert.equal(res.headers['www-authenticate'], 'Basic realm="calendar-access", charset="UTF-8"', `${url} ${authorization}`);
        }
      }
    });

    it('a public client that adds a Bearer header is refused the same way, and its code is not spent', async () => {
      const c = await registerClient(api, { type: 'public' });
      const { web } = await signedInOwner(api);
      const started = await authorizationUrl(c);
      const code = (await consent(api, web, started)).searchParams.get('code')!;
      const fields = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: started.verifier, client_id: c.client.client_id };
      const bearer = await tokenPost(api, fields, { authorization: 'Bearer svc_at_abcdefghijklmnopqrstuvwxyz012345678901' });
      assert.equal(bearer.statusCode, 401, bearer.body);
      assert.match(String(bearer.headers['www-authenticate']), /^Basic realm=/);
      const right = await tokenPost(api, fields);
      assert.equal(right.statusCode, 200, right.body);
    });

    it('oauth4webapi reads the challenge of a Bearer attempt as a Basic one, and the same client with Basic then gets its tokens', async () => {
      const c = await registerClient(api);
      const { web } = await signedInOwner(api);
      const started = await authorizationUrl(c);
      const params = oauth.validateAuthResponse(c.as, c.client, await consent(api, web, started), started.state);
      const asBearer: oauth.ClientAuth = (_as, _client, _body, headers) => void headers.set('authorization', `Bearer ${c.secret}`);
      const refused = await oauth.authorizationCodeGrantRequest(c.as, c.client, asBearer, params, REDIRECT, started.verifier, c.options);
      await assert.rejects(oauth.processAuthorizationCodeResponse(c.as, c.client, refused), (e: unknown) => {
        assert.ok(e instanceof oauth.WWWAuthenticateChallengeError, String(e));
        assert.equal(e.status, 401);
        assert.deepEqual(e.cause.map((ch) => [ch.scheme, ch.parameters.realm]), [['basic', 'calendar-access']]);
        return true;
      });
      const tokens = await oauth.processAuthorizationCodeResponse(c.as, c.client, await oauth.authorizationCodeGrantRequest(c.as, c.client, c.auth, params, REDIRECT, started.verifier, c.options));
      assert.match(tokens.access_token, /^svc_at_/);
    });
  });
}
