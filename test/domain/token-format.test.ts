import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { generateTokenValue, hashToken, parseTokenValue, TOKEN_PREFIX, type TokenKind } from '../../src/domain/token-format.js';

const KINDS: TokenKind[] = ['pat', 'test', 'at', 'rt'];

/** The same value with the character at `index` replaced by another base62 character. */
function withCharChanged(value: string, index: number): string {
  const c = value[index]!;
  const replacement = c === 'a' ? 'b' : 'a';
  return value.slice(0, index) + replacement + value.slice(index + 1);
}

describe('token values', () => {
  it('are the prefix of their kind, 32 random base62 characters and a 6-character checksum', () => {
    for (const kind of KINDS) {
      const value = generateTokenValue(kind);
      assert.ok(value.startsWith(TOKEN_PREFIX[kind]), value);
      assert.match(value.slice(TOKEN_PREFIX[kind].length), /^[0-9A-Za-z]{38}$/);
      assert.deepEqual(parseTokenValue(value), { kind, value });
    }
    assert.deepEqual(TOKEN_PREFIX, { pat: 'svc_pat_', test: 'svc_test_', at: 'svc_at_', rt: 'svc_rt_' });
  });

  it('are never the same twice', () => {
    const values = new Set(Array.from({ length: 200 }, () => generateTokenValue('pat')));
    assert.equal(values.size, 200);
  });

  it('are refused when any single character of the random part or of the checksum is changed', () => {
    const value = generateTokenValue('pat');
    for (let i = TOKEN_PREFIX.pat.length; i < value.length; i++) {
      assert.equal(parseTokenValue(withCharChanged(value, i)), null, `character ${i} changed`);
    }
  });

  it('are refused with an unknown or differently written prefix', () => {
    const value = generateTokenValue('pat');
    const rest = value.slice('svc_pat_'.length);
    for (const bad of [`svc_xyz_${rest}`, `SVC_PAT_${rest}`, `pat_${rest}`, `svc_pat${rest}`, `svc_whsec_${rest}`, rest]) {
      assert.equal(parseTokenValue(bad), null, bad);
    }
  });

  it('are refused when truncated, lengthened, padded or carrying characters outside base62', () => {
    const value = generateTokenValue('test');
    for (const bad of [value.slice(0, -1), `${value}x`, ` ${value}`, `${value}\n`, value.replace(/.$/, '-'), value.replace(/.$/, '_'), '']) {
      assert.equal(parseTokenValue(bad), null, JSON.stringify(bad));
    }
  });

  it('parse a refresh token svc_rt_ as such (the authenticator, not the format, keeps it out of the API)', () => {
    const value = generateTokenValue('rt');
    assert.equal(parseTokenValue(value)?.kind, 'rt');
  });

  it('are stored as a SHA-256 hex digest that depends on the whole value', () => {
    const value = generateTokenValue('pat');
    assert.match(hashToken(value), /^[0-9a-f]{64}$/);
    assert.equal(hashToken(value), hashToken(value));
    assert.notEqual(hashToken(value), hashToken(withCharChanged(value, 10)));
    assert.equal(hashToken(value).includes(value.slice(8, 40)), false);
  });
});
