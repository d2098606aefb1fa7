import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { EMAIL_LOCALES, renderRequestEmail, type RequestEmailInput, type RequestEmailKind } from '../../src/email/templates.js';

const KINDS: RequestEmailKind[] = ['received', 'accepted', 'declined', 'rescheduled', 'cancelled', 'expired'];
const URL = 'https://cal.example/r/req_abc123/status?t=x1';
const SLOT = { start: new Date('2026-03-31T08:00:00Z'), end: new Date('2026-03-31T08:30:00Z') };

function input(over: Partial<RequestEmailInput> = {}): RequestEmailInput {
  return {
    kind: 'accepted',
    locale: 'en-GB',
    ownerName: 'Olga Owner',
    requestKind: 'appointment',
    typeName: 'Intro call',
    slot: SLOT,
    requesterTimezone: 'Europe/Berlin',
    suggestedDueDate: null,
    cancelledBy: null,
    statusUrl: URL,
    ...over,
  };
}

/** Intl puts narrow and thin no-break spaces in times; tests compare with plain ones. */
const plain = (s: string) => s.replace(/[\u00a0\u2009\u202f]/g, ' ');

describe('request emails', () => {
  it('has English, German, French and Spanish', () => {
    assert.deepEqual([...EMAIL_LOCALES].sort(), ['de', 'en', 'es', 'fr']);
  });

  for (const kind of KINDS) {
    it(`renders ${kind} in English and German`, () => {
      const en = renderRequestEmail(input({ kind, locale: 'en-US', cancelledBy: kind === 'cancelled' ? 'owner' : null }));
      const de = renderRequestEmail(input({ kind, locale: 'de-AT', cancelledBy: kind === 'cancelled' ? 'owner' : null }));
      assert.equal(en.locale, 'en');
      assert.equal(de.locale, 'de');
      for (const r of [en, de]) {
        assert.ok(r.subject.includes('Olga Owner'), r.subject);
        assert.ok(!/[\r\n]/.test(r.subject));
        assert.ok(r.text.split('\n').includes(URL), 'the URL on its own line');
        assert.ok(r.html.includes(`href="${URL}"`));
        assert.ok(r.text.includes('Intro call'));
      }
      assert.notEqual(en.subject, de.subject);
      assert.match(en.text, /^Hello,\n/);
      assert.match(de.text, /^Guten Tag,\n/);
      assert.match(en.html, /<html lang="en">/);
      assert.match(de.html, /<html lang="de">/);
      // The time in the requester's locale and zone, the zone named.
      assert.ok(plain(en.text).includes('Tuesday, March 31, 2026, 10:00 – 10:30 AM (Central European Summer Time)'), en.text);
      assert.ok(plain(de.text).includes('Dienstag, 31. März 2026, 10:00–10:30 Uhr (Mitteleuropäische Sommerzeit)'), de.text);
      const open = kind === 'received' || kind === 'accepted' || kind === 'rescheduled';
      assert.ok(en.text.includes(open ? 'See the status or change your request:' : 'See your request:'));
    });
  }

  it('words each subject as expected in English', () => {
    const subject = (kind: RequestEmailKind, requestKind: 'appointment' | 'task' = 'appointment') =>
      renderRequestEmail(input({ kind, requestKind, locale: 'en' })).subject;
    assert.equal(subject('received'), 'Your request to Olga Owner was received');
    assert.equal(subject('accepted'), 'Olga Owner accepted your appointment');
    assert.equal(subject('accepted', 'task'), 'Olga Owner accepted your request');
    assert.equal(subject('declined'), 'Olga Owner declined your request');
    assert.equal(subject('rescheduled'), 'Olga Owner proposes a new time');
    assert.equal(subject('cancelled'), 'Your appointment with Olga Owner was cancelled');
    assert.equal(subject('expired'), 'Your request to Olga Owner expired');
    assert.equal(renderRequestEmail(input({ kind: 'accepted', locale: 'de' })).subject, 'Olga Owner hat Ihren Termin bestätigt');
    assert.equal(renderRequestEmail(input({ kind: 'accepted', locale: 'fr-CA' })).subject, 'Olga Owner a accepté votre rendez-vous');
    assert.equal(renderRequestEmail(input({ kind: 'accepted', locale: 'es-MX' })).subject, 'Olga Owner ha aceptado su cita');
  });

  it('says who cancelled', () => {
    const by = (cancelledBy: RequestEmailInput['cancelledBy'], locale = 'en') => renderRequestEmail(input({ kind: 'cancelled', cancelledBy, locale })).text;
    assert.ok(by('owner').includes('Olga Owner cancelled your appointment.'));
    assert.ok(by('requester').includes('You cancelled your appointment with Olga Owner.'));
    assert.ok(by('owner', 'de').includes('Olga Owner hat Ihren Termin abgesagt.'));
    assert.ok(by('requester', 'de').includes('Sie haben Ihren Termin mit Olga Owner abgesagt.'));
  });

  it('falls back to English for a language without a translation', () => {
    const r = renderRequestEmail(input({ locale: 'ja', requesterTimezone: 'Asia/Tokyo' }));
    assert.equal(r.locale, 'en');
    assert.match(r.html, /<html lang="en">/);
    assert.equal(r.subject, 'Olga Owner accepted your appointment');
    // English words for the date too, in the requester's zone: 17:00 in Tokyo.
    assert.ok(plain(r.text).includes('Tuesday, March 31, 2026, 5:00 – 5:30 PM (Japan Standard Time)'), r.text);
    assert.equal(renderRequestEmail(input({ locale: 'not a tag!' })).locale, 'en');
  });

  it('shows the same instant in each requester’s zone', () => {
    const berlin = plain(renderRequestEmail(input({ locale: 'de', requesterTimezone: 'Europe/Berlin' })).text);
    const newYork = plain(renderRequestEmail(input({ locale: 'de', requesterTimezone: 'America/New_York' })).text);
    assert.ok(berlin.includes('10:00–10:30'), berlin);
    assert.ok(newYork.includes('04:00–04:30'), newYork);
    assert.ok(!newYork.includes('10:00'));
    assert.ok(newYork.includes('Nordamerikanische Ostküsten-Sommerzeit'), newYork);
    const en = plain(renderRequestEmail(input({ locale: 'en-US', requesterTimezone: 'America/New_York' })).text);
    assert.ok(en.includes('4:00 – 4:30 AM (Eastern Daylight Time)'), en);
  });

  it('shows local times across the change to summer time (Berlin, 29 March 2026)', () => {
    // 00:30Z–01:30Z: 01:30 CET to 03:30 CEST, one hour apart.
    const across = plain(renderRequestEmail(input({ locale: 'en-GB', slot: { start: new Date('2026-03-29T00:30:00Z'), end: new Date('2026-03-29T01:30:00Z') } })).text);
    assert.ok(across.includes('Sunday, 29 March 2026, 01:30–03:30 (Central European Standard Time → Central European Summer Time)'), across);
    // The same UTC hour the day before and after shows an hour apart locally.
    const before = plain(renderRequestEmail(input({ locale: 'en-GB', slot: { start: new Date('2026-03-28T09:00:00Z'), end: new Date('2026-03-28T10:00:00Z') } })).text);
    const after = plain(renderRequestEmail(input({ locale: 'en-GB', slot: { start: new Date('2026-03-30T09:00:00Z'), end: new Date('2026-03-30T10:00:00Z') } })).text);
    assert.ok(before.includes('Saturday, 28 March 2026, 10:00–11:00 (Central European Standard Time)'), before);
    assert.ok(after.includes('Monday, 30 March 2026, 11:00–12:00 (Central European Summer Time)'), after);
  });

  it('gives both dates for a time across midnight', () => {
    const t = plain(renderRequestEmail(input({ locale: 'en-GB', slot: { start: new Date('2026-03-31T21:30:00Z'), end: new Date('2026-03-31T22:30:00Z') } })).text);
    assert.ok(t.includes('Tuesday, 31 March 2026') && t.includes('Wednesday, 1 April 2026'), t);
  });

  it('shows a task’s suggested date, and no time', () => {
    const r = renderRequestEmail(input({ kind: 'received', requestKind: 'task', typeName: null, slot: null, suggestedDueDate: '2026-04-10', locale: 'fr' }));
    assert.equal(r.locale, 'fr');
    assert.ok(r.text.includes('Date proposée\u00a0: vendredi 10 avril 2026'), r.text);
    const none = renderRequestEmail(input({ kind: 'accepted', requestKind: 'task', typeName: null, slot: null, locale: 'es' }));
    assert.equal(none.subject, 'Olga Owner ha aceptado su solicitud');
    assert.ok(!/2026/.test(none.text));
  });

  it('escapes every interpolated value in the HTML', () => {
    const r = renderRequestEmail(input({
      kind: 'received',
      ownerName: 'Olga "O" & <b>Co</b>',
      typeName: '<img src=x onerror=alert(2)>',
    }));
    assert.ok(!r.html.includes('<img'), r.html);
    assert.ok(!r.html.includes('<b>'));
    assert.ok(r.html.includes('Olga &quot;O&quot; &amp; &lt;b&gt;Co&lt;/b&gt;'));
    assert.ok(r.html.includes('&lt;img src=x onerror=alert(2)&gt;'));
    // The plain text keeps them as written.
    assert.ok(r.text.includes('Appointment: <img src=x onerror=alert(2)>'));
  });

  it('tells the address it was sent to that it may ignore a request it did not make, in every language', () => {
    const ignore: Record<string, RegExp> = { en: /you can ignore this email/, de: /können Sie diese E-Mail ignorieren/, fr: /vous pouvez ignorer cet e-mail/, es: /puede ignorar este correo/ };
    for (const [locale, said] of Object.entries(ignore)) {
      const received = renderRequestEmail(input({ kind: 'received', locale }));
      assert.match(received.text, said, received.text);
      assert.match(received.html, said);
      assert.doesNotMatch(renderRequestEmail(input({ kind: 'accepted', locale })).text, said, 'only the first email, the one nobody may have asked for');
    }
  });

  it('keeps a name with line breaks on one line in the subject', () => {
    const r = renderRequestEmail(input({ ownerName: 'Olga\r\nBcc: victim@example.com' }));
    assert.equal(r.subject, 'Olga Bcc: victim@example.com accepted your appointment');
  });

  it('puts the status link in text and HTML in every language', () => {
    const url = 'https://cal.example/r/req_1/status?a=1&b=2';
    for (const locale of ['en', 'de-DE', 'fr', 'es-ES', 'ja']) {
      const r = renderRequestEmail(input({ locale, statusUrl: url }));
      assert.ok(r.text.split('\n').includes(url));
      assert.ok(r.html.includes('href="https://cal.example/r/req_1/status?a=1&amp;b=2"'));
    }
  });
});
