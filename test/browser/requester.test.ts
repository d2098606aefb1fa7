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

  for (const [label, viewport] of [['a phone', PHONE], ['a desktop', DESKTOP]] as const) {
    it(`lets a visitor on ${label} pick a slot, send a request, and withdraw it on the status page`, async () => {
      const db = world.server.rt.store.db;
      const owner = await db.selectFrom('owners').selectAll().where('username', '=', 'lena').executeTakeFirstOrThrow();
      await setBookingSettings(db, world.server.rt.clock, owner.id, { enabled: true, weeklyHours: EVERY_DAY, bookingWindowDays: 30, appointmentTypes: [{ name: 'Intro call', durationMinutes: 30 }] });
      const { page } = await world.newPage(viewport);
      await page.goto(`${world.base}/lena`);
      // The page picks the browser's zone (Europe/Berlin here) with its one-line script.
      await page.waitForURL(/tz=Europe%2FBerlin/);
      await screenshot(page, `booking-page-${viewport === PHONE ? 'phone' : 'desktop'}`);
      const slot = page.locator('a.button.secondary[href*="/lena/book"]').first();
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
