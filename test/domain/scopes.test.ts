import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { hasScope, isScope, parseScopes, SCOPES } from '../../src/domain/scopes.js';

describe('scopes', () => {
  it('are exactly the eight of the spec, in its order', () => {
    assert.deepEqual(SCOPES, [
      'profile:read', 'availability:read', 'events:read', 'tasks:read', 'requests:read', 'requests:contact', 'requests:create', 'webhooks',
    ]);
  });

  it('parse into the spec order without repeats, whatever order they are given in', () => {
    assert.deepEqual(parseScopes(['webhooks', 'tasks:read', 'profile:read', 'tasks:read']), ['profile:read', 'tasks:read', 'webhooks']);
    assert.deepEqual(parseScopes([]), []);
  });

  it('refuse an unknown name, naming it and listing the known ones', () => {
    assert.throws(() => parseScopes(['tasks:read', 'tasks:write']), (e: Error) => e.message.includes('"tasks:write"') && e.message.includes('requests:contact'));
    for (const bad of ['Tasks:read', 'tasks:read ', '', 'journal:read', 'events']) {
      assert.throws(() => parseScopes([bad]), Error, JSON.stringify(bad));
      assert.equal(isScope(bad), false, bad);
    }
  });

  it('are checked by exact name: requests:read does not grant requests:contact', () => {
    assert.equal(hasScope(['requests:read'], 'requests:contact'), false);
    assert.equal(hasScope(['requests:read', 'requests:contact'], 'requests:contact'), true);
    assert.equal(hasScope([], 'profile:read'), false);
  });
});
