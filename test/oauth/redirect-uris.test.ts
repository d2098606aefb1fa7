import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from '../helpers/engines.js';
import { useApi, type ApiHarness } from '../helpers/api.js';
import { createApp, listApps } from '../../src/services/apps.js';
import { ServiceError } from '../../src/domain/service-error.js';
import { authorizationUrl, consent, registerClient, signedInOwner, tokenPost, type Client } from './harness.js';

/** Redirect URIs are stored and compared in the WHATWG URL parser's canonical form (docs/decisions.md "OAuth apps"). */

const basic = (c: Client) => ({ authorization: `Basic ${Buffer.from(`${c.client.client_id}:${c.secret!}`).toString('base64')}` });

/** The owner consents to an authorization request naming `redirectUri`; the redirect back and the code. */
async function approve(api: ApiHarness, c: Client, redirectUri: string) {
  const { web } = await signedInOwner(api);
  const started = await authorizationUrl(c, { redirect_uri: redirectUri });
  const back = await consent(api, web, started);
  return { started, back, code: back.searchParams.get('code')! };
}

for (const engine of ENGINES) {
  describe(`redirect URIs in one canonical form on ${engine}`, () => {
    const api = useApi(engine, '2026-03-29T00:30:00Z');

    it('refuses at registration a value that was not an absolute URL as written, naming the field', async () => {
      const dev = await api.owner();
      for (const uri of ['https:/relative', 'https:relative', 'https:///client.example/cb', 'https:\\\\client.example\\cb', 'https://client.example/c\tb']) {
        await assert.rejects(
          createApp(api.rt.db, api.clock, { ownerId: dev.id, name: 'Sloppy', homepageUrl: null, logoUrl: null, redirectUris: [uri], scopes: ['profile:read'], clientType: 'public' }),
          (e: unknown) => e instanceof ServiceError && e.field === 'redirectUris' && e.message.startsWith(`redirect URI ${uri}: `),
          JSON.stringify(uri),
        );
      }
      await assert.rejects(
        createApp(api.rt.db, api.clock, { ownerId: dev.id, name: 'Sloppy', homepageUrl: null, logoUrl: null, redirectUris: ['https:/relative'], scopes: ['profile:read'], clientType: 'public' }),
        { message: 'redirect URI https:/relative: not an absolute URL as written: "https:" is followed by "//" and the host, as in https://example.com/callback' },
      );
      assert.deepEqual((await listApps(api.rt.db, dev.id)).map((a) => a.name), []);
    });

    it('stores HTTPS://Example.COM:443/cb as https://example.com/cb, accepts either spelling at authorize and token, and redirects to the canonical one', async () => {
      const c = await registerClient(api, { redirectUris: ['HTTPS://Example.COM:443/cb', 'https://example.com/cb'] });
      const row = await api.rt.db.selectFrom('apps').select('redirect_uris').where('id', '=', c.appId).executeTakeFirstOrThrow();
      assert.deepEqual(row.redirect_uris, ['https://example.com/cb'], 'one URI, canonical, however often it was spelt');
      for (const [asked, exchanged] of [['HTTPS://Example.COM:443/cb', 'https://example.com/cb'], ['https://example.com/cb', 'https://EXAMPLE.com:443/cb']]) {
        const { back, code, started } = await approve(api, c, asked!);
        assert.equal(back.origin + back.pathname, 'https://example.com/cb', asked);
        const res = await tokenPost(api, { grant_type: 'authorization_code', code, redirect_uri: exchanged!, code_verifier: started.verifier }, basic(c));
        assert.equal(res.statusCode, 200, res.body);
      }
    });

    it('refuses another path, a trailing slash or another port at authorize (a page, no redirect), and at the token endpoint', async () => {
      const c = await registerClient(api, { redirectUris: ['HTTPS://Example.COM:443/cb'] });
      const { web } = await signedInOwner(api);
      for (const uri of ['https://example.com/cb2', 'https://example.com/cb/', 'https://example.com/CB', 'https://example.com:8443/cb', 'https://example.com/other']) {
        const started = await authorizationUrl(c, { redirect_uri: uri });
        const res = await web.get(started.url.pathname + started.url.search);
        assert.equal(res.statusCode, 400, uri);
        assert.equal(res.headers.location, undefined, uri);
        assert.match(res.body, /not one that Client \d+ registered/);
      }
      const { code, started } = await approve(api, c, 'https://example.com/cb');
      const res = await tokenPost(api, { grant_type: 'authorization_code', code, redirect_uri: 'https://example.com/cb/', code_verifier: started.verifier }, basic(c));
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().error, 'invalid_grant');
    });

    it('an app stored before with a non-canonical URI keeps working, and is listed in canonical form', async () => {
      const c = await registerClient(api, { redirectUris: ['https://legacy.example/cb'] });
      await api.rt.db.updateTable('apps').set({ redirect_uris: ['HTTPS://Legacy.Example:443/cb'] }).where('id', '=', c.appId).execute();
      const { back, code, started } = await approve(api, c, 'https://legacy.example/cb');
      assert.equal(back.origin + back.pathname, 'https://legacy.example/cb');
      const res = await tokenPost(api, { grant_type: 'authorization_code', code, redirect_uri: 'HTTPS://Legacy.Example:443/cb', code_verifier: started.verifier }, basic(c));
      assert.equal(res.statusCode, 200, res.body);
      const dev = await api.rt.db.selectFrom('apps').select('owner_id').where('id', '=', c.appId).executeTakeFirstOrThrow();
      const listed = (await listApps(api.rt.db, dev.owner_id!)).find((a) => a.id === c.appId)!;
      assert.deepEqual(listed.redirectUris, ['https://legacy.example/cb']);
    });
  });
}
