import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from '../helpers/engines.js';
import { useApi } from '../helpers/api.js';
import { webSession } from '../helpers/web.js';
import { eventsOf } from '../../src/store/repos/outbox.js';
import { ownerCreateOperation } from '../../src/operations/owner.js';
import { ServiceError } from '../../src/domain/service-error.js';

for (const engine of ENGINES) {
  describe(`owner accounts on ${engine}`, () => {
    const api = useApi(engine, '2026-03-29T00:30:00Z');

    it('signs up, lands in the console with an http-only session cookie, signs out and in again', async () => {
      const web = webSession(api);
      const username = `acc-${engine}-1`;
      const made = await web.post('/signup', { username, name: 'Ada', email: 'ada@example.com', timezone: 'Europe/Berlin', password: 'correct horse battery' });
      assert.equal(made.statusCode, 303, made.body);
      assert.equal(made.headers.location, '/app/calendar');
      const setCookie = String(made.headers['set-cookie']);
      assert.match(setCookie, /svc_session=[A-Za-z0-9]{43}/);
      assert.match(setCookie, /HttpOnly/);
      assert.match(setCookie, /SameSite=Lax/);
      assert.match(setCookie, /Secure/, 'the service is reached over https (PUBLIC_BASE_URL)');
      const account = await web.get('/app/account');
      assert.equal(account.statusCode, 200);
      assert.match(account.body, /@acc-/);
      const row = await api.rt.store.db.selectFrom('owners').select('password_hash').where('username', '=', username).executeTakeFirstOrThrow();
      assert.match(row.password_hash ?? '', /^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
      assert.equal((await web.submit('/signout', {})).statusCode, 303);
      assert.equal((await web.get('/app/account')).statusCode, 303, 'signed out: back to sign-in');
      const wrong = await web.post('/signin', { username, password: 'wrong password!' });
      assert.equal(wrong.statusCode, 422);
      assert.match(wrong.body, /do not match/);
      assert.equal((await web.post('/signin', { username, password: 'correct horse battery' })).statusCode, 303);
      assert.equal((await web.get('/app/account')).statusCode, 200);
    });

    it('refuses a console form without the session\'s CSRF token or from another site', async () => {
      const web = webSession(api);
      await web.post('/signup', { username: `acc-${engine}-2`, name: 'Bo', timezone: 'UTC', password: 'a long password here' });
      const noToken = await web.post('/app/account/password', { current: 'a long password here', password: 'another long one!' });
      assert.equal(noToken.statusCode, 403);
      const otherSite = await web.submit('/app/account/password', { current: 'a long password here', password: 'another long one!' }, { origin: 'https://evil.example' });
      assert.equal(otherSite.statusCode, 403);
      const ok = await web.submit('/app/account/password', { current: 'a long password here', password: 'another long one!' });
      assert.equal(ok.statusCode, 303);
    });

    it('refuses short passwords, taken and reserved usernames', async () => {
      const web = webSession(api);
      assert.match((await web.post('/signup', { username: `acc-${engine}-3`, name: 'C', timezone: 'UTC', password: 'short' })).body, /at least 10/);
      assert.match((await web.post('/signup', { username: 'app', name: 'C', timezone: 'UTC', password: 'long enough pw' })).body, /reserved/);
      await web.post('/signup', { username: `acc-${engine}-4`, name: 'D', timezone: 'UTC', password: 'long enough pw' });
      assert.match((await webSession(api).post('/signup', { username: `acc-${engine}-4`, name: 'E', timezone: 'UTC', password: 'long enough pw' })).body, /taken/);
    });

    it('refuses common and guessable passwords at sign-up, on the account page and at owner create, saying why', async () => {
      const web = webSession(api);
      for (const [password, why] of [
        ['1234567890', /frequently used password/],
        ['password12', /commonly used password/],
        ['qwertyuiop', /frequently used password/],
        [`acc-${engine}-6-x`, /personal or page related data/],
      ] as const) {
        const refused = await web.post('/signup', { username: `acc-${engine}-6`, name: 'G', timezone: 'UTC', password });
        assert.equal(refused.statusCode, 422, password);
        assert.match(refused.body, /This password is too easy to guess\./, password);
        assert.match(refused.body, why, password);
      }
      assert.equal((await web.post('/signup', { username: `acc-${engine}-6`, name: 'G', timezone: 'UTC', password: 'purple otter drums loudly' })).statusCode, 303);

      const change = await web.submit('/app/account/password', { current: 'purple otter drums loudly', password: 'qwertyuiop' });
      assert.equal(change.statusCode, 422);
      assert.match(change.body, /This password is too easy to guess\. This is a frequently used password\./);
      assert.equal((await web.submit('/signout', {})).statusCode, 303);
      assert.equal((await web.post('/signin', { username: `acc-${engine}-6`, password: 'purple otter drums loudly' })).statusCode, 303, 'the old password still stands');

      const args = { username: `acc-${engine}-7`, name: 'H', timezone: 'UTC', email: null };
      await assert.rejects(ownerCreateOperation(api.rt, { ...args, password: 'password12' }), (e: unknown) => e instanceof ServiceError && /too easy to guess/.test(e.message));
      await ownerCreateOperation(api.rt, { ...args, password: 'mauve kettle orbits slowly' });
      assert.equal((await webSession(api).post('/signin', { username: `acc-${engine}-7`, password: 'mauve kettle orbits slowly' })).statusCode, 303, 'an owner made by the CLI signs in');
    });

    it('deletes the account: every live token gets authorization.revoked (account_deleted) and stops working', async () => {
      const web = webSession(api);
      const username = `acc-${engine}-5`;
      await web.post('/signup', { username, name: 'F', timezone: 'UTC', password: 'long enough pw' });
      const owner = await api.rt.store.db.selectFrom('owners').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
      const token = await api.token(owner, ['webhooks', 'profile:read']);
      assert.equal((await api.get('/api/v1/me', token)).statusCode, 200);
      const gone = await web.submit('/app/account/delete', { password: 'long enough pw' });
      assert.equal(gone.statusCode, 303);
      assert.equal((await api.get('/api/v1/me', token)).statusCode, 401);
      const revoked = (await eventsOf(api.rt.store.db, owner.id)).filter((e) => e.type === 'authorization.revoked');
      assert.equal(revoked.length, 1);
      assert.deepEqual(revoked[0]!.data, { object: 'authorization', reason: 'account_deleted' });
      assert.equal((await web.get('/app/account')).statusCode, 303);
    });
  });
}
