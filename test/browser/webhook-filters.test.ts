import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, screenshot, SKIP_REASON, startWorld, type BrowserWorld } from './browser.js';

/**
 * Choosing a webhook endpoint's event types in a browser (issue 31 point 5, docs/webhooks.md
 * "Choosing event types"), on a phone and at a desktop width: a token holding webhooks,
 * requests:read and tasks:read is offered the request, appointment and to-do types (no calendar
 * events); an endpoint is added with "Only these:" and two boxes ticked, the list shows them, and
 * the endpoint's page changes them to another and then to "All events". Nothing is wider than the
 * screen.
 */
const HOOK = 'https://localhost:8443/hook';

async function ownerPage(world: BrowserWorld, username: string, viewport: { width: number; height: number }): Promise<Page> {
  const { page } = await world.newPage(viewport);
  await page.goto(`${world.base}/signup`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Your name').fill('Ada');
  await page.getByLabel('Time zone').selectOption('Europe/Berlin');
  await page.getByLabel('Password').fill('a long enough password');
  await Promise.all([page.waitForURL(/\/app\/calendar/), page.getByRole('button', { name: 'Create account' }).click()]);
  return page;
}

const widerThanScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('in a browser: choosing the event types of a webhook endpoint', { skip: SKIP_REASON ?? false }, () => {
  let world: BrowserWorld;

  before(async () => {
    world = await startWorld({ ALLOW_PRIVATE_HOSTS: 'localhost' });
  });
  after(async () => {
    await world?.close();
  });

  for (const [width, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    it(`at the ${width} width: adds an endpoint for two types only, then changes them on its page and goes back to all events`, async () => {
      const username = `hooks-${width}`;
      const page = await ownerPage(world, username, viewport);
      await page.goto(`${world.base}/app/developer`);
      await page.getByLabel('Name', { exact: true }).fill('To-do sync');
      for (const scope of ['requests:read', 'tasks:read', 'webhooks']) await page.locator(`input[name="scopes"][value="${scope}"]`).check();
      await page.getByRole('button', { name: 'Create token' }).click();
      await assert.doesNotReject(page.getByText('Copy the token now.').waitFor());
      await page.goto(`${world.base}/app/developer`);

      const section = page.locator('section.card', { has: page.getByRole('heading', { name: /To-do sync/ }) });
      const events = section.getByRole('group', { name: /^Events/ });
      assert.equal(await events.getByRole('radio', { name: /All events/ }).isChecked(), true, 'all events unless told');
      assert.deepEqual(await events.getByRole('group').evaluateAll((groups) => groups.map((g) => g.querySelector('legend')?.textContent)), ['Requests', 'Appointments', 'To-dos']);
      assert.equal(await events.getByRole('checkbox', { name: /event\.created/ }).count(), 0, 'no calendar events without events:read');

      await section.getByLabel('Endpoint address').fill(HOOK);
      await section.getByLabel('Description (optional)').fill('To-do receiver');
      await events.getByRole('radio', { name: 'Only these:' }).check();
      await events.getByRole('checkbox', { name: /task\.completed/ }).check();
      await events.getByRole('checkbox', { name: /request\.created/ }).check();
      assert.equal(await widerThanScreen(page), 0, 'nothing scrolls sideways');
      await section.getByRole('group', { name: /^Events/ }).scrollIntoViewIfNeeded();
      await screenshot(page, `console-webhook-events-add-${width}`);
      await section.getByRole('button', { name: 'Add endpoint' }).click();
      await assert.doesNotReject(page.getByText('Copy the signing secret now.').waitFor());

      await page.goto(`${world.base}/app/developer`);
      const row = page.locator('tr', { hasText: HOOK });
      const cell = row.locator('td[data-label="Events"]');
      assert.deepEqual(await cell.locator('code').allTextContents(), ['request.created', 'task.completed']);
      assert.equal(await widerThanScreen(page), 0, 'the list fits the screen');
      await row.scrollIntoViewIfNeeded();
      await screenshot(page, `console-webhook-events-list-${width}`);
      const owner = await world.server.rt.store.db.selectFrom('owners').select('id').where('username', '=', username).executeTakeFirstOrThrow();
      const stored = async () => (await world.server.rt.store.db.selectFrom('webhook_endpoints').select('event_types').where('owner_id', '=', owner.id).executeTakeFirstOrThrow()).event_types;
      assert.deepEqual(await stored(), ['request.created', 'task.completed']);

      // Its page: the same choice, ticked; another type instead of request.created.
      await Promise.all([page.waitForURL(/\/app\/developer\/endpoint\?id=/), cell.getByRole('link', { name: /Change the events of/ }).click()]);
      const form = page.locator('#events');
      assert.equal(await form.getByRole('radio', { name: 'Only these:' }).isChecked(), true);
      assert.equal(await form.getByRole('checkbox', { name: /task\.completed/ }).isChecked(), true);
      await form.getByRole('checkbox', { name: /request\.created/ }).uncheck();
      await form.getByRole('checkbox', { name: /task\.deleted/ }).check();
      await Promise.all([page.waitForURL(/notice=/), form.getByRole('button', { name: 'Save events' }).click()]);
      await assert.doesNotReject(page.getByText('Events saved: only the types chosen from now on.').waitFor());
      assert.deepEqual(await stored(), ['task.completed', 'task.deleted']);
      assert.equal(await widerThanScreen(page), 0);
      await page.locator('#events').scrollIntoViewIfNeeded();
      await screenshot(page, `console-webhook-events-edit-${width}`);

      await page.locator('#events').getByRole('radio', { name: /All events/ }).check();
      await Promise.all([page.waitForURL(/notice=/), page.locator('#events').getByRole('button', { name: 'Save events' }).click()]);
      await assert.doesNotReject(page.getByText('Events saved: every event type from now on, future types included.').waitFor());
      assert.equal(await stored(), null);
    });
  }
});
