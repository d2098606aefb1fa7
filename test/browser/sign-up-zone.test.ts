import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP, SKIP_REASON, startWorld, type BrowserWorld } from './browser.js';

/**
 * Sign-up preselects the browser's zone (signup-zone.js): a browser in UTC gets UTC, which the zone
 * list lacked (Node's Intl names no "UTC"), so it got the list's first zone, Africa/Abidjan.
 */
describe('in a browser: sign-up preselects the browser\'s zone', { skip: SKIP_REASON ?? false }, () => {
  let world: BrowserWorld;
  before(async () => {
    world = await startWorld();
  });
  after(async () => {
    await world?.close();
  });

  for (const [browserZone, chosen] of [
    ['UTC', 'UTC'],
    ['Etc/UTC', 'UTC'],
    ['America/Los_Angeles', 'America/Los_Angeles'],
    ['Pacific/Chatham', 'Pacific/Chatham'],
  ] as const) {
    it(`chooses ${chosen} for a browser in ${browserZone}`, async () => {
      const context = await world.newContext({ viewport: DESKTOP, locale: 'en-US', timezoneId: browserZone });
      try {
        const page = await context.newPage();
        await page.goto(`${world.base}/signup`);
        // The script is a plain one at the end of the page: it has run when the page has loaded.
        assert.equal(await page.getByLabel('Time zone').inputValue(), chosen);
      } finally {
        await context.close();
      }
    });
  }
});
