import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { setBookingSettings } from '../../src/services/booking.js';
import { until } from '../helpers/patience.js';
import { DESKTOP, PHONE, screenshot, SKIP_REASON, startWorld, type BrowserWorld } from './browser.js';

/**
 * Every page passes axe-core at WCAG 2.1 level AA (issue #15 point 4): each page of the table below
 * is opened once and checked four times, at a desktop and a phone width, in the light and the dark
 * colour scheme (`prefers-color-scheme`, emulated): every rule once, and the rules a width or a
 * scheme can change (LAYOUT_RULES) in the three other ways. axe is injected by @axe-core/playwright through
 * the DevTools protocol, which the pages' strict CSP does not govern, so nothing is loosened for it.
 * A new page is one line of PAGES.
 */
const USER = { username: 'ada', name: 'Ada Lovelace', email: 'ada@example.com', password: 'a long enough password' };
const EVERY_DAY = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [['08:00', '20:00']]]));
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const WIDTHS = [['desktop', DESKTOP], ['phone', PHONE]] as const;
const SCHEMES = ['light', 'dark'] as const;

/** What the set-up made, for the pages that need an address of it. */
interface Seeded {
  status: string;
  bookForm: string;
  event: string;
  todo: string;
  journal: string;
  mail: string;
  endpoint: string;
  consent: string;
}

interface Shown {
  name: string;
  /** The visitor has no session; the owner is signed in. */
  as: 'visitor' | 'owner';
  /** The address to open. */
  open: string | ((s: Seeded) => string);
  /** What is done there to bring the page up (a form posted, its refusal shown). */
  then?: (page: Page) => Promise<void>;
  /** With SCREENSHOTS=1, the page in the dark scheme on a desktop is saved as docs/screenshots/<shot>.png. */
  shot?: string;
}

/** Posts a form from the page as a browser would (same origin), to show the page that answers it. */
async function postForm(page: Page, action: string, fields: Record<string, string>): Promise<void> {
  await Promise.all([
    page.waitForNavigation(),
    page.evaluate(
      ({ action, fields }) => {
        const form = document.createElement('form');
        form.method = 'post';
        form.action = action;
        for (const [name, value] of Object.entries(fields)) {
          const input = document.createElement('input');
          input.type = 'hidden';
          input.name = name;
          input.value = value;
          form.append(input);
        }
        document.body.append(form);
        form.submit();
      },
      { action, fields },
    ),
  ]);
}

/** Submits the page's form by its button and waits for the answer. */
const submit = (page: Page, button: string) => Promise.all([page.waitForNavigation(), page.getByRole('button', { name: button }).click()]).then(() => undefined);

/** Every page, once. */
const PAGES: Shown[] = [
  { name: 'landing page', as: 'visitor', open: '/' },
  { name: 'page not found (404)', as: 'visitor', open: '/no/such/page' },
  { name: 'sign-in', as: 'visitor', open: '/signin' },
  { name: 'sign-in refused (wrong password)', as: 'visitor', open: '/signin', then: async (page) => {
    await page.getByLabel('Username').fill(USER.username);
    await page.getByLabel('Password').fill('not the password at all');
    await submit(page, 'Sign in');
  } },
  { name: 'sign-up', as: 'visitor', open: '/signup' },
  { name: 'sign-up refused (name taken)', as: 'visitor', open: '/signup', then: async (page) => {
    await page.getByLabel('Username').fill(USER.username);
    await page.getByLabel('Your name').fill('Someone Else');
    await page.getByLabel('Password').fill('another long password here');
    await submit(page, 'Create account');
  } },
  { name: 'booking page', as: 'visitor', open: `/${USER.username}?tz=Europe%2FBerlin`, shot: 'booking-page-dark' },
  { name: 'booking page in German', as: 'visitor', open: `/${USER.username}?tz=America%2FNew_York&lang=de` },
  { name: 'booking form', as: 'visitor', open: (s) => s.bookForm },
  { name: 'booking form refused (no name)', as: 'visitor', open: (s) => s.bookForm, then: async (page) => {
    await page.getByLabel('Your email').fill('no-name@example.com');
    await page.getByLabel('Your name').evaluate((el) => el.removeAttribute('required'));
    await submit(page, 'Send request');
  } },
  { name: 'status page (confirmation)', as: 'visitor', open: (s) => `${s.status}?done=requested` },
  { name: 'status link that does not work', as: 'visitor', open: (s) => `${s.status.slice(0, -3)}xyz` },
  { name: 'booking page that does not exist', as: 'visitor', open: '/nobody-has-this-page' },
  { name: 'form from an out-of-date page (403)', as: 'owner', open: '/app/account', then: (page) => postForm(page, '/app/account/password', { current: 'x', password: 'y' }) },
  { name: 'OAuth consent', as: 'owner', open: (s) => s.consent },
  { name: 'calendar week', as: 'owner', open: '/app/calendar', shot: 'console-calendar-week-dark' },
  { name: 'calendar agenda', as: 'owner', open: '/app/calendar?view=agenda' },
  { name: 'calendar day', as: 'owner', open: '/app/calendar?view=day' },
  { name: 'calendar month', as: 'owner', open: '/app/calendar?view=month' },
  { name: 'new event', as: 'owner', open: '/app/calendar/new' },
  { name: 'new event refused (no title)', as: 'owner', open: '/app/calendar/new', then: async (page) => {
    await page.getByLabel('Title').evaluate((el) => el.removeAttribute('required'));
    await Promise.all([page.waitForNavigation(), page.locator('form.event-form button[type=submit]').click()]);
  } },
  { name: 'event', as: 'owner', open: (s) => s.event },
  { name: 'calendar import', as: 'owner', open: '/app/calendar/import' },
  { name: 'to-dos', as: 'owner', open: '/app/todos' },
  { name: 'to-do', as: 'owner', open: (s) => s.todo },
  { name: 'inbox', as: 'owner', open: '/app/inbox', shot: 'console-inbox-dark' },
  { name: 'booking settings', as: 'owner', open: '/app/booking' },
  { name: 'feeds', as: 'owner', open: '/app/booking/feeds' },
  { name: 'blocked contacts', as: 'owner', open: '/app/contacts' },
  { name: 'journal', as: 'owner', open: '/app/journal' },
  { name: 'journal entry', as: 'owner', open: (s) => s.journal },
  { name: 'developer: tokens and endpoints', as: 'owner', open: '/app/developer' },
  { name: 'developer: endpoint', as: 'owner', open: (s) => s.endpoint },
  { name: 'developer: apps', as: 'owner', open: '/app/developer/apps' },
  { name: 'developer: request log', as: 'owner', open: '/app/developer/logs' },
  { name: 'mail', as: 'owner', open: '/app/mail' },
  { name: 'mail message', as: 'owner', open: (s) => s.mail },
  { name: 'account', as: 'owner', open: '/app/account' },
];

/**
 * The rules that can answer differently once the page is narrower or dark: colours (contrast), and
 * what the layout decides (a region that scrolls, text or targets clipped or overlapping). The DOM,
 * and so every other rule's answer (names, labels, roles, landmarks, headings), is the same at every
 * width and in both schemes; those run once per page, at the desktop width in the light scheme.
 */
const LAYOUT_RULES = ['color-contrast', 'scrollable-region-focusable', 'meta-viewport', 'link-in-text-block', 'avoid-inline-spacing'];

function axeAt(page: Page, width: string, colorScheme: string): AxeBuilder {
  const builder = new AxeBuilder({ page });
  return width === 'desktop' && colorScheme === 'light' ? builder.withTags(TAGS) : builder.withRules(LAYOUT_RULES);
}

/** axe's findings, one readable line per failing element. */
function describeViolations(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string[] {
  return violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n      at ${n.target.join(' ')}: ${n.html.slice(0, 160)}\n      ${(n.failureSummary ?? '').replace(/\n\s*/g, ' ')}`),
  );
}

/**
 * What scrolls sideways on a phone (issue 30 point 5): the page itself, or a box inside it (a table in
 * a scrolling wrapper), by how many pixels. Tables stack into cards at this width instead.
 */
function sideways(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) out.push(`the page is ${root.scrollWidth - root.clientWidth} px wider than the screen`);
    for (const el of document.querySelectorAll<HTMLElement>('main *')) {
      const overflow = getComputedStyle(el).overflowX;
      if ((overflow === 'auto' || overflow === 'scroll') && el.scrollWidth > el.clientWidth + 1) {
        const right = el.getBoundingClientRect().right;
        const widest = [...el.querySelectorAll<HTMLElement>('*')].sort((a, b) => b.getBoundingClientRect().right - a.getBoundingClientRect().right)[0];
        const culprit = widest ? ` (widest: <${widest.tagName.toLowerCase()} class="${widest.className}">, ${Math.round(widest.getBoundingClientRect().right - right)} px past it)` : '';
        out.push(`<${el.tagName.toLowerCase()} class="${el.className}"> scrolls sideways by ${el.scrollWidth - el.clientWidth} px${culprit}`);
      }
    }
    return out;
  });
}

async function hrefOf(page: Page, base: string, path: string, selector: string): Promise<string> {
  await page.goto(`${base}${path}`);
  const href = await page.locator(selector).first().getAttribute('href');
  assert.ok(href, `${path} links to ${selector}`);
  return href.replace(base, '');
}

describe('in a browser: every page passes axe-core at WCAG 2.1 AA, desktop and phone, light and dark', { skip: SKIP_REASON ?? false }, () => {
  let world: BrowserWorld;
  let owner: Page;
  let visitor: Page;
  const seeded = {} as Seeded;

  before(async () => {
    world = await startWorld({ ALLOW_PRIVATE_HOSTS: 'localhost' });
    const base = world.base;
    ({ page: owner } = await world.newPage(DESKTOP));
    ({ page: visitor } = await world.newPage(DESKTOP));
    await owner.goto(`${base}/signup`);
    await owner.getByLabel('Username').fill(USER.username);
    await owner.getByLabel('Your name').fill(USER.name);
    await owner.getByLabel('Email').fill(USER.email);
    await owner.getByLabel('Time zone').selectOption('Europe/Berlin');
    await owner.getByLabel('Password').fill(USER.password);
    await Promise.all([owner.waitForURL(/\/app\/calendar/), owner.getByRole('button', { name: 'Create account' }).click()]);

    const db = world.server.rt.store.db;
    const row = await db.selectFrom('owners').selectAll().where('username', '=', USER.username).executeTakeFirstOrThrow();
    await setBookingSettings(db, world.server.rt.clock, row.id, { enabled: true, weeklyHours: EVERY_DAY, bookingWindowDays: 30, appointmentTypes: [{ name: 'Intro call', durationMinutes: 30 }, { name: 'Long talk', durationMinutes: 60 }] });

    // A visitor's request: the status page, the inbox's entry, the owner's mail about it.
    seeded.bookForm = await hrefOf(visitor, base, `/${USER.username}?tz=Europe%2FBerlin`, `a[href*="/${USER.username}/book"]`);
    await visitor.goto(`${base}${seeded.bookForm}`);
    await visitor.getByLabel('Your name').fill('Pat Doe');
    await visitor.getByLabel('Your email').fill('pat@example.com');
    await Promise.all([visitor.waitForURL(/\/status\//), visitor.getByRole('button', { name: 'Send request' }).click()]);
    seeded.status = new URL(visitor.url()).pathname;

    await owner.goto(`${base}/app/calendar/new`);
    await owner.getByLabel('Title').fill('Planning');
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await owner.getByLabel('Starts').fill(tomorrow);
    await owner.getByLabel('Ends').fill(tomorrow);
    await owner.getByLabel('Start time').fill('10:00');
    await owner.getByLabel('End time').fill('11:00');
    await Promise.all([owner.waitForURL(/\/app\/calendar\?/), owner.locator('form.event-form button[type=submit]').click()]);
    seeded.event = await hrefOf(owner, base, '/app/calendar?view=agenda', 'a[href*="/app/calendar/event"]');

    await owner.goto(`${base}/app/todos`);
    await owner.getByLabel('Title').fill('Write the report');
    await Promise.all([owner.waitForNavigation(), owner.getByRole('button', { name: 'Add to-do' }).click()]);
    seeded.todo = await hrefOf(owner, base, '/app/todos', 'a[href*="/app/todos/edit"]');

    await owner.goto(`${base}/app/journal`);
    await owner.getByLabel('Date').fill('2026-03-29');
    await owner.getByLabel('Entry').fill('A quiet Sunday.');
    await Promise.all([owner.waitForNavigation(), owner.getByRole('button', { name: 'Save entry' }).click()]);
    seeded.journal = await hrefOf(owner, base, '/app/journal', 'a[href*="/app/journal/edit"]');

    await owner.goto(`${base}/app/developer`);
    await owner.getByLabel('Name', { exact: true }).fill('Kitchen display');
    await owner.locator('input[name="scopes"][value="webhooks"]').check();
    await Promise.all([owner.waitForNavigation(), owner.getByRole('button', { name: 'Create token' }).click()]);
    await owner.goto(`${base}/app/developer`);
    await owner.getByLabel('Endpoint address').first().fill('https://localhost:8443/hook');
    await Promise.all([owner.waitForNavigation(), owner.getByRole('button', { name: 'Add endpoint' }).first().click()]);
    seeded.endpoint = await hrefOf(owner, base, '/app/developer', 'a[href*="/app/developer/endpoint"]');

    await owner.goto(`${base}/app/developer/apps`);
    await owner.fill('#app-name', 'Focus Planner');
    await owner.fill('#app-redirects', 'http://127.0.0.1:8976/callback');
    await owner.check('input[name=scopes][value="profile:read"]');
    await Promise.all([owner.waitForNavigation(), owner.getByRole('button', { name: 'Register app' }).click()]);
    const clientId = (await owner.textContent('#client-id'))!.trim();
    seeded.consent = `/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: 'http://127.0.0.1:8976/callback', scope: 'profile:read', state: 'xyz', code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256' })}`;

    // The owner's mail (the new request's notice) is written by a job: wait for it.
    const mail = owner.locator('a[href^="/app/mail/"]').first();
    await until(async () => {
      await owner.goto(`${base}/app/mail`);
      return (await mail.count()) > 0;
    }, 'the owner to get mail about the request');
    seeded.mail = (await mail.getAttribute('href')) ?? '';
  });
  it('notices violations when there are some: an unlabelled field, and dark text on the dark theme', async () => {
    await visitor.goto(`${world.base}/signin`);
    await visitor.setViewportSize(DESKTOP);
    await visitor.emulateMedia({ colorScheme: 'dark' });
    await visitor.evaluate(() => {
      const main = document.querySelector('main')!;
      main.append(document.createElement('input'));
      const faint = document.createElement('p');
      faint.textContent = 'Hard to read';
      faint.style.color = '#333';
      main.append(faint);
    });
    const ids = (await new AxeBuilder({ page: visitor }).withTags(TAGS).analyze()).violations.map((v) => v.id);
    assert.ok(ids.includes('label'), ids.join(', '));
    assert.ok(ids.includes('color-contrast'), `dark text on the dark background: ${ids.join(', ')}`);
  });

  it('shows the keyboard focus: the console\'s skip link comes first and moves past the navigation, and a focused field is outlined', async () => {
    await owner.setViewportSize(DESKTOP);
    await owner.emulateMedia({ colorScheme: 'light' });
    await owner.goto(`${world.base}/app/todos`);
    await owner.keyboard.press('Tab');
    const skip = owner.getByRole('link', { name: 'Skip to content' });
    assert.equal(await skip.evaluate((el) => el === document.activeElement), true, 'the first Tab reaches the skip link');
    assert.ok((await skip.boundingBox())!.y >= 0, 'and it is shown on the page');
    await owner.keyboard.press('Enter');
    assert.match(owner.url(), /#main$/);
    await owner.goto(`${world.base}/signin`);
    await owner.getByLabel('Username').focus();
    await owner.keyboard.press('Tab');
    const outline = await owner.getByLabel('Password').evaluate((el) => { const s = getComputedStyle(el); return `${s.outlineStyle} ${s.outlineWidth}`; });
    assert.equal(outline, 'solid 3px', 'the password field reached by Tab is outlined');
  });

  it('turns transitions off for a visitor who asks for reduced motion', async () => {
    const duration = async (reducedMotion: 'reduce' | 'no-preference') => {
      await visitor.emulateMedia({ reducedMotion });
      await visitor.goto(`${world.base}/signin`);
      return visitor.getByRole('button', { name: 'Sign in' }).evaluate((el) => {
        (el as HTMLElement).style.transition = 'opacity 2s';
        return getComputedStyle(el).transitionDuration;
      });
    };
    assert.equal(await duration('no-preference'), '2s');
    assert.ok(parseFloat(await duration('reduce')) < 0.001, 'no visible transition');
    await visitor.emulateMedia({ reducedMotion: 'no-preference' });
  });

  after(async () => {
    await world?.close();
  });

  for (const shown of PAGES) {
    it(`${shown.name}: no violations`, async () => {
      const page = shown.as === 'owner' ? owner : visitor;
      await page.setViewportSize(DESKTOP);
      await page.goto(`${world.base}${typeof shown.open === 'string' ? shown.open : shown.open(seeded)}`);
      await shown.then?.(page);
      await page.waitForLoadState('load');
      const found: string[] = [];
      for (const [width, viewport] of WIDTHS) {
        await page.setViewportSize(viewport);
        for (const colorScheme of SCHEMES) {
          await page.emulateMedia({ colorScheme });
          const result = await axeAt(page, width, colorScheme).analyze();
          for (const line of describeViolations(result.violations)) found.push(`[${width}, ${colorScheme}] ${line}`);
          if (shown.shot && width === 'desktop' && colorScheme === 'dark') await screenshot(page, shown.shot);
        }
        if (width === 'phone') for (const line of await sideways(page)) found.push(`[phone] ${line}`);
      }
      assert.equal(found.length, 0, `${shown.name} (${page.url()}):\n  ${found.join('\n  ')}`);
    });
  }
});
