import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PageCache } from '../../src/services/page-cache.js';

describe('PageCache', () => {
  const T0 = Date.parse('2026-03-29T01:00:00Z');

  it('answers a page while its counter is unchanged and the clock is before its end, and forgets it then', () => {
    const cache = new PageCache<string>((v) => v.length);
    cache.set('a', '7', T0 + 1000, 'page a');
    assert.equal(cache.get('a', '7', T0), 'page a');
    assert.equal(cache.get('a', '7', T0 + 999), 'page a');
    assert.equal(cache.get('a', '7', T0 + 1000), undefined, 'at its end');
    cache.set('a', '7', Infinity, 'page a');
    assert.equal(cache.get('a', '8', T0), undefined, 'another counter');
    assert.equal(cache.get('a', '7', T0), undefined, 'forgotten once stale');
  });

  it('keeps at most its bytes, dropping the page used longest ago first', () => {
    const cache = new PageCache<string>((v) => v.length, 10);
    cache.set('a', '1', Infinity, 'aaaa');
    cache.set('b', '1', Infinity, 'bbbb');
    assert.equal(cache.get('a', '1', T0), 'aaaa'); // a is now the most recently used
    cache.set('c', '1', Infinity, 'cccc'); // 12 bytes: b goes
    assert.equal(cache.get('b', '1', T0), undefined);
    assert.equal(cache.get('a', '1', T0), 'aaaa');
    assert.equal(cache.get('c', '1', T0), 'cccc');
    cache.set('a', '1', Infinity, 'aaaaaa'); // replacing counts the new size only: 6 + 4
    assert.equal(cache.get('a', '1', T0), 'aaaaaa');
    assert.equal(cache.get('c', '1', T0), 'cccc');
    cache.set('huge', '1', Infinity, 'x'.repeat(11));
    assert.equal(cache.get('huge', '1', T0), undefined, 'a page over the whole budget is not kept');
    assert.equal(cache.get('c', '1', T0), 'cccc', 'nor does it push others out');
  });
});
