import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  canonicalLocale,
  dailyLimitWait,
  E164_PATTERN,
  hasText,
  isE164,
  isEmailAddress,
  isPastDate,
  isTooFarAhead,
  MAX_PENDING_PER_REQUESTER,
  MAX_PER_REQUESTER_PER_DAY,
  requestDeadline,
  requesterIdentity,
  TASK_DEFAULT_LIFE_DAYS,
} from '../../src/domain/request-rules.js';

const t = (s: string) => new Date(s);
const HOUR = 3_600_000;
const DAY = 86_400_000;

const task = (suggestedDueDate: string | null, requesterTimezone: string) => ({ kind: 'task' as const, slotStart: null, suggestedDueDate, requesterTimezone });

describe('requestDeadline (docs/spec-decisions.md §3: "its time")', () => {
  const created = t('2026-03-10T12:34:56.789Z');

  it('an appointment request: its slot start, whatever the zone or the creation time', () => {
    for (const zone of ['Europe/Berlin', 'Pacific/Chatham', 'America/New_York']) {
      const d = requestDeadline({ kind: 'appointment', slotStart: t('2026-03-29T01:30:00Z'), suggestedDueDate: null, requesterTimezone: zone }, created);
      assert.equal(d.toISOString(), '2026-03-29T01:30:00.000Z', zone);
    }
  });

  it('a task request without a suggested date: exactly 30 × 24 h after creation, even across a DST change', () => {
    assert.equal(TASK_DEFAULT_LIFE_DAYS, 30);
    for (const zone of ['Europe/Berlin', 'America/New_York', 'Pacific/Chatham']) {
      assert.equal(requestDeadline(task(null, zone), created).toISOString(), '2026-04-09T12:34:56.789Z', zone);
    }
  });

  it('Europe/Berlin, 2026-03-29 (23-hour day, clocks go 02:00 → 03:00): midnight CEST after it', () => {
    const end = requestDeadline(task('2026-03-29', 'Europe/Berlin'), created);
    assert.equal(end.toISOString(), '2026-03-29T22:00:00.000Z');
    const start = requestDeadline(task('2026-03-28', 'Europe/Berlin'), created);
    assert.equal(start.toISOString(), '2026-03-28T23:00:00.000Z');
    assert.equal(end.getTime() - start.getTime(), 23 * HOUR);
  });

  it('Europe/Berlin, 2026-10-25 (25-hour day, clocks go 03:00 → 02:00): midnight CET after it', () => {
    const end = requestDeadline(task('2026-10-25', 'Europe/Berlin'), created);
    assert.equal(end.toISOString(), '2026-10-25T23:00:00.000Z');
    const start = requestDeadline(task('2026-10-24', 'Europe/Berlin'), created);
    assert.equal(start.toISOString(), '2026-10-24T22:00:00.000Z');
    assert.equal(end.getTime() - start.getTime(), 25 * HOUR);
  });

  it('Pacific/Chatham (+13:45 in summer, +12:45 in winter; DST ends 2026-04-05)', () => {
    assert.equal(requestDeadline(task('2026-01-15', 'Pacific/Chatham'), created).toISOString(), '2026-01-15T10:15:00.000Z');
    assert.equal(requestDeadline(task('2026-07-15', 'Pacific/Chatham'), created).toISOString(), '2026-07-15T11:15:00.000Z');
    const before = requestDeadline(task('2026-04-04', 'Pacific/Chatham'), created);
    const end = requestDeadline(task('2026-04-05', 'Pacific/Chatham'), created);
    assert.equal(end.toISOString(), '2026-04-05T11:15:00.000Z');
    assert.equal(end.getTime() - before.getTime(), 25 * HOUR);
  });

  it('America/New_York: a plain day, and the DST days of 2026 (03-08: 23 h, 11-01: 25 h)', () => {
    assert.equal(requestDeadline(task('2026-04-02', 'America/New_York'), created).toISOString(), '2026-04-03T04:00:00.000Z');
    assert.equal(requestDeadline(task('2026-01-02', 'America/New_York'), created).toISOString(), '2026-01-03T05:00:00.000Z');
    const mar7 = requestDeadline(task('2026-03-07', 'America/New_York'), created);
    const mar8 = requestDeadline(task('2026-03-08', 'America/New_York'), created);
    assert.equal(mar8.toISOString(), '2026-03-09T04:00:00.000Z');
    assert.equal(mar8.getTime() - mar7.getTime(), 23 * HOUR);
    const oct31 = requestDeadline(task('2026-10-31', 'America/New_York'), created);
    const nov1 = requestDeadline(task('2026-11-01', 'America/New_York'), created);
    assert.equal(nov1.toISOString(), '2026-11-02T05:00:00.000Z');
    assert.equal(nov1.getTime() - oct31.getTime(), 25 * HOUR);
  });

  it('the same date ends at different instants in different zones, and never depends on the creation time', () => {
    const zones: [string, string][] = [
      ['Pacific/Kiritimati', '2026-04-01T10:00:00.000Z'],
      ['Asia/Tokyo', '2026-04-01T15:00:00.000Z'],
      ['Asia/Kolkata', '2026-04-01T18:30:00.000Z'],
      ['UTC', '2026-04-02T00:00:00.000Z'],
      ['America/Sao_Paulo', '2026-04-02T03:00:00.000Z'],
      ['Pacific/Pago_Pago', '2026-04-02T11:00:00.000Z'],
    ];
    for (const [zone, want] of zones) {
      assert.equal(requestDeadline(task('2026-04-01', zone), created).toISOString(), want, zone);
      assert.equal(requestDeadline(task('2026-04-01', zone), t('2026-03-31T23:59:59Z')).toISOString(), want, zone);
    }
  });

  it('the end of the last day of a month and of a year', () => {
    assert.equal(requestDeadline(task('2026-02-28', 'UTC'), created).toISOString(), '2026-03-01T00:00:00.000Z');
    assert.equal(requestDeadline(task('2028-02-28', 'UTC'), created).toISOString(), '2028-02-29T00:00:00.000Z');
    assert.equal(requestDeadline(task('2026-12-31', 'Europe/Berlin'), created).toISOString(), '2026-12-31T23:00:00.000Z');
  });
});

describe('isPastDate (a suggested due date before the requester\'s today)', () => {
  // 2026-03-29T10:30Z: already the 30th east of about +13:30, still the 28th west of -10:30.
  const now = t('2026-03-29T10:30:00Z');
  const cases: [zone: string, today: string][] = [
    ['Pacific/Kiritimati', '2026-03-30'], // +14: 00:30 on the 30th
    ['Pacific/Chatham', '2026-03-30'], // +13:45: 00:15 on the 30th
    ['Pacific/Auckland', '2026-03-29'], // +13: 23:30 on the 29th
    ['Europe/Berlin', '2026-03-29'], // +2 since 01:00Z today: 12:30
    ['America/New_York', '2026-03-29'], // -4: 06:30
    ['Pacific/Honolulu', '2026-03-29'], // -10: 00:30
    ['Pacific/Pago_Pago', '2026-03-28'], // -11: 23:30 on the 28th
  ];
  for (const [zone, today] of cases) {
    it(`in ${zone} today is ${today}: yesterday has passed, today and tomorrow have not`, () => {
      const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - DAY).toISOString().slice(0, 10);
      const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
      assert.equal(isPastDate(yesterday, zone, now), true, yesterday);
      assert.equal(isPastDate(today, zone, now), false, today);
      assert.equal(isPastDate(tomorrow, zone, now), false, tomorrow);
    });
  }

  it('changes exactly at the requester\'s midnight (Berlin, the night clocks go forward)', () => {
    // Berlin's 2026-03-29 begins at 2026-03-28T23:00Z (CET).
    assert.equal(isPastDate('2026-03-28', 'Europe/Berlin', t('2026-03-28T22:59:59.999Z')), false);
    assert.equal(isPastDate('2026-03-28', 'Europe/Berlin', t('2026-03-28T23:00:00Z')), true);
    // ... and 2026-10-26 begins at 2026-10-25T23:00Z (CET again after the 25-hour day).
    assert.equal(isPastDate('2026-10-25', 'Europe/Berlin', t('2026-10-25T22:59:59Z')), false);
    assert.equal(isPastDate('2026-10-25', 'Europe/Berlin', t('2026-10-25T23:00:00Z')), true);
  });
});

describe('canonicalLocale', () => {
  it('gives the canonical BCP 47 form', () => {
    const cases: [string, string][] = [
      ['en-us', 'en-US'],
      ['EN-US', 'en-US'],
      ['en', 'en'],
      ['DE', 'de'],
      ['de-at', 'de-AT'],
      ['zh-hant-tw', 'zh-Hant-TW'],
      ['sr-latn-rs', 'sr-Latn-RS'],
      ['es-419', 'es-419'],
      ['pt-br', 'pt-BR'],
    ];
    for (const [tag, want] of cases) assert.equal(canonicalLocale(tag), want, tag);
  });

  it('is null for tags that are not well formed', () => {
    for (const bad of ['', 'en_US', 'english-but-way-too', 'e', '123', 'en-', '-en', 'en US', 'en--US', 'x', 'ünicode']) {
      assert.equal(canonicalLocale(bad), null, JSON.stringify(bad));
    }
  });

  it('takes a well-formed tag of 35 characters and refuses one of 36 (docs/spec-decisions.md §9: locale 35)', () => {
    const tag35 = 'de-DE-x-aaaaaaaa-bbbbbbbb-cccccc-dd';
    const tag36 = `${tag35}d`;
    assert.equal(tag35.length, 35);
    assert.equal(canonicalLocale(tag35), tag35);
    assert.equal(canonicalLocale(tag35.toUpperCase()), tag35);
    assert.equal(canonicalLocale(tag36), null);
    const long = 'en-US-u-ca-gregory-nu-latn-hc-h23-co-phonebk';
    assert.ok(long.length > 35);
    assert.equal(canonicalLocale(long), null);
  });
});

describe('requesterIdentity (docs/spec-decisions.md §4: lower-cased email, E.164 phone)', () => {
  it('lower-cases (and trims) the email and keeps the phone', () => {
    assert.deepEqual(requesterIdentity({ email: 'Ana.Ruiz@Example.COM', phone: '+4915112345678' }), { email: 'ana.ruiz@example.com', phone: '+4915112345678' });
    assert.deepEqual(requesterIdentity({ email: ' ANA@EXAMPLE.COM ' }), { email: 'ana@example.com', phone: null });
    assert.deepEqual(requesterIdentity({ phone: '+12125550100' }), { email: null, phone: '+12125550100' });
  });

  it('gives the same identity to the same address in any case', () => {
    const a = requesterIdentity({ email: 'ana@example.com' });
    for (const e of ['ANA@example.com', 'Ana@Example.Com', 'ana@EXAMPLE.COM']) assert.deepEqual(requesterIdentity({ email: e }), a, e);
  });

  it('E.164 as the pattern says', () => {
    const re = new RegExp(E164_PATTERN);
    for (const ok of ['+4915112345678', '+12125550100', '+123456789012345']) assert.ok(re.test(ok), ok);
    for (const bad of ['4915112345678', '+0123456', '+1234567890123456', '+49 151 1234', '+1']) assert.ok(!re.test(bad), bad);
  });

  it('hasText: blanks alone are no text', () => {
    assert.equal(hasText('  \t\n'), false);
    assert.equal(hasText(''), false);
    assert.equal(hasText(' a '), true);
  });
});

describe('dailyLimitWait (rolling 24 h, 5 a day)', () => {
  const now = t('2026-03-29T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it('the limits are 3 pending and 5 a day', () => {
    assert.equal(MAX_PENDING_PER_REQUESTER, 3);
    assert.equal(MAX_PER_REQUESTER_PER_DAY, 5);
  });

  it('allows the first five: 0 while fewer than 5 are in the window', () => {
    assert.equal(dailyLimitWait([], now), 0);
    assert.equal(dailyLimitWait([ago(23 * HOUR), ago(2 * HOUR), ago(HOUR), ago(1000)], now), 0);
  });

  it('with 5 in the window, the 6th waits until the oldest of them is 24 h old', () => {
    const recent = [ago(23 * HOUR), ago(20 * HOUR), ago(3 * HOUR), ago(2 * HOUR), ago(HOUR)];
    assert.equal(dailyLimitWait(recent, now), 3600);
  });

  it('rounds up to whole seconds and never answers 0 once limited', () => {
    assert.equal(dailyLimitWait([ago(DAY - 1500), ago(5), ago(4), ago(3), ago(2)], now), 2);
    assert.equal(dailyLimitWait([ago(DAY - 1), ago(5), ago(4), ago(3), ago(2)], now), 1);
    assert.equal(dailyLimitWait([ago(0), ago(0), ago(0), ago(0), ago(0)], now), 86_400);
  });

  it('with more than 5 in the window, waits for the one that brings the count under 5', () => {
    // 7 made: 3 must leave the window, so the 3rd oldest decides.
    const recent = [ago(23 * HOUR), ago(22 * HOUR), ago(21 * HOUR), ago(4 * HOUR), ago(3 * HOUR), ago(2 * HOUR), ago(HOUR)];
    assert.equal(dailyLimitWait(recent, now), 3 * 3600);
  });
});

describe('email and phone checks shared by the API, the public page, contacts and owners', () => {
  it('takes addresses a browser\'s email field takes (WHATWG), at most 254 characters, and E.164 numbers only', () => {
    for (const ok of ['ana@example.com', 'a.b+tag@mail.example.co.uk', 'ana@example', `${'a'.repeat(240)}@example.com`]) assert.equal(isEmailAddress(ok), true, ok);
    for (const bad of ['', 'ana', 'ana@müller.de', 'a b@example.com', 'a"b@example.com', '<a@example.com>', `${'a'.repeat(250)}@x.io`]) assert.equal(isEmailAddress(bad), false, bad);
    for (const ok of ['+4915112345678', '+12125550100']) assert.equal(isE164(ok), true, ok);
    for (const bad of ['030 1234567', '+0123456', '4915112345678', '+1234567890123456']) assert.equal(isE164(bad), false, bad);
  });
});

describe('isTooFarAhead (a suggested due date more than ten years after the requester\'s today)', () => {
  it('takes ten years to the day in the requester\'s zone and refuses the day after, up to the last date the wire admits', () => {
    const now = t('2026-03-29T10:30:00Z');
    assert.equal(isTooFarAhead('2036-03-29', 'Europe/Berlin', now), false);
    assert.equal(isTooFarAhead('2036-03-30', 'Europe/Berlin', now), true);
    assert.equal(isTooFarAhead('9999-12-31', 'Europe/Berlin', now), true);
    // Already the 30th in Kiritimati: its ten years end a day later.
    assert.equal(isTooFarAhead('2036-03-30', 'Pacific/Kiritimati', now), false);
  });

  it('compares with 29 February ten years on as text, whether or not that day exists', () => {
    const now = t('2028-02-29T12:00:00Z');
    assert.equal(isTooFarAhead('2038-02-28', 'UTC', now), false);
    assert.equal(isTooFarAhead('2038-03-01', 'UTC', now), true);
  });
});
