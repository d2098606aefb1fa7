import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatInstant, isValidDate, parseInstant } from '../../src/domain/instant.js';

const iso = (text: string) => parseInstant(text)?.toISOString() ?? null;

describe('wire instants', () => {
  it('are read as UTC, with or without a fraction of 1 to 9 digits', () => {
    assert.equal(iso('2026-03-29T00:30:00Z'), '2026-03-29T00:30:00.000Z');
    assert.equal(iso('2026-03-29T00:30:00.5Z'), '2026-03-29T00:30:00.500Z');
    assert.equal(iso('2026-03-29T00:30:00.25Z'), '2026-03-29T00:30:00.250Z');
    assert.equal(iso('2026-03-29T00:30:00.123Z'), '2026-03-29T00:30:00.123Z');
    assert.equal(iso('2026-03-29T00:30:00.123456Z'), '2026-03-29T00:30:00.123Z');
    assert.equal(iso('2026-03-29T00:30:00.999999999Z'), '2026-03-29T00:30:00.999Z');
  });

  it('keep every millisecond of a 3-digit fraction exactly', () => {
    for (let ms = 0; ms < 1000; ms++) {
      const frac = String(ms).padStart(3, '0');
      assert.equal(parseInstant(`2026-03-29T00:30:00.${frac}Z`)?.getUTCMilliseconds(), ms, frac);
    }
  });

  it('are refused with 10 fraction digits, an empty fraction, an offset, a lowercase z or no zone', () => {
    for (const bad of [
      '2026-03-29T00:30:00.1234567890Z', '2026-03-29T00:30:00.Z', '2026-03-29T00:30:00+01:00', '2026-03-29T00:30:00+00:00',
      '2026-03-29T00:30:00z', '2026-03-29T00:30:00', '2026-03-29 00:30:00Z', '2026-03-29T00:30Z', '2026-03-29', '20260329T003000Z', '',
    ]) {
      assert.equal(parseInstant(bad), null, bad);
    }
  });

  it('are refused when they name an impossible date or time', () => {
    for (const bad of [
      '2026-02-29T12:00:00Z', '2026-02-30T00:00:00Z', '2026-04-31T00:00:00Z', '2026-13-01T00:00:00Z', '2026-00-10T00:00:00Z',
      '2026-03-00T00:00:00Z', '2026-03-29T24:00:00Z', '2026-03-29T23:60:00Z', '2026-03-29T23:59:60Z', '2100-02-29T00:00:00Z',
    ]) {
      assert.equal(parseInstant(bad), null, bad);
    }
  });

  it('accept the leap day of a leap year: 2028-02-29 and 2000-02-29', () => {
    assert.equal(iso('2028-02-29T23:59:59Z'), '2028-02-29T23:59:59.000Z');
    assert.equal(iso('2000-02-29T00:00:00Z'), '2000-02-29T00:00:00.000Z');
  });

  it('read years 0001 to 0099 as themselves, not as 1900 to 1999, and refuse the year 0000, which PostgreSQL cannot store', () => {
    assert.equal(parseInstant('0001-01-01T00:00:00Z')?.getUTCFullYear(), 1);
    assert.equal(parseInstant('0099-12-31T23:59:59Z')?.getUTCFullYear(), 99);
    assert.equal(parseInstant('0000-01-01T00:00:00Z'), null);
  });

  it('are written without a fraction on whole seconds and with milliseconds otherwise, always in UTC with Z', () => {
    assert.equal(formatInstant(new Date('2026-03-29T02:30:00+02:00')), '2026-03-29T00:30:00Z');
    assert.equal(formatInstant(new Date('2026-03-29T00:30:00.120Z')), '2026-03-29T00:30:00.120Z');
    assert.equal(formatInstant(new Date('2026-03-29T00:30:00.001Z')), '2026-03-29T00:30:00.001Z');
  });

  it('survive a round trip: what is written reads back as the same instant', () => {
    for (const text of ['2026-03-29T00:30:00Z', '2026-10-25T00:59:59.999Z', '2028-02-29T12:00:00.5Z']) {
      const d = parseInstant(text)!;
      assert.equal(parseInstant(formatInstant(d))!.getTime(), d.getTime(), text);
    }
  });
});

describe('wire dates', () => {
  it('accept real dates, the 2028 leap day included', () => {
    for (const good of ['2026-03-29', '2028-02-29', '2026-12-31', '2026-01-01']) assert.equal(isValidDate(good), true, good);
  });

  it('follow the leap years of the proleptic Gregorian calendar for every year from 0001, and refuse the year 0000', () => {
    assert.equal(isValidDate('0000-02-29'), false);
    assert.equal(isValidDate('0000-01-01'), false);
    assert.equal(isValidDate('0004-02-29'), true);
    assert.equal(isValidDate('0100-02-29'), false);
  });

  it('refuse impossible dates and other shapes', () => {
    for (const bad of ['2026-02-29', '2026-02-30', '2026-04-31', '2026-13-01', '2026-00-01', '2026-01-00', '2026-3-29', '26-03-29', '2026/03/29', '2026-03-29T00:00:00Z', '']) {
      assert.equal(isValidDate(bad), false, bad);
    }
  });
});
