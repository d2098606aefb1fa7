import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { Temporal } from 'temporal-polyfill';
import { until } from '../helpers/patience.js';
import { DESKTOP, PHONE, screenshot, SKIP_REASON, startWorld, type BrowserWorld } from './browser.js';

/**
 * The owner's console in a browser (the list): sign up; create a token and see its value only
 * once; turn booking on; a visitor requests a slot, the owner accepts it in the inbox, undoes it,
 * accepts again and the appointment and its webhook events are recorded; a webhook endpoint's secret
 * is shown once and rotated; events added through the calendar's form are read through the API.
 * With SCREENSHOTS=1 the main pages are saved to docs/screenshots for the README.
 */
const USER = { username: 'nora', name: 'Nora Berg', email: 'nora@example.com', password: 'a long enough password' };
const ZONE = 'Europe/Berlin';
const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const HOOK = 'https://localhost:8443/hook';

interface ApiEvent {
  id: string;
  title: string;
  start: string;
  end: string;
  location: string | null;
  isAppointment: boolean;
  requestId: string | null;
}

/**
 * The undo window (UNDO_WINDOW_MS, 5 s in the product): the owner's Undo must come within it, after a
 * page load and a click, which on a machine at load 12-24 can take seconds. 30 s leaves them room;
 * the accepted decision then waits it out (on a condition, not a timer).
 */
const UNDO_WINDOW_MS = 30_000;

describe('in a browser: the owner console — sign-up, tokens, inbox with undo, webhook secrets, calendar', { skip: SKIP_REASON ?? false }, () => {
  let world: BrowserWorld;
  /** The owner's signed-in page (desktop window; resized for the phone screenshots). */
  let owner: Page;
  /** The token made in the console: profile:read, events:read, requests:read, webhooks. */
  let token = '';

  async function api<T = unknown>(path: string, bearer = token): Promise<{ status: number; body: T }> {
    const res = await fetch(`${world.base}/api/v1${path}`, { headers: { authorization: `Bearer ${bearer}` } });
    return { status: res.status, body: (await res.json()) as T };
  }
  const requestStatus = async (id: string) => {
    const res = await api<{ status: string }>(`/requests/${id}`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.status;
  };
  async function events(): Promise<ApiEvent[]> {
    const from = new Date(Date.now() - 86_400_000).toISOString();
    const to = new Date(Date.now() + 40 * 86_400_000).toISOString();
    const res = await api<{ data: ApiEvent[] }>(`/events?from=${from}&to=${to}&limit=100`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.data;
  }

  before(async () => {
    // The webhook endpoint of step 4 is on this machine: allow-list localhost (any port) as the config allows for tests.
    world = await startWorld({ ALLOW_PRIVATE_HOSTS: 'localhost', UNDO_WINDOW_MS: String(UNDO_WINDOW_MS) });
  });
  after(async () => {
    await world?.close();
  });

  it('signs up through /signup and lands in the console', async () => {
    ({ page: owner } = await world.newPage(DESKTOP));
    await owner.goto(`${world.base}/signup`);
    await owner.getByLabel('Username').fill(USER.username);
    await owner.getByLabel('Your name').fill(USER.name);
    await owner.getByLabel('Email').fill(USER.email);
    await owner.getByLabel('Time zone').selectOption(ZONE);
    await owner.getByLabel('Password').fill(USER.password);
    await owner.getByRole('button', { name: 'Create account' }).click();
    await owner.waitForURL(/\/app\/calendar/);
    await assert.doesNotReject(owner.getByText(`${USER.name} (@${USER.username})`).waitFor());
  });

  it('creates a token in Settings → Developer: its value is shown once, works on /api/v1/me, and is not shown again', async () => {
    await owner.goto(`${world.base}/app/developer`);
    await owner.getByLabel('Name', { exact: true }).fill('Kitchen display');
    for (const scope of ['profile:read', 'events:read', 'requests:read', 'webhooks']) await owner.locator(`input[name="scopes"][value="${scope}"]`).check();
    await owner.getByRole('button', { name: 'Create token' }).click();
    await assert.doesNotReject(owner.getByText('Copy the token now.').waitFor());
    token = (await owner.locator('#new-token').textContent())?.trim() ?? '';
    assert.match(token, /^svc_pat_\S{20,}$/);

    const me = await api<{ scopes: string[] }>('/me');
    assert.equal(me.status, 200, JSON.stringify(me.body));
    assert.deepEqual([...me.body.scopes].sort(), ['events:read', 'profile:read', 'requests:read', 'webhooks']);
    assert.equal((await api('/me', `${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}`)).status, 401, 'a wrong value is refused');

    await owner.getByRole('link', { name: 'I have copied it' }).click();
    await owner.waitForURL(/\/app\/developer$/);
    await owner.reload();
    const body = await owner.content();
    assert.ok(!body.includes(token), 'the value is not on the Developer page');
    assert.ok(!body.includes(token.slice(8, -4)), 'nor any middle part of it');
    await assert.doesNotReject(owner.locator('table code', { hasText: `svc_pat_…${token.slice(-4)}` }).waitFor());
    await assert.doesNotReject(owner.getByRole('cell', { name: 'Kitchen display' }).waitFor());
  });

  let requestId = '';
  let slotStart = '';

  it('turns booking on in the console; a visitor on a phone requests a slot on the public page', async () => {
    await owner.goto(`${world.base}/app/booking`);
    await owner.locator('#enabled').check();
    for (const day of DAYS) {
      await owner.locator(`#d_${day}`).check();
      await owner.locator(`input[name="h_${day}_0_from"]`).fill('08:00');
      await owner.locator(`input[name="h_${day}_0_to"]`).fill('20:00');
    }
    await owner.getByLabel('New type: name').fill('Intro call');
    await owner.getByLabel('New type: duration in minutes').fill('30');
    await owner.getByRole('button', { name: 'Save settings' }).first().click();
    await owner.waitForURL(/\/app\/booking\?notice=/);
    await assert.doesNotReject(owner.getByText('“Intro call” added.').waitFor());
    await assert.doesNotReject(owner.locator('.status.ok', { hasText: 'On' }).waitFor());
    await screenshot(owner, 'console-booking-settings');

    const { page: visitor } = await world.newPage(PHONE);
    // The visitor's browser is in the owner's zone (Berlin): the page is right as it comes.
    await visitor.goto(`${world.base}/${USER.username}`);
    await visitor.locator(`a.button.secondary[href*="/${USER.username}/book"]`).first().click();
    slotStart = new URL(visitor.url()).searchParams.get('start') ?? '';
    assert.match(slotStart, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    await visitor.getByLabel('Your name').fill('Sam Lee');
    await visitor.getByLabel('Your email').fill('sam@example.com');
    await visitor.getByLabel('Message (optional)').fill('A first chat about the project');
    await visitor.getByRole('button', { name: 'Send request' }).click();
    await visitor.waitForURL(/\/status\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{32}\?done=requested/);
    requestId = /\/status\/([0-9a-f-]{36})\//.exec(visitor.url())![1]!;
    assert.equal(await requestStatus(requestId), 'pending');
  });

  it('accepts in the inbox, undoes within the undo window (nothing changes), accepts again: the appointment and exactly its events are recorded', async () => {
    assert.ok(requestId, 'the booking step made a request');
    // The request was created after this instant less a minute; nothing else happened to the account since.
    const since = new Date(Date.now() - 60_000).toISOString();
    const card = owner.locator(`#r-${requestId}`);

    await owner.goto(`${world.base}/app/inbox`);
    await assert.doesNotReject(card.getByText('Sam Lee').first().waitFor());
    await card.getByRole('button', { name: 'Accept' }).click();
    await owner.waitForURL(/\/app\/inbox\?notice=Accepting/);
    await owner.getByRole('button', { name: 'Undo' }).click();
    await owner.waitForURL(/notice=Undone/);
    await assert.doesNotReject(owner.getByText('Undone: nothing was changed.').waitFor());
    // Undone means the waiting decision is gone (its job withdrawn): nothing is left to take effect.
    // That it never does is shown below: the second Accept would be refused while one still waited,
    // and once it has taken effect exactly one request.accepted is recorded.
    assert.equal(await owner.getByRole('heading', { name: 'Waiting to take effect' }).count(), 0, 'no decision waits');
    await assert.doesNotReject(card.getByRole('button', { name: 'Accept' }).waitFor());
    assert.equal(await requestStatus(requestId), 'pending', 'the undone accept did not take effect');
    assert.equal((await events()).filter((e) => e.requestId === requestId).length, 0, 'no appointment was made');

    // This time from the week grid: the pending request stands at its time, tentative; it opens its card in the inbox.
    const slotDay = Temporal.Instant.from(slotStart).toZonedDateTimeISO(ZONE).toPlainDate().toString();
    await owner.goto(`${world.base}/app/calendar?date=${slotDay}`);
    const tentative = owner.locator(`.tcol[aria-labelledby="day-${slotDay}"] a.ev.pending`);
    await assert.doesNotReject(tentative.waitFor());
    assert.match((await tentative.textContent()) ?? '', /Sam Lee · Intro call/);
    await tentative.click();
    await owner.waitForURL(new RegExp(`/app/inbox#r-${requestId}$`));
    await card.getByRole('button', { name: 'Accept' }).click();
    await owner.waitForURL(/\/app\/inbox\?notice=Accepting/);
    await assert.doesNotReject(owner.getByText(/Accepting Sam Lee's Intro call: takes effect at/).waitFor());
    await screenshot(owner, 'console-inbox');
    assert.equal(await requestStatus(requestId), 'pending', 'not before the window has passed');
    // It takes effect once its window has passed and the job loop next looks: waited for, not timed.
    await until(async () => (await requestStatus(requestId)) !== 'pending', 'the accept to take effect');
    assert.equal(await requestStatus(requestId), 'accepted');

    const appointment = (await events()).find((e) => e.requestId === requestId);
    assert.ok(appointment, 'GET /events lists the appointment');
    assert.equal(appointment.isAppointment, true);
    assert.equal(appointment.start, slotStart);

    const recorded = await api<{ data: { type: string; data: { id?: string } }[] }>(`/webhook-events?since=${since}`);
    assert.equal(recorded.status, 200, JSON.stringify(recorded.body));
    const types = recorded.body.data.map((e) => e.type);
    assert.equal(types[0], 'request.created');
    assert.deepEqual([...types].sort(), ['event.created', 'request.accepted', 'request.created'], `recorded: ${types.join(', ')}`);
    assert.ok(recorded.body.data.some((e) => e.type === 'event.created' && e.data.id === appointment.id));

    // The page reloads itself once the window has passed: the request is now a booked appointment.
    await assert.doesNotReject(owner.getByRole('heading', { name: 'Booked appointments (1)' }).waitFor());

    // Back in the week grid the appointment is an event of the calendar, no longer tentative.
    await owner.goto(`${world.base}/app/calendar?date=${slotDay}`);
    const column = owner.locator(`.tcol[aria-labelledby="day-${slotDay}"]`);
    await assert.doesNotReject(column.locator(`a.ev.confirmed[href="/app/calendar/event?id=${encodeURIComponent(appointment.id)}"]`).waitFor());
    assert.equal(await column.locator('a.ev.pending').count(), 0);
  });

  it('adds a webhook endpoint (secret shown once) and rotates its secret: a new one, the old one signing for 24 hours', async () => {
    await owner.goto(`${world.base}/app/developer`);
    const section = owner.locator('section.card', { has: owner.getByRole('heading', { name: /Kitchen display/ }) });
    await section.getByLabel('Endpoint address').fill(HOOK);
    await section.getByLabel('Description (optional)').fill('Local receiver');
    await section.getByRole('button', { name: 'Add endpoint' }).click();
    await assert.doesNotReject(owner.getByText('Copy the signing secret now.').waitFor());
    const first = (await owner.locator('#signing-secret').textContent())?.trim() ?? '';
    assert.ok(first.length >= 20, `a secret: ${first}`);

    await owner.goto(`${world.base}/app/developer`);
    assert.ok(!(await owner.content()).includes(first), 'the secret is not shown again');
    const row = owner.locator('tr', { hasText: HOOK });
    await assert.doesNotReject(row.getByText('Enabled').waitFor());

    await row.getByRole('button', { name: `Rotate secret Local receiver (${HOOK})` }).click();
    await assert.doesNotReject(owner.getByRole('heading', { name: 'Copy the new signing secret' }).waitFor());
    const second = (await owner.locator('#signing-secret').textContent())?.trim() ?? '';
    assert.ok(second.length >= 20);
    assert.notEqual(second, first, 'rotating makes a new secret');
    await assert.doesNotReject(owner.getByText(/The old secret keeps signing alongside the new one until/).waitFor());

    await owner.goto(`${world.base}/app/developer`);
    const body = await owner.content();
    assert.ok(!body.includes(first) && !body.includes(second), 'neither secret is on the page');
    const until = owner.locator('tr', { hasText: HOOK }).locator('td', { hasText: 'Old secret signs until' }).locator('time');
    const at = Date.parse((await until.getAttribute('datetime')) ?? '');
    assert.ok(Math.abs(at - (Date.now() + 24 * 3_600_000)) < 5 * 60_000, `the old secret signs until ~24 h from now: ${new Date(at).toISOString()}`);
    await assert.doesNotReject(owner.getByRole('button', { name: `End rotation Local receiver (${HOOK})` }).waitFor());
    await screenshot(owner, 'console-developer');
  });

  it('adds events through /app/calendar/new and reads them through GET /api/v1/events', async () => {
    const res = await owner.goto(`${world.base}/app/calendar/new`);
    assert.equal(res?.status(), 200);
    await assert.doesNotReject(owner.locator('#title').waitFor());
    const today = Temporal.Now.plainDateISO(ZONE);
    const added = [
      { title: 'Dentist', date: today.add({ days: 1 }), from: '14:00', to: '15:00', location: 'Praxis Dr. Weber' },
      { title: 'Team lunch', date: today.add({ days: 2 }), from: '12:30', to: '13:30', location: 'Café am Markt' },
    ];
    for (const e of added) {
      await owner.goto(`${world.base}/app/calendar/new?date=${e.date.toString()}`);
      await owner.getByLabel('Title').fill(e.title);
      await owner.locator('#start_date').fill(e.date.toString());
      await owner.locator('#start_time').fill(e.from);
      await owner.locator('#end_date').fill(e.date.toString());
      await owner.locator('#end_time').fill(e.to);
      await owner.getByLabel('Location').fill(e.location);
      await owner.getByRole('button', { name: 'Add event' }).click();
      await owner.waitForURL(/\/app\/calendar\?date=.*notice=/);
      await assert.doesNotReject(owner.getByText(`“${e.title}” was added.`).waitFor());
    }
    const listed = await events();
    for (const e of added) {
      const found = listed.find((x) => x.title === e.title);
      assert.ok(found, `GET /events lists “${e.title}”`);
      const instant = (t: string) => new Date(e.date.toPlainDateTime(Temporal.PlainTime.from(t)).toZonedDateTime(ZONE).epochMilliseconds).toISOString().replace('.000Z', 'Z');
      assert.equal(found.start, instant(e.from));
      assert.equal(found.end, instant(e.to));
      assert.equal(found.location, e.location);
      assert.equal(found.isAppointment, false);
      assert.equal(found.requestId, null);
    }

    // The week of the first event, on a desktop and on a phone.
    await owner.goto(`${world.base}/app/calendar?date=${added[0]!.date.toString()}`);
    await assert.doesNotReject(owner.getByRole('link', { name: 'Dentist' }).waitFor());
    await screenshot(owner, 'console-calendar-week-desktop');
    await owner.setViewportSize(PHONE);
    await owner.reload();
    await screenshot(owner, 'console-calendar-week-phone');
    await owner.setViewportSize(DESKTOP);
  });

  it('moves through the calendar with the keyboard (arrows, t, n), shows a day and a month, and a free hour opens the form at that time', async () => {
    const today = Temporal.Now.plainDateISO(ZONE);
    const week = (d: Temporal.PlainDate) => new RegExp(`/app/calendar\\?date=${d.toString()}$`);
    await owner.goto(`${world.base}/app/calendar?date=${today.toString()}`);
    await assert.doesNotReject(owner.locator('h3.chosen').waitFor());
    await assert.doesNotReject(owner.getByText('Keys: ← → a day').waitFor(), 'the script shows the line naming the keys');
    await owner.keyboard.press('ArrowRight');
    await owner.waitForURL(week(today.add({ days: 1 })));
    await owner.keyboard.press('ArrowDown');
    await owner.waitForURL(week(today.add({ days: 8 })));
    await owner.keyboard.press('ArrowUp');
    await owner.waitForURL(week(today.add({ days: 1 })));
    await owner.keyboard.press('ArrowLeft');
    await owner.waitForURL(week(today));
    await owner.keyboard.press('ArrowDown');
    await owner.waitForURL(week(today.add({ days: 7 })));
    await owner.keyboard.press('ArrowDown');
    await owner.waitForURL(week(today.add({ days: 14 })));
    await owner.keyboard.press('t');
    await owner.waitForURL(week(today));

    // A key typed into a field stays there.
    await owner.locator('#goto').focus();
    await owner.keyboard.press('t');
    assert.match(owner.url(), week(today));

    await owner.getByRole('link', { name: 'Month', exact: true }).click();
    await owner.waitForURL(new RegExp(`view=month&date=${today.toString()}$`));
    await assert.doesNotReject(owner.locator('table.month td.today').waitFor());
    if (today.add({ days: 1 }).month === today.month) await assert.doesNotReject(owner.getByRole('link', { name: /Dentist/ }).first().waitFor());
    await screenshot(owner, 'console-calendar-month-desktop');
    await owner.keyboard.press('ArrowRight');
    await owner.waitForURL(new RegExp(`view=month&date=${today.add({ days: 1 }).toString()}$`));
    await owner.keyboard.press('t');
    await owner.waitForURL(new RegExp(`view=month&date=${today.toString()}$`));

    const dentistDay = today.add({ days: 1 });
    await owner.goto(`${world.base}/app/calendar?view=day&date=${dentistDay.toString()}`);
    const dentist = owner.getByRole('link', { name: /Dentist/ });
    await assert.doesNotReject(dentist.waitFor());
    assert.match((await dentist.getAttribute('class')) ?? '', /\bev r-\d+ s-4 l-0-1\b/, 'an hour: four rows, alone in its lane');
    await screenshot(owner, 'console-calendar-day-desktop');

    // A free hour: the form at that time (22:00, outside the booking hours, so no appointment there). 14:00 is the dentist's: no link.
    assert.equal(await owner.locator(`a.cell[href$="date=${dentistDay.toString()}&time=14:00"]`).count(), 0);
    await owner.locator(`a.cell[href$="date=${dentistDay.toString()}&time=22:00"]`).click();
    await owner.waitForURL(/\/app\/calendar\/new\?/);
    assert.equal(await owner.locator('#start_date').inputValue(), dentistDay.toString());
    assert.equal(await owner.locator('#start_time').inputValue(), '22:00');
    assert.equal(await owner.locator('#end_time').inputValue(), '23:00');

    await owner.goto(`${world.base}/app/calendar?view=day&date=${dentistDay.toString()}`);
    await owner.keyboard.press('n');
    await owner.waitForURL(new RegExp(`/app/calendar/new\\?date=${dentistDay.toString()}$`));
    await assert.doesNotReject(owner.locator('#title').waitFor());
  });
});
