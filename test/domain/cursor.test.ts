import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CURSOR_LIFETIME_MS, CURSOR_PATTERN, decodeCursor, encodeCursor, queryFingerprint } from '../../src/domain/cursor.js';

const SECRET = 'cursor-secret-for-tests';
const NOW = new Date('2026-03-29T00:30:00Z');
const FP = queryFingerprint('tasks', { status: 'open', includeDeleted: 'true' });
const CTX = { fingerprint: FP, tokenId: 'token-a', now: NOW };
const POSITION = { key: Date.parse('2026-03-01T10:00:00Z'), id: '7c9e6679-7425-40de-944b-e07fc1f90ae7' };

function flip(text: string, index: number): string {
  const c = text[index]!;
  return text.slice(0, index) + (c === 'A' ? 'B' : 'A') + text.slice(index + 1);
}

describe('list cursors', () => {
  it('give back the position they were made from, for the same query and token within 24 hours', () => {
    const cursor = encodeCursor(SECRET, POSITION, CTX);
    assert.deepEqual(decodeCursor(SECRET, cursor, { ...CTX, now: new Date(NOW.getTime() + 60_000) }), { ok: true, position: POSITION });
  });

  it('use only letters, digits, _, . and - and stay within 512 characters', () => {
    const cursor = encodeCursor(SECRET, { key: POSITION.key, id: `${POSITION.id}@2026-03-29T00:30:00Z` }, CTX);
    assert.match(cursor, new RegExp(CURSOR_PATTERN));
    assert.ok(cursor.length <= 512, `${cursor.length} characters`);
  });

  it('are refused when the HMAC is forged or the payload is changed', () => {
    const cursor = encodeCursor(SECRET, POSITION, CTX);
    const dot = cursor.indexOf('.');
    assert.equal(decodeCursor(SECRET, flip(cursor, cursor.length - 1), CTX).ok, false, 'changed MAC');
    assert.equal(decodeCursor(SECRET, flip(cursor, 3), CTX).ok, false, 'changed payload');
    // A payload of the attacker's choosing, "signed" with another secret.
    const forged = encodeCursor('another-secret', { key: 0, id: POSITION.id }, CTX);
    assert.equal(decodeCursor(SECRET, forged, CTX).ok, false, 'signed with another secret');
    assert.equal(decodeCursor(SECRET, cursor.slice(0, dot), CTX).ok, false, 'MAC removed');
    assert.equal(decodeCursor(SECRET, `.${cursor.slice(dot + 1)}`, CTX).ok, false, 'payload removed');
    assert.equal(decodeCursor(SECRET, 'not-a-cursor', CTX).ok, false, 'no dot');
  });

  it('are refused for a query with another fingerprint, naming the query as the reason', () => {
    const cursor = encodeCursor(SECRET, POSITION, CTX);
    const other = queryFingerprint('tasks', { status: 'completed', includeDeleted: 'true' });
    const result = decodeCursor(SECRET, cursor, { ...CTX, fingerprint: other });
    assert.equal(result.ok, false);
    assert.match((result as { reason: string }).reason, /query/);
  });

  it('are refused when presented by another token', () => {
    const cursor = encodeCursor(SECRET, POSITION, CTX);
    const result = decodeCursor(SECRET, cursor, { ...CTX, tokenId: 'token-b' });
    assert.equal(result.ok, false);
    assert.match((result as { reason: string }).reason, /token/);
  });

  it('last 24 hours: valid one millisecond before, refused at exactly 24 hours', () => {
    const cursor = encodeCursor(SECRET, POSITION, CTX);
    assert.equal(CURSOR_LIFETIME_MS, 86_400_000);
    assert.equal(decodeCursor(SECRET, cursor, { ...CTX, now: new Date(NOW.getTime() + CURSOR_LIFETIME_MS - 1) }).ok, true);
    const expired = decodeCursor(SECRET, cursor, { ...CTX, now: new Date(NOW.getTime() + CURSOR_LIFETIME_MS) });
    assert.equal(expired.ok, false);
    assert.match((expired as { reason: string }).reason, /expired/);
  });
});

describe('query fingerprints', () => {
  it('ignore the order of parameters and the cursor, but not the limit (the same parameters come back)', () => {
    assert.equal(
      queryFingerprint('tasks', { status: 'open', dueFrom: '2026-04-01', limit: 10 }),
      queryFingerprint('tasks', { dueFrom: '2026-04-01', status: 'open', cursor: 'abc', limit: 10 }),
    );
    assert.notEqual(queryFingerprint('tasks', { status: 'open', limit: 10 }), queryFingerprint('tasks', { status: 'open', limit: 99 }));
  });

  it('differ between routes and between parameter values', () => {
    assert.notEqual(queryFingerprint('tasks', { status: 'open' }), queryFingerprint('requests', { status: 'open' }));
    assert.notEqual(queryFingerprint('tasks', { status: 'open' }), queryFingerprint('tasks', { status: 'completed' }));
    assert.notEqual(queryFingerprint('tasks', {}), queryFingerprint('tasks', { includeDeleted: 'false' }));
  });
});
