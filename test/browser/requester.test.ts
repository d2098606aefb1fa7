import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setBookingSettings } from '../../src/services/booking.js';
import { DESKTOP, PHONE, screenshot, SKIP_REASON, startWorld, type BrowserWorld } from './browser.js';

const EVERY_DAY = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [['08:00', '20:00']]]));

describe('in a browser: sign up, then a visitor books on the public page and follows the request', { skip: SKIP_REASON ?? false }, () => {
  let world: BrowserWorld;
  before(async () => {
    world = await startWorld();
  });
  after(async () => {
    await world?.close();
  });

  it('signs up on a phone-sized window and lands in the console', async () => {
    const { page } = await world.newPage(PHONE);
    await page.goto(`${world.base}/signup`);
    await page.getByLabel('Username').fill('lena');
    await page.getByLabel('Your name').fill('Lena Vogel');
    await page.getByLabel('Email').fill('lena@example.com');
    await page.getByLabel('Time zone').selectOption('Europe/Berlin');
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/app\/calendar/);
    await page.goto(`${world.base}/app/account`);
    await assert.doesNotReject(page.getByText('@lena').first().waitFor());
    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name === 'svc_session');
    assert.ok(session?.httpOnly, 'the session cookie is http-only');
    assert.equal(session?.sameSite, 'Lax');
  });

  it('shows a visitor the landing page at /', async () => {
    const { page } = await world.newPage(DESKTOP);
    await page.goto(`${world.base}/`);
    await assert.doesNotReject(page.getByRole('heading', { name: 'Your calendar, shared on your terms' }).waitFor());
    assert.equal(await page.title(), 'calendar-access · your calendar, shared on your terms');
    await screenshot(page, 'landing-desktop');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL(/\/signup$/);
  });

  it('lets a visitor on a phone in German book through the month view, with the zone detected, and shows the German confirmation', async () => {
    const db = world.server.rt.store.db;
    const owner = await db.selectFrom('owners').selectAll().where('username', '=', 'lena').executeTakeFirstOrThrow();
    await setBookingSettings(db, world.server.rt.clock, owner.id, { enabled: true, weeklyHours: EVERY_DAY, bookingWindowDays: 30, appointmentTypes: [{ name: 'Intro call', durationMinutes: 30 }] });
    const context = await world.newContext({ viewport: PHONE, locale: 'de-DE', timezoneId: 'America/New_York' });
    try {
      const page = await context.newPage();
      const loads: string[] = [];
      page.on('request', (r) => { if (r.resourceType() === 'document') loads.push(r.url()); });
      await page.goto(`${world.base}/lena`);
      // Lena is in Berlin; the visitor's browser is in New York: the page shows that zone's days and
      // times in the same load (issue 30 point 6), and says so in its address.
      await page.waitForURL(/tz=America%2FNew_York/);
      assert.deepEqual(loads, [`${world.base}/lena`], 'one page load, no reload');
      const shown = async () => ({
        days: await page.locator('a.day.free').evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).searchParams.get('day'))),
        times: await page.locator('.time-list time').evaluateAll((ts) => ts.map((t) => `${t.getAttribute('datetime')} ${t.textContent}`)),
        links: await page.locator('.time-list a').evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).searchParams.get('tz'))),
      });
      const regrouped = await shown();
      assert.ok(regrouped.days.length > 10 && regrouped.times.length > 0, JSON.stringify(regrouped));
      assert.deepEqual([...new Set(regrouped.links)], ['America/New_York']);
      // The reference: the same month rendered by the server in New York's zone.
      await page.goto(`${world.base}/lena?tz=America%2FNew_York&lang=de`);
      assert.deepEqual(await shown(), regrouped, 'the same days and times as the server gives for New York');
      assert.equal(await page.locator('html').getAttribute('lang'), 'de');
      await assert.doesNotReject(page.getByRole('heading', { name: 'Termin bei Lena Vogel buchen' }).waitFor());
      assert.equal(await page.getByLabel('Zeitzone').inputValue(), 'America/New_York');
      await assert.doesNotReject(page.getByText(/^Aktuelle Uhrzeit dort: \d{2}:\d{2}$/).waitFor());
      await screenshot(page, 'booking-month-phone');
      await page.locator('a.day.free:not(.chosen)').first().click();
      await page.waitForURL(/day=\d{4}-\d{2}-\d{2}/);
      await assert.doesNotReject(page.getByRole('heading', { name: /^Freie Zeiten am / }).waitFor());
      const first = page.locator('.time-list a').first();
      // 08:00 in Berlin is 02:00 (or 03:00) in New York, on a 24-hour clock in German.
      assert.match((await first.innerText()).trim(), /^0[23]:00$/);
      await first.click();
      await page.getByLabel('Ihr Name').fill('Jonas Weber');
      await page.getByLabel('Ihre E-Mail-Adresse').fill('jonas@example.com');
      await page.getByRole('button', { name: 'Anfrage senden' }).click();
      await page.waitForURL(/\/status\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{32}\?done=requested/);
      await assert.doesNotReject(page.getByText('Ihre Anfrage wurde gesendet').waitFor());
      await assert.doesNotReject(page.getByText('Wartet auf Antwort').waitFor());
      await assert.doesNotReject(page.getByRole('link', { name: 'Google Calendar' }).waitFor());
      await screenshot(page, 'booking-confirmation-phone');
      const id = /\/status\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
      const row = await db.selectFrom('requests').select(['requester_timezone', 'requester_locale', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
      assert.deepEqual(row, { requester_timezone: 'America/New_York', requester_locale: 'de-DE', status: 'pending' });
    } finally {
      await context.close();
    }
  });

  for (const [label, viewport] of [['a phone', PHONE], ['a desktop', DESKTOP]] as const) {
    it(`lets a visitor on ${label} pick a slot, send a request, and withdraw it on the status page`, async () => {
      const db = world.server.rt.store.db;
      const owner = await db.selectFrom('owners').selectAll().where('username', '=', 'lena').executeTakeFirstOrThrow();
      await setBookingSettings(db, world.server.rt.clock, owner.id, { enabled: true, weeklyHours: EVERY_DAY, bookingWindowDays: 30, appointmentTypes: [{ name: 'Intro call', durationMinutes: 30 }] });
      const { page } = await world.newPage(viewport);
      await page.goto(`${world.base}/lena`);
      // The browser is in Lena's zone (Europe/Berlin): the page is already right, and stays as it came.
      await assert.doesNotReject(page.getByLabel('Time zone').waitFor());
      assert.equal(await page.getByLabel('Time zone').inputValue(), 'Europe/Berlin');
      assert.equal(new URL(page.url()).search, '');
      // The month view: choose another day with free time; its times show in a column.
      await page.locator('a.day.free:not(.chosen)').first().click();
      await page.waitForURL(/day=\d{4}-\d{2}-\d{2}/);
      await assert.doesNotReject(page.getByRole('heading', { name: /^Free times on / }).waitFor());
      if (viewport === DESKTOP) await screenshot(page, 'booking-day-times-desktop');
      const slot = page.locator('.time-list a[href*="/lena/book"]').first();
      await slot.click();
      await page.getByLabel('Your name').fill('Pat Doe');
      await page.getByLabel('Your email').fill(`pat-${viewport.width}@example.com`);
      await page.getByLabel('Message (optional)').fill('Looking forward to it');
      await page.getByRole('button', { name: 'Send request' }).click();
      await page.waitForURL(/\/status\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{32}\?done=requested/);
      await assert.doesNotReject(page.getByText('Your request was sent').waitFor());
      await assert.doesNotReject(page.getByText('Waiting for an answer').waitFor());
      await screenshot(page, `status-page-${viewport === PHONE ? 'phone' : 'desktop'}`);
      const id = /\/status\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
      const row = await db.selectFrom('requests').select(['source', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
      assert.deepEqual(row, { source: 'public', status: 'pending' });
      await page.getByRole('button', { name: 'Withdraw my request' }).click();
      await assert.doesNotReject(page.getByText('Your request was withdrawn').waitFor());
      assert.equal((await db.selectFrom('requests').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status, 'withdrawn');
      const events = await db.selectFrom('webhook_events').select('type').where('owner_id', '=', owner.id).where("data", '@>', JSON.stringify({ id }) as never).execute();
      assert.deepEqual(events.map((e) => e.type).sort(), ['request.created', 'request.withdrawn']);
    });
  }
});
