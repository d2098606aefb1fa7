import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { registeredRedirect, registrableRedirectUri, sameRedirectUri } from '../../src/domain/redirect-uris.js';

describe('redirect URIs in canonical form', () => {
  it('registers each accepted spelling as the WHATWG parser serialises it', () => {
    for (const [typed, stored] of [
      ['HTTPS://Example.COM:443/cb', 'https://example.com/cb'],
      ['https://example.com', 'https://example.com/'],
      ['https://example.com/a/../cb?x=1', 'https://example.com/cb?x=1'],
      ['http://127.0.0.1:8976/callback', 'http://127.0.0.1:8976/callback'],
      ['HTTP://[0:0:0:0:0:0:0:1]:80/cb', 'http://[::1]/cb'],
      ['com.example.app:/callback', 'com.example.app:/callback'],
    ]) {
      assert.deepEqual(registrableRedirectUri(typed!), { ok: true, uri: stored }, typed);
    }
  });

  it('refuses what the parser would have to mend, and what it cannot read, saying which redirect URI', () => {
    for (const typed of ['https:/relative', 'https:relative', 'https:///example.com/cb', 'https:\\\\example.com/cb', 'https://example.com\\cb', 'https://exa\tmple.com/cb', 'https://example.com/a b', 'https://', '/cb', 'http://evil.example/cb', 'https://example.com/cb#x', 'https://u:p@example.com/cb']) {
      const checked = registrableRedirectUri(typed);
      assert.equal(checked.ok, false, JSON.stringify(typed));
      if (!checked.ok) assert.ok(checked.problem.startsWith(`redirect URI ${typed}: `), checked.problem);
    }
  });

  it('finds the registered URI a request names in either spelling, never another path or port', () => {
    const registered = ['https://example.com/cb'];
    assert.equal(registeredRedirect(registered, 'HTTPS://EXAMPLE.com:443/cb'), 'https://example.com/cb');
    assert.equal(registeredRedirect(['HTTPS://Example.COM/cb'], 'https://example.com/cb'), 'https://example.com/cb', 'a row never canonicalised');
    for (const other of ['https://example.com/cb/', 'https://example.com/CB', 'https://example.com:444/cb', 'https://example.com/cb?', 'not a url']) {
      assert.equal(registeredRedirect(registered, other), null, other);
    }
    assert.ok(sameRedirectUri('https://example.com/cb', 'https://EXAMPLE.COM:443/cb'));
    assert.ok(!sameRedirectUri('https://example.com/cb', 'https://example.com/cb/'));
    assert.ok(!sameRedirectUri('nonsense', 'nonsense'));
  });
});
