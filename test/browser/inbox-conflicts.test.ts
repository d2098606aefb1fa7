import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { setBookingSettings } from '../../src/services/booking.js';
import { REQUEST_DECISION } from '../../src/services/requests/moves.js';
import { requestsBeingAccepted } from '../../src/store/repos/commitments.js';
import { until } from '../helpers/patience.js';
import { DESKTOP, PHONE, screenshot, SKIP_REASON, startWorld, type BrowserWorld } from './browser.js';

/**
 * Double booking, seen and guarded, in a browser (issue 30 "Done when"): two visitors on phones
 * request the same slot; the owner's inbox marks both as competing, naming the other; the owner
 * accepts one and the other is a conflict at once, whose Accept does nothing until the owner ticks
 * "I know it overlaps". The owner is in Berlin, the visitors in New York and in Tokyo.
 */
const EVERY_DAY = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [['08:00', '20:00']]]));

describe('in a browser: two visitors request the same slot; the owner sees the conflict and must confirm it', { skip: SKIP_REASON ?? false }, () => {
  let world: BrowserWorld;
  let owner: Page;

  before(async () => {
    world = await startWorld();
    ({ page: owner } = await world.newPage(DESKTOP));
    await owner.goto(`${world.base}/signup`);
    await owner.getByLabel('Username').fill('mara');
    await owner.getByLabel('Your name').fill('Mara Lind');
    await owner.getByLabel('Time zone').selectOption('Europe/Berlin');
    await owner.getByLabel('Password').fill('a long enough password');
    await Promise.all([owner.waitForURL(/\/app\/calendar/), owner.getByRole('button', { name: 'Create account' }).click()]);
    const db = world.server.rt.store.db;
    const row = await db.selectFrom('owners').select('id').where('username', '=', 'mara').executeTakeFirstOrThrow();
    await setBookingSettings(db, world.server.rt.clock, row.id, { enabled: true, weeklyHours: EVERY_DAY, bookingWindowDays: 30, appointmentTypes: [{ name: 'Intro call', durationMinutes: 30 }] });
  });
  after(async () => {
    await world?.close();
  });

  /** A visitor on a phone in `zone` books the first time of the first day offered after today; returns the slot's start. */
  async function visitorBooks(name: string, zone: string, start: string | null): Promise<string> {
    const context = await world.newContext({ viewport: PHONE, locale: 'en-US', timezoneId: zone });
    const page = await context.newPage();
    await page.goto(`${world.base}/mara`);
    await page.waitForURL(new RegExp(`tz=${encodeURIComponent(zone)}`));
    const slot = start ? page.locator(`.time-list a:has(time[datetime="${start}"])`) : page.locator('.time-list a').nth(4);
    if (start) {
      // The same instant, found in this visitor's zone: go to its date there.
      const date = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(start));
      await page.goto(`${world.base}/mara?tz=${encodeURIComponent(zone)}&month=${date.slice(0, 7)}&day=${date}`);
    }
    const chosen = (await slot.locator('time').getAttribute('datetime'))!;
    await slot.click();
    await page.getByLabel('Your name').fill(name);
    await page.getByLabel('Your email').fill(`${name.toLowerCase()}@example.com`);
    await Promise.all([page.waitForURL(/\/status\//), page.getByRole('button', { name: 'Send request' }).click()]);
    await context.close();
    return chosen;
  }

  const card = (name: string) => owner.locator('article', { has: owner.getByRole('heading', { name: new RegExp(`^${name}`) }) });
  /** 'pending', 'accepting' (within the undo window) or the stored status. */
  async function statusOf(name: string): Promise<string> {
    const db = world.server.rt.store.db;
    const r = await db.selectFrom('requests').select(['id', 'owner_id', 'status']).where('requester_name', '=', name).executeTakeFirstOrThrow();
    return r.status === 'pending' && (await requestsBeingAccepted(db, r.owner_id, REQUEST_DECISION)).has(r.id) ? 'accepting' : r.status;
  }

  it('marks both requests as competing, then the second as a conflict once the first is accepted, and accepts it only when confirmed', async () => {
    const start = await visitorBooks('Pat', 'America/New_York', null);
    assert.equal(await visitorBooks('Kenji', 'Asia/Tokyo', start), start, 'both asked for the same instant');

    await owner.goto(`${world.base}/app/inbox`);
    for (const [name, other] of [['Pat', 'Kenji'], ['Kenji', 'Pat']]) {
      await assert.doesNotReject(card(name!).locator('.status', { hasText: 'competing' }).waitFor());
      await assert.doesNotReject(card(name!).getByText(`Competing request: overlaps ${other}'s Intro call (pending).`).waitFor());
    }
    await Promise.all([owner.waitForURL(/\/app\/inbox/), card('Pat').getByRole('button', { name: 'Accept', exact: true }).click()]);
    assert.equal(await statusOf('Pat'), 'accepting');
    await assert.doesNotReject(card('Kenji').locator('.status', { hasText: 'conflict' }).waitFor());
    await assert.doesNotReject(card('Kenji').getByText(/^Conflict: overlaps Pat's Intro call \((being accepted|accepted)\)\. Accepting it needs your confirmation\.$/).waitFor());

    await screenshot(owner, 'console-inbox-conflict-desktop');
    await owner.setViewportSize(PHONE);
    await screenshot(owner, 'console-inbox-conflict-phone');
    await owner.setViewportSize(DESKTOP);
    // Unticked, the browser does not send the form: nothing changes.
    const acceptAnyway = card('Kenji').getByRole('button', { name: 'Accept anyway' });
    await acceptAnyway.click();
    assert.equal(await card('Kenji').getByLabel('I know it overlaps').evaluate((el) => (el as HTMLInputElement).validity.valueMissing), true);
    assert.equal(await statusOf('Kenji'), 'pending');

    await card('Kenji').getByLabel('I know it overlaps').check();
    await Promise.all([owner.waitForURL(/\/app\/inbox/), acceptAnyway.click()]);
    await until(async () => (await statusOf('Kenji')) === 'accepted' && (await statusOf('Pat')) === 'accepted', 'both accepted once the undo windows end');
  });
});
