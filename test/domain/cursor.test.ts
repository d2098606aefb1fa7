import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CURSOR_LIFETIME_MS, CURSOR_PATTERN, cursorExpiry, decodeCursor, encodeCursor, queryFingerprint } from '../../src/domain/cursor.js';

const SECRET = 'cursor-secret-for-tests';
const HOUR = 3_600_000;
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

  it('last 24 hours and up to the next whole hour of UTC: one issued at 00:30 is valid until 01:00 the next day, one millisecond before, and refused at 01:00', () => {
    const cursor = encodeCursor(SECRET, POSITION, CTX);
    assert.equal(CURSOR_LIFETIME_MS, 86_400_000);
    assert.equal(cursorExpiry(NOW), Date.parse('2026-03-30T01:00:00Z'));
    assert.equal(decodeCursor(SECRET, cursor, { ...CTX, now: new Date(NOW.getTime() + CURSOR_LIFETIME_MS) }).ok, true, 'after exactly 24 hours');
    assert.equal(decodeCursor(SECRET, cursor, { ...CTX, now: new Date('2026-03-30T00:59:59.999Z') }).ok, true, 'a millisecond before 01:00');
    const expired = decodeCursor(SECRET, cursor, { ...CTX, now: new Date('2026-03-30T01:00:00Z') });
    assert.equal(expired.ok, false);
    assert.match((expired as { reason: string }).reason, /expired/);
  });

  it('last at least 24 hours and less than 25, whatever the minute they are issued at, across the night Europe/Berlin and Pacific/Chatham change their clocks', () => {
    // UTC hours: a zone's offset (Chatham's +13:45 to +12:45 on 2026-04-05) changes nothing.
    for (const issued of ['2026-03-29T00:00:00Z', '2026-03-29T00:00:00.001Z', '2026-03-29T00:59:59.999Z', '2026-04-04T14:00:00Z', '2026-04-04T14:15:00Z']) {
      const lasts = cursorExpiry(new Date(issued)) - Date.parse(issued);
      assert.ok(lasts >= 24 * HOUR && lasts < 25 * HOUR, `issued at ${issued}: lasts ${lasts / HOUR} hours`);
    }
  });

  it('are the same text for one page all hour, so a page asked again is the same bytes (and the same ETag): from 00:00:00.001 to 01:00 one cursor, then the next', () => {
    const at = (instant: string) => encodeCursor(SECRET, POSITION, { ...CTX, now: new Date(instant) });
    const first = at('2026-03-29T00:00:00.001Z');
    assert.equal(at('2026-03-29T00:30:00Z'), first);
    assert.equal(at('2026-03-29T01:00:00Z'), first, 'exactly on the hour: its 24 hours end on the whole hour');
    assert.notEqual(at('2026-03-29T01:00:00.001Z'), first);
    assert.notEqual(at('2026-03-29T00:00:00Z'), first, 'the hour before');
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
