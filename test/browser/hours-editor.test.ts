import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { getBookingSettings } from '../../src/services/booking.js';
import { DESKTOP, PHONE, screenshot, SKIP_REASON, startWorld, type BrowserWorld } from './browser.js';

/**
 * The availability editor in a browser (issue 30 point 4), on a phone and at a desktop width: a new
 * owner is offered Monday to Friday 9 to 5; "Add hours" adds a second interval to Monday, Remove
 * takes one away; Wednesday is switched off (its hours disappear); Monday is copied to the
 * weekdays; a date gets its own hours and another is closed; one Save keeps it all. No part of
 * the page is wider than the screen.
 */
async function ownerPage(world: BrowserWorld, username: string, viewport: { width: number; height: number }): Promise<Page> {
  const { page } = await world.newPage(viewport);
  await page.goto(`${world.base}/signup`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Your name').fill('Ada');
  await page.getByLabel('Time zone').selectOption('America/New_York');
  await page.getByLabel('Password').fill('a long enough password');
  await Promise.all([page.waitForURL(/\/app\/calendar/), page.getByRole('button', { name: 'Create account' }).click()]);
  return page;
}

const widerThanScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('in a browser: the availability editor', { skip: SKIP_REASON ?? false }, () => {
  let world: BrowserWorld;

  before(async () => {
    world = await startWorld();
  });
  after(async () => {
    await world?.close();
  });

  for (const [width, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    it(`at the ${width} width: sets weekly hours with switches, Add hours, Remove and Copy, and a date of its own, in one Save`, async () => {
      const username = `ada-${width}`;
      const page = await ownerPage(world, username, viewport);
      await page.goto(`${world.base}/app/booking`);
      await assert.doesNotReject(page.getByText('Suggested to start: Monday to Friday, 9 to 5').waitFor());
      assert.equal(await widerThanScreen(page), 0, 'nothing scrolls sideways');
      assert.equal(await page.locator('#d_mon').isChecked(), true);
      assert.equal(await page.locator('#d_sat').isChecked(), false);
      assert.equal(await page.getByLabel('Saturday, hours 1, from').isVisible(), false, 'an off day shows no hours');
      assert.equal(await page.getByLabel('Monday, hours 2, from').isVisible(), false, 'the blank row waits behind Add hours');

      await page.getByLabel('Monday, hours 1, until').fill('12:00');
      await page.locator('.av-day', { has: page.locator('#d_mon') }).getByRole('button', { name: 'Add hours' }).click();
      await page.getByLabel('Monday, hours 2, from').fill('13:00');
      await page.getByLabel('Monday, hours 2, until').fill('17:00');
      // A third row, added and removed again.
      await page.locator('.av-day', { has: page.locator('#d_mon') }).getByRole('button', { name: 'Add hours' }).click();
      await page.getByLabel('Monday, hours 3, from').fill('18:00');
      await page.getByRole('button', { name: 'Remove Monday, hours 3' }).click();
      assert.equal(await page.getByLabel('Monday, hours 3, from').isVisible(), false);

      await page.getByRole('button', { name: 'Copy Monday’s hours to the other weekdays' }).click();
      await page.waitForURL(/notice=/);
      await assert.doesNotReject(page.getByText('Monday’s hours copied to Tuesday, Wednesday, Thursday, Friday.').waitFor());
      assert.equal(await page.getByLabel('Thursday, hours 2, until').inputValue(), '17:00');

      await page.locator('#d_wed').uncheck();
      assert.equal(await page.getByLabel('Wednesday, hours 1, from').isVisible(), false, 'switched off, its hours go out of sight');
      await page.getByLabel('New date', { exact: true }).fill('2026-12-26');
      await page.getByLabel('New date, hours 1, from').fill('10:00');
      await page.getByLabel('New date, hours 1, until').fill('14:00');
      await page.getByLabel('From', { exact: true }).fill('2026-12-28');
      await page.getByLabel('Until', { exact: true }).fill('2026-12-30');
      await page.getByLabel('Take booking requests').check();
      await page.locator('#b-hours').scrollIntoViewIfNeeded();
      await screenshot(page, `console-availability-editor-${width}`);
      await page.getByLabel('New type: name').fill('Call');
      await page.getByLabel('New type: duration in minutes').fill('30');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.waitForURL(/notice=/);
      assert.equal(await widerThanScreen(page), 0, 'nothing scrolls sideways once dates are listed');

      const owner = await world.server.rt.store.db.selectFrom('owners').select('id').where('username', '=', username).executeTakeFirstOrThrow();
      const saved = await getBookingSettings(world.server.rt.store.db, owner.id);
      const split: [string, string][] = [['09:00', '12:00'], ['13:00', '17:00']];
      assert.deepEqual(saved.weeklyHours, { mon: split, tue: split, wed: [], thu: split, fri: split, sat: [], sun: [] });
      assert.deepEqual(saved.dateHours, { '2026-12-26': [['10:00', '14:00']] });
      assert.deepEqual(saved.blockedDates, ['2026-12-28', '2026-12-29', '2026-12-30']);
      assert.equal(saved.enabled, true);
    });
  }
});
