import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { newRequestId } from '../../src/domain/ids.js';

const URL_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('request ids', () => {
  it('are req_ and 22 url-safe characters, never twice, across many refills of the random pool', () => {
    const ids = Array.from({ length: 20_000 }, () => newRequestId());
    for (const id of ids) assert.match(id, /^req_[A-Za-z0-9_-]{22}$/);
    assert.equal(new Set(ids).size, ids.length);
  });

  it('use every url-safe character at every position, the last one included', () => {
    const seen = Array.from({ length: 22 }, () => new Set<string>());
    for (let i = 0; i < 20_000; i++) {
      const body = newRequestId().slice(4);
      for (let p = 0; p < 22; p++) seen[p]!.add(body[p]!);
    }
    // 20,000 draws leave a given character out of one position with odds of 64 x (63/64)^20000, about 1e-135.
    for (let p = 0; p < 22; p++) assert.equal(seen[p]!.size, URL_SAFE.length, `position ${p}`);
  });
});
