import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { createApp } from '../../src/services/apps.js';
import { setBookingSettings } from '../../src/services/booking.js';
import { until } from '../helpers/patience.js';
import { DESKTOP, SKIP_REASON, startWorld, type BrowserWorld } from './browser.js';

/**
 * The pages work in chromium under their strict Content-Security-Policy (issue #11 point 8): the
 * sign-up, sign-in, console, booking and status pages are used as a person would, and any CSP
 * violation (a `securitypolicyviolation` event or chromium's console error) fails the test. Their
 * scripts visibly run (the zone preselected, the booking page moved to the browser's zone), their
 * stylesheets apply, and their forms post with the Origin the pages' one check asks for.
 */
const EVERY_DAY = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [['08:00', '20:00']]]));
const USER = { username: 'csp-owner', name: 'Cleo Park', password: 'a long enough password' };

/** Collects every CSP violation the page reports, from the moment it is opened. */
async function watch(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to (load|execute|apply|frame|send form)/i.test(m.text())) violations.push(`console: ${m.text()}`);
  });
  await page.exposeFunction('reportCspViolation', (v: string) => void violations.push(`event: ${v}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportCspViolation(v: string): void }).reportCspViolation(`${e.violatedDirective} blocked ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return violations;
}

describe('in a browser: the pages under their Content-Security-Policy', { skip: SKIP_REASON ?? false }, () => {
  let world: BrowserWorld;
  before(async () => {
    world = await startWorld();
  });
  after(async () => {
    await world?.close();
  });

  it('signs up (the page preselects the browser\'s zone), walks the console, signs out and in, with no violation', async () => {
    const { page } = await world.newPage(DESKTOP);
    const violations = await watch(page);
    await page.goto(`${world.base}/signup`);
    assert.equal(await page.getByLabel('Time zone').inputValue(), 'Europe/Berlin', 'signup-zone.js ran');
    await page.getByLabel('Username').fill(USER.username);
    await page.getByLabel('Your name').fill(USER.name);
    await page.getByLabel('Password').fill(USER.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/app\/calendar/);
    assert.equal(await page.locator('nav.top').evaluate((el) => getComputedStyle(el).display), 'flex', 'console.css applies');
    assert.equal(await page.locator('main').evaluate((el) => getComputedStyle(el).maxWidth), '1024px', 'page.css then console.css apply');
    for (const section of ['calendar', 'todos', 'inbox', 'booking', 'contacts', 'journal', 'developer', 'mail', 'account']) {
      await page.goto(`${world.base}/app/${section}`);
      await page.locator('h1').first().waitFor();
    }
    await page.goto(`${world.base}/app/calendar/new`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/signin/);
    await page.getByLabel('Username').fill(USER.username);
    await page.getByLabel('Password').fill(USER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/app\/calendar/);
    assert.deepEqual(violations, []);
  });

  it('books on the public page (regrouped for the browser\'s zone) and withdraws on the status page, with no violation', async () => {
    const db = world.server.rt.store.db;
    const owner = await db.selectFrom('owners').selectAll().where('username', '=', USER.username).executeTakeFirstOrThrow();
    await setBookingSettings(db, world.server.rt.clock, owner.id, { enabled: true, weeklyHours: EVERY_DAY, bookingWindowDays: 30, appointmentTypes: [{ name: 'Intro call', durationMinutes: 30 }] });
    // A browser in New York: booking.js regroups the owner's days and times for it, under the CSP.
    const context = await world.newContext({ viewport: DESKTOP, locale: 'en-US', timezoneId: 'America/New_York' });
    const page = await context.newPage();
    const violations = await watch(page);
    await page.goto(`${world.base}/${USER.username}`);
    await page.waitForURL(/tz=America%2FNew_York/);
    await page.locator(`a.button.secondary[href*="/${USER.username}/book"]`).first().click();
    assert.equal(await page.getByLabel('Your name').evaluate((el) => getComputedStyle(el).width === getComputedStyle(el.parentElement!).width), true, 'the form field fills its line (u-field)');
    await page.getByLabel('Your name').fill('Pat Doe');
    await page.getByLabel('Your email').fill('pat@example.com');
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.waitForURL(/\/status\/[0-9a-f-]{36}\/[A-Za-z0-9_-]+\?done=requested/);
    await page.getByRole('button', { name: 'Withdraw my request' }).click();
    await assert.doesNotReject(page.getByText('Your request was withdrawn').waitFor());
    await page.goto(`${world.base}/nobody-has-this-page`);
    await page.getByText('No booking page here').waitFor();
    assert.deepEqual(violations, []);
  });

  it('signs in from an OAuth link, consents on the consent page and is sent back to the app, with no violation', async () => {
    const db = world.server.rt.store.db;
    const owner = await db.selectFrom('owners').selectAll().where('username', '=', USER.username).executeTakeFirstOrThrow();
    const callback = 'http://127.0.0.1:8976/csp-callback';
    const { app } = await createApp(db, world.server.rt.clock, { ownerId: owner.id, name: 'Strict Planner', homepageUrl: 'https://planner.example', logoUrl: 'https://planner.example/logo.png', redirectUris: [callback], scopes: ['profile:read', 'events:read'], clientType: 'public' });
    const { context, page } = await world.newPage(DESKTOP);
    const violations = await watch(page);
    await context.route(`${callback}**`, (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: 'back at the app' }));
    const url = new URL(`${world.base}/oauth/authorize`);
    for (const [k, v] of Object.entries({ response_type: 'code', client_id: app.id, redirect_uri: callback, scope: 'profile:read events:read', state: 'csp-state', code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256' })) url.searchParams.set(k, v);
    await page.goto(url.href);
    await page.waitForURL(/\/signin\?next=/);
    await page.getByLabel('Username').fill(USER.username);
    await page.getByLabel('Password').fill(USER.password);
    const [consent] = await Promise.all([
      page.waitForResponse((r) => r.url().startsWith(`${world.base}/oauth/authorize?`) && r.status() === 200),
      page.getByRole('button', { name: 'Sign in' }).click(),
    ]);
    const csp = consent.headers()['content-security-policy'] ?? '';
    assert.match(csp, /(^|;)default-src 'none'(;|$)/);
    assert.match(csp, /(^|;)style-src 'self'(;|$)/);
    assert.match(csp, /(^|;)frame-ancestors 'none'(;|$)/);
    assert.match(csp, /(^|;)form-action 'self' http:\/\/127\.0\.0\.1:8976(;|$)/, 'the form may be answered by a redirect to the app');
    await page.getByText('Connect Strict Planner to your calendar?').waitFor();
    assert.equal(await page.locator('fieldset').evaluate((el) => getComputedStyle(el).borderTopWidth), '0px', 'page.css styles the consent form (u-plain)');
    assert.equal(await page.locator('img').count(), 0, "no image from the app's server");
    const [back] = await Promise.all([page.waitForRequest((r) => r.url().startsWith(callback)), page.getByRole('button', { name: 'Allow' }).click()]);
    assert.equal(new URL(back.url()).searchParams.get('state'), 'csp-state');
    assert.ok(new URL(back.url()).searchParams.get('code'));
    assert.deepEqual(violations, []);
  });

  it('notices a violation when there is one: an inline script put into a page is blocked and reported', async () => {
    const { page } = await world.newPage(DESKTOP);
    const violations = await watch(page);
    await page.goto(`${world.base}/signin`);
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'document.title = "inline ran"';
      document.body.append(s);
    });
    await until(() => violations.length > 0, 'the blocked inline script to be reported');
    assert.notEqual(await page.title(), 'inline ran', 'the CSP blocked the inline script');
    assert.ok(violations.length > 0, 'the violation was reported');
  });
});
