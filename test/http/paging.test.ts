import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatInstant } from '../../src/domain/instant.js';
import { wireInstant } from '../../src/http/paging.js';

describe('wireInstant', () => {
  it('writes a PostgreSQL JSON timestamptz as formatInstant writes the same instant read into a Date', () => {
    const cases = [
      '2026-03-29T00:30:00+00:00',
      '2026-03-29T00:30:00.5+00:00',
      '2026-03-29T00:30:00.12+00:00',
      '2026-03-29T00:30:00.123+00:00',
      '2026-03-29T00:30:00.1204+00:00',
      '2026-03-29T00:30:00.999999+00:00',
      '2026-03-29T00:30:00.000001+00:00',
      '2026-03-29T00:30:00.0005+00:00',
      '0999-01-01T00:00:00+00:00',
      // A session in another zone takes the slow path to the same text.
      '2026-03-29T01:30:00.25+01:00',
      '2026-03-28T17:30:00-07:00',
      '2026-03-29T06:00:00.000001+05:30',
    ];
    for (const json of cases) assert.equal(wireInstant(json), formatInstant(new Date(json)), json);
  });

  it('leaves out a zero fraction and cuts microseconds as a Date does, never rounding', () => {
    assert.equal(wireInstant('2026-03-29T00:30:00+00:00'), '2026-03-29T00:30:00Z');
    assert.equal(wireInstant('2026-03-29T00:30:00.0009+00:00'), '2026-03-29T00:30:00Z');
    assert.equal(wireInstant('2026-03-29T23:59:59.9999+00:00'), '2026-03-29T23:59:59.999Z');
    assert.equal(wireInstant('2026-03-29T00:30:00.1+00:00'), '2026-03-29T00:30:00.100Z');
  });
});
